import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { institutionTypeLabel, type Claim } from '@ilera/contracts';
import { useMyClaims } from '../api/get-my-claims';

const STATUS: Record<Claim['status'], { label: string; color: string }> = {
  pending: { label: 'Under review', color: 'yellow' },
  approved: { label: 'Approved', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/** A day as Lagos sees it: "26 Nov 2026". */
const day = (instant: string) =>
  new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

/**
 * "My claims" (issue 33, D22): an institution account's claims of register listings, newest first
 * (GET /api/claims), each with its listing, its state and, once decided, the administrator's reason.
 * Shown on the institution's dashboard, with or without a profile of its own; nothing when there are none.
 */
export function MyClaimsCard() {
  const { data: claims, isError } = useMyClaims(true);
  if (isError) return <Text c="red">Your claims could not be loaded. Please reload the page.</Text>;
  if (!claims?.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-claims-title">
      <Title order={2} size="h3" id="my-claims-title" mb="sm">
        My claims
      </Title>
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {claims.map((c) => (
          <li key={c.id}>
            <Stack gap={2}>
              <Anchor component={Link} to={`/institution/${c.listing.id}`} fw={600}>
                {c.listing.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[institutionTypeLabel(c.listing.type), c.listing.lga, c.listing.state].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">
                <Badge color={STATUS[c.status].color} variant="light" mr="xs">
                  {STATUS[c.status].label}
                </Badge>
                Claimed {day(c.createdAt)}
                {c.decidedAt ? `, decided ${day(c.decidedAt)}` : ''}
              </Text>
              {c.decisionReason && <Text size="sm">Reason: {c.decisionReason}</Text>}
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

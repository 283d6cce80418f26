import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { institutionTypeLabel, type Claim } from '@ilera/contracts';
import { useMyClaims } from '../api/get-my-claims';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { Name } from '../../../i18n/names';
import { useLocale } from '../../../i18n/use-locale';

const STATUS: Record<Claim['status'], { label: MessageDescriptor; color: string }> = {
  pending: { label: msg`Under review`, color: 'yellow' },
  approved: { label: msg`Approved`, color: 'teal' },
  rejected: { label: msg`Rejected`, color: 'red' },
  withdrawn: { label: msg`Withdrawn`, color: 'gray' },
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
  const { t } = useLingui();
  const locale = useLocale();
  // "26 Nov 2026" in English; 26/11/2026 in another language (issue 50).
  const dayIn = (instant: string) => (locale === 'en' ? day(instant) : dateIn(locale, instant));
  if (isError) {
    return (
      <Text c="red">
        <Trans>Your claims could not be loaded. Please reload the page.</Trans>
      </Text>
    );
  }
  if (!claims?.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-claims-title">
      <Title order={2} size="h3" id="my-claims-title" mb="sm">
        <Trans>My claims</Trans>
      </Title>
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {claims.map((c) => (
          <li key={c.id}>
            <Stack gap={2}>
              <Anchor component={Link} to={`/institution/${c.listing.id}`} fw={600}>
                {c.listing.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                <Name value={institutionTypeLabel(c.listing.type)} />
                {[c.listing.lga, c.listing.state].filter(Boolean).map((part) => ` · ${part}`)}
              </Text>
              <Text size="sm">
                <Badge color={STATUS[c.status].color} variant="light" mr="xs">
                  {t(STATUS[c.status].label)}
                </Badge>
                {c.decidedAt ? t`Claimed ${dayIn(c.createdAt)}, decided ${dayIn(c.decidedAt)}` : t`Claimed ${dayIn(c.createdAt)}`}
              </Text>
              {c.decisionReason && (
                <Text size="sm">
                  <Trans>Reason: {c.decisionReason}</Trans>
                </Text>
              )}
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

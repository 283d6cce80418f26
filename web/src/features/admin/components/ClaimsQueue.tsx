import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { facilityBodyNames, formatLagos, institutionTypeLabel, isNigerianFacilityBody, registerDate, type AdminClaim, type ClaimStatus } from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { CLAIMS_PER_PAGE, useAdminClaims } from '../api/get-claims';
import { useDecideClaim, type ClaimDecisionInput } from '../api/decide-claim';
import { RejectDialog } from './RejectDialog';

const personName = (p: { firstName: string | null; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const bodyName = (b: string | null | undefined) => (b && isNigerianFacilityBody(b) ? facilityBodyNames[b] : (b ?? ''));

/** A label and a value on one line; nothing when there is no value. */
function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** One claim: the listing and the claimant side by side, the competing claims, and the decision. */
function ClaimCard({ claim: c, pending, onApprove, onReject }: { claim: AdminClaim; pending: boolean; onApprove: () => void; onReject: () => void }) {
  const l = c.listing;
  const own = c.claimant.institution;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Claim of ${l.name} by ${personName(c.claimant) || c.claimant.email}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={2} aria-label="Listing">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Listing
            </Text>
            <Anchor href={`/institution/${l.id}`} target="_blank" rel="noopener noreferrer" fw={600}>
              <Group gap={4} component="span">
                {l.name}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            <Fact label="Type" value={institutionTypeLabel(l.type)} />
            <Fact label="Place" value={[l.ward, l.lga, l.state].filter(Boolean).join(', ')} />
            <Fact label="Ownership" value={l.ownership} />
            <Fact label="Level" value={l.facilityLevel} />
            <Fact label="Phone" value={l.phone} />
            <Fact label="Register code" value={l.register?.code} />
            <Fact label="Register updated" value={l.register?.updatedOn ? registerDate(l.register.updatedOn) : null} />
            <Fact label="Coordinates" value={l.latitude != null ? `${l.latitude}, ${l.longitude}` : null} />
            {l.claimed && (
              <Badge color="gray" w="fit-content">
                Already claimed
              </Badge>
            )}
          </Stack>
          <Stack gap={2} aria-label="Claimant">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Claimant
            </Text>
            <Text fw={600}>{personName(c.claimant) || c.claimant.email}</Text>
            <Fact label="E-mail" value={c.claimant.email} />
            <Fact label="Phone" value={c.claimant.phone} />
            <Fact label="Registration" value={`${c.registration.licenseNumber} (${bodyName(c.registration.council)})`} />
            <Fact label="Registration expires" value={c.registration.expiresOn ? registerDate(c.registration.expiresOn) : null} />
            <Fact label="Own profile" value={own ? `${own.name} (${own.status}; replaced by the listing if approved)` : 'None'} />
            <Fact label="Claimed" value={formatLagos(c.createdAt)} />
            {c.message && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                “{c.message}”
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {c.competing.length > 0 && (
          <Alert color="orange" variant="light" title={`${c.competing.length} competing ${c.competing.length === 1 ? 'claim' : 'claims'} for this listing`}>
            <Stack gap={2}>
              {c.competing.map((x) => (
                <Text key={x.id} size="sm">
                  {x.claimantName || x.claimantEmail} ({x.claimantEmail}), {formatLagos(x.createdAt)}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                Approving this claim rejects the others and tells their claimants.
              </Text>
            </Stack>
          </Alert>
        )}
        {c.status === 'pending' ? (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" color="red" variant="light" onClick={onReject}>
              Reject
            </Button>
            <Button size="xs" loading={pending} onClick={onApprove}>
              Approve
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {c.status === 'approved' ? 'Approved' : c.status === 'rejected' ? 'Rejected' : 'Withdrawn'}
            {c.decidedAt ? ` ${formatLagos(c.decidedAt)}` : ''}
            {c.decisionReason ? `: ${c.decisionReason}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const done = { approve: 'The listing is now the claimant’s profile. The claimant was told by e-mail.', reject: 'The claim is rejected and the claimant was told by e-mail.' };

/** The dashboard's Claims tab (issue 33, D22): institutions claiming listings from the national register. */
export function ClaimsQueue() {
  const [status, setStatus] = useState<ClaimStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminClaim | null>(null);
  const { data, isLoading, isError } = useAdminClaims(status, page);
  const decide = useDecideClaim();

  const act = (input: ClaimDecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => {
        toast({ title: input.decision === 'approve' ? 'Claim Approved' : 'Claim Rejected', description: done[input.decision] });
        setRejecting(null);
      },
      onError: (error) =>
        isUnauthorizedError(error)
          ? handleUnauthorized()
          : toast({ title: 'Error', description: errorMessage(error, 'The action failed. Please try again.'), variant: 'destructive' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / CLAIMS_PER_PAGE)) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Claims of register listings
          </Title>
          <Text size="sm" c="dimmed">
            Check the claimant’s registration with its issuing body before approving. Times are West Africa Time (WAT).
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label="Which claims"
          value={status}
          onChange={(value) => {
            setStatus(value as ClaimStatus);
            setPage(1);
          }}
          data={[
            { value: 'pending', label: 'Open' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
      </Group>
      {isLoading ? (
        <Text c="dimmed">Loading…</Text>
      ) : isError || !data ? (
        <Text c="red">Could not load the claims. Please reload the page.</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {status === 'pending' ? 'No open claims' : `No ${status} claims`}
          </Text>
        </Paper>
      ) : (
        <>
          {data.items.map((c) => (
            <ClaimCard
              key={c.id}
              claim={c}
              pending={decide.isPending && decide.variables?.id === c.id}
              onApprove={() => act({ id: c.id, decision: 'approve' })}
              onReject={() => setRejecting(c)}
            />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </>
      )}
      <RejectDialog
        name={rejecting ? `the claim of ${rejecting.listing.name}` : ''}
        opened={rejecting != null}
        loading={decide.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && act({ id: rejecting.id, decision: 'reject', reason })}
      />
    </Stack>
  );
}

import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { facilityBodyNames, institutionTypeLabel, registerDate, isNigerianFacilityBody, type AdminClaim, type ClaimStatus } from '@ilera/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { dateTimeIn } from '../../../i18n/date-times';
import { useLocale } from '../../../i18n/use-locale';
import { Name } from '../../../i18n/names';
import { useAdminSaid } from '../said';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { CLAIMS_PER_PAGE, useAdminClaims } from '../api/get-claims';
import { useDecideClaim, type ClaimDecisionInput } from '../api/decide-claim';
import { RejectDialog } from './RejectDialog';
import { profileStatusMessages } from '../../dashboard/status-labels';

const personName = (p: { firstName: string | null; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const bodyName = (b: string | null | undefined) => (b && isNigerianFacilityBody(b) ? facilityBodyNames[b] : (b ?? ''));

/** A label and a value on one line; nothing when there is no value. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
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
  const { t } = useLingui();
  const locale = useLocale();
  // A register date is a calendar day ('YYYY-MM-DD'): noon WAT is that day.
  const day = (d: string) => (locale === 'en' ? registerDate(d) : dateIn(locale, `${d}T12:00:00+01:00`));
  // English says the status as the API does ('pending'); another language, the status's words.
  const ownStatus = own ? (locale === 'en' ? own.status : t(profileStatusMessages[own.status])) : '';
  const claimant = personName(c.claimant) || c.claimant.email;
  const competing = c.competing.length;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Claim of ${l.name} by ${claimant}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={2} aria-label={t`Listing`}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              <Trans>Listing</Trans>
            </Text>
            <Anchor href={`/institution/${l.id}`} target="_blank" rel="noopener noreferrer" fw={600}>
              <Group gap={4} component="span">
                {l.name}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            <Fact label={t`Type`} value={<Name value={institutionTypeLabel(l.type)} />} />
            <Fact label={t`Place`} value={[l.ward, l.lga, l.state].filter(Boolean).join(', ')} />
            <Fact label={t`Ownership`} value={l.ownership} />
            <Fact label={t`Level`} value={l.facilityLevel} />
            <Fact label={t`Phone`} value={l.phone} />
            <Fact label={t`Register code`} value={l.register?.code} />
            <Fact label={t`Register updated`} value={l.register?.updatedOn ? day(l.register.updatedOn) : null} />
            <Fact label={t`Coordinates`} value={l.latitude != null ? `${l.latitude}, ${l.longitude}` : null} />
            {l.claimed && (
              <Badge color="gray" w="fit-content">
                <Trans>Already claimed</Trans>
              </Badge>
            )}
          </Stack>
          <Stack gap={2} aria-label={t`Claimant`}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              <Trans>Claimant</Trans>
            </Text>
            <Text fw={600}>{claimant}</Text>
            <Fact label={t`E-mail`} value={c.claimant.email} />
            <Fact label={t`Phone`} value={c.claimant.phone} />
            <Fact label={t`Registration`} value={`${c.registration.licenseNumber} (${bodyName(c.registration.council)})`} />
            <Fact label={t`Registration expires`} value={c.registration.expiresOn ? day(c.registration.expiresOn) : null} />
            <Fact
              label={t`Own profile`}
              value={own ? t`${own.name} (${ownStatus}; replaced by the listing if approved)` : t`None`}
            />
            <Fact label={t`Claimed`} value={dateTimeIn(locale, c.createdAt)} />
            {c.message && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                “{c.message}”
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {c.competing.length > 0 && (
          <Alert color="orange" variant="light" title={t`${plural(competing, { one: '# competing claim for this listing', other: '# competing claims for this listing' })}`}>
            <Stack gap={2}>
              {c.competing.map((x) => (
                <Text key={x.id} size="sm">
                  {x.claimantName || x.claimantEmail} ({x.claimantEmail}), {dateTimeIn(locale, x.createdAt)}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                <Trans>Approving this claim rejects the others and tells their claimants.</Trans>
              </Text>
            </Stack>
          </Alert>
        )}
        {c.status === 'pending' ? (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" color="red" variant="light" onClick={onReject}>
              <Trans>Reject</Trans>
            </Button>
            <Button size="xs" loading={pending} onClick={onApprove}>
              <Trans>Approve</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t(decidedWord[c.status])}
            {c.decidedAt ? ` ${dateTimeIn(locale, c.decidedAt)}` : ''}
            {c.decisionReason ? `: ${c.decisionReason}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const done = { approve: msg`The listing is now the claimant’s profile. The claimant was told by e-mail.`, reject: msg`The claim is rejected and the claimant was told by e-mail.` };
const decidedWord: Record<ClaimStatus, MessageDescriptor> = { pending: msg`Open`, approved: msg`Approved`, rejected: msg`Rejected`, withdrawn: msg`Withdrawn` };
const emptyWord: Record<ClaimStatus, MessageDescriptor> = {
  pending: msg`No open claims`,
  approved: msg`No approved claims`,
  rejected: msg`No rejected claims`,
  withdrawn: msg`No withdrawn claims`,
};

/** The dashboard's Claims tab (issue 33, D22): institutions claiming listings from the national register. */
export function ClaimsQueue() {
  const [status, setStatus] = useState<ClaimStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminClaim | null>(null);
  const { data, isLoading, isError } = useAdminClaims(status, page);
  const decide = useDecideClaim();
  const { t } = useLingui();
  const said = useAdminSaid();

  const act = (input: ClaimDecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => {
        toast({ title: input.decision === 'approve' ? t`Claim Approved` : t`Claim Rejected`, description: t(done[input.decision]) });
        setRejecting(null);
      },
      onError: (error) =>
        isUnauthorizedError(error)
          ? handleUnauthorized()
          : toast({ title: t`Error`, description: said(errorMessage(error, t`The action failed. Please try again.`)), variant: 'destructive' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / CLAIMS_PER_PAGE)) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            <Trans>Claims of register listings</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Check the claimant’s registration with its issuing body before approving. Times are West Africa Time (WAT).</Trans>
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label={t`Which claims`}
          value={status}
          onChange={(value) => {
            setStatus(value as ClaimStatus);
            setPage(1);
          }}
          data={[
            { value: 'pending', label: t`Open` },
            { value: 'approved', label: t`Approved` },
            { value: 'rejected', label: t`Rejected` },
          ]}
        />
      </Group>
      {isLoading ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : isError || !data ? (
        <Text c="red">{t`Could not load the claims. Please reload the page.`}</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t(emptyWord[status])}
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
        name={rejecting ? t`the claim of ${rejecting.listing.name}` : ''}
        opened={rejecting != null}
        loading={decide.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && act({ id: rejecting.id, decision: 'reject', reason })}
      />
    </Stack>
  );
}

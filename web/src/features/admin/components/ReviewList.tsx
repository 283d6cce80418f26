import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { formatLagosDate, institutionTypeLabel, professionalTypeLabels, type ProfessionalType } from '@ilera/contracts';
import { isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { useReviewProfile, type ReviewAction, type ReviewKind } from '../api/review-profile';
import type { AdminInstitution, AdminProfessional } from '../api/types';
import { ADMIN_LIST_PER_PAGE, useAdminList } from '../api/get-admin-list';
import { LicenceList } from './LicenceList';
import { RejectDialog } from './RejectDialog';

type Mode = 'pending' | 'approved' | 'rejected';

// Spec §8, word for word.
const successTitle: Record<ReviewKind, Record<ReviewAction, string>> = {
  professional: {
    approve: 'Professional Approved',
    reject: 'Professional Rejected',
    withdraw: 'Professional Approval Withdrawn',
    reopen: 'Professional Reopened', // ours
  },
  institution: {
    approve: 'Institution Approved',
    reject: 'Institution Rejected',
    withdraw: 'Institution Approval Withdrawn',
    reopen: 'Institution Reopened', // ours
  },
};
const failure: Record<ReviewKind, Record<ReviewAction, string>> = {
  professional: {
    approve: 'Failed to approve professional. Please try again.',
    reject: 'Failed to reject professional. Please try again.',
    withdraw: 'Failed to withdraw professional approval.',
    reopen: 'Failed to reopen professional. Please try again.', // ours
  },
  institution: {
    approve: 'Failed to approve institution. Please try again.',
    reject: 'Failed to reject institution. Please try again.',
    withdraw: 'Failed to withdraw institution approval.',
    reopen: 'Failed to reopen institution. Please try again.', // ours
  },
};
const successText: Record<ReviewAction, (name: string) => string> = {
  approve: (name) => `${name} is now listed in the public directory.`,
  reject: (name) => `${name} has been rejected and the applicant informed.`,
  withdraw: (name) => `${name} is back in the pending list and out of the directory.`,
  reopen: (name) => `${name} is back in the pending list for a new review.`,
};

const emptyMessage: Record<ReviewKind, Record<Mode, string>> = {
  professional: { pending: 'No pending professional approvals', approved: 'No approved professionals', rejected: 'No rejected professionals' },
  institution: { pending: 'No pending institution approvals', approved: 'No approved institutions', rejected: 'No rejected institutions' },
};
const badge: Record<Mode, { label: string; color: string }> = {
  pending: { label: 'Pending Approval', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

const place = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(', ');
const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

function professionalName(p: AdminProfessional): string {
  return [p.title, fullName(p.user)].filter(Boolean).join(' ');
}

function ReviewCard({
  kind,
  mode,
  id,
  name,
  lines,
  createdAt,
  verified,
  details,
}: {
  kind: ReviewKind;
  mode: Mode;
  id: number;
  name: string;
  lines: string[];
  createdAt: string;
  /** "Verified" is its own badge, beside the approval status (issue 18). */
  verified?: boolean;
  details?: ReactNode;
}) {
  const review = useReviewProfile();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState<ReviewAction | null>(null);
  const profileUrl = `/${kind}/${id}`;

  const act = (action: ReviewAction, reason?: string) => {
    setBusy(action);
    // mutateAsync, not mutate's callbacks: the lists refresh first and this card may
    // already be gone (approved items leave the pending tab) when the answer is handled.
    review
      .mutateAsync({ action, kind, id, reason })
      .then(
        () => {
          setRejecting(false);
          toast({ title: successTitle[kind][action], description: successText[action](name) });
        },
        (error: unknown) => {
          if (isUnauthorizedError(error)) {
            // Spec §8: withdraw sends to the admin login, the others to the login endpoint.
            handleUnauthorized(action === 'withdraw' ? '/admin/login' : '/api/login');
            return;
          }
          toast({ title: 'Error', description: failure[kind][action], variant: 'destructive' });
        },
      )
      .finally(() => setBusy(null));
  };

  return (
    <Paper component="article" aria-label={name} withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={700}>{name}</Text>
            <Badge variant="light" color={badge[mode].color} size="sm">
              {badge[mode].label}
            </Badge>
            {verified && (
              <Badge variant="light" color="teal" size="sm">
                Verified
              </Badge>
            )}
          </Group>
          {lines.filter(Boolean).map((line) => (
            <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
          {details}
          <Text size="xs" c="dimmed">
            {mode === 'approved' ? 'Registered' : 'Applied'} {formatLagosDate(createdAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          {mode === 'pending' ? (
            <>
              <Button
                component="a"
                href={profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                Review
              </Button>
              <Button color="green" loading={busy === 'approve'} disabled={busy !== null} onClick={() => act('approve')}>
                Approve
              </Button>
              <Button color="red" variant="light" disabled={busy !== null} onClick={() => setRejecting(true)}>
                Reject
              </Button>
            </>
          ) : mode === 'rejected' ? (
            <Button variant="light" loading={busy === 'reopen'} onClick={() => act('reopen')}>
              Reopen
            </Button>
          ) : (
            <>
              <Button
                component="a"
                href={profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                View Profile
              </Button>
              <Button color="orange" variant="light" loading={busy === 'withdraw'} onClick={() => act('withdraw')}>
                Withdraw Approval
              </Button>
            </>
          )}
        </Group>
      </Group>
      <RejectDialog
        name={name}
        opened={rejecting}
        loading={busy === 'reject'}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => act('reject', reason)}
      />
    </Paper>
  );
}

function ListState({ isLoading, isError, empty, message }: { isLoading: boolean; isError: boolean; empty: boolean; message: string }) {
  if (isLoading) return <Text c="dimmed">Loading…</Text>;
  if (isError) return <Text c="red">Could not load this list. Please reload the page.</Text>;
  if (empty) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          {message}
        </Text>
      </Paper>
    );
  }
  return null;
}

function ProfessionalReviewList({
  mode,
  items,
  isLoading,
  isError,
}: {
  mode: Mode;
  items: AdminProfessional[] | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const list = items ?? [];
  return (
    <Stack gap="sm">
      <ListState isLoading={isLoading} isError={isError} empty={!list.length} message={emptyMessage.professional[mode]} />
      {list.map((p) => (
        <ReviewCard
          key={p.id}
          kind="professional"
          mode={mode}
          id={p.id}
          name={professionalName(p)}
          createdAt={p.createdAt}
          verified={p.isVerified}
          details={<LicenceList professionalId={p.id} name={professionalName(p)} licences={p.countryLicenses ?? []} />}
          lines={[
            [p.specialty, professionalTypeLabels[p.professionalType as ProfessionalType] ?? p.professionalType].join(' · '),
            place(p.city, p.state),
            p.user.email,
            p.rejectionReason ? `Reason: ${p.rejectionReason}` : '',
          ]}
        />
      ))}
    </Stack>
  );
}

function InstitutionReviewList({
  mode,
  items,
  isLoading,
  isError,
}: {
  mode: Mode;
  items: AdminInstitution[] | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const list = items ?? [];
  return (
    <Stack gap="sm">
      <ListState isLoading={isLoading} isError={isError} empty={!list.length} message={emptyMessage.institution[mode]} />
      {list.map((i) => (
        <ReviewCard
          key={i.id}
          kind="institution"
          mode={mode}
          id={i.id}
          name={i.name}
          createdAt={i.createdAt}
          lines={[
            institutionTypeLabel(i.type),
            place(i.city, i.state),
            [fullName(i.user), i.user.email].filter(Boolean).join(' · '),
            i.rejectionReason ? `Reason: ${i.rejectionReason}` : '',
          ]}
        />
      ))}
    </Stack>
  );
}

/**
 * One admin tab: a list of professionals or institutions in one status, searched
 * by name or e-mail and paged (issue 14: lists no longer stop at a cap).
 */
export function AdminListTab({ kind, mode }: { kind: ReviewKind; mode: Mode }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search, 300);
  const list = useAdminList(mode, kind, { q, page });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_LIST_PER_PAGE));
  const state = { isLoading: list.isLoading, isError: list.isError };
  return (
    <Stack gap="sm">
      <TextInput
        label="Search by name or e-mail"
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {kind === 'professional' ? (
        <ProfessionalReviewList mode={mode} items={list.data?.items as AdminProfessional[] | undefined} {...state} />
      ) : (
        <InstitutionReviewList mode={mode} items={list.data?.items as AdminInstitution[] | undefined} {...state} />
      )}
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {total} in all
          </Text>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="Pages" />
        </Group>
      )}
    </Stack>
  );
}

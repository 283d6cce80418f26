import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { formatLagosDate, institutionTypeLabel, professionalTypeLabels, type ProfessionalType } from '@ilera/contracts';
import { isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { useReviewProfile, type ReviewAction, type ReviewKind } from '../api/review-profile';
import type { AdminInstitution, AdminProfessional } from '../api/types';
import { RejectDialog } from './RejectDialog';

type Mode = 'pending' | 'approved';

// Spec §8, word for word.
const successTitle: Record<ReviewKind, Record<ReviewAction, string>> = {
  professional: { approve: 'Professional Approved', reject: 'Professional Rejected', withdraw: 'Professional Approval Withdrawn' },
  institution: { approve: 'Institution Approved', reject: 'Institution Rejected', withdraw: 'Institution Approval Withdrawn' },
};
const failure: Record<ReviewKind, Record<ReviewAction, string>> = {
  professional: {
    approve: 'Failed to approve professional. Please try again.',
    reject: 'Failed to reject professional. Please try again.',
    withdraw: 'Failed to withdraw professional approval.',
  },
  institution: {
    approve: 'Failed to approve institution. Please try again.',
    reject: 'Failed to reject institution. Please try again.',
    withdraw: 'Failed to withdraw institution approval.',
  },
};
const successText: Record<ReviewAction, (name: string) => string> = {
  approve: (name) => `${name} is now listed in the public directory.`,
  reject: (name) => `${name} has been rejected and the applicant informed.`,
  withdraw: (name) => `${name} is back in the pending list and out of the directory.`,
};

const emptyMessage: Record<ReviewKind, Record<Mode, string>> = {
  professional: { pending: 'No pending professional approvals', approved: 'No approved professionals' },
  institution: { pending: 'No pending institution approvals', approved: 'No approved institutions' },
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
}: {
  kind: ReviewKind;
  mode: Mode;
  id: number;
  name: string;
  lines: string[];
  createdAt: string;
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
            <Badge variant="light" color={mode === 'approved' ? 'green' : 'yellow'} size="sm">
              {mode === 'approved' ? 'Approved' : 'Pending Approval'}
            </Badge>
          </Group>
          {lines.filter(Boolean).map((line) => (
            <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {mode === 'pending' ? 'Applied' : 'Registered'} {formatLagosDate(createdAt)}
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

export function ProfessionalReviewList({
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
          lines={[
            [p.specialty, professionalTypeLabels[p.professionalType as ProfessionalType] ?? p.professionalType].join(' · '),
            place(p.city, p.state),
            p.user.email,
          ]}
        />
      ))}
    </Stack>
  );
}

export function InstitutionReviewList({
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
          ]}
        />
      ))}
    </Stack>
  );
}

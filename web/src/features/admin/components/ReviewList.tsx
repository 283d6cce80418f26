import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { institutionTypeLabel, LISTED_FROM_REGISTER, professionalTypeLabels, type AdminInstitution, type AdminProfessional, type ProfessionalType } from '@ilera/contracts';
import { isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { useReviewProfile, type ReviewAction, type ReviewKind } from '../api/review-profile';
import { ADMIN_LIST_PER_PAGE, useAdminList } from '../api/get-admin-list';
import { LicenceList } from './LicenceList';
import { RejectDialog } from './RejectDialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { useNamesWhen } from '../../../i18n/names';
import { profileStatusMessages } from '../../dashboard/status-labels';

type Mode = 'pending' | 'approved' | 'rejected';

// Spec §8, word for word ('reopen' is ours); in the page's language (issue 50, dashboard.po).
const successTitle: Record<ReviewKind, Record<ReviewAction, MessageDescriptor>> = {
  professional: { approve: msg`Professional Approved`, reject: msg`Professional Rejected`, withdraw: msg`Professional Approval Withdrawn`, reopen: msg`Professional Reopened` },
  institution: { approve: msg`Institution Approved`, reject: msg`Institution Rejected`, withdraw: msg`Institution Approval Withdrawn`, reopen: msg`Institution Reopened` },
};
const failure: Record<ReviewKind, Record<ReviewAction, MessageDescriptor>> = {
  professional: {
    approve: msg`Failed to approve professional. Please try again.`,
    reject: msg`Failed to reject professional. Please try again.`,
    withdraw: msg`Failed to withdraw professional approval.`,
    reopen: msg`Failed to reopen professional. Please try again.`,
  },
  institution: {
    approve: msg`Failed to approve institution. Please try again.`,
    reject: msg`Failed to reject institution. Please try again.`,
    withdraw: msg`Failed to withdraw institution approval.`,
    reopen: msg`Failed to reopen institution. Please try again.`,
  },
};
const successText: Record<ReviewAction, (name: string) => MessageDescriptor> = {
  approve: (name) => msg`${name} is now listed in the public directory.`,
  reject: (name) => msg`${name} has been rejected and the applicant informed.`,
  withdraw: (name) => msg`${name} is back in the pending list and out of the directory.`,
  reopen: (name) => msg`${name} is back in the pending list for a new review.`,
};

const emptyMessage: Record<Mode, Record<ReviewKind, MessageDescriptor>> = {
  pending: { professional: msg`No pending professional approvals`, institution: msg`No pending institution approvals` },
  approved: { professional: msg`No approved professionals`, institution: msg`No approved institutions` },
  rejected: { professional: msg`No rejected professionals`, institution: msg`No rejected institutions` },
};
const badge: Record<Mode, { color: string }> = {
  pending: { color: 'yellow' },
  approved: { color: 'green' },
  rejected: { color: 'red' },
};

const place = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(', ');
const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

function professionalName(p: AdminProfessional): string {
  return [p.title, fullName(p.user)].filter(Boolean).join(' ');
}

/** What a card shows of one professional or institution. */
interface CardView {
  id: number;
  name: string;
  lines: string[];
  createdAt: string;
  /** "Verified" is its own badge, beside the approval status (issue 18). */
  verified?: boolean;
  details?: ReactNode;
}

/** The public profile, in a new tab. */
function ProfileLink({ href, children }: { href: string; children: string }) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} aria-hidden />}>
      {children}
    </Button>
  );
}

function ReviewCard({ kind, mode, id, name, lines, createdAt, verified, details }: CardView & { kind: ReviewKind; mode: Mode }) {
  const review = useReviewProfile();
  const { t } = useLingui();
  const locale = useLocale();
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
          toast({ title: t(successTitle[kind][action]), description: t(successText[action](name)) });
        },
        (error: unknown) => {
          if (isUnauthorizedError(error)) {
            // Spec §8: withdraw sends to the admin login, the others to the login endpoint.
            handleUnauthorized(action === 'withdraw' ? '/admin/login' : '/api/login');
            return;
          }
          toast({ title: t`Error`, description: t(failure[kind][action]), variant: 'destructive' });
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
              {t(profileStatusMessages[mode])}
            </Badge>
            {verified && (
              <Badge variant="light" color="teal" size="sm">
                <Trans>Verified</Trans>
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
            {mode === 'approved' ? t`Registered ${dateIn(locale, createdAt)}` : t`Applied ${dateIn(locale, createdAt)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          {mode === 'pending' ? (
            <>
              <ProfileLink href={profileUrl}>{t`Review`}</ProfileLink>
              <Button color="green" loading={busy === 'approve'} disabled={busy !== null} onClick={() => act('approve')}>
                <Trans>Approve</Trans>
              </Button>
              <Button color="red" variant="light" disabled={busy !== null} onClick={() => setRejecting(true)}>
                <Trans>Reject</Trans>
              </Button>
            </>
          ) : mode === 'rejected' ? (
            <Button variant="light" loading={busy === 'reopen'} onClick={() => act('reopen')}>
              <Trans>Reopen</Trans>
            </Button>
          ) : (
            <>
              <ProfileLink href={profileUrl}>{t`View Profile`}</ProfileLink>
              <Button color="orange" variant="light" loading={busy === 'withdraw'} onClick={() => act('withdraw')}>
                <Trans>Withdraw Approval</Trans>
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
  if (isLoading) {
    return (
      <Text c="dimmed">
        <Trans>Loading…</Trans>
      </Text>
    );
  }
  if (isError) {
    return (
      <Text c="red">
        <Trans>Could not load this list. Please reload the page.</Trans>
      </Text>
    );
  }
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

/** The cards of a list: a rejection's reason line and the directory's names (type, specialty) in the page's language. */
const cardOf = (reasonLine: (reason: string) => string, names: (name: string) => string) => ({
  professional: (p: AdminProfessional): CardView => ({
    id: p.id,
    name: professionalName(p),
    createdAt: p.createdAt,
    verified: p.isVerified,
    details: <LicenceList kind="professional" id={p.id} name={professionalName(p)} licences={p.countryLicenses ?? []} />,
    lines: [
      [p.specialty, professionalTypeLabels[p.professionalType as ProfessionalType] ?? p.professionalType].map(names).join(' · '),
      place(p.city, p.state),
      p.user.email,
      p.rejectionReason ? reasonLine(p.rejectionReason) : '',
    ],
  }),
  institution: (i: AdminInstitution): CardView => ({
    id: i.id,
    name: i.name,
    createdAt: i.createdAt,
    verified: i.isVerified,
    details: <LicenceList kind="institution" id={i.id} name={i.name} licences={i.registrations ?? []} />,
    lines: [
      names(institutionTypeLabel(i.type)),
      place(i.city, i.state),
      i.user ? [fullName(i.user), i.user.email].filter(Boolean).join(' · ') : LISTED_FROM_REGISTER,
      i.rejectionReason ? reasonLine(i.rejectionReason) : '',
    ],
  }),
});

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
  const items = list.data?.items ?? [];
  const { t } = useLingui();
  const names = useNamesWhen(true);
  const cardsOf = cardOf((reason) => t`Reason: ${reason}`, names);
  const cards = kind === 'professional' ? (items as AdminProfessional[]).map(cardsOf.professional) : (items as AdminInstitution[]).map(cardsOf.institution);
  return (
    <Stack gap="sm">
      <TextInput
        label={t`Search by name or e-mail`}
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <ListState isLoading={list.isLoading} isError={list.isError} empty={!cards.length} message={t(emptyMessage[mode][kind])} />
      {cards.map((card) => (
        <ReviewCard key={card.id} kind={kind} mode={mode} {...card} />
      ))}
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            <Trans>{total} in all</Trans>
          </Text>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label={t`Pages`} />
        </Group>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import type { AdminAuditAction } from '@ilera/contracts';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { dateTimeIn } from '../../../i18n/date-times';
import type { Locale } from '@ilera/contracts/locales';
import { AUDIT_PER_PAGE, useAuditLog } from '../api/get-audit-log';
import type { AuditEntry } from '@ilera/contracts';

/** contracts' adminAuditActionLabels (word for word in English) in the page's language. */
const actionText: Record<AdminAuditAction, MessageDescriptor> = {
  login: msg`Signed in`,
  logout: msg`Signed out`,
  change_password: msg`Changed password`,
  create_user: msg`Created user`,
  create_admin_cli: msg`Admin created from the command line`,
  approve_professional: msg`Approved professional`,
  reject_professional: msg`Rejected professional`,
  withdraw_professional: msg`Withdrew professional approval`,
  approve_institution: msg`Approved institution`,
  reject_institution: msg`Rejected institution`,
  withdraw_institution: msg`Withdrew institution approval`,
  reopen_professional: msg`Reopened rejected professional`,
  reopen_institution: msg`Reopened rejected institution`,
  verify_licence: msg`Verified licence`,
  approve_claim: msg`Approved claim of a register listing`,
  reject_claim: msg`Rejected claim of a register listing`,
  apply_register_change: msg`Applied register change to a claimed listing`,
  dismiss_register_change: msg`Dismissed register change of a claimed listing`,
  hide_review: msg`Hid review`,
  restore_review: msg`Restored review`,
  dismiss_review_reports: msg`Dismissed review reports`,
  edit_care: msg`Edited care facts (hours, services, plans, fees)`,
  create_payer: msg`Added health plan payer`,
  update_payer: msg`Edited health plan payer`,
  delete_payer: msg`Deleted health plan payer`,
  set_holiday: msg`Set public holiday`,
  delete_holiday: msg`Deleted public holiday`,
  mark_translation_suggestion: msg`Marked translation suggestion`,
};

function actionLabel(i18n: I18n, action: string): string {
  const words = actionText[action as AdminAuditAction];
  return words ? i18n._(words) : action;
}

function adminName(entry: AuditEntry): string {
  if (!entry.admin) return '—';
  const name = [entry.admin.firstName, entry.admin.lastName].filter(Boolean).join(' ');
  return name || entry.admin.email || '—';
}

/** What the entry acted on, in words: a profile's name, an account's e-mail (English word for word as before). */
function targetText(i18n: I18n, entry: AuditEntry): string {
  const t = (m: MessageDescriptor) => i18n._(m);
  const id = entry.targetId ?? '';
  const d = entry.detail ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (entry.action === 'create_user') {
    const who = str(d.email) ?? t(msg`user ${id}`);
    return str(d.userType) ? `${who} (${d.userType as string})` : who;
  }
  if (entry.targetType === 'professional' || entry.targetType === 'institution') {
    const fallback = entry.targetType === 'professional' ? t(msg`Professional #${id}`) : t(msg`Institution #${id}`);
    const reason = str(d.reason);
    return [str(d.name) ?? fallback, reason ? t(msg`Reason: ${reason}`) : null]
      .filter(Boolean)
      .join(' — ');
  }
  if (entry.targetType === 'review') {
    // Review moderation (D27): the review's provider, and the reason a hidden one's author reads.
    const provider = str(d.provider);
    const reason = str(d.reason);
    return [provider ? t(msg`Review #${id} of ${provider}`) : t(msg`Review #${id}`), reason ? t(msg`Reason: ${reason}`) : null]
      .filter(Boolean)
      .join(' — ');
  }
  // Issue 50: a translation suggestion marked done or dismissed.
  if (entry.targetType === 'translation_suggestion') return `${t(msg`Translation suggestion #${id}`)}${str(d.status) ? ` — ${d.status as string}` : ''}`;
  // D4: where the password was changed (entries written before `from` existed were all the admin area's).
  // Issue 48: a reset through "Forgot your password?" too.
  if (entry.action === 'change_password') {
    const place = changePlaces[str(d.from) ?? ''];
    return place ? t(place) : t(msg`In the admin area`);
  }
  if (entry.action === 'login' && entry.outcome === 'failure') return str(d.email) ?? '—';
  return '—';
}

const changePlaces: Record<string, MessageDescriptor> = {
  account_settings: msg`In Account settings`,
  password_reset: msg`By a reset link (Forgot your password?)`,
};

/** The fifth dashboard tab: the audit log, newest first, 25 to a page. */
export function ActivityLog() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useAuditLog(page);
  const { i18n } = useLingui();
  const t = (m: MessageDescriptor) => i18n._(m);
  if (isLoading) return <Text c="dimmed">{t(msg`Loading…`)}</Text>;
  if (isError || !data) return <Text c="red">{t(msg`Could not load the activity log. Please reload the page.`)}</Text>;
  if (!data.items.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          {t(msg`No activity yet`)}
        </Text>
      </Paper>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / AUDIT_PER_PAGE));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(msg`Every administrator action, newest first. Times are West Africa Time (WAT).`)}
      </Text>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="xs" miw={640} aria-label={t(msg`Activity log`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(msg`Time`)}</Table.Th>
              <Table.Th>{t(msg`Administrator`)}</Table.Th>
              <Table.Th>{t(msg`Action`)}</Table.Th>
              <Table.Th>{t(msg`Target`)}</Table.Th>
              <Table.Th>{t(msg`Outcome`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeIn(i18n.locale as Locale, entry.createdAt)}</Table.Td>
                <Table.Td>{adminName(entry)}</Table.Td>
                <Table.Td>{actionLabel(i18n, entry.action)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{targetText(i18n, entry)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.outcome === 'success' ? 'green' : 'red'} size="sm">
                    {entry.outcome === 'success' ? t(msg`Success`) : t(msg`Failed`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t(msg`Activity pages`)} />
        </Group>
      )}
    </Stack>
  );
}

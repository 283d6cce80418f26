import { useState } from 'react';
import { Badge, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { adminAuditActionLabels, formatLagos, type AdminAuditAction } from '@ilera/contracts';
import { AUDIT_PER_PAGE, useAuditLog } from '../api/get-audit-log';
import type { AuditEntry } from '@ilera/contracts';

function actionLabel(action: string): string {
  return adminAuditActionLabels[action as AdminAuditAction] ?? action;
}

function adminName(entry: AuditEntry): string {
  if (!entry.admin) return '—';
  const name = [entry.admin.firstName, entry.admin.lastName].filter(Boolean).join(' ');
  return name || entry.admin.email || '—';
}

/** What the entry acted on, in words: a profile's name, an account's e-mail. */
function targetText(entry: AuditEntry): string {
  const d = entry.detail ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (entry.action === 'create_user') {
    const who = str(d.email) ?? `user ${entry.targetId ?? ''}`;
    return str(d.userType) ? `${who} (${d.userType as string})` : who;
  }
  if (entry.targetType === 'professional' || entry.targetType === 'institution') {
    const label = entry.targetType === 'professional' ? 'Professional' : 'Institution';
    return [str(d.name) ?? `${label} #${entry.targetId}`, str(d.reason) ? `Reason: ${d.reason as string}` : null]
      .filter(Boolean)
      .join(' — ');
  }
  if (entry.targetType === 'review') {
    // Review moderation (D27): the review's provider, and the reason a hidden one's author reads.
    return [`Review #${entry.targetId}${str(d.provider) ? ` of ${d.provider as string}` : ''}`, str(d.reason) ? `Reason: ${d.reason as string}` : null]
      .filter(Boolean)
      .join(' — ');
  }
  // Issue 50: a translation suggestion marked done or dismissed.
  if (entry.targetType === 'translation_suggestion') return `Translation suggestion #${entry.targetId}${str(d.status) ? ` — ${d.status as string}` : ''}`;
  // D4: where the password was changed (entries written before `from` existed were all the admin area's).
  // Issue 48: a reset through "Forgot your password?" too.
  if (entry.action === 'change_password') return changePlaces[str(d.from) ?? ''] ?? 'In the admin area';
  if (entry.action === 'login' && entry.outcome === 'failure') return str(d.email) ?? '—';
  return '—';
}

const changePlaces: Record<string, string> = {
  account_settings: 'In Account settings',
  password_reset: 'By a reset link (Forgot your password?)',
};

/** The fifth dashboard tab: the audit log, newest first, 25 to a page. */
export function ActivityLog() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useAuditLog(page);
  if (isLoading) return <Text c="dimmed">Loading…</Text>;
  if (isError || !data) return <Text c="red">Could not load the activity log. Please reload the page.</Text>;
  if (!data.items.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          No activity yet
        </Text>
      </Paper>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / AUDIT_PER_PAGE));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every administrator action, newest first. Times are West Africa Time (WAT).
      </Text>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="xs" miw={640} aria-label="Activity log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Administrator</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLagos(entry.createdAt)}</Table.Td>
                <Table.Td>{adminName(entry)}</Table.Td>
                <Table.Td>{actionLabel(entry.action)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{targetText(entry)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.outcome === 'success' ? 'green' : 'red'} size="sm">
                    {entry.outcome === 'success' ? 'Success' : 'Failed'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Activity pages" />
        </Group>
      )}
    </Stack>
  );
}

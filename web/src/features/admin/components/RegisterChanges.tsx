import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import {
  formatLagos,
  institutionTypeLabel,
  registerChangeFieldLabels,
  registerDate,
  type RegisterChange,
  type RegisterChangeField,
  type RegisterValue,
} from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { REGISTER_CHANGES_PER_PAGE, useDecideRegisterChange, useRegisterChanges, type RegisterChangeDecisionInput } from '../api/register-changes';

/** A field's value as an administrator reads it. */
function shown(field: RegisterChangeField, v: RegisterValue): string {
  if (v === null) return '—';
  if (typeof v !== 'string') return `${v.latitude}, ${v.longitude}`;
  return field === 'type' ? institutionTypeLabel(v) : v;
}

/** One claimed listing: each changed field, the profile's value beside the register's, and the decision. */
function ChangeCard({ change: c, busy, onDecide }: { change: RegisterChange; busy: boolean; onDecide: (input: RegisterChangeDecisionInput) => void }) {
  // Every changed field is ticked to begin with; the administrator unticks what the owner's value should keep.
  const [chosen, setChosen] = useState<RegisterChangeField[]>(() => c.changes.map((x) => x.field));
  const id = c.institution.id;
  const toggle = (field: RegisterChangeField, on: boolean) => setChosen((now) => (on ? [...now, field] : now.filter((f) => f !== field)));
  const dates = [c.registerUpdated.previous, c.registerUpdated.new].map((d) => (d ? registerDate(d) : 'unknown'));
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Register change of ${c.institution.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Anchor href={`/institution/${id}`} target="_blank" rel="noopener noreferrer" fw={600}>
            <Group gap={4} component="span">
              {c.institution.name}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed">
            {c.registerKey.replace(/^\w+:/, '')} · register of {dates[0]} → {dates[1]} · imported {formatLagos(c.at)}
            {c.institution.ownerEmail ? ` · owner ${c.institution.ownerEmail}` : ''}
          </Text>
        </Group>
        {c.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Only the register’s date or codes changed; nothing on the profile would change.
          </Text>
        ) : (
          <Table withTableBorder striped aria-label={`Changed fields of ${c.institution.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>Apply</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Current</Table.Th>
                <Table.Th>Register</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.changes.map((x) => (
                <Table.Tr key={x.field}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Apply ${registerChangeFieldLabels[x.field]}`}
                      checked={chosen.includes(x.field)}
                      onChange={(e) => toggle(x.field, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{registerChangeFieldLabels[x.field]}</Table.Td>
                  <Table.Td>{shown(x.field, x.current)}</Table.Td>
                  <Table.Td>{shown(x.field, x.register)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="light" color="gray" disabled={busy} onClick={() => onDecide({ institutionId: id, decision: 'dismiss' })}>
            Dismiss
          </Button>
          <Button size="xs" loading={busy} disabled={chosen.length === 0} onClick={() => onDecide({ institutionId: id, decision: 'apply', fields: chosen })}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const done = {
  apply: 'The chosen register fields are on the profile now.',
  dismiss: 'The register change is dismissed; the profile is unchanged.',
};

/** The dashboard's Register changes tab (issue 33, D22): what a newer register says about claimed listings. */
export function RegisterChanges() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useRegisterChanges(page);
  const decide = useDecideRegisterChange();

  const act = (input: RegisterChangeDecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => toast({ title: input.decision === 'apply' ? 'Register Change Applied' : 'Register Change Dismissed', description: done[input.decision] }),
      onError: (error) =>
        isUnauthorizedError(error)
          ? handleUnauthorized()
          : toast({ title: 'Error', description: errorMessage(error, 'The action failed. Please try again.'), variant: 'destructive' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / REGISTER_CHANGES_PER_PAGE)) : 1;
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          Register changes of claimed listings
        </Title>
        <Text size="sm" c="dimmed">
          A newer national register never overwrites what a facility’s owner edited. Apply the fields to take, or dismiss the change. Times are West Africa Time (WAT).
        </Text>
      </div>
      {isLoading ? (
        <Text c="dimmed">Loading…</Text>
      ) : isError || !data ? (
        <Text c="red">Could not load the register changes. Please reload the page.</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            No register changes waiting
          </Text>
        </Paper>
      ) : (
        <>
          {data.items.map((c) => (
            <ChangeCard
              key={`${c.institution.id}-${c.at}`}
              change={c}
              busy={decide.isPending && decide.variables?.institutionId === c.institution.id}
              onDecide={act}
            />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { dateTimeIn } from '../../../i18n/date-times';
import { useLocale } from '../../../i18n/use-locale';
import { useNamesWhen } from '../../../i18n/names';
import { useAdminSaid } from '../said';
import {
  institutionTypeLabel,
  registerDate,
  type RegisterChange,
  type RegisterChangeField,
  type RegisterValue,
} from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { REGISTER_CHANGES_PER_PAGE, useDecideRegisterChange, useRegisterChanges, type RegisterChangeDecisionInput } from '../api/register-changes';

/** contracts' registerChangeFieldLabels (word for word in English) in the page's language. */
const fieldText: Record<RegisterChangeField, MessageDescriptor> = {
  name: msg`Name`,
  type: msg`Type`,
  state: msg`State`,
  city: msg`City`,
  lga: msg`LGA`,
  ward: msg`Ward`,
  ownership: msg`Ownership`,
  ownershipType: msg`Ownership type`,
  facilityLevel: msg`Level`,
  coordinates: msg`Coordinates`,
};

/** A field's value as an administrator reads it (a type by its name in the page's language). */
function shown(field: RegisterChangeField, v: RegisterValue, names: (name: string) => string): string {
  if (v === null) return '—';
  if (typeof v !== 'string') return `${v.latitude}, ${v.longitude}`;
  return field === 'type' ? names(institutionTypeLabel(v)) : v;
}

/** One claimed listing: each changed field, the profile's value beside the register's, and the decision. */
function ChangeCard({ change: c, busy, onDecide }: { change: RegisterChange; busy: boolean; onDecide: (input: RegisterChangeDecisionInput) => void }) {
  // Every changed field is ticked to begin with; the administrator unticks what the owner's value should keep.
  const [chosen, setChosen] = useState<RegisterChangeField[]>(() => c.changes.map((x) => x.field));
  const id = c.institution.id;
  const { t } = useLingui();
  const locale = useLocale();
  const names = useNamesWhen(true);
  const toggle = (field: RegisterChangeField, on: boolean) => setChosen((now) => (on ? [...now, field] : now.filter((f) => f !== field)));
  const dates = [c.registerUpdated.previous, c.registerUpdated.new].map((d) =>
    !d ? t`unknown` : locale === 'en' ? registerDate(d) : dateIn(locale, `${d}T12:00:00+01:00`),
  );
  const [from, to] = dates;
  const code = c.registerKey.replace(/^\w+:/, '');
  const imported = dateTimeIn(locale, c.at);
  const owner = c.institution.ownerEmail;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Register change of ${c.institution.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Anchor href={`/institution/${id}`} target="_blank" rel="noopener noreferrer" fw={600}>
            <Group gap={4} component="span">
              {c.institution.name}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed">
            {t`${code} · register of ${from} → ${to} · imported ${imported}`}
            {owner ? t` · owner ${owner}` : ''}
          </Text>
        </Group>
        {c.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Only the register’s date or codes changed; nothing on the profile would change.</Trans>
          </Text>
        ) : (
          <Table withTableBorder striped aria-label={t`Changed fields of ${c.institution.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>{t`Apply`}</Table.Th>
                <Table.Th>{t`Field`}</Table.Th>
                <Table.Th>{t`Current`}</Table.Th>
                <Table.Th>{t`Register`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.changes.map((x) => {
                const field = t(fieldText[x.field]);
                return (
                <Table.Tr key={x.field}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t`Apply ${field}`}
                      checked={chosen.includes(x.field)}
                      onChange={(e) => toggle(x.field, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{field}</Table.Td>
                  <Table.Td>{shown(x.field, x.current, names)}</Table.Td>
                  <Table.Td>{shown(x.field, x.register, names)}</Table.Td>
                </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="light" color="gray" disabled={busy} onClick={() => onDecide({ institutionId: id, decision: 'dismiss' })}>
            <Trans>Dismiss</Trans>
          </Button>
          <Button size="xs" loading={busy} disabled={chosen.length === 0} onClick={() => onDecide({ institutionId: id, decision: 'apply', fields: chosen })}>
            <Trans>Apply</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const done = {
  apply: msg`The chosen register fields are on the profile now.`,
  dismiss: msg`The register change is dismissed; the profile is unchanged.`,
};

/** The dashboard's Register changes tab (issue 33, D22): what a newer register says about claimed listings. */
export function RegisterChanges() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useRegisterChanges(page);
  const decide = useDecideRegisterChange();
  const { t } = useLingui();
  const said = useAdminSaid();

  const act = (input: RegisterChangeDecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => toast({ title: input.decision === 'apply' ? t`Register Change Applied` : t`Register Change Dismissed`, description: t(done[input.decision]) }),
      onError: (error) =>
        isUnauthorizedError(error)
          ? handleUnauthorized()
          : toast({ title: t`Error`, description: said(errorMessage(error, t`The action failed. Please try again.`)), variant: 'destructive' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / REGISTER_CHANGES_PER_PAGE)) : 1;
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          <Trans>Register changes of claimed listings</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>A newer national register never overwrites what a facility’s owner edited. Apply the fields to take, or dismiss the change. Times are West Africa Time (WAT).</Trans>
        </Text>
      </div>
      {isLoading ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : isError || !data ? (
        <Text c="red">{t`Could not load the register changes. Please reload the page.`}</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            <Trans>No register changes waiting</Trans>
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

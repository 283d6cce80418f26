import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingHospital, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { createAffiliationSchema, institutionTypeLabel } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAffiliations } from '../api/get-affiliations';
import { useAnswerAffiliation } from '../api/answer-affiliation';
import { useEndAffiliation } from '../api/end-affiliation';
import { useFindInstitutions } from '../api/find-institutions';
import { useRequestAffiliation } from '../api/request-affiliation';
import type { Affiliation } from '@ilera/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Name } from '../../../i18n/names';

type Side = 'professional' | 'institution';

const statusBadge: Record<Affiliation['status'], { label: MessageDescriptor; color: string }> = {
  pending: { label: msg`Awaiting confirmation`, color: 'yellow' },
  confirmed: { label: msg`Confirmed`, color: 'green' },
  declined: { label: msg`Declined`, color: 'red' },
};

const answers = [
  { status: 'confirmed', label: msg`Confirm`, color: 'green', variant: 'filled', icon: <IconCheck size={14} />, done: msg`Affiliation confirmed` },
  { status: 'declined', label: msg`Decline`, color: 'red', variant: 'light', icon: <IconX size={14} />, done: msg`Request declined` },
] as const;

/** The other side of a link, as this side sees it: a link to its public profile. */
function OtherParty({ a, side }: { a: Affiliation; side: Side }) {
  if (side === 'professional') {
    return (
      <Anchor component={Link} to={`/institution/${a.institution.id}`} fw={500}>
        {a.institution.name}
      </Anchor>
    );
  }
  const name = [a.professional.title, a.professional.firstName, a.professional.lastName].filter(Boolean).join(' ');
  return (
    <Anchor component={Link} to={`/professional/${a.professional.id}`} fw={500}>
      {name}
    </Anchor>
  );
}

function AffiliationItem({ a, side }: { a: Affiliation; side: Side }) {
  const answer = useAnswerAffiliation();
  const end = useEndAffiliation();
  const { t } = useLingui();
  const badge = statusBadge[a.status];
  const detail = side === 'professional' ? institutionTypeLabel(a.institution.type) : a.professional.specialty;
  const endLabel = a.status === 'confirmed' ? t`End Affiliation` : side === 'professional' && a.status === 'pending' ? t`Withdraw` : t`Remove`;
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, t`Please try again.`), variant: 'destructive' });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" role="listitem" aria-label={(a.role ? t`Affiliation ${a.role}` : t`Affiliation`).trim()}>
      <Stack gap={2}>
        <OtherParty a={a} side={side} />
        <Text size="sm" c="dimmed">
          {a.role}
          {a.role && detail ? ' · ' : ''}
          {detail && <Name value={detail} />}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge color={badge.color} variant="light">
          {t(badge.label)}
        </Badge>
        {side === 'institution' &&
          a.status === 'pending' &&
          answers.map(({ status, label, color, variant, icon, done }) => (
            <Button
              key={status}
              size="xs"
              color={color}
              variant={variant}
              leftSection={icon}
              loading={answer.isPending && answer.variables?.status === status}
              onClick={() => answer.mutate({ id: a.id, status }, { onSuccess: () => toast({ title: t(done) }), onError: fail(t`Error`) })}
            >
              {t(label)}
            </Button>
          ))}
        {!(side === 'institution' && a.status === 'pending') && (
          <Button size="xs" variant="subtle" color="gray" loading={end.isPending} onClick={() => end.mutate(a.id, { onError: fail(t`Error`) })}>
            {endLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** A professional asks to join a listed institution, found by name, with a role (D20). */
function RequestForm() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [institutionId, setInstitutionId] = useState<string | null>(null);
  const [role, setRole] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useFindInstitutions(debounced);
  const request = useRequestAffiliation();
  const { t } = useLingui();
  const options = (found.data ?? []).map((i) => ({
    value: String(i.id),
    label: [i.name, [i.city, i.state].filter(Boolean).join(', ')].filter(Boolean).join(' · '),
  }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createAffiliationSchema.safeParse({ institutionId: institutionId ? Number(institutionId) : undefined, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t`Request sent`, description: t`The institution will confirm or decline it.` });
        setInstitutionId(null);
        setSearch('');
        setRole('');
      },
      onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`Failed to send the request. Please try again.`), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} aria-label={t`Request an affiliation`}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t`Institution`}
          placeholder={t`Search by name`}
          searchable
          clearable
          style={{ flex: 2, minWidth: 220 }}
          data={options}
          value={institutionId}
          onChange={setInstitutionId}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={debounced.trim().length >= 2 && !found.isFetching ? t`No institution found` : undefined}
          error={errors.institutionId}
        />
        <TextInput
          label={t`Your role`}
          placeholder={t`e.g. Consultant Cardiologist`}
          style={{ flex: 1, minWidth: 180 }}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value)}
          error={errors.role}
        />
        <Button type="submit" loading={request.isPending}>
          <Trans>Request to Join</Trans>
        </Button>
      </Group>
    </form>
  );
}

/**
 * Affiliations on a provider's dashboard (D20), one card for both sides: a
 * professional asks and sees its requests; an institution confirms or declines.
 * Either side can end a link.
 */
export function AffiliationsCard({ side }: { side: Side }) {
  const { data, isLoading, isError } = useAffiliations();
  const list = data ?? [];
  const { t } = useLingui();
  const empty =
    side === 'professional'
      ? t`No affiliations yet. Ask an institution you work with to confirm you.`
      : t`No affiliation requests yet. Professionals who work with you can ask to be listed here.`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="affiliations-title">
      <Group gap="xs" mb="sm">
        <IconBuildingHospital size={20} />
        <Title order={2} size="h4" id="affiliations-title">
          {side === 'professional' ? t`Affiliations` : t`Affiliation Requests`}
        </Title>
      </Group>
      <Stack gap="md">
        {side === 'professional' && <RequestForm />}
        {isLoading && (
          <Text size="sm">
            <Trans>Loading…</Trans>
          </Text>
        )}
        {isError && (
          <Text c="red" size="sm">
            <Trans>Affiliations could not be loaded. Please reload the page.</Trans>
          </Text>
        )}
        {!isLoading && !isError && list.length === 0 && (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
        {list.length > 0 && (
          <Stack gap="sm" role="list">
            {list.map((a) => (
              <AffiliationItem key={a.id} a={a} side={side} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

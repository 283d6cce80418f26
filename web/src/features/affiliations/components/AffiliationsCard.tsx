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

type Side = 'professional' | 'institution';

const statusBadge: Record<Affiliation['status'], { label: string; color: string }> = {
  pending: { label: 'Awaiting confirmation', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
};

const answers = [
  { status: 'confirmed', label: 'Confirm', color: 'green', variant: 'filled', icon: <IconCheck size={14} />, done: 'Affiliation confirmed' },
  { status: 'declined', label: 'Decline', color: 'red', variant: 'light', icon: <IconX size={14} />, done: 'Request declined' },
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
  const badge = statusBadge[a.status];
  const detail = side === 'professional' ? institutionTypeLabel(a.institution.type) : a.professional.specialty;
  const endLabel = a.status === 'confirmed' ? 'End Affiliation' : side === 'professional' && a.status === 'pending' ? 'Withdraw' : 'Remove';
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" role="listitem" aria-label={`Affiliation ${a.role ?? ''}`.trim()}>
      <Stack gap={2}>
        <OtherParty a={a} side={side} />
        <Text size="sm" c="dimmed">
          {[a.role, detail].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge color={badge.color} variant="light">
          {badge.label}
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
              onClick={() => answer.mutate({ id: a.id, status }, { onSuccess: () => toast({ title: done }), onError: fail('Error') })}
            >
              {label}
            </Button>
          ))}
        {!(side === 'institution' && a.status === 'pending') && (
          <Button size="xs" variant="subtle" color="gray" loading={end.isPending} onClick={() => end.mutate(a.id, { onError: fail('Error') })}>
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
        toast({ title: 'Request sent', description: 'The institution will confirm or decline it.' });
        setInstitutionId(null);
        setSearch('');
        setRole('');
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to send the request. Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Request an affiliation">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Institution"
          placeholder="Search by name"
          searchable
          clearable
          style={{ flex: 2, minWidth: 220 }}
          data={options}
          value={institutionId}
          onChange={setInstitutionId}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={debounced.trim().length >= 2 && !found.isFetching ? 'No institution found' : undefined}
          error={errors.institutionId}
        />
        <TextInput
          label="Your role"
          placeholder="e.g. Consultant Cardiologist"
          style={{ flex: 1, minWidth: 180 }}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value)}
          error={errors.role}
        />
        <Button type="submit" loading={request.isPending}>
          Request to Join
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
  const empty =
    side === 'professional'
      ? 'No affiliations yet. Ask an institution you work with to confirm you.'
      : 'No affiliation requests yet. Professionals who work with you can ask to be listed here.';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="affiliations-title">
      <Group gap="xs" mb="sm">
        <IconBuildingHospital size={20} />
        <Title order={2} size="h4" id="affiliations-title">
          {side === 'professional' ? 'Affiliations' : 'Affiliation Requests'}
        </Title>
      </Group>
      <Stack gap="md">
        {side === 'professional' && <RequestForm />}
        {isLoading && <Text size="sm">Loading…</Text>}
        {isError && <Text c="red" size="sm">Affiliations could not be loaded. Please reload the page.</Text>}
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

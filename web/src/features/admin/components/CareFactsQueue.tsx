import { useEffect, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, List, Modal, Pagination, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateTimeIn } from '../../../i18n/date-times';
import { useLocale } from '../../../i18n/use-locale';
import { useAdminSaid } from '../said';
import { useFlagText } from '../../care-reports/flag-text';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { useAdminCareFlags } from '../api/get-admin-care-flags';
import { usePayerNames } from '../../care/api/get-payers';
import { CARE_SUGGESTIONS_PER_PAGE, useAdminCareSuggestions, type AdminCareSuggestion, type CareSuggestionStatus } from '../api/get-care-suggestions';
import { useDecideCareSuggestion, type CareSuggestionDecisionInput } from '../api/decide-care-suggestion';

type Decision = CareSuggestionDecisionInput['decision'];
const providerHref = (p: { kind: string; id: number }) => `/${p.kind}/${p.id}`;
const decidedWord: Record<CareSuggestionStatus, MessageDescriptor> = { pending: msg`Open`, approved: msg`Approved`, rejected: msg`Rejected` };
const emptyWord: Record<CareSuggestionStatus, MessageDescriptor> = {
  pending: msg`No open suggestions`,
  approved: msg`No approved suggestions`,
  rejected: msg`No rejected suggestions`,
};
/** contracts' careSuggestionKindLabels (word for word in English) in the page's language. */
const kindText = {
  hours: msg`Wrong opening hours`,
  closed: msg`Permanently closed`,
  place: msg`Wrong place on the map`,
  phone: msg`Wrong phone number`,
  other: msg`Something else`,
} satisfies Record<AdminCareSuggestion['kind'], MessageDescriptor>;

/** One suggested edit: the provider, what is wrong, who said so and when, and the decision. */
function SuggestionCard({ s, onDecide }: { s: AdminCareSuggestion; onDecide: (decision: Decision) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const who = s.user ? [s.user.firstName, s.user.email].filter(Boolean).join(', ') : t`a deleted account`;
  const when = dateTimeIn(locale, s.createdAt);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Suggested edit of ${s.provider.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Anchor href={providerHref(s.provider)} target="_blank" rel="noopener noreferrer" fw={600}>
            {s.provider.name}
          </Anchor>
          <Badge variant="light" tt="none">
            {t(kindText[s.kind])}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          “{s.details}”
        </Text>
        <Text size="xs" c="dimmed">
          {t`From ${who}, ${when}`}
        </Text>
        {s.status === 'pending' ? (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" color="red" variant="light" onClick={() => onDecide('reject')}>
              <Trans>Reject</Trans>
            </Button>
            <Button size="xs" onClick={() => onDecide('approve')}>
              <Trans>Approve</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t(decidedWord[s.status])}
            {s.decidedAt ? ` ${dateTimeIn(locale, s.decidedAt)}` : ''}
            {s.decisionNote ? `: ${s.decisionNote}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Approve or reject, with an optional note kept in the audit log and on the suggestion. */
function DecisionDialog({
  target,
  loading,
  onClose,
  onConfirm,
}: {
  target: { s: AdminCareSuggestion; decision: Decision } | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const { t } = useLingui();
  useEffect(() => {
    if (target) setNote('');
  }, [target]);
  const approve = target?.decision === 'approve';
  return (
    <Modal opened={target != null} onClose={onClose} title={approve ? t`Approve this suggestion?` : t`Reject this suggestion?`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {approve
            ? t`Approving records your decision; correct the facts on the provider’s page (Edit Care Facts or the profile) yourself.`
            : t`The suggestion leaves the queue; nothing on the page changes.`}
        </Text>
        <Textarea label={t`Note (optional)`} autosize minRows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color={approve ? undefined : 'red'} loading={loading} onClick={() => onConfirm(note)}>
            {approve ? t`Approve` : t`Reject`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A list's loading, failure and empty states, else its items. */
function ListState<T>({ query, failed, empty, children }: { query: { data: T | undefined; isLoading: boolean; isError: boolean }; failed: string; empty: (data: T) => string | null; children: (data: T) => ReactNode }) {
  const { data, isLoading, isError } = query;
  const { t } = useLingui();
  if (isLoading) return <Text c="dimmed">{t`Loading…`}</Text>;
  if (isError || data === undefined) return <Text c="red">{failed}</Text>;
  const none = empty(data);
  return none ? (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" c="dimmed">
        {none}
      </Text>
    </Paper>
  ) : (
    <>{children(data)}</>
  );
}

function SuggestionQueue() {
  const [status, setStatus] = useState<CareSuggestionStatus>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ s: AdminCareSuggestion; decision: Decision } | null>(null);
  const query = useAdminCareSuggestions(status, page);
  const { data } = query;
  const decide = useDecideCareSuggestion();
  const { t } = useLingui();
  const said = useAdminSaid();

  const act = (input: CareSuggestionDecisionInput) =>
    decide.mutate(input, {
      onSuccess: () => {
        toast({ title: input.decision === 'approve' ? t`Suggestion Approved` : t`Suggestion Rejected`, description: t`The decision is recorded in the activity log.` });
        setDeciding(null);
      },
      onError: (error) =>
        isUnauthorizedError(error)
          ? handleUnauthorized()
          : toast({ title: t`Error`, description: said(errorMessage(error, t`The action failed. Please try again.`)), variant: 'destructive' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / CARE_SUGGESTIONS_PER_PAGE)) : 1;
  return (
    <Stack gap="sm" component="section" aria-label={t`Suggested edits`}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            <Trans>Suggested edits</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>What signed-in people say is wrong on a provider’s page. Times are West Africa Time (WAT).</Trans>
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label={t`Which suggestions`}
          value={status}
          onChange={(value) => {
            setStatus(value as CareSuggestionStatus);
            setPage(1);
          }}
          data={(['pending', 'approved', 'rejected'] as const).map((v) => ({ value: v, label: t(decidedWord[v]) }))}
        />
      </Group>
      <ListState query={query} failed={t`Could not load the suggestions. Please reload the page.`} empty={(d) => (d.items.length ? null : t(emptyWord[status]))}>
        {(d) => (
          <>
            {d.items.map((s) => (
              <SuggestionCard key={s.id} s={s} onDecide={(decision) => setDeciding({ s, decision })} />
            ))}
            {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
          </>
        )}
      </ListState>
      <DecisionDialog
        target={deciding}
        loading={decide.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={(note) => deciding && act({ id: deciding.s.id, decision: deciding.decision, note })}
      />
    </Stack>
  );
}

function FlagList() {
  const query = useAdminCareFlags();
  const flagText = useFlagText(usePayerNames());
  const { t } = useLingui();
  return (
    <Stack gap="sm" component="section" aria-label={t`Contradicted facts`}>
      <div>
        <Title order={2} size="h4">
          <Trans>Contradicted facts</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Published fees or plans that three or more patients’ reports of the last months contradict. The owner sees them too.</Trans>
        </Text>
      </div>
      <ListState query={query} failed={t`Could not load the flags. Please reload the page.`} empty={(d) => (d.items.length ? null : t`No contradicted facts`)}>
        {(d) =>
          d.items.map((p) => (
            <Paper key={`${p.kind}-${p.id}`} withBorder radius="md" p="md" component="article" aria-label={t`Flags of ${p.name}`}>
              <Anchor href={providerHref(p)} target="_blank" rel="noopener noreferrer" fw={600}>
                {p.name}
              </Anchor>
              <List size="sm" mt={4} spacing={2}>
                {p.flags.map((f) => (
                  <List.Item key={`${f.kind}-${f.payer ?? ''}`}>{flagText(f)}</List.Item>
                ))}
              </List>
            </Paper>
          ))
        }
      </ListState>
    </Stack>
  );
}

/** The dashboard's Care facts tab (issue 45): the suggest-an-edit queue and the facts patients contradict. */
export function CareFactsQueue() {
  return (
    <Stack gap="xl">
      <SuggestionQueue />
      <FlagList />
    </Stack>
  );
}

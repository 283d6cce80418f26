import { useState } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { formatLagos, SUGGESTION_LOCALES, type TranslationSuggestionStatus } from '@ilera/contracts';
import { localeNames, type Locale } from '@ilera/contracts/locales';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import {
  TRANSLATION_SUGGESTIONS_PER_PAGE,
  useAdminTranslationSuggestions,
  useMarkTranslationSuggestion,
  type AdminTranslationSuggestion,
} from '../api/translation-suggestions';
import { useEnglishOf } from '../api/english-of';

const statusLabels: Record<TranslationSuggestionStatus, string> = { open: 'Open', done: 'Done', dismissed: 'Dismissed' };
const languageName = (locale: string) => localeNames[locale as Locale] ?? locale;

/** One suggestion: its language, the page, the words shown (and their English), the better words, and what became of it. */
function SuggestionCard({ s, english, onMark, marking }: { s: AdminTranslationSuggestion; english: string | null; onMark: (status: 'done' | 'dismissed') => void; marking: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Suggestion ${s.id} (${languageName(s.locale)})`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Anchor href={s.page} target="_blank" rel="noopener noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {s.page}
          </Anchor>
          <Badge variant="light" tt="none">
            {languageName(s.locale)}
          </Badge>
        </Group>
        <Text size="sm">
          <Text span fw={600}>English: </Text>
          {english ?? (s.shown ? 'not found in the catalogue' : 'not given')}
        </Text>
        <Text size="sm">
          <Text span fw={600}>Words on the page: </Text>
          {s.shown ? <span lang={s.locale}>{s.shown}</span> : 'not given'}
        </Text>
        <Text size="sm">
          <Text span fw={600}>Suggestion: </Text>
          <span lang={s.locale} style={{ whiteSpace: 'pre-line' }}>
            {s.suggestion}
          </span>
        </Text>
        <Text size="xs" c="dimmed">
          Sent {formatLagos(s.createdAt)}, {s.signedIn ? 'signed in' : 'signed out'}
        </Text>
        {s.status === 'open' ? (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" disabled={marking} onClick={() => onMark('dismissed')}>
              Dismiss
            </Button>
            <Button size="xs" disabled={marking} onClick={() => onMark('done')}>
              Mark done
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {statusLabels[s.status]}
            {s.decidedAt ? ` ${formatLagos(s.decidedAt)}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The dashboard's Translations tab (issue 50): suggestions sent from "Suggest a better translation"; English only. */
export function TranslationSuggestions() {
  const [status, setStatus] = useState<TranslationSuggestionStatus>('open');
  // 'all', or one language's code.
  const [locale, setLocale] = useState('all');
  const [page, setPage] = useState(1);
  const query = useAdminTranslationSuggestions(status, locale === 'all' ? '' : locale, page);
  const mark = useMarkTranslationSuggestion();
  const englishOf = useEnglishOf(query.data?.items ?? []);
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / TRANSLATION_SUGGESTIONS_PER_PAGE)) : 1;

  const act = (id: number, next: 'done' | 'dismissed') =>
    mark.mutate(
      { id, status: next },
      {
        onSuccess: () => toast({ title: next === 'done' ? 'Marked Done' : 'Suggestion Dismissed', description: 'Recorded in the activity log.' }),
        onError: (error) =>
          isUnauthorizedError(error)
            ? handleUnauthorized()
            : toast({ title: 'Error', description: errorMessage(error, 'The action failed. Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-label="Translation suggestions">
      <div>
        <Title order={2} size="h4">
          Translation suggestions
        </Title>
        <Text size="sm" c="dimmed">
          Better words visitors sent with “Suggest a better translation” beside a Beta language, newest first. Times are West Africa Time (WAT).
        </Text>
      </div>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Which suggestions"
          value={status}
          onChange={(value) => {
            setStatus(value as TranslationSuggestionStatus);
            setPage(1);
          }}
          data={(['open', 'done', 'dismissed'] as const).map((v) => ({ value: v, label: statusLabels[v] }))}
        />
        <Select
          aria-label="Language"
          value={locale}
          onChange={(value) => {
            setLocale(value ?? 'all');
            setPage(1);
          }}
          data={[{ value: 'all', label: 'All languages' }, ...SUGGESTION_LOCALES.map((l) => ({ value: l, label: localeNames[l] }))]}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {query.isLoading ? (
        <Text c="dimmed">Loading…</Text>
      ) : query.isError || !data ? (
        <Text c="red">Could not load the suggestions. Please reload the page.</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {status === 'open' ? 'No open suggestions' : `No ${status} suggestions`}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-label="Suggestions">
          {data.items.map((s) => (
            <SuggestionCard key={s.id} s={s} english={englishOf(s)} marking={mark.isPending} onMark={(next) => act(s.id, next)} />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </Stack>
      )}
    </Stack>
  );
}

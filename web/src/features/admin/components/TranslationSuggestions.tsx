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
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const statusLabels: Record<TranslationSuggestionStatus, MessageDescriptor> = { open: msg`Open`, done: msg`Done`, dismissed: msg`Dismissed` };
const noSuggestions: Record<TranslationSuggestionStatus, MessageDescriptor> = {
  open: msg`No open suggestions`,
  done: msg`No done suggestions`,
  dismissed: msg`No dismissed suggestions`,
};
const languageName = (locale: string) => localeNames[locale as Locale] ?? locale;

/** One suggestion: its language, the page, the words shown (and their English), the better words, and what became of it. */
function SuggestionCard({ s, english, onMark, marking }: { s: AdminTranslationSuggestion; english: string | null; onMark: (status: 'done' | 'dismissed') => void; marking: boolean }) {
  const { t } = useLingui();
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
          <Text span fw={600}>{t`English:`} </Text>
          {english ?? (s.shown ? t`not found in the catalogue` : t`not given`)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>{t`Words on the page:`} </Text>
          {s.shown ? <span lang={s.locale}>{s.shown}</span> : t`not given`}
        </Text>
        <Text size="sm">
          <Text span fw={600}>{t`Suggestion:`} </Text>
          <span lang={s.locale} style={{ whiteSpace: 'pre-line' }}>
            {s.suggestion}
          </span>
        </Text>
        <Text size="xs" c="dimmed">
          {s.signedIn ? t`Sent ${formatLagos(s.createdAt)}, signed in` : t`Sent ${formatLagos(s.createdAt)}, signed out`}
        </Text>
        {s.status === 'open' ? (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" disabled={marking} onClick={() => onMark('dismissed')}>
              <Trans>Dismiss</Trans>
            </Button>
            <Button size="xs" disabled={marking} onClick={() => onMark('done')}>
              <Trans>Mark done</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t(statusLabels[s.status])}
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
  const { t } = useLingui();
  const englishOf = useEnglishOf(query.data?.items ?? []);
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / TRANSLATION_SUGGESTIONS_PER_PAGE)) : 1;

  const act = (id: number, next: 'done' | 'dismissed') =>
    mark.mutate(
      { id, status: next },
      {
        onSuccess: () => toast({ title: next === 'done' ? t`Marked Done` : t`Suggestion Dismissed`, description: t`Recorded in the activity log.` }),
        onError: (error) =>
          isUnauthorizedError(error)
            ? handleUnauthorized()
            : toast({ title: t`Error`, description: errorMessage(error, t`The action failed. Please try again.`), variant: 'destructive' }),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-label={t`Translation suggestions`}>
      <div>
        <Title order={2} size="h4">
          <Trans>Translation suggestions</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Better words visitors sent with “Suggest a better translation” beside a Beta language, newest first. Times are West Africa Time (WAT).</Trans>
        </Text>
      </div>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t`Which suggestions`}
          value={status}
          onChange={(value) => {
            setStatus(value as TranslationSuggestionStatus);
            setPage(1);
          }}
          data={(['open', 'done', 'dismissed'] as const).map((v) => ({ value: v, label: t(statusLabels[v]) }))}
        />
        <Select
          aria-label={t`Language`}
          value={locale}
          onChange={(value) => {
            setLocale(value ?? 'all');
            setPage(1);
          }}
          data={[{ value: 'all', label: t`All languages` }, ...SUGGESTION_LOCALES.map((l) => ({ value: l, label: localeNames[l] }))]}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {query.isLoading ? (
        <Text c="dimmed">
          <Trans>Loading…</Trans>
        </Text>
      ) : query.isError || !data ? (
        <Text c="red">
          <Trans>Could not load the suggestions. Please reload the page.</Trans>
        </Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t(noSuggestions[status])}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-label={t`Suggestions`}>
          {data.items.map((s) => (
            <SuggestionCard key={s.id} s={s} english={englishOf(s)} marking={mark.isPending} onMark={(next) => act(s.id, next)} />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </Stack>
      )}
    </Stack>
  );
}

import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, Container, Group, NativeSelect, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { useLocaleBase } from '../../../i18n/use-locale';
import { searchTypeOptions, type SearchType } from '../search-params';
import { readSearchState, writeSearchState, type SearchState } from '../search-state';
import { useMyPlan } from '../../care/use-my-plan';
import { withMyPlan } from '../../care/my-plan-cookie';

// instantsearch and everything that shows its answers: see SearchResultsArea.
const SearchResultsArea = lazy(() => import('../components/SearchResultsArea'));

/**
 * /search (spec §2, D1: public). The address holds the whole search; react-router
 * owns it, and instantsearch (in SearchResultsArea) only runs the search it describes.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useLingui();
  const state = useMemo(() => readSearchState(params), [params]);

  // Landing and dashboard links carry `location` (lagos-lagos): show it as the city and state it stands for.
  useEffect(() => {
    if (params.has('location')) setParams(writeSearchState(state), { replace: true });
  }, [params, setParams, state]);

  // Issue 45: "My plan" (Account settings, or a visitor's cookie) preselects the plan filter of a search
  // that says nothing of a plan. (A visitor's server-drawn search is sent again with it by the loader.)
  const myPlan = useMyPlan().plan;
  useEffect(() => {
    const next = withMyPlan(params.toString(), myPlan ?? null);
    if (next !== null && !params.has('location')) setParams(new URLSearchParams(next), { replace: true });
  }, [params, setParams, myPlan]);

  // `replace`: the new address takes the place of the current one in the history (the device's
  // location found for "near me": Back must not return to a search that asks for it again).
  const navigateTo = (next: SearchState, options?: { replace?: boolean }) => {
    setParams(writeSearchState(next), options);
    window.scrollTo({ top: 0 });
  };
  // Any change of what is searched starts again at page 1.
  const update = (patch: Partial<SearchState>, options?: { replace?: boolean }) => navigateTo({ ...state, page: 1, ...patch }, options);

  return (
    // The app rewrites a `location` at once (above): it must come at once for it (issue 35: web/src/main.tsx).
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} data-app-at-once={params.get('location') ? '' : undefined}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 32 }}>
          {t`Find Healthcare Providers`}
        </Title>
        {/* The spec's toggle on every screen (issue 48, D16/D18); compact on a phone (app/global.css),
            where the first screen still shows the first result. */}
        <SegmentedControl
          className="ilera-type-toggle"
          aria-label={t`Search for`}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
          value={state.type}
          onChange={(value) => navigateTo({ ...emptyFilters(state), type: value as SearchType, q: state.q, city: state.city, state: state.state })}
          data={typeOptions(t`Professionals`, t`Institutions`)}
        />
        <SearchForm state={state} onSearch={navigateTo} />
        {/* Nothing in its place while its code arrives: it is added below the form, and
            the footer is below the fold, so nothing visible moves when it comes. */}
        <Suspense fallback={null}>
          <SearchResultsArea state={state} update={update} navigateTo={navigateTo} />
        </Suspense>
      </Stack>
    </Container>
  );
}

/** The spec's two kinds of search, in the page's language (the landing page's words). */
const typeOptions = (professionals: string, institutions: string) =>
  searchTypeOptions.map((o) => ({ value: o.value, label: o.value === 'professionals' ? professionals : institutions }));

function emptyFilters(s: SearchState): SearchState {
  // Near the device, nearest first, whichever kind of provider (issue 33).
  return { type: s.type, q: s.q, page: 1, sort: s.sort === 'distance' ? 'distance' : 'relevance', near: s.near, radius: s.radius, place: s.place };
}

/**
 * The search's filters, as the address names them, for the form sent by the browser: new words
 * keep them (and another type's own are dropped by readSearchState, as the app does), not the
 * device's location (new words search everywhere) nor the page.
 */
function keptFilters(s: SearchState): [string, string][] {
  const params = writeSearchState({ ...s, q: '', page: 1, near: undefined, sort: s.sort === 'distance' ? 'relevance' : s.sort });
  params.delete('type'); // the form's own select says it
  return [...params];
}

/** The free-text box, the search-type selector and the Search button: they navigate to /search with q and type. */
function SearchForm({ state, onSearch }: { state: SearchState; onSearch: (s: SearchState) => void }) {
  const [q, setQ] = useState(state.q);
  const [type, setType] = useState<SearchType>(state.type);
  const { t } = useLingui();
  // Issue 50: the form sent before the app searches in the page's language.
  const base = useLocaleBase();
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => setType(state.type), [state.type]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Same kind of search: keep the filters; another kind: its own filters start empty.
    const base = type === state.type ? state : { ...emptyFilters(state), type, city: state.city, state: state.state };
    // The device's location belongs to the words that asked for it ("near me", issue 33): new
    // words search everywhere, unless they ask again (the page then asks the device again).
    const words = q.trim();
    const near = words === state.q ? {} : { near: undefined, radius: undefined, place: undefined, sort: base.sort === 'distance' ? 'relevance' : base.sort };
    onSearch({ ...base, q: words, page: 1, ...near } as SearchState);
  };
  return (
    <form
      role="search"
      aria-label={t`Search the directory`}
      onSubmit={submit}
      // Before the app (or without scripts, issue 35) the browser sends the form itself, as the
      // landing page's: typing and Enter go to the server-drawn /search, which reads q and type,
      // and the filters below (readSearchState drops another type's own). New words search
      // everywhere: the device's location is not sent (as above).
      action={`${base}/search`}
      method="get"
    >
      {keptFilters(state).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t`Search`}
          name="q"
          placeholder={t`Search by name, specialty or city...`}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          style={{ flex: '1 1 260px' }}
          autoComplete="off"
          enterKeyHint="search"
        />
        <NativeSelect
          aria-label={t`Search type`}
          name="type"
          value={type}
          onChange={(e) => setType(e.currentTarget.value as SearchType)}
          data={typeOptions(t`Professionals`, t`Institutions`)}
          style={{ flex: '0 1 180px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
          {t`Search`}
        </Button>
      </Group>
    </form>
  );
}

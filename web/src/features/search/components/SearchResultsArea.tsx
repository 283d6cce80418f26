import { memo, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Grid, Group, NativeSelect, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Plural, useLingui } from '@lingui/react/macro';
import { Configure, InstantSearch, InstantSearchSSRProvider, useInstantSearch, type InstantSearchServerState } from 'react-instantsearch';
import { createSearchClient, SearchClientContext } from '../api/search-client';
import { availabilityCountsOf } from '../api/availability-counts';
import { busyMessage, isBusyError, isRateLimitedError, rateLimitedMessage } from '../../../lib/api';
import { useDataSaver } from '../../../lib/data-saver';
import {
  DEFAULT_RADIUS_KM,
  facetFields,
  indexNameOf,
  maxPages,
  MAX_RADIUS_KM,
  planOf,
  MAX_RESULTS,
  resultsPerPage,
  searchParametersOf,
  searchServerStateKey,
  type SearchSort,
  type SearchState,
} from '../search-state';
import { CategoryCards, SubPicker } from './CategoryCards';
import { FiltersPanel, type FacetValue, type SearchFacets } from './FiltersPanel';
import { TipsCard } from './TipsCard';
import { InstitutionResultCard, ProfessionalResultCard, type InstitutionHit, type ProfessionalHit } from './ResultCard';
import { formatCount } from './ResultParts';
import { UnderstoodChips } from './UnderstoodChips';
import { NearMePrompt } from './NearMePrompt';
import { APPLICABLE, understoodOf, withoutWords } from '../understood';
import { usePayerNames } from '../../care/api/get-payers';
import { Pages, SearchLater } from './SearchLater';

export const SKELETON_CARDS = 5;

/**
 * The search page's filters, facets and results: instantsearch (with the Typesense
 * adapter pointed at our /api/search/multi_search) runs the search the address
 * describes. Its own chunk, loaded lazily by the page, so that the page's title and
 * search form paint without waiting for instantsearch (Lighthouse's LCP).
 */
export default function SearchResultsArea(props: SearchBodyProps) {
  const indexName = indexNameOf(props.state);
  // Another order is another index: a new instance, which starts with a search of its own.
  return <SearchInstance key={indexName} indexName={indexName} {...props} />;
}

function SearchInstance({ indexName, ...props }: SearchBodyProps & { indexName: string }) {
  const serverClient = useContext(SearchClientContext);
  const searchClient = useMemo(() => serverClient ?? createSearchClient(), [serverClient]);
  // Issue 35: shorter pages for a data saver (the server drew the page with the same length).
  const perPage = resultsPerPage(useDataSaver());
  // A page the server rendered (decision 015) brings instantsearch's state for the search in
  // its address: the instance starts from those results, with no request of its own, and
  // hydrates what the server drew. Read once, when the instance starts: the provider must
  // not come or go under a running instance. Only for the length it was drawn with: while
  // hydrating, that is the length; if React draws this part itself after the footer's switch
  // changed it (it does when the part gets new props while it is hydrating on a busy phone),
  // there is none, and the instance searches.
  const queryClient = useQueryClient();
  const [serverState] = useState(() => queryClient.getQueryData<InstantSearchServerState>(searchServerStateKey(props.state, perPage)));
  // Used once: coming back to this search later asks the index again.
  useEffect(() => queryClient.removeQueries({ queryKey: searchServerStateKey() }), [queryClient]);
  return (
    <InstantSearchSSRProvider {...serverState}>
      <InstantSearch searchClient={searchClient} indexName={indexName} future={{ preserveSharedStateOnUnmount: true }}>
        <Configure {...(searchParametersOf(props.state, perPage) as object)} />
        <SearchBody {...props} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

function facetValues(results: unknown, attribute: string): FacetValue[] {
  const r = results as { getFacetValues?: (a: string, o: unknown) => unknown } | undefined;
  let values: unknown;
  try {
    values = r?.getFacetValues?.(attribute, { sortBy: ['count:desc', 'name:asc'] });
  } catch {
    values = undefined; // the facet was not part of this answer
  }
  return Array.isArray(values) ? values.map((v: { name: string; count: number }) => ({ name: v.name, count: v.count })) : [];
}

type InstantSearchView = Pick<ReturnType<typeof useInstantSearch>, 'results' | 'status' | 'error'>;
export interface SearchBodyProps {
  state: SearchState;
  update: (patch: Partial<SearchState>, options?: { replace?: boolean }) => void;
  navigateTo: (s: SearchState, options?: { replace?: boolean }) => void;
}

/**
 * Answers arrive outside any event, so React would render ten result cards, the
 * filters and the facets as one task: on a slow phone a long freeze (Lighthouse's
 * Total Blocking Time). A deferred value renders them as a transition instead, in
 * slices the browser can interrupt; the skeletons or the previous answer stay on
 * screen until it is done.
 */
function SearchBody(props: SearchBodyProps) {
  const { results, status, error } = useInstantSearch();
  const view = useDeferredValue(useMemo(() => ({ results, status, error }), [results, status, error]));
  return <SearchResults {...props} view={view} />;
}

const SearchResults = memo(function SearchResults({ state, update, navigateTo, view }: SearchBodyProps & { view: InstantSearchView }) {
  const { t } = useLingui();
  const { results, status, error } = view;
  const artificial = !results || (results as { __isArtificial?: boolean }).__isArtificial;
  const loading = status === 'loading' || status === 'stalled' || artificial;
  const { category, sub } = facetFields[state.type];

  // Facets keep the last answer's counts while the next search runs (computed while
  // rendering, not in an effect, which would render everything a second time).
  const lastFacets = useRef<SearchFacets>({ category: [], sub: [], state: [], city: [], verified: [], availability: [] });
  const facets = useMemo<SearchFacets>(
    () =>
      artificial || status === 'error'
        ? lastFacets.current
        : {
            category: facetValues(results, category),
            sub: facetValues(results, sub),
            state: facetValues(results, 'state'),
            city: facetValues(results, 'city'),
            verified: facetValues(results, 'isVerified'),
            availability: availabilityCountsOf(results).map((c) => ({ name: c.value, count: c.count })),
          },
    [results, artificial, status, category, sub],
  );
  useEffect(() => {
    lastFacets.current = facets;
  }, [facets]);

  const found = results?.nbHits ?? 0;
  // The pages of the answer's own length (shorter for a data saver), up to the last one the API serves.
  const pages = Math.min(results?.nbPages ?? 0, maxPages(results?.hitsPerPage || undefined));
  const radius = state.radius ?? DEFAULT_RADIUS_KM;
  const wider = widerRadius(radius);
  const hits = (results?.hits ?? []) as unknown[];
  // Only an answer to the words now in the box: the previous query's chips go at once.
  const answered = useMemo(
    () => (artificial || status === 'error' || results?.query !== state.q ? [] : understoodOf(results)),
    [results, artificial, status, state.q],
  );
  // The words name a kind of institution ("clinic near me" on the Professionals tab, the landing
  // page's default): the same words are searched among institutions, in place of this search
  // (Back returns to where the patient was). Nothing of this answer is shown or asked meanwhile.
  const elsewhere = state.type === 'professionals' && answered.some((u) => u.field === 'collection' && u.value === 'institutions');
  const understood = useMemo(() => (elsewhere ? [] : answered.filter((u) => u.field !== 'collection')), [answered, elsewhere]);
  // Issue 45: "Accepts NHIA" on the cards while the search is filtered on a plan (chosen, or understood from the words).
  const payerNames = usePayerNames();
  const planWords = understood.find((u) => !u.suggested && (u.field === 'plans' || u.field === 'primaryPlans'));
  const planSlug = planOf(state) ?? planWords?.value;
  const plan = planSlug ? { slug: planSlug, name: payerNames.get(planSlug) ?? (planWords?.value === planSlug ? planWords.label.replace(/^Accepts /, '') : undefined) } : undefined;
  useEffect(() => {
    if (!elsewhere) return;
    // As the type selector does: the place and near-me stay, the other kind's filters go.
    const { q, city, state: inState, near, radius, place, sort } = state;
    navigateTo({ type: 'institutions', q, city, state: inState, near, radius, place, page: 1, sort: sort === 'distance' ? 'distance' : 'relevance' }, { replace: true });
  }, [elsewhere, state, navigateTo]);

  return (
    <>
      <UnderstoodChips
        items={understood}
        onRemove={(u) =>
          update({
            q: withoutWords(state.q, u.text),
            // "Near you" gone: no longer near the device, nor nearest first.
            ...(u.field === 'near' ? { near: undefined, radius: undefined, place: undefined, sort: state.sort === 'distance' ? 'relevance' : state.sort } : {}),
          })
        }
        // Issue 48: a suggestion the page has a filter for applies it, its words no longer searched.
        onApply={(u) => {
          const key = APPLICABLE[u.field as keyof typeof APPLICABLE];
          return key ? () => update({ [key]: u.value, q: withoutWords(state.q, u.text) } as Partial<SearchState>) : undefined;
        }}
      />
      <NearMePrompt state={state} asked={understood.find((u) => u.field === 'near')} update={update} />
      {/* Words the app answers at once on a server-drawn page ("near me" asks the device where it is; a kind of
          institution on the Professionals tab moves the search): the app must come at once (decision 036). */}
      <Grid gutter="lg" data-app-at-once={elsewhere || (understood.some((u) => u.field === 'near') && !state.near) ? '' : undefined}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FiltersPanel state={state} facets={facets} onChange={update} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <CategoryCards state={state} facet={facets.category} onChange={update} />
            <SubPicker state={state} facet={facets.sub} onChange={update} />
            {/* The result cards' names are h3: headings go down one level at a time. */}
            <VisuallyHidden component="h2">{t`Results`}</VisuallyHidden>
            <Group justify="space-between" align="center">
              <Text fw={600} role="status" aria-live="polite">
                {loading ? t`Searching…` : <Plural value={found} one={`${formatCount(found)} result found`} other={`${formatCount(found)} results found`} />}
              </Text>
              <NativeSelect
                aria-label={t`Sort by`}
                size="xs"
                value={state.sort}
                onChange={(e) => update({ sort: e.currentTarget.value as SearchSort })}
                data={[
                  { value: 'relevance', label: t`Best match` },
                  { value: 'rating', label: t`Highest rated` },
                  ...(state.type === 'professionals' ? [{ value: 'experience', label: t`Most experienced` }] : []),
                  { value: 'fee', label: t`Lowest fee` },
                  { value: 'soonest', label: t`Soonest available` },
                  ...(state.near ? [{ value: 'distance', label: t`Nearest` }] : []),
                ]}
              />
            </Group>
            {status === 'error' && isRateLimitedError(error) ? (
              // Issue 50: the refusals' words in search-later.po (SearchLater): a search is seldom refused.
              <Alert color="orange" title={<SearchLater en="Too many searches" text={['tooManyTitle']} />} role="alert">
                <SearchLater en={rateLimitedMessage(error)} text={['tryAgain', rateLimitedMessage(error)]} />
              </Alert>
            ) : status === 'error' && isBusyError(error) ? (
              <Alert color="orange" title={<SearchLater en="Search is busy" text={['busyTitle']} />} role="alert">
                <SearchLater en={busyMessage(error)} text={['tryAgain', busyMessage(error)]} />
              </Alert>
            ) : status === 'error' ? (
              <Alert color="red" title={t`Search failed`} role="alert">
                {/* The spec's search error text; the details stay in the console. */}
                {t`Network response was not ok. Please try again.`}
              </Alert>
            ) : loading ? (
              <Stack gap="md" aria-busy="true" aria-label={t`Loading results`}>
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <Card key={i} withBorder radius="md" padding="lg" data-testid="result-skeleton">
                    <Group align="flex-start" wrap="nowrap">
                      <Skeleton height={64} circle />
                      <Stack gap={8} style={{ flex: 1 }}>
                        <Skeleton height={18} width="60%" />
                        <Skeleton height={12} width="40%" />
                        <Skeleton height={12} width="80%" />
                        <Skeleton height={12} width="70%" />
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </Stack>
            ) : hits.length === 0 && found > 0 ? (
              // An address past the last page (a shared ?page=50 of a search that has since shrunk):
              // say where the results are rather than "No results found" under "N results found".
              // Issue 50: this state and the two rare ones below have their words in search-later.po (SearchLater).
              <EmptyResults
                title={<SearchLater en="No results on this page" text={['pastLastTitle']} />}
                text={<SearchLater en={`This search has ${pages} ${pages === 1 ? 'page' : 'pages'} of results.`} text={['pastLastText', pages]} />}
              >
                <Button variant="light" onClick={() => navigateTo({ ...state, page: pages })}>
                  <SearchLater en={`Go to page ${pages}`} text={['goToPage', pages]} />
                </Button>
              </EmptyResults>
            ) : hits.length === 0 && state.near && (state.radius ?? DEFAULT_RADIUS_KM) < MAX_RADIUS_KM ? (
              // Nothing this close (issue 33): offer a wider circle rather than a dead end.
              <EmptyResults
                title={<SearchLater en={`No results within ${radius} km`} text={['noneWithin', radius]} />}
                text={<SearchLater en="Try a wider area, or other words." text={['widerText']} />}
                icon
              >
                <Button variant="light" onClick={() => update({ radius: wider })}>
                  <SearchLater en={`Search within ${wider} km`} text={['searchWithin', wider]} />
                </Button>
              </EmptyResults>
            ) : hits.length === 0 ? (
              <EmptyResults title={t`No results found`} text={t`Try other words, check the spelling, or remove a filter.`} icon />
            ) : (
              <Stack gap="md">
                {state.type === 'professionals'
                  ? (hits as ProfessionalHit[]).map((h) => <ProfessionalResultCard key={h.id} hit={h} plan={plan} />)
                  : (hits as InstitutionHit[]).map((h) => <InstitutionResultCard key={h.id} hit={h} plan={plan} />)}
              </Stack>
            )}
            {!loading && status !== 'error' && found > MAX_RESULTS && (
              // The API serves the first 1,000 results at most, as hosted search services do:
              // say so, rather than let the page list end at 100 without a word.
              <Text size="sm" c="dimmed" ta="center" role="note">
                <SearchLater
                  en={`Showing the first ${formatCount(MAX_RESULTS)} of ${formatCount(found)} results. Add a filter or a place to narrow your search.`}
                  text={['firstOnly', formatCount(MAX_RESULTS), formatCount(found)]}
                />
              </Text>
            )}
            {!loading && pages > 1 && (
              <Group justify="center">
                {/* Issue 50: the page list's labels in the page's language (search-later.po), English meanwhile. */}
                <Pages total={pages} value={Math.min(state.page, pages)} onChange={(page) => navigateTo({ ...state, page })} />
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TipsCard state={state} facet={facets.sub} onChange={update} />
        </Grid.Col>
      </Grid>
    </>
  );
});

/** The next circle when none is near enough: 25 -> 100 -> 500 km (the API's largest). */
const widerRadius = (km: number) => (km < 100 ? 100 : MAX_RADIUS_KM);

/** The card in place of the results when there are none to show: what happened, and what to do. */
function EmptyResults({ title, text, icon = false, children }: { title: ReactNode; text: ReactNode; icon?: boolean; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="xs" ta="center">
        {icon && <IconMoodEmpty size={40} aria-hidden color="var(--mantine-color-dimmed)" />}
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

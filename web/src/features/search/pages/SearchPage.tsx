import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Grid, Group, NativeSelect, Pagination, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch, IconMoodEmpty } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { Configure, InstantSearch, useInstantSearch } from 'react-instantsearch';
import { createSearchClient } from '../api/search-client';
import { searchTypeOptions, type SearchType } from '../search-params';
import { facetFields, indexNameOf, readSearchState, searchParametersOf, writeSearchState, type SearchSort, type SearchState } from '../search-state';
import { CategoryCards, SubPicker } from '../components/CategoryCards';
import { FiltersPanel, type FacetValue, type SearchFacets } from '../components/FiltersPanel';
import { TipsCard } from '../components/TipsCard';
import { ProfessionalResultCard, type ProfessionalHit } from '../components/ProfessionalResultCard';
import { InstitutionResultCard, type InstitutionHit } from '../components/InstitutionResultCard';
import { formatCount } from '../components/ResultParts';

export const SKELETON_CARDS = 5;
/** Typesense, like Algolia, pages through the first 1,000 results at most; narrower searches reach further. */
const MAX_PAGES = 100;

/**
 * /search (spec §2, D1: public). The address holds the whole search; react-router
 * owns it, and instantsearch (with the Typesense adapter pointed at our
 * /api/search/multi_search) only runs the search it describes.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const searchClient = useMemo(() => createSearchClient(), []);

  // Landing and dashboard links carry `location` (lagos-lagos): show it as the city and state it stands for.
  useEffect(() => {
    if (params.has('location')) setParams(writeSearchState(state), { replace: true });
  }, [params, setParams, state]);

  const navigateTo = (next: SearchState) => {
    setParams(writeSearchState(next));
    window.scrollTo({ top: 0 });
  };
  // Any change of what is searched starts again at page 1.
  const update = (patch: Partial<SearchState>) => navigateTo({ ...state, page: 1, ...patch });

  const indexName = indexNameOf(state);
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Find Healthcare Providers
        </Title>
        <SegmentedControl
          aria-label="Search for"
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
          value={state.type}
          onChange={(value) => navigateTo({ ...emptyFilters(state), type: value as SearchType, q: state.q, city: state.city, state: state.state })}
          data={searchTypeOptions.map((o) => ({ value: o.value, label: o.label }))}
        />
        <SearchForm state={state} onSearch={navigateTo} />
        <InstantSearch key={indexName} searchClient={searchClient} indexName={indexName} future={{ preserveSharedStateOnUnmount: true }}>
          <Configure {...(searchParametersOf(state) as object)} />
          <SearchBody state={state} update={update} navigateTo={navigateTo} />
        </InstantSearch>
      </Stack>
    </Container>
  );
}

function emptyFilters(s: SearchState): SearchState {
  return { type: s.type, q: s.q, page: 1, sort: 'relevance' };
}

/** The free-text box, the search-type selector and the Search button: they navigate to /search with q and type. */
function SearchForm({ state, onSearch }: { state: SearchState; onSearch: (s: SearchState) => void }) {
  const [q, setQ] = useState(state.q);
  const [type, setType] = useState<SearchType>(state.type);
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => setType(state.type), [state.type]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Same kind of search: keep the filters; another kind: its own filters start empty.
    const base = type === state.type ? state : { ...emptyFilters(state), type, city: state.city, state: state.state };
    onSearch({ ...base, q: q.trim(), page: 1 });
  };
  return (
    <form role="search" aria-label="Search the directory" onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search"
          placeholder="Search by name, specialty or city..."
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          style={{ flex: '1 1 260px' }}
          autoComplete="off"
          enterKeyHint="search"
        />
        <NativeSelect
          aria-label="Search type"
          value={type}
          onChange={(e) => setType(e.currentTarget.value as SearchType)}
          data={searchTypeOptions.map((o) => ({ value: o.value, label: o.label }))}
          style={{ flex: '0 1 180px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
          Search
        </Button>
      </Group>
    </form>
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

type InstantSearchView = Pick<ReturnType<typeof useInstantSearch>, 'results' | 'status'>;
interface SearchBodyProps {
  state: SearchState;
  update: (patch: Partial<SearchState>) => void;
  navigateTo: (s: SearchState) => void;
}

/**
 * Answers arrive outside any event, so React would render ten result cards, the
 * filters and the facets as one task: on a slow phone a long freeze (Lighthouse's
 * Total Blocking Time). A deferred value renders them as a transition instead, in
 * slices the browser can interrupt; the skeletons or the previous answer stay on
 * screen until it is done.
 */
function SearchBody(props: SearchBodyProps) {
  const { results, status } = useInstantSearch();
  const view = useDeferredValue(useMemo(() => ({ results, status }), [results, status]));
  return <SearchResults {...props} view={view} />;
}

const SearchResults = memo(function SearchResults({ state, update, navigateTo, view }: SearchBodyProps & { view: InstantSearchView }) {
  const { results, status } = view;
  const artificial = !results || (results as { __isArtificial?: boolean }).__isArtificial;
  const loading = status === 'loading' || status === 'stalled' || artificial;
  const { category, sub } = facetFields[state.type];

  // Facets keep the last answer's counts while the next search runs (computed while
  // rendering, not in an effect, which would render everything a second time).
  const lastFacets = useRef<SearchFacets>({ category: [], sub: [], state: [], city: [] });
  const facets = useMemo<SearchFacets>(
    () =>
      artificial || status === 'error'
        ? lastFacets.current
        : {
            category: facetValues(results, category),
            sub: facetValues(results, sub),
            state: facetValues(results, 'state'),
            city: facetValues(results, 'city'),
          },
    [results, artificial, status, category, sub],
  );
  useEffect(() => {
    lastFacets.current = facets;
  }, [facets]);

  const found = results?.nbHits ?? 0;
  const pages = Math.min(results?.nbPages ?? 0, MAX_PAGES);
  const hits = (results?.hits ?? []) as unknown[];

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <FiltersPanel state={state} facets={facets} onChange={update} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <CategoryCards state={state} facet={facets.category} onChange={update} />
          <SubPicker state={state} facet={facets.sub} onChange={update} />
          {/* The result cards' names are h3: headings go down one level at a time. */}
          <VisuallyHidden component="h2">Results</VisuallyHidden>
          <Group justify="space-between" align="center">
            <Text fw={600} role="status" aria-live="polite">
              {loading ? 'Searching…' : `${formatCount(found)} ${found === 1 ? 'result' : 'results'} found`}
            </Text>
            <NativeSelect
              aria-label="Sort by"
              size="xs"
              value={state.sort}
              onChange={(e) => update({ sort: e.currentTarget.value as SearchSort })}
              data={[
                { value: 'relevance', label: 'Best match' },
                { value: 'rating', label: 'Highest rated' },
                ...(state.type === 'professionals' ? [{ value: 'experience', label: 'Most experienced' }] : []),
              ]}
            />
          </Group>
          {status === 'error' ? (
            <Alert color="red" title="Search failed" role="alert">
              {/* The spec's search error text; the details stay in the console. */}
              Network response was not ok. Please try again.
            </Alert>
          ) : loading ? (
            <Stack gap="md" aria-busy="true" aria-label="Loading results">
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
          ) : hits.length === 0 ? (
            <Card withBorder radius="md" padding="xl">
              <Stack align="center" gap="xs" ta="center">
                <IconMoodEmpty size={40} aria-hidden color="var(--mantine-color-dimmed)" />
                <Title order={2} size="h4">
                  No results found
                </Title>
                <Text size="sm" c="dimmed">
                  Try other words, check the spelling, or remove a filter.
                </Text>
              </Stack>
            </Card>
          ) : (
            <Stack gap="md">
              {state.type === 'professionals'
                ? (hits as ProfessionalHit[]).map((h) => <ProfessionalResultCard key={h.id} hit={h} />)
                : (hits as InstitutionHit[]).map((h) => <InstitutionResultCard key={h.id} hit={h} />)}
            </Stack>
          )}
          {!loading && pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => navigateTo({ ...state, page })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control === 'first' ? 'First page' : 'Last page',
                })}
                siblings={1}
              />
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TipsCard state={state} facet={facets.sub} onChange={update} />
      </Grid.Col>
    </Grid>
  );
});

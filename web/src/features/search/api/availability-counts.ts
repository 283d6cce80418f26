import { availabilityWindows, type AvailabilityWindow } from '@ilera/contracts';
import { AVAILABILITY_COUNTS } from '../search-state';

/** One instantsearch request, as the search client receives it (Algolia's shape). */
interface Request {
  indexName: string;
  params?: Record<string, unknown>;
}
interface Answer {
  results: Record<string, unknown>[];
}
interface Client {
  search: (requests: Request[]) => Promise<Answer>;
}

export interface AvailabilityCount {
  value: AvailabilityWindow;
  count: number;
}

/**
 * Issue 17: the Availability filter's counts (how many providers are free today, within
 * 3 days, this week, under the other filters), whichever engine answers. The page's search
 * carries the three windows' filters (search-state.ts); this client adds a count-only search
 * for each to the same multi_search request, as the REST search counts `facets.availability`,
 * and hands instantsearch its own answers, the counts in the main answer's `userData` (where
 * `understood` travels too).
 */
export function withAvailabilityCounts<C extends object>(searchClient: C): C {
  // The adapter's client type is a union of Algolia clients; we use its `search` alone.
  const client = searchClient as unknown as Client;
  return {
    ...searchClient,
    async search(requests: Request[]) {
      const main = requests.findIndex((r) => r.params?.[AVAILABILITY_COUNTS]);
      const own = requests.map((r) => ({ ...r, params: withoutCounts(r.params) }));
      if (main < 0) return client.search(own);
      const windows = requests[main]!.params![AVAILABILITY_COUNTS] as Record<AvailabilityWindow, string>;
      const counts = availabilityWindows.map((w) => ({
        indexName: own[main]!.indexName,
        params: { ...own[main]!.params, facets: [], hitsPerPage: 0, page: 0, filters: windows[w] },
      }));
      const answer = await client.search([...own, ...counts]);
      const results = answer.results.slice(0, own.length);
      const found = answer.results.slice(own.length).map((r, i) => ({ value: availabilityWindows[i]!, count: Number(r.nbHits ?? 0) }));
      const userData = results[main]!.userData;
      results[main] = { ...results[main], userData: [...(Array.isArray(userData) ? userData : []), { availability: found }] };
      return { ...answer, results };
    },
  } as C;
}

function withoutCounts(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params || !(AVAILABILITY_COUNTS in params)) return params;
  const { [AVAILABILITY_COUNTS]: _counts, ...rest } = params;
  return rest;
}

/** The availability counts of an instantsearch answer (none when it has none). */
export function availabilityCountsOf(results: unknown): AvailabilityCount[] {
  const userData = (results as { userData?: unknown } | undefined)?.userData;
  if (!Array.isArray(userData)) return [];
  for (const entry of userData) {
    const list = (entry as { availability?: unknown } | null)?.availability;
    if (Array.isArray(list)) return list as AvailabilityCount[];
  }
  return [];
}

import { createContext } from 'react';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import { searchQueryBy, searchSortBy } from '@ilera/contracts';
import { withAvailabilityCounts } from './availability-counts';

/**
 * The search page's one "call": the typesense-instantsearch-adapter, unchanged,
 * pointed at our own API. It posts to `/api/search/multi_search` (node path +
 * '/multi_search') on the page's own origin, and the API answers from whichever
 * engine the server runs; no search key ever reaches the browser ('public' is a
 * placeholder the server ignores). The availability counts go with each search
 * (availability-counts.ts).
 *
 * On the server (web/src/entry-server.tsx, decision 015) `send` is the API's own
 * search, called in the process instead of over HTTP; the address is then unused.
 * Without it the server never searches: the search page draws the answer it was given.
 */
export function createSearchClient(send?: typeof fetch) {
  const onServer = typeof window === 'undefined';
  if (onServer) send ??= () => Promise.reject(new Error('No search while rendering: the page draws the server state'));
  const { protocol, hostname, port } = onServer ? { protocol: 'http:', hostname: 'localhost', port: '' } : window.location;
  const adapter = new TypesenseInstantSearchAdapter({
    server: {
      apiKey: 'public',
      nodes: [
        {
          host: hostname,
          port: Number(port || (protocol === 'https:' ? 443 : 80)),
          protocol: protocol.replace(':', ''),
          path: '/api/search',
        },
      ],
      connectionTimeoutSeconds: 10,
      // The browser caches nothing itself: every search shows the current index.
      cacheSearchResultsForSeconds: 0,
      // Read by our stand-in for the typesense client (typesense-multi-search.ts).
      ...(send ? { fetch: send } : {}),
    } as ConstructorParameters<typeof TypesenseInstantSearchAdapter>[0]['server'],
    additionalSearchParameters: { query_by: searchQueryBy.professionals.join(',') },
    // "Best match" (an index name without /sort/) is relevance, then rating (D10), as the REST searches order
    // it; without a sort_by the engines break ties by id. An index name's /sort/ part takes precedence.
    collectionSpecificSearchParameters: {
      professionals: { query_by: searchQueryBy.professionals.join(','), sort_by: searchSortBy.professionals.relevance },
      institutions: { query_by: searchQueryBy.institutions.join(','), sort_by: searchSortBy.institutions.relevance },
    },
  });
  return withAvailabilityCounts(adapter.searchClient);
}

export type SearchClient = ReturnType<typeof createSearchClient>;

/** The server renderer's search client; the browser's (null) is made by the search page itself. */
export const SearchClientContext = createContext<SearchClient | null>(null);

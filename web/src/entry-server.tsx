// Server rendering of the public pages (issue 16, decision 015). Built by
// `vite build --ssr` into dist/.ssr/entry-server.js; the API (api/src/modules/seo/pages.ts)
// imports it, hands it the data it read from PostgreSQL, and sends the HTML inside
// index.html with the query cache's state, from which main.tsx hydrates.
import { StrictMode, type ReactNode } from 'react';
// The edge build, not the Node one (react-dom/static): Node's keeps each render's request in an AsyncLocalStorage,
// which on Node 20 and 22 turns on the promise hooks of the whole API process for good after its first page; every
// promise of every request (a search's statements, Redis, Fastify) then pays for them (issue 47). The edge build
// uses an AsyncLocalStorage only where the runtime has a global one (Node has none) and schedules its work with
// microtasks and timers. The same HTML: the pages' tests (api/src/modules/seo/pages.test.ts and the browser tests) draw it.
import { prerender } from 'react-dom/static.edge';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import type { InstantSearchServerState } from 'react-instantsearch';
import { BaseProviders } from './app/providers';
import { ServerDataSaver } from './lib/data-saver';
import { AppRoutes } from './app/router';
// Issue 48: the API answers an address that is no screen of the app with 404 (api/src/modules/seo/pages.ts).
import { isAppPath as isAppRoute } from './app/router';
import { professionalQueryOptions } from './features/profiles/api/get-professional';
import { institutionQueryOptions } from './features/profiles/api/get-institution';
import { reviewsQueryOptions } from './features/profiles/api/get-reviews';
import { directoryCountsQueryOptions } from './features/search/api/get-directory-counts';
import { readSearchState, resultsPerPage, searchServerStateKey } from './features/search/search-state';
import type { I18n } from '@lingui/core';
import { localeBase, splitLocalePath } from '@ilera/contracts/locales';
import { loadMessages, PAGE_CATALOGS } from './i18n/catalogs';
import { createI18n } from './i18n/i18n';

/** What the API already read for the page, as its own GET would answer it. */
export interface ServerData {
  professional?: { id: number; data: unknown };
  institution?: { id: number; data: unknown };
  /** A profile page's reviews, newest first, as this viewer's GET /api/reviews/{kind}/{id} answers them. */
  reviews?: { kind: 'professional' | 'institution'; id: number; data: unknown };
  directoryCounts?: unknown;
  /** /search: instantsearch's state after the search in the address (searchServerState). */
  search?: unknown;
  /** Issue 35: the visitor asked to save data (Save-Data header or the footer's switch): no photos in the HTML. */
  dataSaver?: boolean;
}

export interface Rendered {
  html: string;
  /** The query cache to hydrate from (TanStack Query's dehydrated state). */
  state: unknown;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

function Page({ url, client, i18n, children }: { url: string; client: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <BaseProviders client={client} i18n={i18n}>
        <StaticRouter location={url} basename={localeBase(localeOf(url)) || undefined}>
          {children}
        </StaticRouter>
      </BaseProviders>
    </StrictMode>
  );
}

/** Issue 50: a screen of the app in any language ('/ha/login' is '/login'). */
export const isAppPath = (pathname: string): boolean => isAppRoute(splitLocalePath(pathname).path);

const localeOf = (url: string) => splitLocalePath(new URL(url, 'http://localhost').pathname).locale;

/**
 * Issue 50: the page's own I18n, in the language of its address ('/ha/...' is Hausa), with every page group's
 * catalog: the server sends none of them, and the browser hydrates with its page's (src/i18n/catalogs.ts).
 */
async function i18nFor(url: string): Promise<I18n> {
  const locale = localeOf(url);
  return createI18n(locale, await loadMessages(locale, PAGE_CATALOGS));
}

const searchStateOf = (url: string) => readSearchState(new URL(url, 'http://localhost').searchParams);

/**
 * /search: runs the search its address describes, as the page's instantsearch would
 * (react-instantsearch's getServerState over the page's own results area), through
 * `send`, the API's search called in its process. The answer is instantsearch's
 * server state, which render() takes as `search`. `dataSaver`: the request's (issue 35).
 */
export async function searchServerState(url: string, send: typeof fetch, dataSaver = false): Promise<InstantSearchServerState> {
  const noop = () => {};
  // Loaded with the first /search (instantsearch is most of the renderer): the API starts as fast as before.
  const [{ default: SearchResultsArea }, { createSearchClient, SearchClientContext }, { getServerState }, { renderToString }] = await Promise.all([
    import('./features/search/components/SearchResultsArea'),
    import('./features/search/api/search-client'),
    import('react-instantsearch'),
    import('react-dom/server'),
  ]);
  const serverState = await getServerState(
    <Page url={url} client={newClient()} i18n={await i18nFor(url)}>
      {/* Issue 35: a data saver's shorter page of results, as render() then draws it. */}
      <ServerDataSaver.Provider value={dataSaver}>
        <SearchClientContext.Provider value={createSearchClient(send)}>
          <SearchResultsArea state={searchStateOf(url)} update={noop} navigateTo={noop} />
        </SearchClientContext.Provider>
      </ServerDataSaver.Provider>
    </Page>,
    { renderToString },
  );
  // What the page does not show stays out of the HTML (a third of it); the search's timing
  // too, so that the same answer is the same page (pages.ts keeps rendered pages by their data).
  for (const index of Object.values(serverState.initialResults)) {
    for (const result of index.results ?? []) {
      result.processingTimeMS = 0;
      result.hits = result.hits.map(({ _highlightResult, _snippetResult, _rawTypesenseHit, ...hit }) => hit as typeof result.hits[number]);
    }
  }
  return serverState;
}

export async function render(url: string, data: ServerData = {}): Promise<Rendered> {
  // Nothing is fetched on the server: queries without data render their loading state,
  // as they do on the browser's first render, and the browser fetches them after hydrating.
  const client = newClient();
  const i18n = await i18nFor(url);
  if (data.professional) client.setQueryData(professionalQueryOptions(data.professional.id).queryKey, data.professional.data as never);
  if (data.institution) client.setQueryData(institutionQueryOptions(data.institution.id).queryKey, data.institution.data as never);
  if (data.reviews) client.setQueryData(reviewsQueryOptions(data.reviews.kind, data.reviews.id).queryKey, data.reviews.data as never);
  if (data.directoryCounts) client.setQueryData(directoryCountsQueryOptions().queryKey, data.directoryCounts as never);
  if (data.search) client.setQueryData(searchServerStateKey(searchStateOf(url), resultsPerPage(data.dataSaver === true)), data.search);
  // prerender waits for the lazily loaded page chunks, so the page itself is in the HTML.
  const { prelude } = await prerender(
    <Page url={url} client={client} i18n={i18n}>
      <ServerDataSaver.Provider value={data.dataSaver === true}>
        <AppRoutes />
      </ServerDataSaver.Provider>
    </Page>,
    // Every boundary inline, however large: React would otherwise send big ones apart with
    // an inline script to move them in place, and the Content-Security-Policy forbids inline scripts.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  return { html, state: dehydrate(client) };
}

// Server rendering of the public pages (issue 16, decision 015). Built by
// `vite build --ssr` into dist/.ssr/entry-server.js; the API (api/src/modules/seo/pages.ts)
// imports it, hands it the data it read from PostgreSQL, and sends the HTML inside
// index.html with the query cache's state, from which main.tsx hydrates.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import { BaseProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { professionalQueryOptions } from './features/profiles/api/get-professional';
import { institutionQueryOptions } from './features/profiles/api/get-institution';
import { directoryCountsQueryOptions } from './features/search/api/get-directory-counts';

/** What the API already read for the page, as its own GET would answer it. */
export interface ServerData {
  professional?: { id: number; data: unknown };
  institution?: { id: number; data: unknown };
  directoryCounts?: unknown;
}

export interface Rendered {
  html: string;
  /** The query cache to hydrate from (TanStack Query's dehydrated state). */
  state: unknown;
}

export async function render(url: string, data: ServerData = {}): Promise<Rendered> {
  // Nothing is fetched on the server: queries without data render their loading state,
  // as they do on the browser's first render, and the browser fetches them after hydrating.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (data.professional) client.setQueryData(professionalQueryOptions(data.professional.id).queryKey, data.professional.data as never);
  if (data.institution) client.setQueryData(institutionQueryOptions(data.institution.id).queryKey, data.institution.data as never);
  if (data.directoryCounts) client.setQueryData(directoryCountsQueryOptions().queryKey, data.directoryCounts as never);
  // prerender waits for the lazily loaded page chunks, so the page itself is in the HTML.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <BaseProviders client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </BaseProviders>
    </StrictMode>,
    // Every boundary inline, however large: React would otherwise send big ones apart with
    // an inline script to move them in place, and the Content-Security-Policy forbids inline scripts.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, state: dehydrate(client) };
}

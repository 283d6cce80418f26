/**
 * Stands in for the `typesense` package in the web build (vite.config.ts aliases
 * `typesense` to this file). typesense-instantsearch-adapter uses exactly one thing
 * from it: `new SearchClient(server).multiSearch.perform({ searches }, commonParams)`
 * (and `clearCache()`). The real client brings axios, qs and loglevel with it,
 * about 45 KB gzipped of the search page's first load on a phone, to make one POST
 * to our own API. This sends the same request the real client sends:
 *   POST {protocol}://{host}:{port}{path}/multi_search?x-typesense-api-key=...
 *   content-type: text/plain, body {"searches":[...]}
 * and throws the real client's kind of error on a failed answer, so the adapter and
 * instantsearch behave as before (the page shows "Search failed").
 *
 * Not supported, because our adapter configuration never asks for them: several
 * nodes with failover, a client-side result cache (we set cacheSearchResultsForSeconds
 * to 0), streaming (conversational search) and union searches.
 */

import { fetchOrOffline } from '../../../lib/offline';

interface NodeConfiguration {
  host?: string;
  port?: number | string;
  protocol?: string;
  path?: string;
  url?: string;
}

interface ServerConfiguration {
  apiKey?: string;
  nodes?: NodeConfiguration[];
  nearestNode?: NodeConfiguration;
  connectionTimeoutSeconds?: number;
  useServerSideSearchCache?: boolean;
  /** Not the real client's: what sends the request (the API's own search when it renders /search, decision 015). */
  fetch?: typeof fetch;
}

type Params = Record<string, unknown>;

/** Typesense takes list parameters (query_by, facet_by, ...) as comma-separated strings. */
function normalize(params: Params): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(params)) out[key] = Array.isArray(value) ? value.join(',') : value;
  return out;
}

function baseUrl(node: NodeConfiguration): string {
  if (node.url) return node.url.replace(/\/$/, '');
  return `${node.protocol ?? 'http'}://${node.host}:${node.port}${node.path ?? ''}`;
}

export class TypesenseRequestError extends Error {
  httpStatus: number;
  constructor(message: string, httpStatus: number) {
    super(message);
    this.name = 'TypesenseRequestError';
    this.httpStatus = httpStatus;
  }
}

export class SearchClient {
  readonly multiSearch: { perform: (requests: { searches: Params[] }, commonParams?: Params) => Promise<unknown> };

  constructor(private readonly server: ServerConfiguration) {
    this.multiSearch = { perform: (requests, commonParams) => this.perform(requests, commonParams) };
  }

  /** Nothing is cached here, so there is nothing to clear. */
  clearCache(): void {}

  private async perform(requests: { searches: Params[] }, commonParams: Params = {}): Promise<unknown> {
    const node = this.server.nearestNode ?? this.server.nodes?.[0];
    if (!node) throw new Error('No search node is configured');
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(normalize(commonParams))) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    if (this.server.useServerSideSearchCache) query.set('use_cache', 'true');
    if (this.server.apiKey) query.set('x-typesense-api-key', this.server.apiKey);

    // fetchOrOffline: an answer the service worker saved shows the "Saved copy" notice (issue 35).
    const response = await (this.server.fetch ?? fetchOrOffline)(`${baseUrl(node)}/multi_search?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ searches: requests.searches.map(normalize) }),
      signal: AbortSignal.timeout((this.server.connectionTimeoutSeconds ?? 10) * 1000),
    });
    const text = await response.text();
    if (!response.ok) {
      let said = text;
      try {
        said = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new TypesenseRequestError(`Request failed with HTTP code ${response.status} | Server said: ${said}`, response.status);
    }
    return carryUnderstood(JSON.parse(text) as MultiSearchAnswer);
  }
}

type MultiSearchAnswer = { results?: Record<string, unknown>[] };

/**
 * Our API adds `understood` to each result: what it read from the typed words and
 * applied as filters (issue 13), shown as removable chips. The adapter builds
 * instantsearch's results from the fields Typesense defines only, but it hands a
 * result's `metadata` (what Typesense's overrides return) to instantsearch as
 * `userData`, the slot Algolia's query rules use for the same purpose; so
 * `understood` travels there (search/understood.ts reads it back).
 */
function carryUnderstood(answer: MultiSearchAnswer): MultiSearchAnswer {
  for (const result of answer.results ?? []) {
    if (!Array.isArray(result.understood)) continue;
    const metadata = result.metadata === undefined ? [] : Array.isArray(result.metadata) ? result.metadata : [result.metadata];
    result.metadata = [...metadata, { understood: result.understood }];
  }
  return answer;
}

export default { SearchClient };

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Typesense from 'typesense';
// The adapter's own answer-building step, as the web build uses it (its source, vite.config.ts); it has no types.
// @ts-expect-error no declaration file
import { SearchResponseAdapter } from 'typesense-instantsearch-adapter/src/SearchResponseAdapter.js';
import { SearchClient as Shim } from './typesense-multi-search';
import { understoodOf } from '../understood';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  body: unknown;
}

/** The web build replaces the `typesense` client with the shim: it must send what the real client sends. */
describe('typesense multi_search shim', () => {
  let server: Server;
  let port: number;
  const seen: Seen[] = [];
  let status = 200;
  const answer = { results: [{ found: 0, hits: [], page: 1, request_params: { per_page: 10 }, facet_counts: [] }] };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? JSON.stringify(answer) : JSON.stringify({ message: 'Search is unavailable' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const config = () => ({
    apiKey: 'public',
    nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/api/search' }],
    connectionTimeoutSeconds: 10,
    cacheSearchResultsForSeconds: 0,
    numRetries: 0,
  });
  const searches = [
    {
      collection: 'professionals',
      q: 'cardiology',
      query_by: 'name,specialty,city',
      facet_by: 'professionalType,specialty,state,city',
      filter_by: 'state:=[`Lagos`]',
      page: 1,
      per_page: 10,
    },
  ];

  it('posts the same request as the real typesense client and returns its answer', async () => {
    const RealSearchClient = (Typesense as unknown as { SearchClient: typeof Typesense.SearchClient }).SearchClient;
    const real = new RealSearchClient(config());
    const realAnswer = await real.multiSearch.perform({ searches }, {});
    const shimAnswer = await new Shim(config()).multiSearch.perform({ searches }, {});

    expect(seen).toHaveLength(2);
    const [fromReal, fromShim] = seen;
    expect(fromShim.method).toBe(fromReal.method);
    expect(fromShim.url).toBe(fromReal.url);
    expect(fromShim.url).toBe('/api/search/multi_search?x-typesense-api-key=public');
    expect(fromShim.contentType).toMatch(/^text\/plain/);
    expect(fromReal.contentType).toMatch(/^text\/plain/);
    expect(fromShim.body).toEqual(fromReal.body);
    expect(shimAnswer).toEqual(realAnswer);
  });

  it("carries our API's understood items where the adapter hands them to instantsearch (userData)", async () => {
    const understood = [{ field: 'state', value: 'Lagos', label: 'Lagos', text: 'lagos' }];
    const saved = answer.results[0];
    answer.results[0] = { ...saved, understood } as typeof saved;
    try {
      const shimAnswer = (await new Shim(config()).multiSearch.perform({ searches })) as { results: { metadata?: unknown }[] };
      expect(shimAnswer.results[0].metadata).toEqual([{ understood }]);
      const adapted = new SearchResponseAdapter(shimAnswer.results[0], { params: {} }, {}, shimAnswer.results, shimAnswer).adapt() as {
        userData?: unknown;
      };
      expect(understoodOf(adapted)).toEqual(understood);
    } finally {
      answer.results[0] = saved;
    }
  });

  it('joins list parameters with commas, as the real client does', async () => {
    seen.length = 0;
    await new Shim(config()).multiSearch.perform({ searches: [{ ...searches[0], query_by: ['name', 'specialty'] }] });
    expect((seen[0].body as { searches: { query_by: string }[] }).searches[0].query_by).toBe('name,specialty');
  });

  it('throws on an error answer, so instantsearch shows the failed search', async () => {
    status = 503;
    try {
      await expect(new Shim(config()).multiSearch.perform({ searches })).rejects.toThrow(
        'Request failed with HTTP code 503 | Server said: Search is unavailable',
      );
    } finally {
      status = 200;
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * No Typesense server runs on this machine: a small HTTP server answers as Typesense does
 * (no aliases yet, every write echoed, each multi_search search found `found(i)` documents)
 * and records what the engine's real client sent over the wire.
 */
export async function fakeTypesense(found: (i: number) => number = () => 0) {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method!, url: req.url!, body });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url!.startsWith('/aliases/')) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ message: 'Not Found' }));
      }
      if (req.url!.startsWith('/multi_search')) {
        const results = (body as { searches: unknown[] }).searches.map((_, i) => ({
          found: found(i),
          page: 1,
          hits: [],
          facet_counts: [],
          search_time_ms: 0,
          request_params: { collection_name: 'x', q: '*', per_page: 10 },
        }));
        return res.end(JSON.stringify({ results }));
      }
      res.end(JSON.stringify({ ...(body as object), name: 'ok' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypesenseEngine } from './typesense-engine';

/**
 * The Typesense engine installs the patients' vocabulary as Typesense synonyms
 * and a stop-word set, and names the set in every search. No Typesense server
 * runs here: a small HTTP server answers as Typesense does and records what the
 * engine's real client sent over the wire.
 */
describe('Typesense engine: synonyms and stop words', () => {
  const requests: { method: string; url: string; body: unknown }[] = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
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
          const results = (body as { searches: unknown[] }).searches.map(() => ({
            found: 0, page: 1, hits: [], facet_counts: [], search_time_ms: 0,
            request_params: { collection_name: 'x', q: '*', per_page: 10 },
          }));
          return res.end(JSON.stringify({ results }));
        }
        res.end(JSON.stringify({ ...(body as object), name: 'ok' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the stop words and every collection its synonyms, then names the set in searches', async () => {
    const engine = new TypesenseEngine({ url, apiKey: 'test-key', prefix: 'vocab_' });
    await engine.ensureCollections();

    const stop = requests.find((r) => r.method === 'PUT' && r.url.startsWith('/stopwords/'));
    expect(stop?.url).toBe('/stopwords/ilera-patient-stopwords');
    expect((stop?.body as { stopwords: string[] }).stopwords).toEqual(expect.arrayContaining(['in', 'near', 'best', 'the']));

    const synonyms = requests.filter((r) => r.method === 'PUT' && /\/synonyms\//.test(r.url));
    const ofCollection = (prefix: string) =>
      synonyms.filter((r) => r.url.startsWith(`/collections/${prefix}`)).map((r) => (r.body as { synonyms: string[] }).synonyms);
    const pros = ofCollection('vocab_professionals_');
    const insts = ofCollection('vocab_institutions_');
    expect(pros).toContainEqual(expect.arrayContaining(['cardiology', 'cardiologist', 'heart doctor']));
    expect(pros).toContainEqual(expect.arrayContaining(['pediatrics', 'paediatrician', "children's doctor"]));
    expect(pros).toContainEqual(expect.arrayContaining(['fct', 'abuja']));
    expect(pros).toContainEqual(expect.arrayContaining(['lagos', 'lagos state']));
    expect(insts).toContainEqual(expect.arrayContaining(['pharmacy', 'chemist']));
    expect(insts).toContainEqual(expect.arrayContaining(['x-ray', 'xray']));

    await engine.multiSearch([{ collection: 'professionals', q: 'Bakare', filter_by: 'state:=[`Lagos`]' }]);
    const search = requests.find((r) => r.url.startsWith('/multi_search'));
    expect((search?.body as { searches: Record<string, unknown>[] }).searches[0]).toMatchObject({
      collection: 'vocab_professionals',
      q: 'Bakare',
      filter_by: 'state:=[`Lagos`]',
      stopwords: 'ilera-patient-stopwords',
    });
    await engine.close();
  });
});

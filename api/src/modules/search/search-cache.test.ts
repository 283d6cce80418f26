import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '@ilera/db';
import { AnswerCache, PostgresEngine, reindexAll, type SearchResult } from '@ilera/search';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';

/**
 * Issue 13: search answers are cached under the index's write generation
 * (decision 009), so a change the index worker has written shows in the very
 * next answer.
 */
describe('search answer cache', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createProfessional(ctx.sql, { user: { firstName: 'Adaeze', lastName: 'Okonkwo' }, specialty: 'Cardiology' });
    await createProfessional(ctx.sql, { user: { firstName: 'Emeka', lastName: 'Okonkwo' }, specialty: 'Neurology', state: 'Kano', city: 'Kano' });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    await ctx.startWorkers();
  });
  afterAll(async () => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, cache: res.headers['x-search-cache'], body: res.json() };
  };
  const multi = async (searches: unknown[]) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches }),
    });
    return { status: res.statusCode, cache: res.headers['x-search-cache'], results: res.json().results };
  };
  const indexed = async (id: number) =>
    (await ctx.sql`SELECT document FROM search_bodies WHERE collection = 'professionals' AND id = ${String(id)}`)[0]?.document as
      | Record<string, unknown>
      | undefined;

  it('answers a repeated search from the cache, and says so in x-search-cache', async () => {
    const first = await get('/api/professionals/search?query=okonkwo&sort=rating');
    const second = await get('/api/professionals/search?query=okonkwo&sort=rating');
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.body).toEqual(first.body);
    expect(second.body.found).toBe(2);
    // Other parameters are other answers.
    expect((await get('/api/professionals/search?query=okonkwo&sort=experience')).cache).toBe('miss');
  });

  it('answers a kept search as the handler did, HEAD too, and still refuses a bad query with 400 naming the field', async () => {
    const url = '/api/institutions/search?query=hospital&sort=rating';
    const first = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect([first.headers['x-search-cache'], again.headers['x-search-cache']]).toEqual(['miss', 'hit']);
    for (const h of ['etag', 'content-type', 'cache-control', 'content-encoding', 'vary']) expect(again.headers[h]).toEqual(first.headers[h]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['x-search-cache'], head.headers.etag]).toEqual([200, 'hit', first.headers.etag]);
    // The kept answer is found by its whole URL: a query the contract refuses is never kept, and is answered 400.
    const bad = await ctx.app.inject({ method: 'GET', url: `${url}&perPage=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('perPage');
  });

  it('caches each search of a multi_search: the request is a hit only when every search is', async () => {
    const a = { collection: 'professionals', q: 'okonkwo', facet_by: 'state', per_page: 5 };
    const b = { collection: 'professionals', q: '*', filter_by: 'state:=[`Kano`]', facet_by: 'specialty', per_page: 0 };
    expect((await multi([a])).cache).toBe('miss');
    const mixed = await multi([{ ...a }, b]);
    expect(mixed.cache).toBe('miss');
    expect(mixed.results[1]).toMatchObject({ found: 1, facet_counts: [{ field_name: 'specialty', counts: [{ value: 'Neurology', count: 1 }] }] });
    // The same searches with their parameters in another order.
    const again = await multi([b, { per_page: 5, facet_by: 'state', q: 'okonkwo', collection: 'professionals' }]);
    expect(again.cache).toBe('hit');
    expect(again.results[1]).toEqual(mixed.results[0]);
  });

  it('never serves an answer older than the index: an approval the worker indexed shows in the next answer', async () => {
    const before = await get('/api/professionals/search?query=okonkwo&sort=rating');
    expect(before).toMatchObject({ cache: 'hit', body: { found: 2 } });

    const p = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Ngozi', lastName: 'Okonkwo' }, specialty: 'Pediatrics' });
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    // Wait for the index itself, not for the API: the first answer after the write must show it.
    await eventually(async () => (await indexed(p.id)) !== undefined, 5000);
    const after = await get('/api/professionals/search?query=okonkwo&sort=rating');
    expect(after.cache).toBe('miss');
    expect(after.body.found).toBe(3);
    expect(after.body.hits.map((h: { name: string }) => h.name)).toContain('Dr. Ngozi Okonkwo');

    // An edit that changes only the card (no facet, no word): the next answer carries it.
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET phone = '0809 999 0000' WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => (await indexed(p.id))?.phone === '0809 999 0000', 5000);
    const edited = await get('/api/professionals/search?query=okonkwo&sort=rating');
    expect(edited.cache).toBe('miss');
    expect(edited.body.hits.find((h: { id: string }) => h.id === String(p.id)).phone).toBe('0809 999 0000');

    // A full reindex changes the generation too.
    expect((await get('/api/professionals/search?query=okonkwo&sort=rating')).cache).toBe('hit');
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    expect((await get('/api/professionals/search?query=okonkwo&sort=rating')).cache).toBe('miss');
  });

  it('answers a word by what the index holds now, not by the vocabulary it looked up before a write', async () => {
    // A word's terms: the word itself once a document holds it, else the terms it begins (resolveWords).
    const approve = async (firstName: string, lastName: string) => {
      const p = await createProfessional(ctx.sql, { status: 'pending', user: { firstName, lastName } });
      await ctx.sql.begin(async (tx) => {
        await tx`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
        await emit(tx, 'search.professional', { id: p.id });
      });
      await eventually(async () => (await indexed(p.id)) !== undefined, 5000);
    };
    await approve('Obiageli', 'Ikwuemesi');
    const names = async () => (await get('/api/professionals/search?query=ikwu')).body.hits.map((h: { name: string }) => h.name);
    expect(await names()).toEqual(['Dr. Obiageli Ikwuemesi']);

    await approve('Chike', 'Ikwu');
    expect(await names()).toEqual(['Dr. Chike Ikwu']);
  });

  it('filters and counts by a facet value first written after the API started (a new city and specialty)', async () => {
    // The key table is refreshed only when the index was written since; these searches run first, so
    // the API holds an up-to-date key table without the new values.
    const url = '/api/professionals/search?city=Oyo&specialty=Dermatology';
    expect((await get(url)).body.found).toBe(0);
    const facets = await multi([{ collection: 'professionals', q: '*', facet_by: 'city', per_page: 0 }]);
    expect(facets.results[0].facet_counts[0].counts.map((c: { value: string }) => c.value)).not.toContain('Oyo');

    const p = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Bisi', lastName: 'Adeyemi' }, specialty: 'Dermatology', state: 'Oyo', city: 'Oyo' });
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => (await indexed(p.id)) !== undefined, 5000);

    const after = await get(url);
    expect(after.body.found).toBe(1);
    expect(after.body.hits[0].name).toBe('Dr. Bisi Adeyemi');
    const counted = await multi([{ collection: 'professionals', q: '*', facet_by: 'city', per_page: 0 }]);
    expect(counted.results[0].facet_counts[0].counts).toContainEqual({ value: 'Oyo', count: 1, highlighted: 'Oyo' });
  });

  it('sends a whole answer compressed as asked, the same text and ETag once decoded, hit or miss', async () => {
    const decode: Record<string, (b: Buffer) => Buffer> = {
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
      deflate: zlib.inflateSync,
      // From Node 22.15, as @fastify/compress offers it.
      zstd: (b) => (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(b),
    };
    // A browser's header: the encoding @fastify/compress prefers among those it accepts (zstd where Node has it).
    const browser = typeof (zlib as { zstdCompress?: unknown }).zstdCompress === 'function' ? 'zstd' : 'br';
    const send = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
    const url = '/api/professionals/search?query=okonkwo&per_page=7';
    // First asked compressed (a miss), then as text (a hit), then compressed again (hits, kept bytes or not).
    const missed = await send(url, { 'accept-encoding': 'gzip' });
    const plain = await send(url);
    expect([missed.headers['x-search-cache'], plain.headers['x-search-cache']]).toEqual(['miss', 'hit']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [['gzip', 'gzip'], ['gzip', 'gzip'], ['deflate', 'deflate'], ['gzip, deflate, br, zstd', browser], ['br;q=0.5, gzip', 'gzip'], ['*', 'gzip']] as const) {
      const res = await send(url, { 'accept-encoding': accept });
      expect({ accept, encoding: res.headers['content-encoding'], vary: res.headers.vary, etag: res.headers.etag, type: res.headers['content-type'] }).toEqual({
        accept,
        encoding,
        vary: 'accept-encoding',
        etag: plain.headers.etag,
        type: plain.headers['content-type'],
      });
      expect(decode[encoding]!(res.rawPayload).toString()).toBe(plain.body);
    }
    expect(decode.gzip!(missed.rawPayload).toString()).toBe(plain.body);
    // Not asked, or asked for nothing the API offers: the text as it is.
    for (const accept of ['identity', 'compress']) expect((await send(url, { 'accept-encoding': accept })).rawPayload.toString()).toBe(plain.body);
    // A revalidation is still answered 304 while the answer is the same, compressed or not.
    expect((await send(url, { 'accept-encoding': 'gzip, br', 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);
    // multi_search (a POST) too.
    const body = JSON.stringify({ searches: [{ collection: 'professionals', q: 'okonkwo', facet_by: 'state,specialty,city', per_page: 7 }] });
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/search/multi_search', headers: { 'content-type': 'text/plain', ...headers }, payload: body });
    const text = await post({});
    const zipped = await post({ 'accept-encoding': 'gzip' });
    expect([zipped.headers['x-search-cache'], zipped.headers['content-encoding']]).toEqual(['hit', 'gzip']);
    expect(decode.gzip!(zipped.rawPayload).toString()).toBe(text.body);
  });

  it('keeps its answers within its size cap', async () => {
    const maxBytes = 5_000;
    const engine = new PostgresEngine(ctx.sql);
    const cache = new AnswerCache(engine, engine.generations, { maxBytes });
    for (let page = 1; page <= 40; page++) {
      const { results } = await cache.multiSearch([{ collection: 'professionals', q: '*', per_page: 1, page, facet_by: 'state,specialty,city' }]);
      expect((results[0] as SearchResult).found).toBe(6); // the six approved above
      expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.stats.answers).toBeGreaterThan(1);
    expect(cache.stats.answers).toBeLessThan(40);
  });
});

/**
 * Decision 064: an operator sees the kept answers' bytes (ilera_search_kept_answer_bytes, whole and engine) and
 * they never pass the caps, however many different searches are asked, with compressed copies kept too.
 */
describe('kept search answers, as the metrics report them', () => {
  let ctx: TestContext;
  const caps = { whole: 30_000, engine: 12_000 };

  beforeAll(async () => {
    ctx = await createTestContext({ searchCacheBytes: caps });
    for (const [firstName, specialty, state] of [
      ['Adaeze', 'Cardiology', 'Lagos'],
      ['Emeka', 'Neurology', 'Kano'],
      ['Ngozi', 'Paediatrics', 'Enugu'],
      ['Tunde', 'Dermatology', 'Oyo'],
    ] as const) {
      await createProfessional(ctx.sql, { user: { firstName, lastName: 'Okafor' }, specialty, state, city: state });
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });
  afterAll(async () => ctx.close());

  const kept = async () => {
    const text = await ctx.app.metrics.metrics();
    const bytes = (cache: string) => Number(new RegExp(`^ilera_search_kept_answer_bytes\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    return { whole: bytes('whole'), engine: bytes('engine') };
  };

  it('never holds more than its caps after many different searches, compressed copies included', async () => {
    const seen = { whole: 0, engine: 0 };
    const urls: string[] = [];
    for (const sort of ['rating', 'relevance']) {
      for (const query of ['okafor', 'cardiology', 'kano', 'lagos doctor', 'skin', 'children', 'brain', 'heart']) {
        for (const page of [1, 2]) urls.push(`/api/professionals/search?query=${encodeURIComponent(query)}&sort=${sort}&page=${page}`);
      }
    }
    for (const [i, url] of urls.entries()) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: i % 2 ? { 'accept-encoding': 'br' } : {} });
      expect(res.statusCode).toBe(200);
      const body = JSON.stringify({ searches: [{ collection: 'professionals', q: `okafor ${i}`, query_by: 'name', facet_by: 'state,specialty' }] });
      const multi = await ctx.app.inject({ method: 'POST', url: '/api/search/multi_search', headers: { 'content-type': 'text/plain' }, payload: body });
      expect(multi.statusCode).toBe(200);
      const now = await kept();
      expect(now.whole).toBeLessThanOrEqual(caps.whole);
      expect(now.engine).toBeLessThanOrEqual(caps.engine);
      seen.whole = Math.max(seen.whole, now.whole);
      seen.engine = Math.max(seen.engine, now.engine);
    }
    // Both filled to near their caps (so the caps, not the searches asked, held them down)...
    expect(seen.whole).toBeGreaterThan(caps.whole / 2);
    expect(seen.engine).toBeGreaterThan(caps.engine / 2);
    // ...and the first answer was let go to stay within them.
    const again = await ctx.app.inject({ method: 'GET', url: urls[0] });
    expect(again.headers['x-search-cache']).toBe('miss');
  });

  it('reports both caches from the start, with production caps', async () => {
    const plain = await createTestContext();
    try {
      const text = await plain.app.metrics.metrics();
      expect(text).toMatch(/^ilera_search_kept_answer_bytes\{cache="whole"\} 0$/m);
      expect(text).toMatch(/^ilera_search_kept_answer_bytes\{cache="engine"\} 0$/m);
    } finally {
      await plain.close();
    }
  });
});

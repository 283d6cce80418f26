import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { fakeTypesense } from '../../../../test/fake-typesense';

/**
 * Issue 39: how the API answers when Typesense cannot. The server's trouble (unavailable, not ready,
 * a collection missing) is load shedding's 503 "busy" answer, which the search page shows as
 * "Search is busy"; a genuinely bad search stays a 400. The API creates the collections as it starts,
 * retrying while Typesense is not ready. Against the fake Typesense (test/fake-typesense.ts), made to fail.
 */
describe('Typesense errors reach the client as what they are', () => {
  let typesense: Awaited<ReturnType<typeof fakeTypesense>>;
  let ctx: TestContext;
  let n = 0;
  // A new query each time: no answer comes from the answer cache.
  const search = () => ctx.app.inject(`/api/professionals/search?query=kemi${++n}`);
  const busy = { message: 'The service is busy. Please try again in a few seconds.' };

  beforeAll(async () => {
    typesense = await fakeTypesense();
    // Not ready as the API starts (Typesense answers 503 until it is): the API must neither crash nor give up.
    typesense.fail(503);
    ctx = await createTestContext({ config: { typesenseUrl: typesense.url, typesenseApiKey: 'test-key' } });
  });
  afterAll(async () => {
    await ctx.close();
    await typesense.close();
  });

  it('answers 503 "busy" with Retry-After while Typesense is not ready, and searches once it is (the collections made at start, no reindex)', async () => {
    const down = await search();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject(busy);
    expect(down.headers['retry-after']).toBe('5');

    typesense.fail();
    // The startup's retry creates the collections on the empty server: no "Not found" 400 before the first reindex.
    const up = await eventually(async () => {
      const res = await search();
      return res.statusCode === 200 ? res : undefined;
    }, 30000, 250);
    expect(up!.json()).toMatchObject({ hits: [], found: 0 });
    expect(typesense.documents('professionals')).toEqual([]);
  });

  it('answers 503 "busy" when only the availability windows\' counts fail, instead of counting 0', async () => {
    typesense.failSearches((s) => String(s.filter_by ?? '').includes('nextSlot'));
    try {
      const res = await search();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject(busy);
    } finally {
      typesense.failSearches();
    }
    expect((await search()).statusCode).toBe(200);
  });

  it('answers 503 "busy" when the collection is missing (Typesense: 404 per search), on the REST search and multi_search', async () => {
    const alias = typesense.requests.find((r) => r.method === 'PUT' && r.url === '/aliases/professionals')!.body.collection_name as string;
    const res = await fetch(`${typesense.url}/collections/${alias}`, { method: 'DELETE', headers: { 'x-typesense-api-key': 'test-key' } });
    expect(res.status).toBe(200);

    const rest = await search();
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toMatchObject(busy);
    const multi = await ctx.app.inject({ method: 'POST', url: '/api/search/multi_search', payload: { searches: [{ collection: 'professionals', q: `kemi${++n}` }] } });
    expect(multi.statusCode).toBe(503);
    expect(multi.json()).toMatchObject(busy);
  });

  it('keeps a bad search a 400 of that search (the institutions collection is there)', async () => {
    // Our parser refuses `||` (Typesense would take it): the point here is a per-search 4xx, which
    // must not be turned into "busy".
    const multi = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      payload: { searches: [{ collection: 'institutions', q: '*', filter_by: 'state:=Lagos || state:=Oyo' }] },
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json().results[0]).toMatchObject({ code: 400 });
  });

  it('answers 503 "busy" when Typesense is gone (connection refused)', async () => {
    await typesense.close();
    const gone = await ctx.app.inject(`/api/institutions/search?query=clinic${++n}`);
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject(busy);
  });
});

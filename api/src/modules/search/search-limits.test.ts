import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';

/** Issue 13: no search serves hits beyond the first 1,000. */
describe('search paging depth', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const lastName of ['Okonkwo', 'Nwosu', 'Bello']) await createProfessional(ctx.sql, { user: { firstName: 'Ada', lastName } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });
  afterAll(async () => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('serves the pages within the first 1,000 results, even empty ones', async () => {
    const last = await get('/api/professionals/search?page=20&perPage=50');
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ found: 3, page: 20, perPage: 50, hits: [] });
    expect((await get('/api/institutions/search?page=1000&perPage=1')).status).toBe(200);
  });

  it('refuses a page beyond the first 1,000 results with a 400 naming the field page', async () => {
    for (const url of ['/api/professionals/search?page=21&perPage=50', '/api/professionals/search?page=51', '/api/institutions/search?page=1001&perPage=1']) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.message).toMatch(/first 1000 results/);
      expect(Object.keys(body.fields)).toEqual(['page']);
    }
  });

  it('answers a too deep search inside multi_search with its own error, as Typesense does, and serves the others', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        searches: [
          { collection: 'professionals', q: '*', page: 41, per_page: 25 },
          { collection: 'professionals', q: '*', page: 40, per_page: 25 },
          { collection: 'professionals', q: 'okonkwo', page: 2, per_page: 0 },
        ],
      }),
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results[0]).toEqual({ code: 400, error: expect.stringMatching(/`page`/) });
    expect(results[1]).toMatchObject({ found: 3, page: 40, hits: [] });
    expect(results[2]).toMatchObject({ found: 1, hits: [] });
  });
});

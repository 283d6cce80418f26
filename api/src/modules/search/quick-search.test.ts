import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickSearchFacilities, quickSearchQuery, quickSearchSpecialties } from '@ilera/contracts';
import { seedDemo } from '@ilera/db/seed/demo';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';

/** D17: every choice of the landing page's quick search finds what it names, on the demo directory. */
describe('landing quick search on the demo directory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.sql);
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  }, 300_000);
  afterAll(async () => ctx?.close());

  const search = async (collection: 'professionals' | 'institutions', query: string) => {
    const res = await ctx.app.inject({ url: `/api/${collection}/search?query=${encodeURIComponent(query)}&perPage=50` });
    expect(res.statusCode).toBe(200);
    return res.json() as { found: number; hits: Record<string, unknown>[]; understood: { label: string }[] };
  };

  it.each(quickSearchSpecialties.map((o) => [o.label, o.value]))('specialty choice "%s" finds professionals', async (_label, value) => {
    const r = await search('professionals', quickSearchQuery(value)!);
    expect(r.found).toBeGreaterThan(0);
  });

  it.each(quickSearchFacilities.map((o) => [o.label, o.value]))('facility choice "%s" finds institutions', async (_label, value) => {
    const r = await search('institutions', quickSearchQuery(value)!);
    expect(r.found).toBeGreaterThan(0);
  });

  it('finds dentists for "Dentist" and nothing else', async () => {
    const r = await search('professionals', quickSearchQuery('dentist')!);
    expect(new Set(r.hits.map((h) => h.specialty))).toEqual(new Set(['Dentistry']));
  });
});

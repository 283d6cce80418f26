import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionSearchQuerySchema } from '@ilera/contracts';
import { reindexAll, type SearchEngine } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createRegisterListing } from '../../../../test/factories';
import { engineTargets } from '../../../../test/engine-targets';
import { multiSearch, searchInstitutions } from './search.service';

/**
 * Issue 48 (D22): a multi_search hit tells a register listing from an Ilera provider, on both engines:
 * `listed` and the register's date (`registerUpdated`), which the result card reads; an institution
 * on Ilera carries neither. What clients read (the API's multi_search and REST search) says a listing is
 * not approved (`isApproved: false`), though the index keeps it searchable (decision 041's addendum).
 */
let ctx: TestContext;
let listing = 0;
let own = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  listing = (await createRegisterListing(ctx.sql, { name: 'Igbobi Primary Health Centre', registerUpdated: '2024-11-11' })).id;
  own = (await createInstitution(ctx.sql, { name: 'Igbobi Family Clinic', type: 'clinic' })).id;
});
afterAll(async () => ctx?.close());

describe.each(engineTargets('listings48'))('register listings in multi_search hits ($name)', (target) => {
  let engine: SearchEngine;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ engine, close } = await target.make(ctx.sql));
    await reindexAll(ctx.sql, { engine });
  });
  afterAll(async () => close?.());

  it('a listing says listed with its register date; an institution on Ilera says neither', async () => {
    const [answer] = await engine.multiSearch([{ collection: 'institutions', q: 'igbobi', query_by: 'name', per_page: 10 }]);
    if (!answer || 'error' in answer) throw new Error(JSON.stringify(answer));
    const byId = new Map(answer.hits.map((h) => [h.document.id, h.document]));
    expect(byId.get(String(listing))).toMatchObject({ listed: true, registerUpdated: '2024-11-11' });
    const mine = byId.get(String(own))!;
    expect(mine).toMatchObject({ isApproved: true });
    expect(mine.listed).toBeUndefined();
    expect(mine.registerUpdated).toBeUndefined();
  });

  it('what a client reads: a listing is not approved, an institution on Ilera is (multi_search and REST search)', async () => {
    const { results } = await multiSearch(engine, { searches: [{ collection: 'institutions', q: 'igbobi', query_by: 'name', per_page: 10 }] });
    const [answer] = results;
    if (!answer || 'error' in answer) throw new Error(JSON.stringify(answer));
    const byId = new Map(answer.hits.map((h) => [h.document.id, h.document]));
    expect(byId.get(String(listing))).toMatchObject({ listed: true, isApproved: false });
    expect(byId.get(String(own))).toMatchObject({ isApproved: true });
    const rest = await searchInstitutions(engine, institutionSearchQuerySchema.parse({ query: 'igbobi' }));
    const restById = new Map(rest.hits.map((h) => [String(h.id), h]));
    expect(restById.get(String(listing))).toMatchObject({ listed: true, isApproved: false });
    expect(restById.get(String(own))).toMatchObject({ isApproved: true });
  });
});

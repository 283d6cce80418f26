import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';

/**
 * Issue 33 (D23): a professional without a location of their own is where their first confirmed
 * affiliation's institution is; moving the institution, or confirming a link, moves them in the
 * index through the event path (the institution's event reindexes its professionals: linkedIds).
 */
describe('a professional placed by an affiliation follows it in the index', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.startWorkers();
  });
  afterAll(async () => ctx.close());

  const location = async (id: number, collection = 'professionals') =>
    ((await ctx.sql`SELECT document FROM search_bodies WHERE collection = ${collection} AND id = ${String(id)}`)[0]?.document as
      | Record<string, unknown>
      | undefined)?.location;

  it('follows the institution when it moves, and a pending link gives no location', async () => {
    const inst = await createInstitution(ctx.sql, { name: 'Gbagada General Hospital' });
    const p = await createProfessional(ctx.sql, { user: { firstName: 'Kemi', lastName: 'Afolabi' }, specialty: 'Pediatrics' });
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE institutions SET latitude = 6.5538, longitude = 3.3915, location_source = 'pin' WHERE id = ${inst.id}`;
      await tx`INSERT INTO professional_institutions (professional_id, institution_id, status) VALUES (${p.id}, ${inst.id}, 'pending')`;
      await emit(tx, 'search.institution', { id: inst.id });
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => JSON.stringify(await location(inst.id, 'institutions')) === '[6.5538,3.3915]', 2000);
    await eventually(async () => (await ctx.sql`SELECT 1 FROM search_bodies WHERE collection = 'professionals' AND id = ${String(p.id)}`).length === 1, 2000);
    expect(await location(p.id)).toBeUndefined();

    // The link confirmed: the professional is at the hospital.
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professional_institutions SET status = 'confirmed' WHERE professional_id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => JSON.stringify(await location(p.id)) === '[6.5538,3.3915]', 2000);

    // The hospital moves (its own event only): the professional follows.
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE institutions SET latitude = 6.4302, longitude = 3.4216 WHERE id = ${inst.id}`;
      await emit(tx, 'search.institution', { id: inst.id });
    });
    await eventually(async () => JSON.stringify(await location(p.id)) === '[6.4302,3.4216]', 2000);

    // Their own practice address wins over the affiliation.
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET latitude = 9.0765, longitude = 7.3986, location_source = 'pin' WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => JSON.stringify(await location(p.id)) === '[9.0765,7.3986]', 2000);
  });
});

// Issue 34: public answers give the next free slot as epoch seconds (nextSlot, what filters and sorts
// use) and as ISO 8601 in WAT (nextSlotAt): REST searches, multi_search documents and profiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json();
const lagosDate = (days: number) => new Date(Date.now() + 3600_000 + days * 86400_000).toISOString().slice(0, 10);

describe('nextSlotAt (issue 34)', () => {
  it('says the next free slot in WAT wherever nextSlot is given, and is absent or null with it', async () => {
    // Off today: the first free slot is tomorrow at 09:00 WAT.
    const pro = await createProfessional(ctx.sql, { specialty: 'Dermatology', user: { firstName: 'Tomi', lastName: 'Slotwatch' } });
    await ctx.sql`INSERT INTO time_off (professional_id, start_date, end_date) VALUES (${pro.id}, ${lagosDate(0)}, ${lagosDate(0)})`;
    const inst = await createInstitution(ctx.sql, { name: 'Slotwatch Clinic', type: 'clinic' });
    await ctx.sql`INSERT INTO time_off (institution_id, start_date, end_date) VALUES (${inst.id}, ${lagosDate(0)}, ${lagosDate(0)})`;
    const directory = await createProfessional(ctx.sql, { bookingMode: 'directory', user: { firstName: 'Dayo', lastName: 'Slotwatch' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    const at = `${lagosDate(1)}T09:00:00+01:00`;
    const seconds = Date.parse(at) / 1000;

    const rest = await get('/api/professionals/search?query=Slotwatch&sort=soonest');
    expect(rest.hits.map((h: { id: string }) => h.id)).toEqual([String(pro.id), String(directory.id)]);
    expect(rest.hits[0]).toMatchObject({ nextSlot: seconds, nextSlotAt: at });
    expect(rest.hits[1]).not.toHaveProperty('nextSlotAt');
    const institutions = await get('/api/institutions/search?query=Slotwatch');
    expect(institutions.hits[0]).toMatchObject({ id: String(inst.id), nextSlot: seconds, nextSlotAt: at });

    const multi = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      payload: { searches: [{ collection: 'professionals', q: 'Slotwatch', query_by: 'firstName,lastName', sort_by: 'nextSlot(missing_values: last):asc' }] },
    });
    expect(multi.statusCode, multi.body).toBe(200);
    const docs = multi.json().results[0].hits.map((h: { document: Record<string, unknown> }) => h.document);
    expect(docs[0]).toMatchObject({ id: String(pro.id), nextSlot: seconds, nextSlotAt: at });
    expect(docs[1]).not.toHaveProperty('nextSlotAt');

    expect(await get(`/api/professionals/${pro.id}`)).toMatchObject({ nextSlot: seconds, nextSlotAt: at });
    expect(await get(`/api/institutions/${inst.id}`)).toMatchObject({ nextSlot: seconds, nextSlotAt: at });
    expect(await get(`/api/professionals/${directory.id}`)).toMatchObject({ nextSlot: null, nextSlotAt: null });
  });
});

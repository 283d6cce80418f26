// Decision 065 (issue 47): a profile reads its provider's care facts as kept on write (provider_care, migration
// 089), so every way facts and plans are written must show on the very next read: an owner's and an admin's edit
// through the API, a payer network's import and a newer file withdrawing it, the payer renamed or deleted (foreign
// key cascades), patients' reports, several providers written by one statement (as the seed's COPY and the
// imports do) and TRUNCATE. Real PostgreSQL and app.inject, as a client reads it; nothing waits or retries.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importNetwork } from '../../../../scripts/import-network';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createRegisterListing, createUser, login, signInAdmin } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = await signInAdmin(ctx.app, ctx.sql);
  await ctx.sql`
    INSERT INTO payers (slug, name, kind, plans) VALUES
      ('nhia', 'National Health Insurance Authority', 'nhia', '[{"name": "Formal Sector", "tier": null}]'),
      ('care-hmo', 'Care HMO (test)', 'hmo', '[]')`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-care-kept-'));
});
afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);

const careOf = async (kind: 'professionals' | 'institutions', id: number) => {
  const res = await call('GET', `/api/${kind}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().care;
};

let files = 0;
async function network(lines: string[]): Promise<string> {
  const file = path.join(dir, `network-${++files}.csv`);
  await writeFile(file, ['nhfr_facility_code,ilera_id,plan,tier,primary', ...lines].join('\n') + '\n');
  return file;
}

const hours = { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '08:00', closes: '16:00' }] }], closures: [] };

describe('kept care facts show on the next read', () => {
  it("an owner's edit, a second edit clearing groups, and an admin's edit", async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    expect(await careOf('professionals', pro.id)).toMatchObject({ openingHours: null, plans: [], fees: null, confirmedAt: null });

    const put = await call('PUT', `/api/professionals/${pro.id}/care`, cookie, {
      openingHours: hours,
      plans: [{ payer: 'nhia', plan: 'Formal Sector', primary: true }, { payer: 'care-hmo', plan: null, primary: false }],
      fees: { registrationNaira: 1500, consultationNaira: 9000, followUpNaira: null, freeAtPointOfCare: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    const set = await careOf('professionals', pro.id);
    expect(set).toMatchObject({
      openingHours: hours,
      plans: [{ payer: 'care-hmo', plan: null, primary: false }, { payer: 'nhia', plan: 'Formal Sector', primary: true }],
      fees: { registrationNaira: 1500, consultationNaira: 9000, followUpNaira: null, freeAtPointOfCare: false },
      sources: { openingHours: { setBy: 'provider' }, plans: { setBy: 'provider' }, fees: { setBy: 'provider' } },
    });
    expect(set.confirmedAt).not.toBeNull();

    expect((await call('PUT', `/api/professionals/${pro.id}/care`, cookie, { openingHours: null, plans: [] })).statusCode).toBe(200);
    expect(await careOf('professionals', pro.id)).toMatchObject({ openingHours: null, plans: [], fees: { registrationNaira: 1500 } });

    const inst = await createInstitution(ctx.sql);
    expect((await call('PUT', `/api/institutions/${inst.id}/care`, adminCookie, { plans: [{ payer: 'care-hmo', plan: null, primary: true }] })).statusCode).toBe(200);
    expect(await careOf('institutions', inst.id)).toMatchObject({ plans: [{ payer: 'care-hmo', plan: null, primary: true }], sources: { plans: { setBy: 'admin' } } });
  });

  it("a payer network's import, a newer file withdrawing a row, and the payer renamed and deleted", async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Ojota PHC', facilityCode: '24/16/1/1/1/0101' });
    const doctor = await createProfessional(ctx.sql);
    await importNetwork(ctx.sql, { payer: 'ojota-hmo', name: 'Ojota HMO', file: await network([`24/16/1/1/1/0101,,,,true`, `,professional:${doctor.id},Silver,,false`]) });
    expect(await careOf('institutions', listing.id)).toMatchObject({ plans: [{ payer: 'ojota-hmo', plan: null, primary: true }], sources: { plans: { setBy: 'import' } } });
    expect((await careOf('professionals', doctor.id)).plans).toEqual([{ payer: 'ojota-hmo', plan: 'Silver', primary: false }]);

    await importNetwork(ctx.sql, { payer: 'ojota-hmo', file: await network([`,professional:${doctor.id},Silver,,true`]) });
    expect((await careOf('institutions', listing.id)).plans).toEqual([]);
    expect((await careOf('professionals', doctor.id)).plans).toEqual([{ payer: 'ojota-hmo', plan: 'Silver', primary: true }]);

    await ctx.sql`UPDATE payers SET slug = 'ojota-health' WHERE slug = 'ojota-hmo'`;
    expect((await careOf('professionals', doctor.id)).plans).toEqual([{ payer: 'ojota-health', plan: 'Silver', primary: true }]);
    await ctx.sql`DELETE FROM payers WHERE slug = 'ojota-health'`;
    expect((await careOf('professionals', doctor.id)).plans).toEqual([]);
  });

  it("patients' reports show in aggregate from the third patient's", async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Ketu PHC' });
    const visited = new Date(Date.now() + 3600_000 - 2 * 86400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i++) {
      const u = await createUser(ctx.sql);
      const res = await call('POST', `/api/institutions/${listing.id}/care-reports`, await login(ctx.app, u.email, u.password), { visitedOn: visited, wasOpen: true, paidNaira: 3000 + i * 1000 });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await careOf('institutions', listing.id)).reports).toMatchObject({ paid: { minNaira: 3000, maxNaira: 5000, count: 3 }, wasOpen: { yes: 3, no: 0 } });
  });

  it('several providers written by one statement, and TRUNCATE', async () => {
    const a = await createInstitution(ctx.sql);
    const b = await createInstitution(ctx.sql);
    await ctx.sql`
      INSERT INTO care_facts (institution_id, opening_hours, hours_set_by, hours_confirmed_at)
      SELECT id, ${ctx.sql.json(hours)}, 'import', now() FROM institutions WHERE id IN (${a.id}, ${b.id})`;
    await ctx.sql`
      INSERT INTO provider_plans (institution_id, payer_slug, plan, source)
      VALUES (${a.id}, 'nhia', 'Formal Sector', 'import'), (${b.id}, 'care-hmo', NULL, 'import'), (${b.id}, 'nhia', NULL, 'import')`;
    expect(await careOf('institutions', a.id)).toMatchObject({ openingHours: hours, plans: [{ payer: 'nhia', plan: 'Formal Sector', primary: false }] });
    expect((await careOf('institutions', b.id)).plans).toEqual([
      { payer: 'care-hmo', plan: null, primary: false },
      { payer: 'nhia', plan: null, primary: false },
    ]);

    await ctx.sql`UPDATE care_facts SET opening_hours = NULL, hours_set_by = NULL, hours_confirmed_at = NULL WHERE institution_id IN (${a.id}, ${b.id})`;
    await ctx.sql`UPDATE provider_plans SET withdrawn_at = now() WHERE institution_id = ${b.id} AND payer_slug = 'nhia'`;
    expect(await careOf('institutions', a.id)).toMatchObject({ openingHours: null, plans: [{ payer: 'nhia', plan: 'Formal Sector', primary: false }] });
    expect(await careOf('institutions', b.id)).toMatchObject({ openingHours: null, plans: [{ payer: 'care-hmo', plan: null, primary: false }] });

    await ctx.sql`TRUNCATE provider_plans`;
    expect((await careOf('institutions', a.id)).plans).toEqual([]);
    expect((await careOf('institutions', b.id)).plans).toEqual([]);
    await ctx.sql`TRUNCATE care_facts`;
    expect(await careOf('institutions', a.id)).toMatchObject({ openingHours: null, sources: { openingHours: { setBy: null } } });
  });
});

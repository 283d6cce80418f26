// Issue 33 (D22, decisions 030/031): a newer register file never overwrites a claimed facility's
// profile; its changes wait for an administrator, who applies the fields to take or dismisses them.
// Real import (db/src/register), real claim flow, real relay and index worker, real PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLines, type GenerateOptions } from '@ilera/db/register/generate';
import { importRegister } from '@ilera/db/register/import';
import { REGISTER_CHANGE_NOT_FOUND } from '@ilera/contracts';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let dir: string;
let adminCookie: string;
let ownerCookie: string;
/** Facility 10 of the invented register: claimed, then changed by newer files. */
let listingId: number;

const ROWS = 20;
const base: GenerateOptions = { rows: ROWS, seed: 7, eHealthShare: 0 };
const asAdmin = (method: string, url: string, payload?: unknown) => callApi(ctx.app, method, url, adminCookie, payload);
const changes = async () => {
  const res = await asAdmin('GET', '/api/admin/register-changes');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const profile = async () =>
  (await ctx.sql<{ name: string; ward: string; latitude: number; longitude: number; locationSource: string; userId: string | null }[]>`
    SELECT name, ward, latitude, longitude, location_source, user_id FROM institutions WHERE id = ${listingId}`)[0]!;
const registerRow = async () =>
  (await ctx.sql<{ fieldsHash: string; pending: { fieldsHash: string; fields: { name: string } } | null; fields: { name: string; ward: string }; registerUpdated: string }[]>`
    SELECT fields_hash, pending, fields, to_char(register_updated, 'YYYY-MM-DD') AS register_updated FROM register_listings WHERE institution_id = ${listingId}`)[0]!;
const searchHit = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/institutions/search?query=${encodeURIComponent(query)}` });
  return (res.json().hits as { id: string | number; name: string }[]).find((h) => String(h.id) === String(listingId));
};

/**
 * A register file: the generator's rows, facility 10 given another ward and point when asked (the
 * generator's newer editions only rename), as a newer register would.
 */
async function registerFile(name: string, options: Partial<GenerateOptions>, moved?: { ward: string; lat: string; lng: string }) {
  const file = path.join(dir, name);
  const lines = [...registerLines({ ...base, ...options })].map((line) => {
    if (!moved || !line.startsWith('10,')) return line;
    const cells = line.split(',');
    expect(cells).toHaveLength(23); // no quoted commas in this row
    cells[9] = moved.ward;
    [cells[17], cells[18], cells[21], cells[22]] = [moved.lat, moved.lng, moved.lng, moved.lat];
    return cells.join(',');
  });
  await writeFile(file, lines.join('\n') + '\n');
  return file;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-register-changes-'));
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(res.headers['set-cookie']);

  const first = await importRegister(ctx.sql, { file: await registerFile('first.csv', {}) });
  expect(first.summary.created).toBe(ROWS);
  [{ id: listingId }] = await ctx.sql<{ id: number }[]>`SELECT institution_id AS id FROM register_listings WHERE nhfr_uid = '10000010'`;

  // The facility claims its listing and an administrator approves (the claims flow), then the owner
  // renames it and names its ward as it prefers (an owner's edit of its own profile).
  const inst = await createInstitution(ctx.sql, { name: 'Claimant Clinic' });
  ownerCookie = await login(ctx.app, inst.user.email, inst.user.password);
  const claim = await callApi(ctx.app, 'POST', `/api/institutions/${listingId}/claims`, ownerCookie, {
    registration: { country: 'Nigeria', licenseNumber: 'LSMOH/PHC/0412', council: 'HEFAMAA', expiresOn: '2099-12-31' },
  });
  expect(claim.statusCode, claim.body).toBe(201);
  const approved = await asAdmin('POST', `/api/admin/claims/${claim.json().id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  await ctx.sql`UPDATE institutions SET name = 'Owner''s Own Name', ward = 'Owner Ward' WHERE id = ${listingId}`;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('register changes of a claimed listing', () => {
  let newName: string;

  it('a newer file leaves the owner’s edits as they are and lists the change with both values', async () => {
    expect((await changes()).items).toEqual([]);
    const newer = await registerFile('newer.csv', { renameEvery: 10, lastUpdated: '2025-06-30' }, { ward: 'Sabon Gari 3', lat: '9.081234', lng: '7.491234' });
    const { summary } = await importRegister(ctx.sql, { file: newer });
    expect(summary.claimedProtected).toBe(1);

    const mine = await profile();
    expect(mine).toMatchObject({ name: "Owner's Own Name", ward: 'Owner Ward' });
    expect(mine.userId).not.toBeNull();

    const page = await changes();
    expect(page.total).toBe(1);
    const [item] = page.items;
    newName = (await registerRow()).pending!.fields.name;
    expect(newName).toMatch(/ Annex$/);
    expect(item).toMatchObject({
      institution: { id: listingId, name: "Owner's Own Name" },
      registerKey: expect.stringMatching(/^code:/),
      registerUpdated: { previous: '2024-11-11', new: '2025-06-30' },
    });
    const byField = Object.fromEntries(item.changes.map((c: { field: string }) => [c.field, c]));
    expect(Object.keys(byField).sort()).toEqual(['coordinates', 'name', 'ward']);
    expect(byField.name).toEqual({ field: 'name', current: "Owner's Own Name", previousRegister: newName.replace(/ Annex$/, ''), register: newName });
    expect(byField.ward).toMatchObject({ current: 'Owner Ward', register: 'Sabon Gari 3' });
    expect(byField.coordinates).toMatchObject({
      current: { latitude: mine.latitude, longitude: mine.longitude },
      register: { latitude: 9.081234, longitude: 7.491234 },
    });
  });

  it('is for administrators only', async () => {
    const patient = await createUser(ctx.sql);
    const patientCookie = await login(ctx.app, patient.email, patient.password);
    for (const [method, url, body] of [
      ['GET', '/api/admin/register-changes', undefined],
      ['POST', `/api/admin/register-changes/${listingId}/apply`, { fields: ['name'] }],
      ['POST', `/api/admin/register-changes/${listingId}/dismiss`, {}],
    ] as const) {
      expect((await callApi(ctx.app, method, url, undefined, body)).statusCode).toBe(401);
      expect((await callApi(ctx.app, method, url, patientCookie, body)).statusCode).toBe(403);
      // The owner of the listing cannot take the register's changes either.
      expect((await callApi(ctx.app, method, url, ownerCookie, body)).statusCode).toBe(403);
    }
    expect((await profile()).name).toBe("Owner's Own Name");
  });

  it('refuses fields that are not the register’s, naming the field', async () => {
    for (const body of [{ fields: ['phone'] }, { fields: [] }, {}, { fields: 'name' }]) {
      const res = await asAdmin('POST', `/api/admin/register-changes/${listingId}/apply`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})[0]).toMatch(/^fields/);
    }
    expect((await changes()).total).toBe(1);
  });

  it('apply writes the chosen fields, keeps the others, accepts the register’s fields, updates search, audited', async () => {
    const res = await asAdmin('POST', `/api/admin/register-changes/${listingId}/apply`, { fields: ['name', 'coordinates'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, institutionId: listingId, applied: ['name', 'coordinates'] });

    expect(await profile()).toMatchObject({ name: newName, ward: 'Owner Ward', latitude: 9.081234, longitude: 7.491234, locationSource: 'register' });
    const reg = await registerRow();
    expect(reg.pending).toBeNull();
    expect(reg.fields).toMatchObject({ name: newName, ward: 'Sabon Gari 3' });
    expect(reg.registerUpdated).toBe('2025-06-30');
    expect((await changes()).items).toEqual([]);

    // The index worker re-reads the listing from its event: search finds it by its new name.
    const hit = await eventually(() => searchHit(newName), 15_000, 200);
    expect(hit!.name).toBe(newName);

    const [audit] = await ctx.sql`SELECT outcome, target_type, target_id, detail FROM audit_log WHERE action = 'apply_register_change'`;
    expect(audit).toMatchObject({ outcome: 'success', targetType: 'institution', targetId: String(listingId), detail: { applied: ['name', 'coordinates'] } });

    // Nothing waits any more: a second apply is 404 (and in the log as refused).
    const again = await asAdmin('POST', `/api/admin/register-changes/${listingId}/apply`, { fields: ['name'] });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REGISTER_CHANGE_NOT_FOUND);
    const [refused] = await ctx.sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'apply_register_change' AND outcome = 'failure'`;
    expect(refused!.n).toBe(1);
    // A listing that is not one, or an id that is no id: 404 too.
    expect((await asAdmin('POST', '/api/admin/register-changes/999999/dismiss')).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/register-changes/abc/dismiss')).statusCode).toBe(404);
  });

  it('dismiss keeps the profile and takes the register’s fields as seen: the same file again raises nothing', async () => {
    const newest = await registerFile('newest.csv', { renameEvery: 10, lastUpdated: '2025-12-31' }, { ward: 'Tudun Wada 9', lat: '9.1', lng: '7.5' });
    expect((await importRegister(ctx.sql, { file: newest })).summary.claimedProtected).toBe(1);
    const [item] = (await changes()).items;
    expect(item.changes.map((c: { field: string }) => c.field).sort()).toEqual(['coordinates', 'ward']);
    const before = await profile();
    const { pending } = await registerRow();

    const res = await asAdmin('POST', `/api/admin/register-changes/${listingId}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, institutionId: listingId, applied: [] });
    expect(await profile()).toEqual(before);
    const reg = await registerRow();
    expect(reg).toMatchObject({ pending: null, fieldsHash: pending!.fieldsHash, fields: { ward: 'Tudun Wada 9' } });
    const [audit] = await ctx.sql`SELECT outcome, target_id FROM audit_log WHERE action = 'dismiss_register_change' AND outcome = 'success'`;
    expect(audit).toEqual({ outcome: 'success', targetId: String(listingId) });

    const again = await importRegister(ctx.sql, { file: newest });
    expect(again.summary).toMatchObject({ claimedProtected: 0, updated: 0, created: 0 });
    expect((await registerRow()).pending).toBeNull();
    expect((await changes()).items).toEqual([]);
    expect(await profile()).toEqual(before);
  });
});

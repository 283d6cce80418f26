// Issue 45: the payers and public holidays admins keep. Public reads (GET /api/payers, /api/holidays);
// admin CRUD audited, refused ones too; 401/403 (D9); a payer's slug never changes and a save clears
// needs_review; a deleted payer leaves providers' plans and users' "My plan"; a holiday change writes one
// bulk reindex job that the workers run over every provider with opening hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { lagosToday } from '@ilera/contracts';
import { callApi, cookieFrom, createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(res.headers['set-cookie']);
});
afterAll(async () => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);
const asAdmin = (method: string, url: string, payload?: unknown) => call(method, url, adminCookie, payload);

async function auditEntries(action: string) {
  const items = (await asAdmin('GET', '/api/admin/audit?perPage=100')).json().items as { action: string; targetId: string; outcome: string; detail: Record<string, unknown> }[];
  return items.filter((i) => i.action === action);
}

const hmo = {
  slug: 'ade-health-hmo',
  name: 'Ade Health HMO',
  kind: 'hmo',
  accreditationNumber: 'NHIA/HMO/0107',
  plans: [
    { name: 'Bronze', tier: 'Basic' },
    { name: 'Gold', tier: null },
  ],
};

describe('admin endpoints refuse everyone but admins', () => {
  it('401 signed out, 403 for a patient and a provider, on every call', async () => {
    const patient = await createUser(ctx.sql);
    const pro = await createProfessional(ctx.sql);
    const cookies = [await login(ctx.app, patient.email, patient.password), await login(ctx.app, pro.user.email, pro.user.password)];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/payers'],
      ['POST', '/api/admin/payers', hmo],
      ['PUT', '/api/admin/payers/nhia', hmo],
      ['DELETE', '/api/admin/payers/nhia'],
      ['GET', '/api/admin/holidays'],
      ['PUT', '/api/admin/holidays/2027-02-02', { name: 'Test day' }],
      ['DELETE', '/api/admin/holidays/2027-01-01'],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const cookie of cookies) expect((await call(method, url, cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [{ count }] = await ctx.sql`SELECT count(*)::int AS count FROM payers WHERE slug = ${hmo.slug}`;
    expect(count).toBe(0);
  });
});

describe('payers', () => {
  it('an admin adds one (audited); everyone reads the list without what only admins keep', async () => {
    const created = await asAdmin('POST', '/api/admin/payers', hmo);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...hmo, needsReview: false, isDemo: false, providerCount: 0 });

    const list = await call('GET', '/api/payers');
    expect(list.statusCode).toBe(200);
    const mine = (list.json() as Record<string, unknown>[]).find((p) => p.slug === hmo.slug);
    expect(mine).toEqual({ slug: hmo.slug, name: hmo.name, kind: 'hmo', plans: hmo.plans });
    expect(list.body).not.toContain('NHIA/HMO/0107');

    expect((await auditEntries('create_payer')).find((e) => e.targetId === hmo.slug)).toMatchObject({ outcome: 'success' });
  });

  it('refuses a taken slug (409), a bad one and bad fields (400 naming them), audited as refused', async () => {
    await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('taken-hmo', 'Taken HMO', 'hmo')`;
    const taken = await asAdmin('POST', '/api/admin/payers', { ...hmo, slug: 'taken-hmo' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('slug');
    expect((await auditEntries('create_payer')).find((e) => e.targetId === 'taken-hmo')).toMatchObject({ outcome: 'failure' });

    const cases: [unknown, string][] = [
      [{ ...hmo, slug: 'Has Spaces' }, 'slug'],
      [{ ...hmo, slug: 'a'.repeat(61) }, 'slug'],
      [{ ...hmo, slug: 'x-1', name: '' }, 'name'],
      [{ ...hmo, slug: 'x-2', kind: 'bank' }, 'kind'],
      [{ ...hmo, slug: 'x-3', plans: [{ name: '' }] }, 'plans.0.name'],
      [{ ...hmo, slug: 'x-4', plans: [{ name: 'Gold' }, { name: 'gold' }] }, 'plans'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('POST', '/api/admin/payers', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields), field).toContain(field);
    }
    const [{ count }] = await ctx.sql`SELECT count(*)::int AS count FROM payers WHERE slug LIKE 'x-%'`;
    expect(count).toBe(0);
  });

  it('an edit keeps the slug, clears needs_review and is audited; a changed slug is refused', async () => {
    // As a network import leaves a payer it did not know.
    await ctx.sql`INSERT INTO payers (slug, name, kind, needs_review) VALUES ('imported-hmo', 'imported-hmo', 'hmo', true)`;
    const refused = await asAdmin('PUT', '/api/admin/payers/imported-hmo', { ...hmo, slug: 'renamed-hmo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('slug');

    const saved = await asAdmin('PUT', '/api/admin/payers/imported-hmo', { name: 'Imported Health HMO', kind: 'hmo', accreditationNumber: 'NHIA/HMO/0200', plans: [{ name: 'Standard', tier: 'Standard' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slug: 'imported-hmo', name: 'Imported Health HMO', accreditationNumber: 'NHIA/HMO/0200', needsReview: false, plans: [{ name: 'Standard', tier: 'Standard' }] });
    const entry = (await auditEntries('update_payer')).find((e) => e.targetId === 'imported-hmo' && e.outcome === 'success');
    expect(entry?.detail.changed).toEqual(['name', 'accreditationNumber', 'plans']);
    expect((await asAdmin('PUT', '/api/admin/payers/no-such-payer', hmo)).statusCode).toBe(404);
  });

  it('a deletion takes the payer off providers and users (their documents reindexed in one job), audited', async () => {
    await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('closing-hmo', 'Closing HMO', 'hmo')`;
    const pro = await createProfessional(ctx.sql);
    const inst = await createInstitution(ctx.sql);
    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    expect((await call('PUT', '/api/account', cookie, { firstName: 'Ada', lastName: 'Obi', phone: '0803 123 4567', myPlan: 'closing-hmo' })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/professionals/${pro.id}/care`, { plans: [{ payer: 'closing-hmo', plan: null, primary: false }] })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/institutions/${inst.id}/care`, { plans: [{ payer: 'closing-hmo', plan: null, primary: true }] })).statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/admin/payers')).json().find((p: { slug: string }) => p.slug === 'closing-hmo').providerCount).toBe(2);

    const [{ last }] = await ctx.sql`SELECT coalesce(max(id), 0)::bigint AS last FROM outbox`;
    expect((await asAdmin('DELETE', '/api/admin/payers/closing-hmo')).statusCode).toBe(204);
    expect((await call('GET', `/api/professionals/${pro.id}`)).json().care.plans).toEqual([]);
    expect((await call('GET', `/api/institutions/${inst.id}`)).json().care.plans).toEqual([]);
    expect((await call('GET', '/api/account', cookie)).json().myPlan).toBeNull();
    const events = await ctx.sql`SELECT topic, payload FROM outbox WHERE id > ${last}`;
    expect(events).toEqual([{ topic: 'search.bulk', payload: { professionals: [pro.id], institutions: [inst.id] } }]);
    expect((await auditEntries('delete_payer')).find((e) => e.targetId === 'closing-hmo')).toMatchObject({ outcome: 'success', detail: { professionals: 1, institutions: 1 } });
    expect((await asAdmin('DELETE', '/api/admin/payers/closing-hmo')).statusCode).toBe(404);
  });
});

describe('public holidays', () => {
  it('everyone reads them; an admin adds, renames and removes one, audited; a bad date is refused', async () => {
    const list = await call('GET', '/api/holidays');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ date: '2026-10-01', name: 'Independence Day', movable: false });

    const put = await asAdmin('PUT', '/api/admin/holidays/2027-04-19', { name: 'Declared public holiday', movable: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ date: '2027-04-19', name: 'Declared public holiday', movable: true });
    expect((await call('GET', '/api/holidays')).json()).toContainEqual({ date: '2027-04-19', name: 'Declared public holiday', movable: true });

    for (const date of ['2027-02-30', '19-04-2027', 'tomorrow']) {
      const bad = await asAdmin('PUT', `/api/admin/holidays/${date}`, { name: 'Nope' });
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json().fields).toHaveProperty('date');
    }
    const noName = await asAdmin('PUT', '/api/admin/holidays/2027-04-20', { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');

    expect((await asAdmin('DELETE', '/api/admin/holidays/2027-04-19')).statusCode).toBe(204);
    expect((await asAdmin('DELETE', '/api/admin/holidays/2027-04-19')).statusCode).toBe(404);
    expect((await call('GET', '/api/holidays')).json().map((h: { date: string }) => h.date)).not.toContain('2027-04-19');
    const entries = [...(await auditEntries('set_holiday')), ...(await auditEntries('delete_holiday'))].filter((e) => e.targetId === '2027-04-19');
    expect(entries.map((e) => e.outcome).sort()).toEqual(['failure', 'success', 'success']);
  });

  it('a new holiday writes one reindex job for every provider with opening hours, which the workers run', async () => {
    const withHours = [await createProfessional(ctx.sql), await createProfessional(ctx.sql)];
    const inst = await createInstitution(ctx.sql);
    const withoutHours = await createProfessional(ctx.sql);
    const hours = { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '09:00', closes: '17:00' }] }], closures: [] };
    for (const p of withHours) expect((await asAdmin('PUT', `/api/professionals/${p.id}/care`, { openingHours: hours })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/institutions/${inst.id}/care`, { openingHours: hours })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/professionals/${withoutHours.id}/care`, { services: ['Pharmacy'] })).statusCode).toBe(200);
    const [{ expected }] = await ctx.sql`SELECT count(*)::int AS expected FROM care_facts WHERE opening_hours IS NOT NULL`;

    const [{ last }] = await ctx.sql`SELECT coalesce(max(id), 0)::bigint AS last FROM outbox`;
    expect((await asAdmin('PUT', '/api/admin/holidays/2027-06-14', { name: 'Democracy Day holiday', movable: true })).statusCode).toBe(200);
    // A rename changes no one's hours: no second job.
    expect((await asAdmin('PUT', '/api/admin/holidays/2027-06-14', { name: 'Democracy Day (observed)', movable: true })).statusCode).toBe(200);
    const events = await ctx.sql`SELECT id, topic, payload FROM outbox WHERE id > ${last}`;
    expect(events.map((e) => [e.topic, e.payload])).toEqual([['search.bulk', { withHours: true }]]);

    const job = await eventually(
      async () => (await ctx.queues.maintenance.getJobs(['completed'])).find((j) => j.data.outboxId === String(events[0]!.id)),
      15_000,
      200,
    );
    expect(job!.returnvalue).toEqual({ reindexed: expected });
    expect(expected).toBeGreaterThanOrEqual(3);
    await asAdmin('DELETE', '/api/admin/holidays/2027-06-14');
  });

  it('a holiday added today takes a provider open all day (not 24 hours) out of "open now" in search, and back when removed', async () => {
    const name = `Holidaytest Clinic ${Date.now().toString(36).replace(/\d/g, '')}`;
    const inst = await createInstitution(ctx.sql, { name });
    // Open around the clock in two periods, but not "open 24 hours": a public holiday closes it.
    const allDay = [{ opens: '00:00', closes: '12:00' }, { opens: '12:00', closes: '00:00' }];
    const week = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, periods: allDay }));
    expect((await asAdmin('PUT', `/api/institutions/${inst.id}/care`, { openingHours: { open24Hours: false, week, closures: [] } })).statusCode).toBe(200);
    const today = lagosToday();
    const [seeded] = await ctx.sql`SELECT name, movable FROM public_holidays WHERE day = ${today}::date`;
    if (seeded) await ctx.sql`DELETE FROM public_holidays WHERE day = ${today}::date`;
    const openNow = async () => {
      const res = await call('GET', `/api/institutions/search?q=${encodeURIComponent(name)}&openNow=true`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().hits as { id: string | number }[]).some((h) => Number(h.id) === inst.id);
    };
    try {
      await eventually(openNow, 15_000, 200);
      expect((await asAdmin('PUT', `/api/admin/holidays/${today}`, { name: 'Declared public holiday', movable: true })).statusCode).toBe(200);
      await eventually(async () => !(await openNow()), 20_000, 200);
      expect((await careOfInstitution(inst.id)).openNow).toBe(false);
      expect((await asAdmin('DELETE', `/api/admin/holidays/${today}`)).statusCode).toBe(204);
      await eventually(openNow, 20_000, 200);
    } finally {
      await ctx.sql`DELETE FROM public_holidays WHERE day = ${today}::date`;
      if (seeded) await ctx.sql`INSERT INTO public_holidays (day, name, movable) VALUES (${today}::date, ${seeded.name}, ${seeded.movable})`;
    }
  });
});

const careOfInstitution = async (id: number) => (await call('GET', `/api/institutions/${id}`)).json().care;

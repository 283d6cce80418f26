// Issue 45: care facts through the API. PUT /api/{professionals|institutions}/{id}/care by the owner (a
// claimed register listing's included) or an admin, read back in GET /api/{kind}s/{id}'s `care`, with
// "open now" computed in WAT at a literal clock; D9's status codes; 400s naming the field with nothing
// half-written; an admin's edit audited; the status never changed; the search event committed with it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createProfessional, createRegisterListing, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  adminId = admin.id;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(res.headers['set-cookie']);
  await ctx.sql`
    INSERT INTO payers (slug, name, kind, accreditation_number, plans) VALUES
      ('nhia', 'National Health Insurance Authority', 'nhia', NULL, '[{"name": "Formal Sector", "tier": null}, {"name": "BHCPF", "tier": "Basic"}]'),
      ('lashma', 'Lagos State Health Management Agency', 'state_scheme', 'LASHMA-01', '[]'),
      ('care-hmo', 'Care HMO (test)', 'hmo', 'NHIA/HMO/0042', '[{"name": "Gold", "tier": "Gold"}]')`;
});
afterAll(async () => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);
const signIn = (u: { email: string; password: string }) => login(ctx.app, u.email, u.password);

const weekdays = (opens: string, closes: string) =>
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, periods: [{ opens, closes }] }));

const fullBody = {
  openingHours: { open24Hours: false, week: weekdays('08:00', '17:30'), closures: [{ from: '2026-12-31', to: '2027-01-02', reason: 'Staff retreat' }] },
  services: ['Laboratory Services', 'Immunizations', 'Oxygen'],
  plans: [
    { payer: 'nhia', plan: 'Formal Sector', primary: true },
    { payer: 'care-hmo', plan: null, primary: false },
  ],
  fees: { registrationNaira: 2000, consultationNaira: 15000, followUpNaira: 8000, freeAtPointOfCare: false },
};

/** A literal WAT clock for what the app computes (only Date is faked: timers and I/O keep running). */
async function at<T>(watIso: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(watIso) });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

const careOf = async (path: string, id: number) => {
  const res = await call('GET', `/api/${path}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().care;
};

describe('care facts round trip', () => {
  it('a professional sets every group; the public profile shows them with who set them and when', async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await signIn(pro.user);
    const before = await careOf('professionals', pro.id);
    expect(before).toMatchObject({ openingHours: null, services: [], plans: [], fees: null, confirmedAt: null, openNow: null, stale: false });

    const t0 = Date.now();
    const put = await call('PUT', `/api/professionals/${pro.id}/care`, cookie, fullBody);
    expect(put.statusCode, put.body).toBe(200);

    const res = await call('GET', `/api/professionals/${pro.id}`);
    const profile = res.json();
    // The consultation fee is the profile's own field too.
    expect(profile.consultationFee).toBe(15000);
    expect(profile.status).toBe('approved');
    expect(profile.care).toMatchObject({
      openingHours: fullBody.openingHours,
      services: ['Laboratory Services', 'Immunizations', 'Oxygen'],
      plans: [
        { payer: 'care-hmo', plan: null, primary: false },
        { payer: 'nhia', plan: 'Formal Sector', primary: true },
      ],
      fees: { registrationNaira: 2000, consultationNaira: 15000, followUpNaira: 8000, freeAtPointOfCare: false },
    });
    for (const group of ['openingHours', 'services', 'plans', 'fees']) {
      expect(profile.care.sources[group].setBy).toBe('provider');
      expect(Date.parse(profile.care.sources[group].confirmedAt)).toBeGreaterThanOrEqual(t0 - 1000);
    }
    expect(profile.care.confirmedAt).toBe(profile.care.sources.fees.confirmedAt);
    expect(put.json()).toEqual(profile.care);
  });

  it('a group left out stays; null clears hours and fees (a professional\'s fee with them)', async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await signIn(pro.user);
    expect((await call('PUT', `/api/professionals/${pro.id}/care`, cookie, fullBody)).statusCode).toBe(200);
    const first = await careOf('professionals', pro.id);

    const services = await call('PUT', `/api/professionals/${pro.id}/care`, cookie, { services: ['Pharmacy'] });
    expect(services.statusCode, services.body).toBe(200);
    const second = await careOf('professionals', pro.id);
    expect(second.services).toEqual(['Pharmacy']);
    expect(second.openingHours).toEqual(first.openingHours);
    expect(second.plans).toEqual(first.plans);
    expect(second.sources.openingHours).toEqual(first.sources.openingHours);

    const cleared = await call('PUT', `/api/professionals/${pro.id}/care`, cookie, { openingHours: null, fees: null, plans: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const third = (await call('GET', `/api/professionals/${pro.id}`)).json();
    expect(third.care).toMatchObject({ openingHours: null, fees: null, plans: [], services: ['Pharmacy'], openNow: null });
    expect(third.consultationFee).toBeNull();
  });

  it('an institution sets them; its services are the profile\'s services, its fee is in fees', async () => {
    const inst = await createInstitution(ctx.sql, { services: ['Surgery'] });
    const cookie = await signIn(inst.user);
    const put = await call('PUT', `/api/institutions/${inst.id}/care`, cookie, {
      ...fullBody,
      openingHours: { open24Hours: true, week: [], closures: [] },
      fees: { registrationNaira: null, consultationNaira: 5000, followUpNaira: null, freeAtPointOfCare: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const profile = (await call('GET', `/api/institutions/${inst.id}`)).json();
    expect(profile.services).toEqual(['Laboratory Services', 'Immunizations', 'Oxygen']);
    expect(profile.care).toMatchObject({
      openingHours: { open24Hours: true, week: [], closures: [] },
      fees: { registrationNaira: null, consultationNaira: 5000, followUpNaira: null, freeAtPointOfCare: true },
      openNow: true,
      opensAt: null,
      closesAt: null,
    });
    expect(profile.status).toBe('approved');
  });

  it('a claimed register listing starts empty and its owner fills it; nobody but an admin edits an unclaimed one', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const empty = await careOf('institutions', listing.id);
    expect(empty).toMatchObject({ openingHours: null, services: [], plans: [], fees: null, confirmedAt: null, openNow: null, stale: false });

    const owner = await createUser(ctx.sql, { userType: 'institution' });
    const ownerCookie = await signIn(owner);
    expect((await call('PUT', `/api/institutions/${listing.id}/care`, ownerCookie, { services: ['Pharmacy'] })).statusCode).toBe(403);

    await ctx.sql`UPDATE institutions SET user_id = ${owner.id} WHERE id = ${listing.id}`;
    const put = await call('PUT', `/api/institutions/${listing.id}/care`, ownerCookie, fullBody);
    expect(put.statusCode, put.body).toBe(200);
    expect(await careOf('institutions', listing.id)).toMatchObject({ services: fullBody.services, sources: { plans: { setBy: 'provider' } } });
  });

  it('keeps a pending profile pending and an approved one approved (an owner\'s care edit is no re-review)', async () => {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const pro = await createProfessional(ctx.sql, { status });
      const put = await call('PUT', `/api/professionals/${pro.id}/care`, await signIn(pro.user), fullBody);
      expect(put.statusCode, put.body).toBe(200);
      const [row] = await ctx.sql`SELECT status FROM professionals WHERE id = ${pro.id}`;
      expect(row!.status).toBe(status);
    }
  });
});

describe('who may edit (D9)', () => {
  it('401 signed out, 403 to anyone but the owner or an admin (before the body is read), 404 for no such profile', async () => {
    const pro = await createProfessional(ctx.sql);
    const inst = await createInstitution(ctx.sql);
    const patient = await createUser(ctx.sql);
    const other = await createProfessional(ctx.sql);
    const patientCookie = await signIn(patient);
    const otherCookie = await signIn(other.user);
    for (const [path, id] of [['professionals', pro.id], ['institutions', inst.id]] as const) {
      expect((await call('PUT', `/api/${path}/${id}/care`, undefined, fullBody)).statusCode).toBe(401);
      expect((await call('PUT', `/api/${path}/${id}/care`, patientCookie, fullBody)).statusCode).toBe(403);
      expect((await call('PUT', `/api/${path}/${id}/care`, otherCookie, fullBody)).statusCode).toBe(403);
      // A stranger learns nothing of the body's rules.
      expect((await call('PUT', `/api/${path}/${id}/care`, otherCookie, { services: ['Astrology'] })).statusCode).toBe(403);
      expect((await call('PUT', `/api/${path}/999999/care`, patientCookie, fullBody)).statusCode).toBe(404);
      expect((await call('PUT', `/api/${path}/abc/care`, patientCookie, fullBody)).statusCode).toBe(404);
    }
    // A professional account cannot edit an institution's facts either.
    expect((await call('PUT', `/api/institutions/${inst.id}/care`, await signIn(pro.user), fullBody)).statusCode).toBe(403);
    const [{ count }] = await ctx.sql`SELECT count(*)::int AS count FROM care_facts WHERE professional_id = ${pro.id} OR institution_id = ${inst.id}`;
    expect(count).toBe(0);
  });
});

describe('bad input', () => {
  it.each([
    ['professionals', async () => { const p = await createProfessional(ctx.sql); return { id: p.id, user: p.user }; }],
    ['institutions', async () => { const i = await createInstitution(ctx.sql); return { id: i.id, user: i.user }; }],
  ] as const)('answers 400 naming the field, and writes nothing of a refused body (%s)', async (path, make) => {
    const provider = await make();
    const cookie = await signIn(provider.user);
    expect((await call('PUT', `/api/${path}/${provider.id}/care`, cookie, { services: ['Pharmacy'] })).statusCode).toBe(200);
    const before = await careOf(path, provider.id);
    const cases: [unknown, string][] = [
      [{ ...fullBody, plans: [{ payer: 'nhia', plan: null, primary: false }, { payer: 'no-such-payer', plan: null, primary: false }] }, 'plans.1.payer'],
      [{ ...fullBody, plans: [{ payer: 'Not A Slug', plan: null }] }, 'plans.0.payer'],
      [{ ...fullBody, plans: [{ payer: 'nhia', plan: 'Platinum' }] }, 'plans.0.plan'],
      [{ ...fullBody, services: ['Pharmacy', 'Astrology'] }, 'services.1'],
      [{ ...fullBody, openingHours: { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '08:10', closes: '17:00' }] }] } }, 'openingHours.week.0.periods.0.opens'],
      [{ ...fullBody, openingHours: { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '08:00', closes: '08:00' }] }] } }, 'openingHours.week.0.periods.0.closes'],
      [{ ...fullBody, openingHours: { open24Hours: false, week: [{ day: 'funday', periods: [] }] } }, 'openingHours.week.0.day'],
      [{ ...fullBody, openingHours: { open24Hours: false, week: [], closures: [{ from: '2026-12-31', to: '2026-12-01' }] } }, 'openingHours.closures.0.to'],
      [{ ...fullBody, openingHours: { week: [] } }, 'openingHours.open24Hours'],
      [{ ...fullBody, fees: { registrationNaira: -5 } }, 'fees.registrationNaira'],
      [{ ...fullBody, fees: { consultationNaira: 1500.5 } }, 'fees.consultationNaira'],
      [{ ...fullBody, fees: { followUpNaira: 10_000_001 } }, 'fees.followUpNaira'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PUT', `/api/${path}/${provider.id}/care`, cookie, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    expect(await careOf(path, provider.id)).toEqual(before);
    const [{ count }] = await ctx.sql`
      SELECT count(*)::int AS count FROM provider_plans
      WHERE ${path === 'professionals' ? ctx.sql`professional_id` : ctx.sql`institution_id`} = ${provider.id}`;
    expect(count).toBe(0);
  });
});

describe('an admin edits any provider', () => {
  it('sets the groups as admin, audited; the status stays', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const put = await call('PUT', `/api/institutions/${listing.id}/care`, adminCookie, { openingHours: fullBody.openingHours, plans: [{ payer: 'lashma', plan: null, primary: true }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      sources: { openingHours: { setBy: 'admin' }, plans: { setBy: 'admin' }, services: { setBy: null, confirmedAt: null }, fees: { setBy: null } },
      plans: [{ payer: 'lashma', plan: null, primary: true }],
    });
    const audit = (await call('GET', '/api/admin/audit?perPage=100', adminCookie)).json().items as { action: string; targetType: string; targetId: string; detail: { groups: string[] }; admin: { id: string } }[];
    const entry = audit.find((a) => a.action === 'edit_care' && a.targetId === String(listing.id));
    expect(entry).toMatchObject({ targetType: 'institution', detail: { groups: ['openingHours', 'plans'] }, admin: { id: adminId } });
    const [row] = await ctx.sql`SELECT status FROM institutions WHERE id = ${listing.id}`;
    expect(row!.status).toBe('approved');

    // An owner's edit is not audited (it is theirs).
    const pro = await createProfessional(ctx.sql);
    await call('PUT', `/api/professionals/${pro.id}/care`, await signIn(pro.user), { services: ['Pharmacy'] });
    const [{ count }] = await ctx.sql`SELECT count(*)::int AS count FROM audit_log WHERE action = 'edit_care' AND target_id = ${String(pro.id)} AND target_type = 'professional'`;
    expect(count).toBe(0);
  });

  it('replaces only the provider\'s and admins\' plans: an import\'s rows stay', async () => {
    const inst = await createInstitution(ctx.sql);
    await ctx.sql`INSERT INTO provider_plans (institution_id, payer_slug, plan, tier, is_primary, source) VALUES (${inst.id}, 'nhia', 'BHCPF', 'Basic', true, 'import')`;
    const put = await call('PUT', `/api/institutions/${inst.id}/care`, await signIn(inst.user), { plans: [{ payer: 'care-hmo', plan: 'gold', primary: false }] });
    expect(put.statusCode, put.body).toBe(200);
    // The payer's own spelling of its plan is kept.
    expect(put.json().plans).toEqual([
      { payer: 'care-hmo', plan: 'Gold', primary: false },
      { payer: 'nhia', plan: 'BHCPF', primary: true },
    ]);
    await call('PUT', `/api/institutions/${inst.id}/care`, await signIn(inst.user), { plans: [] });
    expect((await careOf('institutions', inst.id)).plans).toEqual([{ payer: 'nhia', plan: 'BHCPF', primary: true }]);
  });
});

describe('open now, at a literal WAT clock', () => {
  async function withHours(openingHours: unknown) {
    const inst = await createInstitution(ctx.sql);
    const put = await call('PUT', `/api/institutions/${inst.id}/care`, adminCookie, { openingHours });
    expect(put.statusCode, put.body).toBe(200);
    return (watIso: string) => at(watIso, () => careOf('institutions', inst.id));
  }

  it('across midnight: a Saturday night period is open at 01:30 on Sunday and closes at 06:00', async () => {
    const care = await withHours({ open24Hours: false, week: [{ day: 'sat', periods: [{ opens: '20:00', closes: '06:00' }] }], closures: [] });
    // 2026-12-05 is a Saturday.
    expect(await care('2026-12-05T19:45:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-05T20:00:00+01:00', closesAt: null });
    expect(await care('2026-12-06T01:30:00+01:00')).toMatchObject({ openNow: true, opensAt: null, closesAt: '2026-12-06T06:00:00+01:00' });
    // 05:59 WAT is 04:59 UTC.
    expect((await care('2026-12-06T04:59:00Z')).openNow).toBe(true);
    expect(await care('2026-12-06T06:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-12T20:00:00+01:00' });
  });

  it('on a closure nobody is open, a 24-hour provider included', async () => {
    const closures = [{ from: '2026-12-08', to: '2026-12-09', reason: 'Generator repairs' }];
    const daytime = await withHours({ open24Hours: false, week: weekdays('08:00', '17:00'), closures });
    const allDay = await withHours({ open24Hours: true, week: [], closures });
    // Tuesday 10:00 inside the closure; it reopens Thursday at 08:00 (the 24-hour one at midnight).
    expect(await daytime('2026-12-08T10:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-10T08:00:00+01:00' });
    expect(await allDay('2026-12-08T10:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-10T00:00:00+01:00' });
    expect(await allDay('2026-12-07T23:30:00+01:00')).toMatchObject({ openNow: true, closesAt: '2026-12-08T00:00:00+01:00' });
  });

  it('a public holiday closes a provider that is not open 24 hours; a 24-hour one stays open', async () => {
    const daytime = await withHours({ open24Hours: false, week: weekdays('08:00', '17:00'), closures: [] });
    const allDay = await withHours({ open24Hours: true, week: [], closures: [] });
    // Christmas Day 2026 is a Friday and Boxing Day a Saturday: open again on Monday the 28th.
    expect(await daytime('2026-12-25T10:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-28T08:00:00+01:00', closesAt: null });
    expect(await daytime('2026-12-24T16:00:00+01:00')).toMatchObject({ openNow: true, closesAt: '2026-12-24T17:00:00+01:00' });
    expect(await allDay('2026-12-25T10:00:00+01:00')).toMatchObject({ openNow: true, opensAt: null, closesAt: null });

    // A holiday an admin adds (a federal announcement) counts at once.
    expect((await daytime('2026-12-30T10:00:00+01:00')).openNow).toBe(true);
    const put = await call('PUT', '/api/admin/holidays/2026-12-30', adminCookie, { name: 'Declared work-free day', movable: true });
    expect(put.statusCode, put.body).toBe(200);
    try {
      expect(await daytime('2026-12-30T10:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-31T08:00:00+01:00' });
    } finally {
      expect((await call('DELETE', '/api/admin/holidays/2026-12-30', adminCookie)).statusCode).toBe(204);
    }
  });

  it('a night belongs to the day it opens: a holiday or a closure closes the night that starts on it, not the one that ends on it', async () => {
    const nightly = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, periods: [{ opens: '20:00', closes: '08:00' }] }));
    const holidays = await withHours({ open24Hours: false, week: nightly, closures: [] });
    // Christmas Eve's night runs into Christmas morning; Christmas's and Boxing Day's nights do not run.
    expect(await holidays('2026-12-25T03:00:00+01:00')).toMatchObject({ openNow: true, closesAt: '2026-12-25T08:00:00+01:00' });
    expect(await holidays('2026-12-25T21:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-27T20:00:00+01:00' });
    expect(await holidays('2026-12-27T03:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-27T20:00:00+01:00' });
    const closure = await withHours({ open24Hours: false, week: nightly, closures: [{ from: '2026-12-08', to: '2026-12-08', reason: 'Stocktaking' }] });
    expect(await closure('2026-12-08T03:00:00+01:00')).toMatchObject({ openNow: true, closesAt: '2026-12-08T08:00:00+01:00' });
    expect(await closure('2026-12-09T03:00:00+01:00')).toMatchObject({ openNow: false, opensAt: '2026-12-09T20:00:00+01:00' });
  });

  it('a register listing\'s hours older than 12 months stop counting: open unknown, marked stale; an owned provider\'s do not', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const inst = await createInstitution(ctx.sql);
    for (const id of [listing.id, inst.id]) {
      expect((await call('PUT', `/api/institutions/${id}/care`, adminCookie, { openingHours: { open24Hours: true, week: [], closures: [] } })).statusCode).toBe(200);
      await ctx.sql`UPDATE care_facts SET hours_confirmed_at = '2025-11-01T09:00:00Z' WHERE institution_id = ${id}`;
    }
    expect(await at('2026-10-31T12:00:00+01:00', () => careOf('institutions', listing.id))).toMatchObject({ openNow: true, stale: false });
    expect(await at('2026-11-02T12:00:00+01:00', () => careOf('institutions', listing.id))).toMatchObject({ openNow: null, stale: true, confirmedAt: '2025-11-01T09:00:00.000Z' });
    expect(await at('2026-11-02T12:00:00+01:00', () => careOf('institutions', inst.id))).toMatchObject({ openNow: true, stale: false });
  });
});

describe('the search event commits with the edit', () => {
  it('writes the reindex event in the edit\'s transaction; the search hit shows the new fee once the workers ran', async () => {
    const pro = await createProfessional(ctx.sql, { user: { firstName: 'Feyisayo', lastName: 'Oyelaran' } });
    const cookie = await signIn(pro.user);
    const [{ last }] = await ctx.sql`SELECT coalesce(max(id), 0)::bigint AS last FROM outbox`;
    const put = await call('PUT', `/api/professionals/${pro.id}/care`, cookie, { fees: { consultationNaira: 7500 } });
    expect(put.statusCode, put.body).toBe(200);
    const events = await ctx.sql`SELECT topic, payload FROM outbox WHERE id > ${last} AND topic = 'search.professional'`;
    expect(events.map((e) => e.payload)).toContainEqual({ id: pro.id });

    const hit = await eventually(
      async () => {
        const res = await call('GET', '/api/professionals/search?q=Oyelaran');
        const found = (res.json().hits as { id: string; consultationFee?: number }[]).find((h) => Number(h.id) === pro.id);
        return found?.consultationFee === 7500 ? found : null;
      },
      15_000,
      200,
    );
    expect(hit!.consultationFee).toBe(7500);
  });
});

describe('the profile-edit allowance', () => {
  it('counts care edits as profile edits: past it, 429 with Retry-After', async () => {
    const limited = await createTestContext({ requestLimits: { profileEdit: { max: 2 } } });
    try {
      const pro = await createProfessional(limited.sql);
      const cookie = await login(limited.app, pro.user.email, pro.user.password);
      const put = () => callApi(limited.app, 'PUT', `/api/professionals/${pro.id}/care`, cookie, { services: ['Pharmacy'] });
      expect((await put()).statusCode).toBe(200);
      expect((await put()).statusCode).toBe(200);
      const refused = await put();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

/**
 * Fuzzing the care-facts writes (issue 45): a provider's PUT .../care (junk at the top and inside the
 * hours, periods, closures, plans and fees), and the administrators' payers and holidays. Generated junk
 * never gets a 5xx, a refusal is 4xx JSON with a message, and a refused request writes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { cookieFrom, createInstitution, createProfessional, createUser, login } from '../factories';
import { fuzz, junkId, junkString, junkValue, nearValid, reachedPastFirstCheck, type Payload } from './fuzz-support';

let ctx: TestContext;
let proId: number;
let instId: number;
const cookies = { pro: '', inst: '', admin: '' };

beforeAll(async () => {
  ctx = await createTestContext({ requestLimits: { profileEdit: { max: 1_000_000 } } });
  await ctx.sql`INSERT INTO payers (slug, name, kind, plans) VALUES ('nhia', 'NHIA', 'nhia', '[{"name": "Formal Sector", "tier": null}]'), ('lashma', 'LASHMA', 'state_scheme', '[]')`;
  const pro = await createProfessional(ctx.sql);
  const inst = await createInstitution(ctx.sql);
  proId = pro.id;
  instId = inst.id;
  cookies.pro = await login(ctx.app, pro.user.email, pro.user.password);
  cookies.inst = await login(ctx.app, inst.user.email, inst.user.password);
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  cookies.admin = cookieFrom(res.headers['set-cookie']);
});
afterAll(() => ctx?.close());

const hours = {
  open24Hours: false,
  week: [
    { day: 'mon', periods: [{ opens: '08:00', closes: '17:00' }] },
    { day: 'sat', periods: [{ opens: '20:00', closes: '06:00' }] },
  ],
  closures: [{ from: '2026-12-31', to: '2027-01-02', reason: 'Staff retreat' }],
};
const plan = { payer: 'nhia', plan: 'Formal Sector', primary: true };
const fees = { registrationNaira: 2000, consultationNaira: 15000, followUpNaira: 8000, freeAtPointOfCare: false };
const care = { openingHours: hours, services: ['Pharmacy', 'Oxygen'], plans: [plan, { payer: 'lashma', plan: null, primary: false }], fees };

const json = (body: unknown): Payload => ({ body, contentType: 'application/json' });
/** Junk inside the groups: a period, a closure, a plan and the fees each near-valid. */
const nestedCare: fc.Arbitrary<Payload> = fc
  .record({
    openingHours: fc.oneof(
      nearValid(hours),
      nearValid({ ...hours, week: [{ day: 'tue', periods: [{ opens: '09:00', closes: '13:00' }] }] }),
      fc.record({ open24Hours: fc.boolean(), week: fc.array(fc.record({ day: fc.oneof(fc.constantFrom('mon', 'sun'), junkString), periods: fc.array(nearValid({ opens: '07:45', closes: '00:00' }), { maxLength: 5 }) }), { maxLength: 8 }), closures: fc.array(nearValid(hours.closures[0]!), { maxLength: 3 }) }),
      fc.constant(null),
    ),
    services: fc.oneof(fc.constant(care.services), fc.array(fc.oneof(fc.constantFrom('Pharmacy', 'Dialysis Center'), junkString), { maxLength: 4 })),
    plans: fc.array(fc.oneof(nearValid(plan), junkValue), { maxLength: 4 }),
    fees: fc.oneof(nearValid(fees), fc.constant(null)),
  })
  .map(json);
const carePayloads = fc.oneof(nestedCare, fc.constant(care).chain((c) => nearValid(c)).map(json));

const ownOrJunk = (base: string, own: () => number) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(0).map(() => `${base}/${own()}/care`) }, { weight: 1, arbitrary: junkId.map((id) => `${base}/${id}/care`) });

describe('fuzzing care facts', { timeout: 180_000 }, () => {
  test('PUT /api/professionals/{id}/care', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url: ownOrJunk('/api/professionals', () => proId), valid: care, payloads: carePayloads, cookie: () => cookies.pro, numRuns: 150 }));
  });

  test('PUT /api/institutions/{id}/care (by an admin)', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url: ownOrJunk('/api/institutions', () => instId), valid: care, payloads: carePayloads, cookie: () => cookies.admin, numRuns: 100 }));
  });

  test('POST /api/admin/payers', async () => {
    const valid = { slug: 'fuzz-hmo', name: 'Fuzz HMO', kind: 'hmo', accreditationNumber: 'NHIA/HMO/0001', plans: [{ name: 'Gold', tier: 'Gold' }] };
    reachedPastFirstCheck(await fuzz(ctx, { method: 'POST', url: '/api/admin/payers', valid, cookie: () => cookies.admin, numRuns: 100 }));
  });

  test('PUT /api/admin/payers/{slug}', async () => {
    const valid = { name: 'National Health Insurance Authority', kind: 'nhia', accreditationNumber: null, plans: [{ name: 'Formal Sector', tier: null }] };
    const url = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('/api/admin/payers/nhia', '/api/admin/payers/lashma') }, { weight: 1, arbitrary: junkId.map((s) => `/api/admin/payers/${s}`) });
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url, valid, cookie: () => cookies.admin, numRuns: 100 }));
  });

  test('PUT /api/admin/holidays/{date}', async () => {
    const url = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('/api/admin/holidays/2027-07-01', '/api/admin/holidays/2026-12-25') }, { weight: 1, arbitrary: junkId.map((s) => `/api/admin/holidays/${s}`) });
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url, valid: { name: 'Declared holiday', movable: true }, cookie: () => cookies.admin, numRuns: 100 }));
  });
});

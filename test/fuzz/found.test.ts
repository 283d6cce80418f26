/**
 * What the fuzz tests found, replayed as fixed requests: each was a 500 before its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { professionalPayload } from '../../api/src/modules/auth/auth-test-helpers';
import { createInstitution, createProfessional, createUser, login } from '../factories';
import { fingerprint } from './fuzz-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function refused(method: 'POST' | 'PUT', url: string, payload: unknown, field: string, cookie?: string) {
  const before = await fingerprint(ctx.sql);
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().fields?.[field], res.body).toEqual(expect.any(String));
  expect(await fingerprint(ctx.sql)).toBe(before);
}

describe('requests the fuzz tests found answering 500', () => {
  // z.coerce.number() ran Number() on it, which throws for an object whose toString is not a function.
  test('a number field holding an object with a "toString" key', async () => {
    await refused('POST', '/api/register/professional', professionalPayload({ yearsOfExperience: { toString: 1 } }), 'yearsOfExperience');
    await refused('POST', '/api/register/professional', professionalPayload({ yearsOfExperience: [{ valueOf: 'x' }] }), 'yearsOfExperience');
  });

  // PostgreSQL text cannot hold NUL: the insert failed. Now refused before any handler runs, naming the field.
  test('a NUL character inside otherwise valid text', async () => {
    const pro = await createProfessional(ctx.sql);
    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    const profile = { professionalType: 'doctor', title: 'Dr.', specialty: 'Cardiology', bio: 'Cardiologist\u0000 in Lagos' };
    await refused('PUT', `/api/professionals/${pro.id}`, profile, 'bio', proCookie);
    const inst = await createInstitution(ctx.sql);
    const instCookie = await login(ctx.app, inst.user.email, inst.user.password);
    await refused('PUT', '/api/institutions/photo', { profileImageUrl: 'https://images.example.ng/a.jp\u0000g' }, 'profileImageUrl', instCookie);
    await refused('POST', '/api/register/professional', professionalPayload({ countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN\u0000' }] }), 'countryLicenses.0.licenseNumber');
  });

  // Ids are PostgreSQL integers: a larger number failed in the query.
  test('a profile id beyond the integer range', async () => {
    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    await refused('POST', '/api/reviews', { rating: 5, professionalId: 1479867303145078000 }, 'professionalId', cookie);
    await refused('POST', '/api/reviews', { rating: 5, professionalId: null, institutionId: 2 ** 31 }, 'institutionId', cookie);
    const booking = {
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze@example.ng',
      patientPhone: '0803 123 4567',
      appointmentDate: '2099-03-02T10:00:00+01:00',
      professionalId: 2 ** 31,
    };
    await refused('POST', '/api/appointments', booking, 'professionalId', cookie);
  });

  // The search protocol's whole-number parameters ran Number() on objects too.
  test('multi_search with per_page holding an object with a "toString" key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches: [{ collection: 'professionals', q: 'cardio', per_page: { toString: 5 } }] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([{ code: 400, error: expect.stringContaining('per_page') }]);
  });

  // The failed sign-in is audited with the address in a JSON detail, and PostgreSQL's JSON refuses a lone surrogate.
  test('an administrator sign-in whose email holds a lone surrogate', async () => {
    await refused('POST', '/api/admin/login', { email: 'x\udfff', password: 'not-the-password' }, 'email');
    await refused('POST', '/api/auth/login', { email: 'a\ud800@example.ng', password: 'not-the-password' }, 'email');
  });
});

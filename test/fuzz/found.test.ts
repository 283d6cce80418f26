/**
 * What the fuzz tests found, replayed as fixed requests: each was a 500 before its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { professionalPayload } from '../../api/src/modules/auth/auth-test-helpers';
import { createInstitution, createProfessional, login } from '../factories';
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
});

/**
 * Fuzzing profile setup and edits (professionals and institutions: the profile,
 * its photo, a professional's countries): generated junk never gets a 5xx, a
 * refusal is 4xx JSON with a message, and a refused request writes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { createInstitution, createProfessional, createUser, login } from '../factories';
import { fuzz, junkId, reachedPastFirstCheck } from './fuzz-support';

let ctx: TestContext;
let proId: number;
let instId: number;
const cookies: Record<'newPro' | 'pro' | 'newInst' | 'inst', string> = { newPro: '', pro: '', newInst: '', inst: '' };

beforeAll(async () => {
  // Hundreds of edits by one account: far above the per-account limit a person meets.
  ctx = await createTestContext({ requestLimits: { profileEdit: { max: 1_000_000 } } });
  const newPro = await createUser(ctx.sql, { userType: 'professional' });
  const newInst = await createUser(ctx.sql, { userType: 'institution' });
  const pro = await createProfessional(ctx.sql);
  const inst = await createInstitution(ctx.sql);
  proId = pro.id;
  instId = inst.id;
  cookies.newPro = await login(ctx.app, newPro.email, newPro.password);
  cookies.newInst = await login(ctx.app, newInst.email, newInst.password);
  cookies.pro = await login(ctx.app, pro.user.email, pro.user.password);
  cookies.inst = await login(ctx.app, inst.user.email, inst.user.password);
});
afterAll(() => ctx?.close());

/** Mostly the account's own profile, else any id-shaped (or not) path segment. */
const profileUrl = (base: string, own: () => number) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(0).map(() => `${base}/${own()}`) }, { weight: 1, arbitrary: junkId.map((id) => `${base}/${id}`) });

const professionalProfile = {
  professionalType: 'doctor',
  title: 'Dr.',
  specialty: 'Cardiology',
  licenseNumber: 'LIC-Nigeria', // the factory's licence of record (issue 48)
  yearsOfExperience: 12,
  education: 'MBBS, University of Lagos (2008)',
  bio: 'Consultant cardiologist with twelve years of practice in Lagos.',
  phone: '0803 123 4567',
  address: '12 Awolowo Road, Ikoyi',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '',
};

const institutionProfile = {
  name: 'Lagoon General Hospital',
  type: 'hospital',
  description: 'A 200-bed general hospital serving Lagos Island.',
  services: ['Emergency Care', 'Surgery'],
  phone: '0803 123 4567',
  email: 'desk@lagoon.example.ng',
  website: 'https://lagoon.example.ng',
  address: '5 Marina Road, Lagos Island',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '',
};

const photo = { profileImageUrl: 'https://images.example.ng/a.jpg' };

describe('fuzzing profile setup and edits', { timeout: 120_000 }, () => {
  test('POST /api/professionals (profile setup)', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: '/api/professionals', valid: professionalProfile, cookie: () => cookies.newPro }),
    );
  });

  test('PUT /api/professionals/{id} (profile edit)', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'PUT',
        url: profileUrl('/api/professionals', () => proId),
        valid: professionalProfile,
        cookie: () => cookies.pro,
      }),
    );
  });

  test('PUT /api/professionals/photo', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url: '/api/professionals/photo', valid: photo, cookie: () => cookies.pro }));
  });

  test('PUT /api/professionals/countries', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'PUT', url: '/api/professionals/countries', valid: ['Nigeria', 'Ghana', 'Kenya'], cookie: () => cookies.pro }),
    );
  });

  test('POST /api/institutions (profile setup)', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: '/api/institutions', valid: institutionProfile, cookie: () => cookies.newInst }),
    );
  });

  test('PUT /api/institutions/{id} (profile edit)', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'PUT',
        url: profileUrl('/api/institutions', () => instId),
        valid: institutionProfile,
        cookie: () => cookies.inst,
      }),
    );
  });

  test('PUT /api/institutions/photo', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'PUT', url: '/api/institutions/photo', valid: photo, cookie: () => cookies.inst }));
  });
});

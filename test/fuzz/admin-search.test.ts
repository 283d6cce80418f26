/**
 * Fuzzing the administrator's write endpoints (sign-in, password, add user,
 * approve/reject/withdraw a profile) and multi_search's body: generated junk
 * never gets a 5xx, a refusal is 4xx JSON with a message, and a refused request
 * writes nothing (no profile status, user or audit entry changed).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { cookieFrom, createInstitution, createProfessional, createUser, type TestUser } from '../factories';
import { fuzz, junkId, junkValue, nearValid, reachedPastFirstCheck, type Payload } from './fuzz-support';

let ctx: TestContext;
let admin: TestUser;
let adminCookie = '';
const pending: Record<'professional' | 'institution', number[]> = { professional: [], institution: [] };

beforeAll(async () => {
  ctx = await createTestContext({ requestLimits: { searchWithoutCookie: { max: 1_000_000 }, searchPerAddress: { max: 1_000_000 } } });
  admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: admin.password } });
  expect(res.statusCode, res.body).toBe(200);
  adminCookie = cookieFrom(res.headers['set-cookie']);
  for (let i = 0; i < 3; i++) {
    pending.professional.push((await createProfessional(ctx.sql, { status: 'pending', isVerified: false })).id);
    pending.institution.push((await createInstitution(ctx.sql, { status: 'pending' })).id);
  }
  await createProfessional(ctx.sql, { specialty: 'Cardiology', city: 'Lagos', state: 'Lagos' });
});
afterAll(() => ctx?.close());

describe('fuzzing the administrator endpoints', { timeout: 120_000 }, () => {
  test('POST /api/admin/login', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: '/api/admin/login', valid: { email: admin.email, password: 'not-the-password' }, numRuns: 150 }),
    );
  });

  test('PUT /api/admin/change-password', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'PUT',
        url: '/api/admin/change-password',
        valid: { currentPassword: 'not-the-password', newPassword: 'another-horse-2' },
        cookie: () => adminCookie,
        numRuns: 150,
      }),
    );
  });

  test('POST /api/admin/create-user', async () => {
    const valid = {
      email: 'added-by-admin@example.ng',
      password: 'password-123',
      firstName: 'Ngozi',
      lastName: 'Eze',
      userType: 'professional',
      title: 'Dr.',
      specialty: 'Cardiology',
      phone: '0803 123 4567',
      yearsOfExperience: '12',
      consultationFee: '15000',
      city: 'Lagos',
      state: 'Lagos',
      country: 'Nigeria',
      countriesOfPractice: ['Nigeria'],
      licenseNumbers: { Nigeria: 'MDCN/1' },
      bio: 'Cardiologist.',
      website: 'https://eze.example.ng',
      services: 'Emergency Care, Surgery',
    };
    // 100 cases: each one that passes the schema hashes a password (argon2), the slow part of this file.
    reachedPastFirstCheck(await fuzz(ctx, { method: 'POST', url: '/api/admin/create-user', valid, cookie: () => adminCookie, numRuns: 100 }));
  });

  for (const action of ['approve', 'reject', 'withdraw'] as const) {
    for (const kind of ['professional', 'institution'] as const) {
      test(`POST /api/admin/${action}-${kind}/{id}`, async () => {
        reachedPastFirstCheck(
          await fuzz(ctx, {
            method: 'POST',
            url: fc
              .oneof(fc.constantFrom(...pending[kind].map(String)), junkId)
              .map((id) => `/api/admin/${action}-${kind}/${id}`),
            valid: { reason: 'The licence number could not be verified.' },
            cookie: () => adminCookie,
            numRuns: 80,
          }),
        );
      });
    }
  }
});

const search = {
  collection: 'professionals',
  q: 'cardio',
  query_by: 'name,specialty',
  filter_by: 'state:=[`Lagos`] && years_of_experience:>=5',
  sort_by: 'years_of_experience:desc',
  facet_by: 'state,specialty',
  facet_query: 'specialty:card',
  max_facet_values: 10,
  page: 1,
  per_page: 5,
};

describe('fuzzing multi_search', { timeout: 120_000 }, () => {
  test('POST /api/search/multi_search', async () => {
    const searches = fc.array(fc.oneof({ weight: 4, arbitrary: nearValid(search) }, { weight: 1, arbitrary: junkValue }), {
      minLength: 1,
      maxLength: 4,
    });
    const bodies: fc.Arbitrary<Payload> = fc.oneof(
      { weight: 6, arbitrary: searches.map((s): Payload => ({ body: { searches: s }, contentType: 'text/plain' })) },
      { weight: 1, arbitrary: nearValid({ searches: [search] }).map((body): Payload => ({ body, contentType: 'application/json' })) },
      { weight: 1, arbitrary: junkValue.map((body): Payload => ({ body, contentType: 'text/plain' })) },
    );
    const summary = await fuzz(ctx, {
      method: 'POST',
      url: '/api/search/multi_search',
      valid: { searches: [search] },
      payloads: bodies,
      numRuns: 300,
      // The Typesense protocol: 200 with one result per search, each a result or a 4xx error of its own.
      accepted: (_status, answer) => {
        for (const r of answer.results) {
          if ('error' in r) {
            expect(r.code, JSON.stringify(r)).toBeGreaterThanOrEqual(400);
            expect(r.code, JSON.stringify(r)).toBeLessThan(500);
          } else {
            expect(Array.isArray(r.hits), JSON.stringify(r).slice(0, 300)).toBe(true);
          }
        }
      },
    });
    reachedPastFirstCheck(summary);
  });
});

/**
 * Fuzzing the accounts endpoints (sign-in, registration, passwords): generated
 * junk never gets a 5xx, a refusal is 4xx JSON with a message, and a refused
 * request writes nothing (test/fuzz/fuzz-support.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../support';
import { createUser, login, type TestUser } from '../factories';
import { institutionPayload, patientPayload, professionalPayload } from '../../api/src/modules/auth/auth-test-helpers';
import { fuzz, reachedPastFirstCheck } from './fuzz-support';

let ctx: TestContext;
let patient: TestUser;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  patient = await createUser(ctx.sql, { password: 'correct-horse-1' });
  cookie = await login(ctx.app, patient.email, patient.password);
});
afterAll(() => ctx?.close());

describe('fuzzing the accounts endpoints', { timeout: 120_000 }, () => {
  test('POST /api/auth/login', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: '/api/auth/login', valid: { email: patient.email, password: 'wrong-password-1' } }),
    );
  });

  test('POST /api/register/patient', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'POST', url: '/api/register/patient', valid: patientPayload() }));
  });

  test('POST /api/register/professional', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'POST', url: '/api/register/professional', valid: professionalPayload() }));
  });

  test('POST /api/register/institution', async () => {
    reachedPastFirstCheck(await fuzz(ctx, { method: 'POST', url: '/api/register/institution', valid: institutionPayload() }));
  });

  test('PUT /api/auth/change-password', async () => {
    // The current password is wrong in the seed: a case that got through would change it for the next ones.
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'PUT',
        url: '/api/auth/change-password',
        valid: { currentPassword: 'not-the-password', newPassword: 'another-horse-2' },
        cookie: () => cookie,
      }),
    );
  });

  test('POST /api/auth/forgot-password', async () => {
    // The mail (a token row) is prepared after the answer: wait for it, so it is not taken for a later refusal's write.
    let tokens = 0;
    const tokenRows = async () => Number((await ctx.sql<{ n: string }[]>`SELECT count(*) AS n FROM password_reset_tokens`)[0].n);
    const summary = await fuzz(ctx, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      valid: { email: patient.email },
      accepted: async (_status, _answer, payload) => {
        const email = (payload.body as { email?: unknown } | null)?.email;
        if (typeof email === 'string' && email.trim().toLowerCase() === patient.email.toLowerCase()) {
          tokens++;
          await eventually(async () => (await tokenRows()) === tokens);
        }
      },
    });
    reachedPastFirstCheck(summary);
    expect(tokens, 'no case asked for the known account: the deferred path went untested').toBeGreaterThan(0);
  });

  test('POST /api/auth/reset-password', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: '/api/auth/reset-password', valid: { token: 'a'.repeat(64), newPassword: 'another-horse-2' } }),
    );
  });
});

/**
 * What the fuzz tests found, replayed as fixed requests: each was a 500 before its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { professionalPayload } from '../../api/src/modules/auth/auth-test-helpers';
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
});

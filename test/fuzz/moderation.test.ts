/**
 * Fuzzing review moderation (issue 34): reports, the provider's reply and the admin's
 * hide, restore and dismiss. Generated junk never gets a 5xx, a refusal is 4xx JSON with
 * a message, and a refused request writes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createTestContext, type TestContext } from '../support';
import { createProfessional, createUser, login } from '../factories';
import { fuzz, junkId, reachedPastFirstCheck } from './fuzz-support';

let ctx: TestContext;
let reviewId: number;
let patientCookie = '';
let proCookie = '';
let adminCookie = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const author = await createUser(ctx.sql);
  const patient = await createUser(ctx.sql);
  const admin = await createUser(ctx.sql, { userType: 'admin' });
  const pro = await createProfessional(ctx.sql);
  const [row] = await ctx.sql<{ id: number }[]>`
    INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${author.id}, ${pro.id}, 2, 'Long wait.') RETURNING id`;
  reviewId = row!.id;
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
  adminCookie = await login(ctx.app, admin.email, admin.password);
});
afterAll(() => ctx?.close());

/** Mostly this review's path, sometimes a junk id in it. */
const reviewPath = (suffix: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(0).map(() => `/api/reviews/${reviewId}/${suffix}`) },
    { weight: 1, arbitrary: junkId.map((id) => `/api/reviews/${id}/${suffix}`) },
  );

describe('fuzzing review moderation', { timeout: 120_000 }, () => {
  test('POST /api/reviews/{id}/reports', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: reviewPath('reports'), valid: { reason: 'spam', details: 'Advertises a shop.' }, cookie: () => patientCookie }),
    );
  });

  test('POST /api/reviews/{id}/reply', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, { method: 'POST', url: reviewPath('reply'), valid: { body: 'Thank you for your feedback.' }, cookie: () => proCookie, numRuns: 100 }),
    );
  });

  test('POST /api/admin/moderation/reviews/{id}/hide|restore|dismiss', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'POST',
        url: fc.tuple(fc.oneof(fc.constant(String(reviewId)), junkId), fc.constantFrom('hide', 'restore', 'dismiss')).map(
          ([id, action]) => `/api/admin/moderation/reviews/${id}/${action}`,
        ),
        valid: { reason: 'Breaks the review rules.' },
        cookie: () => adminCookie,
      }),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function review(target: { professionalId?: number; institutionId?: number }, rating: number, comment: string | null, reviewer: { firstName: string; lastName: string }, at: string) {
  const user = await createUser(ctx.sql, { ...reviewer, email: `${reviewer.firstName.toLowerCase()}-${Math.random().toString(36).slice(2)}@mail.example.ng` });
  await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, institution_id, rating, comment, created_at)
    VALUES (${user.id}, ${target.professionalId ?? null}, ${target.institutionId ?? null}, ${rating}, ${comment}, ${at})`;
  return user;
}

describe('GET /api/reviews/professional/{id}', () => {
  it('lists reviews newest first with the reviewer as first name and last initial only', async () => {
    const pro = await createProfessional(ctx.sql);
    const older = await review({ professionalId: pro.id }, 4, 'Kind and thorough.', { firstName: 'Chidi', lastName: 'Okonkwo' }, '2025-01-10T10:00:00Z');
    const newer = await review({ professionalId: pro.id }, 5, 'Explained everything clearly.', { firstName: 'Amaka', lastName: 'eze' }, '2025-03-02T10:00:00Z');

    const res = await ctx.app.inject(`/api/reviews/professional/${pro.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Explained everything clearly.', createdAt: '2025-03-02T10:00:00.000Z', reviewer: { firstName: 'Amaka', lastName: 'E' } }),
      expect.objectContaining({ rating: 4, comment: 'Kind and thorough.', reviewer: { firstName: 'Chidi', lastName: 'O' } }),
    ]);
    // Never a full last name, an e-mail or the reviewer's id.
    for (const u of [older, newer]) {
      expect(res.body).not.toContain(u.email);
      expect(res.body).not.toContain(u.id);
    }
    expect(res.body).not.toContain('Okonkwo');
    expect(res.body).not.toContain('reviewerId');
  });

  it('answers an empty list when there are no reviews', async () => {
    const pro = await createProfessional(ctx.sql);
    expect((await ctx.app.inject(`/api/reviews/professional/${pro.id}`)).json()).toEqual([]);
  });

  it('answers 404 for a missing or unapproved professional, except to its owner and admins', async () => {
    expect((await ctx.app.inject('/api/reviews/professional/999999')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/reviews/professional/abc')).statusCode).toBe(404);
    const pending = await createProfessional(ctx.sql, { status: 'pending' });
    await review({ professionalId: pending.id }, 3, null, { firstName: 'Sade', lastName: 'Ade' }, '2025-02-01T10:00:00Z');
    expect((await ctx.app.inject(`/api/reviews/professional/${pending.id}`)).statusCode).toBe(404);
    const own = await ctx.app.inject({
      url: `/api/reviews/professional/${pending.id}`,
      headers: { cookie: await login(ctx.app, pending.user.email, pending.user.password) },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const asAdmin = await ctx.app.inject({
      url: `/api/reviews/professional/${pending.id}`,
      headers: { cookie: await login(ctx.app, admin.email, admin.password) },
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('GET /api/reviews/institution/{id}', () => {
  it('lists an approved institution’s reviews with masked reviewers; 404 for an unapproved one', async () => {
    const inst = await createInstitution(ctx.sql);
    await review({ institutionId: inst.id }, 2, 'Long wait at the pharmacy.', { firstName: 'Musa', lastName: 'Abdullahi' }, '2025-04-01T09:00:00Z');
    const res = await ctx.app.inject(`/api/reviews/institution/${inst.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ rating: 2, comment: 'Long wait at the pharmacy.', institutionId: inst.id, reviewer: { firstName: 'Musa', lastName: 'A' } }),
    ]);
    expect(res.body).not.toContain('Abdullahi');

    const rejected = await createInstitution(ctx.sql, { status: 'rejected' });
    expect((await ctx.app.inject(`/api/reviews/institution/${rejected.id}`)).statusCode).toBe(404);
  });
});

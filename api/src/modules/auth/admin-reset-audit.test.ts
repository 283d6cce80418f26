import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { cookieFrom, createUser, login } from '../../../../test/factories';

// Issue 48 (D4): an administrator's password changed through "Forgot your password?" is audited
// like a change in the admin area or in Account settings. A patient's reset is no admin's action.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, payload });

/** Asks for a reset link for `email` and follows it to set `password` (API tests run without workers: the mail job holds the link). */
async function resetThroughForgotPassword(email: string, password: string) {
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  const job = (await eventually(async () => {
    const jobs = await ctx.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed']);
    return jobs.find((j) => j?.data?.to === email);
  }))!;
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(job.data.text)![1]!;
  const res = await post('/api/auth/reset-password', { token, newPassword: password, confirmPassword: password });
  expect(res.statusCode, res.body).toBe(200);
}

describe('password reset of an administrator (issue 48)', () => {
  it('is in the activity log as a password change made by a reset link; a patient reset is not', async () => {
    const admin = await createUser(ctx.sql, { userType: 'admin', password: 'first-password-1' });
    const patient = await createUser(ctx.sql, { password: 'first-password-1' });
    await resetThroughForgotPassword(admin.email, 'second-password-2');
    await resetThroughForgotPassword(patient.email, 'second-password-2');

    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'second-password-2' } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const log = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?perPage=100', headers: { cookie: cookieFrom(signedIn.headers['set-cookie']) } });
    expect(log.statusCode).toBe(200);
    const changes = (log.json().items as Record<string, any>[]).filter((e) => e.action === 'change_password');
    expect(changes.map((e) => [e.admin?.id, e.outcome, e.targetType, e.targetId, e.detail?.from])).toEqual([
      [admin.id, 'success', 'user', admin.id, 'password_reset'],
    ]);
    // The patient's new password works; their reset left no entry.
    expect(await login(ctx.app, patient.email, 'second-password-2')).toContain('ilera_session=');
    expect(changes.some((e) => e.targetId === patient.id)).toBe(false);
  });
});

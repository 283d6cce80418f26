import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { cookieFrom, createUser, login } from '../../../../test/factories';
import { patientPayload, send } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The reset link of the mail job queued for `to` (API tests run without workers). */
async function queuedResetLink(c: TestContext, to: string): Promise<string> {
  const job = (await eventually(async () => {
    const jobs = await c.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed']);
    return jobs.find((j) => j?.data?.to === to);
  }))!;
  const match = /(http[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(job.data.text);
  expect(match, job.data.text).not.toBeNull();
  return match![1];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function requestLink(c: TestContext, email: string): Promise<string> {
  const res = await send(c.app, 'POST', '/api/auth/forgot-password', { payload: { email } });
  expect(res.statusCode).toBe(200);
  return queuedResetLink(c, email);
}

describe('POST /api/auth/forgot-password', () => {
  it('queues a mail with a single-use link; only the token hash is stored, valid 1 hour, and nothing secret is in the outbox', async () => {
    const user = await createUser(ctx.sql);
    const res = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: user.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'If an account exists for this email, a password reset link has been sent. It is valid for 1 hour.',
    });
    const link = await queuedResetLink(ctx, user.email);
    expect(link.startsWith(`${ctx.config.appUrl}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const rows = await ctx.sql<{ tokenHash: string; used: boolean; ttl: number }[]>`
      SELECT token_hash, used, extract(epoch FROM expires_at - created_at)::int AS ttl
      FROM password_reset_tokens WHERE user_id = ${user.id}`;
    expect(rows).toEqual([{ tokenHash: sha256(token), used: false, ttl: 3600 }]);
    const leaks = await ctx.sql`
      SELECT 1 FROM password_reset_tokens WHERE token_hash = ${token}
      UNION ALL SELECT 1 FROM outbox WHERE payload::text LIKE ${'%' + token + '%'}`;
    expect(leaks).toHaveLength(0);
  });

  it("writes the mail in the account's language (issue 50): Yorùbá, and English without one", async () => {
    const user = await createUser(ctx.sql);
    await ctx.sql`UPDATE users SET language = 'yo' WHERE id = ${user.id}`;
    const link = await requestLink(ctx, user.email);
    const job = (await ctx.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed'])).find((j) => j?.data?.to === user.email)!;
    expect(job.data.subject).toBe('Ẹ ṣe àtúntò ọ̀rọ̀ aṣínà Ilera yín');
    expect(job.data.text).toBe(
      `Ẹ n lẹ́ o,\n\nA gba ìbéèrè láti ṣe àtúntò ọ̀rọ̀ aṣínà àkáǹtì Ilera yín.\nẸ ṣí ìjápọ̀ yìí láti yan ọ̀rọ̀ aṣínà tuntun. Ó wúlò fún wákàtí 1, ẹ sì lè lò ó lẹ́ẹ̀kan ṣoṣo:\n\n${link}\n\n` +
        'Tí kì í bá ṣe ẹ̀yin ló béèrè, ẹ lè fojú fo ímeèlì yìí: ọ̀rọ̀ aṣínà yín kò ní yí padà.\n\nIlera',
    );
    expect(job.data.html).toContain('<html lang="yo">');
    expect(job.data.html).toContain('>Ṣe àtúntò ọ̀rọ̀ aṣínà</a>');
    const english = await createUser(ctx.sql);
    await requestLink(ctx, english.email);
    const mail = (await ctx.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed'])).find((j) => j?.data?.to === english.email)!;
    expect(mail.data.subject).toBe('Reset your Ilera password');
    expect(mail.data.text).toContain('Hello,\n\nWe received a request to reset the password of your Ilera account.');
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const known = await createUser(ctx.sql);
    const a = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: known.email } });
    const b = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: 'no-such-account@example.ng' } });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    const strip = (h: Record<string, unknown>) => {
      const { date: _d, 'x-ratelimit-reset': _r, ...rest } = h;
      return Object.keys(rest).sort();
    };
    expect(strip(b.headers)).toEqual(strip(a.headers));
    await queuedResetLink(ctx, known.email);
    const jobs = await ctx.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed']);
    expect(jobs.some((j) => j?.data?.to === 'no-such-account@example.ng')).toBe(false);
  });

  it('requires an e-mail', async () => {
    const res = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Email is required' });
  });
});

describe('reset token validation and reset', () => {
  it('GET /api/auth/validate-reset-token answers {valid, message}', async () => {
    const user = await createUser(ctx.sql);
    const token = tokenOf(await requestLink(ctx, user.email));
    const ok = await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, message: 'Token is valid' });
    const unknown = await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${'x'.repeat(43)}`);
    expect(unknown.json()).toEqual({ valid: false, message: 'This password reset link is invalid or has expired.' });
  });

  it('resets the password: the new one works, the old one not, every session ends, and the link cannot be used again', async () => {
    const user = await createUser(ctx.sql);
    const session = await login(ctx.app, user.email, user.password);
    const token = tokenOf(await requestLink(ctx, user.email));
    const res = await send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token, newPassword: 'reset-new-password' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been reset. You can now sign in with your new password.' });

    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: session })).statusCode).toBe(401);
    expect((await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: user.email, password: user.password } })).statusCode).toBe(401);
    await login(ctx.app, user.email, 'reset-new-password');

    const reused = await send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token, newPassword: 'another-password' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This password reset link is invalid or has expired.');
    expect((await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${token}`)).json().valid).toBe(false);
    await login(ctx.app, user.email, 'reset-new-password');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx.sql);
    const token = tokenOf(await requestLink(ctx, user.email));
    await ctx.sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(token)}`;
    expect((await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${token}`)).json()).toEqual({
      valid: false,
      message: 'This password reset link is invalid or has expired.',
    });
    const res = await send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token, newPassword: 'reset-new-password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This password reset link is invalid or has expired.');
    await login(ctx.app, user.email, user.password);
  });

  it('refuses an unknown token', async () => {
    const res = await send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token: 'made-up-token', newPassword: 'reset-new-password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This password reset link is invalid or has expired.');
  });

  it('validates the new password with the spec message', async () => {
    const res = await send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token: 'whatever', newPassword: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: 'Password must be at least 8 characters long' });
  });

  it('a reset ends the other outstanding links of the account; two concurrent resets with one token: one wins', async () => {
    const user = await createUser(ctx.sql);
    const first = tokenOf(await requestLink(ctx, user.email));
    await ctx.queues.mail.drain(true);
    const second = tokenOf(await requestLink(ctx, user.email));
    expect(second).not.toBe(first);
    const results = await Promise.all(
      ['password-one-1', 'password-two-2', 'password-three-3'].map((newPassword) =>
        send(ctx.app, 'POST', '/api/auth/reset-password', { payload: { token: second, newPassword } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${first}`)).json().valid).toBe(false);
  });

  it('a password change ends outstanding reset links', async () => {
    const user = await createUser(ctx.sql);
    const token = tokenOf(await requestLink(ctx, user.email));
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', '/api/auth/change-password', { cookie, payload: { currentPassword: user.password, newPassword: 'changed-password' } });
    expect(res.statusCode).toBe(200);
    expect((await send(ctx.app, 'GET', `/api/auth/validate-reset-token/${token}`)).json().valid).toBe(false);
  });
});

describe('with the real workers', () => {
  let full: TestContext;
  beforeAll(async () => {
    // Debug level: the strictest test of what reaches the logs.
    full = await createTestContext({ config: { logLevel: 'debug' } });
    await full.startWorkers();
  });
  afterAll(async () => {
    await full.close();
  });

  it('the mail lands in DATA_DIR/outbox; no password, token, link or cookie value appears in any log line of a full flow', async () => {
    const p = patientPayload({ password: 'Secret-Initial-Pass1', confirmPassword: 'Secret-Initial-Pass1' });
    const secrets: string[] = [p.password];
    expect((await send(full.app, 'POST', '/api/register/patient', { payload: p })).statusCode).toBe(201);
    // A failed sign-in, then a good one.
    secrets.push('Wrong-Guess-Pass9');
    await send(full.app, 'POST', '/api/auth/login', { payload: { email: p.email, password: 'Wrong-Guess-Pass9' } });
    const loginRes = await send(full.app, 'POST', '/api/auth/login', { payload: { email: p.email, password: p.password } });
    const cookie = cookieFrom(loginRes.headers['set-cookie']);
    secrets.push(cookie.split('=')[1]);

    secrets.push('Secret-Changed-Pass2');
    const changed = await send(full.app, 'PUT', '/api/auth/change-password', {
      cookie,
      payload: { currentPassword: p.password, newPassword: 'Secret-Changed-Pass2' },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push(cookieFrom(changed.headers['set-cookie']).split('=')[1]);
    await send(full.app, 'GET', '/api/logout', { cookie: cookieFrom(changed.headers['set-cookie']) });

    expect((await send(full.app, 'POST', '/api/auth/forgot-password', { payload: { email: p.email } })).statusCode).toBe(200);
    const outbox = path.join(full.config.dataDir, 'outbox');
    // Read the file once the worker says it is written: a file being written is not read half-done.
    const written = (f: string) => full.logs.some((l) => l.includes('mail sent') && l.includes(f));
    const file = (await eventually(async () => (await readdir(outbox)).find((f) => f.endsWith('.eml') && written(f))))!;
    const eml = await readFile(path.join(outbox, file), 'utf8');
    expect(eml).toMatch(/^Subject: Reset your Ilera password$/m);
    expect(eml).toMatch(new RegExp(`^To: ${p.email.replace(/[.]/g, '\\.')}$`, 'm'));
    const link = /(http[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(eml))![1];
    const token = tokenOf(link);
    secrets.push(token, link);

    await send(full.app, 'GET', `/api/auth/validate-reset-token/${token}`);
    secrets.push('Secret-Reset-Pass3');
    const reset = await send(full.app, 'POST', '/api/auth/reset-password', { payload: { token, newPassword: 'Secret-Reset-Pass3' } });
    expect(reset.statusCode).toBe(200);
    const final = await send(full.app, 'POST', '/api/auth/login', { payload: { email: p.email, password: 'Secret-Reset-Pass3' } });
    expect(final.statusCode).toBe(200);
    secrets.push(cookieFrom(final.headers['set-cookie']).split('=')[1]);

    // The mail worker names the file it wrote (its log line may follow the file by a moment on a busy machine).
    expect(await eventually(() => full.logs.some((l) => l.includes('mail sent') && l.includes(file)))).toBe(true);
    expect(full.logs.length).toBeGreaterThan(10);
    for (const line of full.logs) {
      for (const s of secrets) expect(line.includes(s), `log line leaks a secret: ${line}`).toBe(false);
      expect(line).not.toMatch(/reset-password\?token/);
      expect(line.toLowerCase()).not.toContain('cookie":');
    }
  });
});

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

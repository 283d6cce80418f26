import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePasswordFormSchema, resetPasswordFormSchema } from '@ilera/contracts';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../../test/support';
import { cookieFrom, createUser, login } from '../../../../test/factories';
import { send } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const setCookieOf = (res: { headers: Record<string, unknown> }) => {
  const h = res.headers['set-cookie'];
  return (Array.isArray(h) ? h : h ? [String(h)] : []).join('\n');
};
/** True when the answer clears the session cookie. */
const clearsCookie = (res: { headers: Record<string, unknown> }) =>
  /ilera_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(setCookieOf(res));

describe('GET /api/auth/user', () => {
  it('answers 401 when signed out', async () => {
    const res = await send(ctx.app, 'GET', '/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a forged or tampered cookie', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const value = cookie.split('=')[1];
    const tampered = `ilera_session=${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: tampered })).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: 'ilera_session=garbage' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in: answers the user with userType, sets an HttpOnly SameSite=Lax cookie, and /api/auth/user knows the user', async () => {
    const user = await createUser(ctx.sql, { firstName: 'Ngozi', userType: 'professional' });
    const res = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: user.email, password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = { id: user.id, email: user.email, firstName: 'Ngozi', lastName: 'Okonkwo', profileImageUrl: null, userType: 'professional' };
    expect(body.user).toEqual(expected);
    expect(body).toMatchObject(expected);
    expect(res.body).not.toMatch(/password|hash|sessionVersion|argon/i);
    const setCookie = setCookieOf(res);
    expect(setCookie).toMatch(/^ilera_session=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/i); // APP_URL is http here
    const me = await send(ctx.app, 'GET', '/api/auth/user', { cookie: cookieFrom(res.headers['set-cookie']) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(expected);
  });

  it('accepts the e-mail in any letter case', async () => {
    const user = await createUser(ctx.sql, { email: `Mixed.Case-${Date.now()}@Example.ng` });
    const res = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: user.email.toUpperCase(), password: user.password } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 and message, and sets no cookie', async () => {
    const user = await createUser(ctx.sql);
    const wrong = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: user.email, password: 'not-the-password' } });
    const unknown = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: 'nobody@example.ng', password: 'whatever-123' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates with the login form rules', async () => {
    const bad = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: 'no-at-sign', password: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
    const none = await send(ctx.app, 'POST', '/api/auth/login', { payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('admin users sign in on the same call and are told apart by userType', async () => {
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const res = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: admin.email, password: admin.password } });
    expect(res.json().user.userType).toBe('admin');
  });

  it('sets a Secure cookie when APP_URL is https', async () => {
    const app = await buildApp({
      sql: ctx.sql,
      redis: ctx.redis,
      queues: ctx.queues,
      config: { ...ctx.config, appUrl: 'https://ilera.example.ng' },
      logStream: false,
    });
    try {
      const user = await createUser(ctx.sql);
      const res = await send(app, 'POST', '/api/auth/login', { payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(200);
      expect(setCookieOf(res)).toMatch(/;\s*Secure/i);
    } finally {
      await app.close();
    }
  });
});

describe('sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a cookie is refused (and cleared) once the user session version is raised', async () => {
    const user = await createUser(ctx.sql);
    const a = await login(ctx.app, user.email, user.password);
    const b = await login(ctx.app, user.email, user.password);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: a })).statusCode).toBe(200);
    await ctx.sql`UPDATE users SET session_version = session_version + 1 WHERE id = ${user.id}`;
    for (const cookie of [a, b]) {
      const res = await send(ctx.app, 'GET', '/api/auth/user', { cookie });
      expect(res.statusCode).toBe(401);
      expect(clearsCookie(res)).toBe(true);
    }
    // Signing in again gives a cookie of the new version.
    const c = await login(ctx.app, user.email, user.password);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: c })).statusCode).toBe(200);
  });

  it('ends after 7 days without use, and each use restarts the 7 days', async () => {
    const user = await createUser(ctx.sql);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    const cookie = await login(ctx.app, user.email, user.password);

    vi.setSystemTime(t0 + 6 * 86400_000);
    const used = await send(ctx.app, 'GET', '/api/auth/user', { cookie });
    expect(used.statusCode).toBe(200);
    const renewed = cookieFrom(used.headers['set-cookie']);
    expect(renewed).toMatch(/^ilera_session=/);

    vi.setSystemTime(t0 + 12 * 86400_000); // 6 days after the last use
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: renewed })).statusCode).toBe(200);
    // The original cookie was last refreshed on day 0: 12 days without use.
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  it('without SESSION_SECRET the key is generated once under DATA_DIR: sessions survive a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-session-key-'));
    const config = { ...ctx.config, sessionSecret: undefined, dataDir };
    const deps = { sql: ctx.sql, redis: ctx.redis, queues: ctx.queues, logStream: false as const };
    const user = await createUser(ctx.sql);
    const first = await buildApp({ ...deps, config });
    const cookie = await login(first, user.email, user.password);
    await first.close();
    expect((await stat(path.join(dataDir, 'session.key'))).mode & 0o777).toBe(0o600);
    const restarted = await buildApp({ ...deps, config });
    try {
      expect((await send(restarted, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
    // The test app (SESSION_SECRET set) does not accept that cookie: the key really differs.
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  it('rotating SESSION_SECRET with SESSION_SECRET_PREVIOUS signs nobody out: old cookies still work and come back signed with the new secret', async () => {
    const deps = { sql: ctx.sql, redis: ctx.redis, queues: ctx.queues, logStream: false as const };
    const oldSecret = 'the-old-session-secret-0123456789abcdef';
    const newSecret = 'the-new-session-secret-0123456789abcdef';
    const user = await createUser(ctx.sql);
    const before = await buildApp({ ...deps, config: { ...ctx.config, sessionSecret: oldSecret } });
    const during = await buildApp({ ...deps, config: { ...ctx.config, sessionSecret: newSecret, sessionSecretPrevious: oldSecret } });
    const after = await buildApp({ ...deps, config: { ...ctx.config, sessionSecret: newSecret } });
    try {
      const cookie = await login(before, user.email, user.password);
      // The anonymous client cookie (D26) the old secret signed.
      const client = cookieFrom((await before.inject({ method: 'GET', url: '/api/auth/user' })).headers['set-cookie']);
      expect(client).toMatch(/^ilera_client=/);
      // Without the previous secret the old cookie signs its user out: what the rotation avoids.
      expect((await send(after, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
      // During the rotation it is accepted, and the answer signs the session again with the new secret.
      const res = await send(during, 'GET', '/api/auth/user', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: user.email });
      const renewed = cookieFrom(res.headers['set-cookie']);
      expect(renewed).toMatch(/^ilera_session=/);
      expect(renewed).not.toBe(cookie);
      // Once SESSION_SECRET_PREVIOUS is removed, the renewed cookie still works.
      expect((await send(after, 'GET', '/api/auth/user', { cookie: renewed })).statusCode).toBe(200);
      // The client cookie keeps its id, signed again with the new secret; the old signature alone is no cookie after.
      const clientRes = await during.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client } });
      const reissued = cookieFrom(clientRes.headers['set-cookie']);
      expect(reissued.split('.')[0]).toBe(client.split('.')[0]);
      expect(reissued).not.toBe(client);
      const afterOld = cookieFrom((await after.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client } })).headers['set-cookie']);
      expect(afterOld.split('.')[0]).not.toBe(client.split('.')[0]);
      expect((await after.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: reissued } })).headers['set-cookie']).toBeUndefined();
      // A secret that is neither is refused as before.
      const otherSecret = 'another-session-secret-0123456789abcdef';
      const other = await buildApp({ ...deps, config: { ...ctx.config, sessionSecret: otherSecret, sessionSecretPrevious: newSecret } });
      try {
        expect((await send(other, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
      } finally {
        await other.close();
      }
    } finally {
      await Promise.all([before.close(), during.close(), after.close()]);
    }
  });

  it('GET /api/logout clears the cookie and redirects to /', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'GET', '/api/logout', { cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(clearsCookie(res)).toBe(true);
    // The browser now holds the cleared cookie: signed out.
    const after = await send(ctx.app, 'GET', '/api/auth/user', { cookie: cookieFrom(res.headers['set-cookie']) });
    expect(after.statusCode).toBe(401);
  });

  it('GET /api/login redirects to /login (D3)', async () => {
    const res = await send(ctx.app, 'GET', '/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('PUT /api/auth/change-password', () => {
  const url = '/api/auth/change-password';

  it('answers 401 when signed out', async () => {
    const res = await send(ctx.app, 'PUT', url, { payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' } });
    expect(res.statusCode).toBe(401);
  });

  it('validates with the spec messages', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', url, { cookie, payload: { currentPassword: '', newPassword: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 8 characters',
    });
  });

  it('refuses a wrong current password with a 400 (not a 401: the session stays) and changes nothing', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', url, { cookie, payload: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } });
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(200);
    await login(ctx.app, user.email, user.password);
  });

  it('changes the password: this session carries on with a fresh cookie, every other session ends', async () => {
    const user = await createUser(ctx.sql);
    const here = await login(ctx.app, user.email, user.password);
    const elsewhere = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', url, { cookie: here, payload: { currentPassword: user.password, newPassword: 'a-brand-new-password' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    const fresh = cookieFrom(res.headers['set-cookie']);
    expect(fresh).toMatch(/^ilera_session=/);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: fresh })).statusCode).toBe(200);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: elsewhere })).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/auth/user', { cookie: here })).statusCode).toBe(401);
    const old = await send(ctx.app, 'POST', '/api/auth/login', { payload: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
    await login(ctx.app, user.email, 'a-brand-new-password');
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', url, { cookie, payload: { currentPassword: user.password, newPassword: user.password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: 'New password must be different from the current password' });
  });

  it('the form rules the server never sees (confirmation) live in the shared schema', () => {
    const r = changePasswordFormSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: '' });
    expect(r.success || r.error.issues.map((i) => i.message)).toEqual(["Please confirm your new password", "New passwords don't match"]);
    const m = changePasswordFormSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' });
    expect(m.success || m.error.issues.map((i) => i.message)).toEqual(["New passwords don't match"]);
    const rp = resetPasswordFormSchema.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' });
    expect(rp.success || rp.error.issues.map((i) => i.message)).toEqual(['Passwords do not match']);
    const short = resetPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.success || short.error.issues.map((i) => i.message)).toEqual(['Password must be at least 8 characters long']);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call whose Origin names another site, with 403', async () => {
    const user = await createUser(ctx.sql);
    const res = await send(ctx.app, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('falls back on Referer when Origin is absent', async () => {
    const res = await send(ctx.app, 'POST', '/api/auth/forgot-password', {
      payload: { email: 'someone@example.ng' },
      headers: { referer: 'http://evil.example/page' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-site password change even with a valid session cookie, and changes nothing', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const res = await send(ctx.app, 'PUT', '/api/auth/change-password', {
      cookie,
      payload: { currentPassword: user.password, newPassword: 'attacker-chosen' },
      headers: { origin: 'http://127.0.0.1.evil.example' },
    });
    expect(res.statusCode).toBe(403);
    await login(ctx.app, user.email, user.password);
  });

  it('lets our own pages through, with no token: same Origin, or same-site Referer', async () => {
    const user = await createUser(ctx.sql);
    const viaOrigin = await send(ctx.app, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: user.password },
      headers: { origin: ctx.config.appUrl },
    });
    expect(viaOrigin.statusCode).toBe(200);
    const viaReferer = await send(ctx.app, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: user.password },
      headers: { referer: `${ctx.config.appUrl}/login` },
    });
    expect(viaReferer.statusCode).toBe(200);
  });

  it('reads (GET) are not affected', async () => {
    const res = await send(ctx.app, 'GET', '/api/auth/user', { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(401);
  });
});

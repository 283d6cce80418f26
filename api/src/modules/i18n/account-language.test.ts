// Issue 50 (decision 046): a signed-in person's language, chosen in Account settings, is kept on the
// account, written into the language menu's cookie at once and again at every sign-in (so another phone
// follows it too), and refused field by field when it is not one of the site's. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const langCookie = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).find((c) => c.startsWith('ilera-lang='));
const details = { firstName: 'Aisha', lastName: 'Bello', phone: '0803 123 4567' };

describe('the account language', () => {
  it('is kept on the account, set in the cookie, and followed again at the next sign-in', async () => {
    const u = await createUser(ctx.sql);
    const cookie = await login(ctx.app, u.email, u.password);
    // Nothing chosen: no language, and signing in leaves the browser's own choice alone.
    expect((await callApi(ctx.app, 'GET', '/api/account', cookie)).json().language).toBeNull();

    const saved = await callApi(ctx.app, 'PUT', '/api/account', cookie, { ...details, language: 'ha' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().language).toBe('ha');
    expect(langCookie(saved.headers['set-cookie'])).toMatch(/^ilera-lang=ha; Max-Age=31536000; Path=\/; SameSite=Lax$/);

    // Saving the name again (the "Your details" form sends no language) keeps it, and leaves the cookie alone.
    const again = await callApi(ctx.app, 'PUT', '/api/account', cookie, details);
    expect(again.json().language).toBe('ha');
    expect(langCookie(again.headers['set-cookie'])).toBeUndefined();

    // Another phone: signing in writes the account's language into its cookie.
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(langCookie(res.headers['set-cookie'])).toMatch(/^ilera-lang=ha;/);
    // In the data export too (D21).
    expect((await callApi(ctx.app, 'GET', '/api/account/export', cookie)).json().account.language).toBe('ha');

    // "As my browser" (null): forgotten, and the cookie with it.
    const cleared = await callApi(ctx.app, 'PUT', '/api/account', cookie, { ...details, language: null });
    expect(cleared.json().language).toBeNull();
    expect(langCookie(cleared.headers['set-cookie'])).toMatch(/^ilera-lang=;.*Expires=Thu, 01 Jan 1970/);
    const later = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(langCookie(later.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a language the site does not have with 400 naming the field, and keeps the old one', async () => {
    const u = await createUser(ctx.sql);
    const cookie = await login(ctx.app, u.email, u.password);
    await callApi(ctx.app, 'PUT', '/api/account', cookie, { ...details, language: 'yo' });
    for (const language of ['fr', 'HA', '', 7]) {
      const res = await callApi(ctx.app, 'PUT', '/api/account', cookie, { ...details, language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().fields).toEqual({ language: 'Please choose English, Hausa, Yoruba, Igbo or Pidgin' });
    }
    expect((await callApi(ctx.app, 'GET', '/api/account', cookie)).json().language).toBe('yo');
  });
});

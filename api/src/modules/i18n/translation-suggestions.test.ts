// Issue 50 (decision 046): "Suggest a better translation", the link beside a Beta language: a form that
// works without scripts, the same as JSON, stored for admins, audited, refused field by field, limited.
// Real PostgreSQL and Redis, app.inject as a browser or client calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createUser, login, signInAdmin } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = await signInAdmin(ctx.app, ctx.sql);
});
afterAll(async () => ctx.close());

const form = (fields: Record<string, string>, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/suggest-translation',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
const list = async (query = '') => {
  const res = await callApi(ctx.app, 'GET', `/api/admin/translation-suggestions${query}`, adminCookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the form page', () => {
  it('is one HTML document with the language chosen and the page it came from, and no script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/suggest-translation?lang=yo&page=%2Fyo%2Fsearch%3Fq%3Diba' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<h1>Suggest a better translation</h1>');
    expect(res.body).toMatch(/<option value="yo" lang="yo" selected>Yorùbá<\/option>/);
    expect(res.body).toContain('<input type="hidden" name="page" value="/yo/search?q=iba">');
    expect(res.body).not.toContain('<script');
    // Its post names its origin (the app's no-referrer would send `Origin: null`, refused as cross-site).
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Another site's address is never linked back to.
    const away = await ctx.app.inject({ method: 'GET', url: '/suggest-translation?lang=ha&page=https%3A%2F%2Fevil.example' });
    expect(away.body).toContain('<input type="hidden" name="page" value="">');
  });
});

describe('sending a suggestion', () => {
  it('from the form: stored for admins, audited, and a thank-you page with the way back', async () => {
    const res = await form({ locale: 'ha', page: '/ha/search?q=zazzabi', shown: 'Nemi', suggestion: 'Bincika' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/suggest-translation?lang=ha&sent=1&page=%2Fha%2Fsearch%3Fq%3Dzazzabi');
    const thanks = await ctx.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(thanks.body).toContain('<h1>Thank you</h1>');
    expect(thanks.body).toContain('<a href="/ha/search?q=zazzabi">Back to the page</a>');

    const { items } = await list('?locale=ha');
    expect(items[0]).toMatchObject({ locale: 'ha', page: '/ha/search?q=zazzabi', shown: 'Nemi', suggestion: 'Bincika', signedIn: false });
    const [audit] = await ctx.sql`
      SELECT admin_id, outcome, detail FROM audit_log WHERE action = 'suggest_translation' AND target_id = ${String(items[0].id)}`;
    expect(audit).toMatchObject({ adminId: null, outcome: 'success', detail: { locale: 'ha', page: '/ha/search?q=zazzabi' } });
  });

  it('as JSON, signed in: 201 and the account in the log', async () => {
    const u = await createUser(ctx.sql);
    const cookie = await login(ctx.app, u.email, u.password);
    const res = await callApi(ctx.app, 'POST', '/api/translation-suggestions', cookie, { locale: 'pcm', page: '/pcm/emergency', suggestion: 'Call 112 sharp sharp' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const { items } = await list('?locale=pcm');
    expect(items.find((s: { id: number }) => s.id === id)).toMatchObject({ suggestion: 'Call 112 sharp sharp', shown: null, signedIn: true });
    const [audit] = await ctx.sql`SELECT admin_id FROM audit_log WHERE action = 'suggest_translation' AND target_id = ${String(id)}`;
    expect(audit!.adminId).toBe(u.id);
  });

  it('refuses bad input with 400 naming the field (JSON), or the form again with the message beside the field', async () => {
    const before = (await list()).total;
    const cases: [unknown, string][] = [
      [{ locale: 'ha', page: '/ha' }, 'suggestion'],
      [{ locale: 'ha', page: '/ha', suggestion: '   ' }, 'suggestion'],
      [{ locale: 'en', page: '/', suggestion: 'Better' }, 'locale'],
      [{ locale: 'fr', page: '/', suggestion: 'Mieux' }, 'locale'],
      [{ locale: 'yo', page: 'https://evil.example/', suggestion: 'Dára' }, 'page'],
      [{ locale: 'yo', page: '/yo', suggestion: 'x'.repeat(1001) }, 'suggestion'],
      [{ locale: 'ig', page: '/ig', shown: 'y'.repeat(1001), suggestion: 'Ọ dị mma' }, 'shown'],
    ];
    for (const [body, field] of cases) {
      const res = await callApi(ctx.app, 'POST', '/api/translation-suggestions', undefined, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toEqual([field]);
    }
    const again = await form({ locale: 'ig', page: '/ig/search', shown: 'Chọọ', suggestion: '' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.body).toContain('<p class="error" id="suggestion-error">Please write the better words</p>');
    // What was typed is kept.
    expect(again.body).toContain('>Chọọ</textarea>');
    expect(again.body).toMatch(/<option value="ig" lang="ig" selected>/);
    expect((await list()).total).toBe(before);
  });

  it('lists for admins only: 401 signed out, 403 for a patient, 400 for a bad filter', async () => {
    expect((await callApi(ctx.app, 'GET', '/api/admin/translation-suggestions')).statusCode).toBe(401);
    const u = await createUser(ctx.sql);
    expect((await callApi(ctx.app, 'GET', '/api/admin/translation-suggestions', await login(ctx.app, u.email, u.password))).statusCode).toBe(403);
    const bad = await callApi(ctx.app, 'GET', '/api/admin/translation-suggestions?locale=xx', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('locale');
  });
});

describe('limits', () => {
  it('count the form and the JSON against one allowance (429 past it, nothing stored)', async () => {
    const limited = await createTestContext({ requestLimits: { translationSuggestionWithoutCookie: { max: 2 } } });
    try {
      const send = () => callApi(limited.app, 'POST', '/api/translation-suggestions', undefined, { locale: 'ha', page: '/ha', suggestion: 'Sannu' });
      expect((await send()).statusCode).toBe(201);
      const viaForm = await limited.app.inject({
        method: 'POST',
        url: '/suggest-translation',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'locale=ha&page=%2Fha&suggestion=Sannu',
      });
      expect(viaForm.statusCode).toBe(303);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(await limited.sql`SELECT 1 FROM translation_suggestions`).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the admin list and marking (migration 079)', () => {
  const send = async (body: Record<string, string>) => {
    const res = await callApi(ctx.app, 'POST', '/api/translation-suggestions', undefined, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const mark = (id: number | string, status: unknown, cookie: string | undefined = adminCookie) =>
    callApi(ctx.app, 'PUT', `/api/admin/translation-suggestions/${id}/status`, cookie, { status });

  it('lists newest first with language, page, the words shown, the suggestion and its status; filters by language and status', async () => {
    const older = await send({ locale: 'yo', page: '/yo/search', shown: 'Wá', suggestion: 'Ṣàwárí' });
    const newer = await send({ locale: 'yo', page: '/yo/emergency', suggestion: 'Pè 112' });
    const { items } = await list('?locale=yo&status=open');
    expect(items.map((s: { id: number }) => s.id).slice(0, 2)).toEqual([newer, older]);
    expect(items[1]).toEqual({
      id: older,
      locale: 'yo',
      page: '/yo/search',
      shown: 'Wá',
      suggestion: 'Ṣàwárí',
      signedIn: false,
      createdAt: expect.any(String),
      status: 'open',
      decidedAt: null,
    });
    expect((await list('?status=done')).items.map((s: { id: number }) => s.id)).not.toContain(older);
    const bad = await callApi(ctx.app, 'GET', '/api/admin/translation-suggestions?status=closed', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status: 'Status must be open, done or dismissed' });
  });

  it('an admin marks one done or dismissed, once; each marking is in the activity log', async () => {
    const id = await send({ locale: 'ig', page: '/ig/search', shown: 'Chọọ', suggestion: 'Chọta' });
    const other = await send({ locale: 'ig', page: '/ig', suggestion: 'Nnọọ' });
    const done = await mark(id, 'done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id, status: 'done', decidedAt: expect.any(String), suggestion: 'Chọta' });
    expect((await mark(other, 'dismissed')).json()).toMatchObject({ id: other, status: 'dismissed' });

    // It leaves the open list and shows under its status.
    expect((await list('?locale=ig&status=open')).items.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await list('?locale=ig&status=done')).items.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await list('?locale=ig&status=dismissed')).items.map((s: { id: number }) => s.id)).toEqual([other]);

    // Marked once: 409, nothing changes.
    const again = await mark(id, 'dismissed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This suggestion is already marked');
    expect((await list('?locale=ig&status=done')).items[0].status).toBe('done');

    const log = await ctx.sql`
      SELECT outcome, detail FROM audit_log WHERE action = 'mark_translation_suggestion' AND target_id IN (${String(id)}, ${String(other)}) ORDER BY id`;
    expect(log).toEqual([
      { outcome: 'success', detail: { status: 'done', locale: 'ig' } },
      { outcome: 'success', detail: { status: 'dismissed', locale: 'ig' } },
      { outcome: 'failure', detail: { status: 'dismissed', reason: 'This suggestion is already marked' } },
    ]);
    // The admin's activity log shows it as every admin action.
    const activity = await callApi(ctx.app, 'GET', '/api/admin/audit', adminCookie);
    expect(activity.statusCode).toBe(200);
    expect(JSON.stringify(activity.json())).toContain('mark_translation_suggestion');
  });

  it('D9: 401 signed out, 403 for a patient, 404 for none; 400 naming `status` for anything but done or dismissed', async () => {
    const id = await send({ locale: 'pcm', page: '/pcm', suggestion: 'How far' });
    expect((await mark(id, 'done', '')).statusCode).toBe(401);
    const u = await createUser(ctx.sql);
    expect((await mark(id, 'done', await login(ctx.app, u.email, u.password))).statusCode).toBe(403);
    for (const missing of [999999, 'abc', 0]) {
      const res = await mark(missing, 'done');
      expect(res.statusCode, String(missing)).toBe(404);
      expect(res.json().message).toBe('Suggestion not found');
    }
    for (const status of ['open', 'closed', undefined]) {
      const res = await mark(id, status);
      expect(res.statusCode, String(status)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['status']);
    }
    // Nothing of these changed it.
    expect((await list('?locale=pcm&status=open')).items.map((s: { id: number }) => s.id)).toContain(id);
  });
});

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../test/support';
import { cookieFrom, createProfessional, createUser, login } from '../../../test/factories';
import { CACHE_PUBLIC_PROFILE, CACHE_PUBLIC_SEARCH, CACHE_SIGNED_IN } from './http-cache';

/**
 * Public reads carry Cache-Control and an ETag; a client that revalidates with
 * If-None-Match gets 304 while nothing changed, and the full new answer once a
 * profile is edited or approved (through the real endpoints and, for search, the
 * real outbox relay and index).
 */
let ctx: TestContext;
let n = 0;
const surname = (base: string) => `${base}${String.fromCharCode(97 + (n++ % 26))}${Date.now().toString(36).replace(/\d/g, '')}`;

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
});
afterAll(async () => ctx?.close());

describe('HTTP caching of public reads', () => {
  it('answers a revalidation of a search, the counts and a profile with 304 and no body while nothing changed', async () => {
    const pro = await createProfessional(ctx.sql, { user: { lastName: surname('Etag') } });
    for (const url of ['/api/professionals/search?query=cardiology', '/api/institutions/search?state=Lagos', '/api/directory/counts', `/api/professionals/${pro.id}`, `/api/reviews/professional/${pro.id}`]) {
      const first = await get(url);
      expect({ url, status: first.statusCode }).toEqual({ url, status: 200 });
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^"[^"]+"$/);
      const again = await get(url, { 'if-none-match': tag });
      expect({ url, status: again.statusCode, body: again.body, etag: again.headers.etag }).toEqual({ url, status: 304, body: '', etag: tag });
      // A copy the client does not hold is sent in full.
      const other = await get(url, { 'if-none-match': '"something-else"' });
      expect({ url, status: other.statusCode }).toEqual({ url, status: 200 });
      expect(other.body).toBe(first.body);
      // Compressed or not, the ETag names the same answer (it hashes the uncompressed body).
      const gzipped = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': tag });
      expect({ url, status: gzipped.statusCode }).toEqual({ url, status: 304 });
    }
  });

  it('lets anyone cache searches and counts briefly, and signed-out profiles; a signed-in reader gets private copies', async () => {
    const pro = await createProfessional(ctx.sql);
    for (const url of ['/api/professionals/search?query=cardiology', '/api/institutions/search', '/api/directory/counts']) {
      const res = await get(url);
      expect({ url, cacheControl: res.headers['cache-control'] }).toEqual({ url, cacheControl: CACHE_PUBLIC_SEARCH });
    }
    expect(CACHE_PUBLIC_SEARCH).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const anonymous = await get(`/api/professionals/${pro.id}`);
    expect(anonymous.headers['cache-control']).toBe(CACHE_PUBLIC_PROFILE);
    expect(String(anonymous.headers.vary)).toMatch(/\bCookie\b/i);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    // Compression adds its own Vary without dropping Cookie.
    const gzipped = await get(`/api/professionals/${pro.id}`, { 'accept-encoding': 'gzip' });
    expect(String(gzipped.headers.vary)).toMatch(/\bCookie\b/i);

    // The owner sees private fields (the e-mail): that answer must never be stored by a shared cache.
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const own = await get(`/api/professionals/${pro.id}`, { cookie });
    expect(own.json().user.email).toBe(pro.user.email);
    expect(anonymous.json().user.email).toBeUndefined();
    expect(own.headers['cache-control']).toBe(CACHE_SIGNED_IN);
    expect(String(own.headers.vary)).toMatch(/\bCookie\b/i);
    expect(own.headers.etag).not.toBe(anonymous.headers.etag);
    const patient = await createUser(ctx.sql);
    const reviews = await get(`/api/reviews/professional/${pro.id}`, { cookie: await login(ctx.app, patient.email, patient.password) });
    expect(reviews.headers['cache-control']).toBe(CACHE_SIGNED_IN);
  });

  it('compresses a public read as asked, with the ETag of its text, and varies with Cookie and accept-encoding', async () => {
    const pro = await createProfessional(ctx.sql, { user: { lastName: surname('Zip') } });
    const decode: Record<string, (b: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
    const compressed = new Set<string>();
    for (const url of [`/api/professionals/${pro.id}`, '/api/directory/counts', '/api/specialties']) {
      const plain = await get(url);
      expect({ url, encoding: plain.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['deflate;q=0.9, br;q=0.1', 'deflate']] as const) {
        const res = await get(url, { 'accept-encoding': accept });
        if (plain.rawPayload.length < 1024) {
          // Under 1 KB: sent as it is.
          expect({ url, accept, encoding: res.headers['content-encoding'], body: res.body }).toEqual({ url, accept, encoding: undefined, body: plain.body });
          continue;
        }
        expect({ url, accept, encoding: res.headers['content-encoding'], etag: res.headers.etag, cacheControl: res.headers['cache-control'] }).toEqual({
          url,
          accept,
          encoding,
          etag: plain.headers.etag,
          cacheControl: plain.headers['cache-control'],
        });
        expect(String(res.headers.vary).split(', ')).toEqual([...(plain.headers.vary ? [String(plain.headers.vary)] : []), 'accept-encoding']);
        expect(decode[encoding]!(res.rawPayload).toString()).toBe(plain.body);
        compressed.add(url);
        if (res.headers['content-length'] !== undefined) expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
    }
    // The profile (with Vary: Cookie) and the specialties are over 1 KB, the counts under.
    expect([...compressed]).toEqual([`/api/professionals/${pro.id}`, '/api/specialties']);
  });

  it('gives no cache headers to errors, or to multi_search (a POST: HTTP caches keep only GET answers)', async () => {
    const missing = await get('/api/professionals/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    const multi = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches: [{ collection: 'professionals', q: '*', query_by: 'name' }] }),
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.headers['cache-control']).toBeUndefined();
  });

  it('changes a profile’s ETag when its owner edits it: the old copy is answered in full, not 304', async () => {
    const pro = await createProfessional(ctx.sql);
    const before = await get(`/api/professionals/${pro.id}`);
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/professionals/photo',
      headers: { cookie },
      payload: { profileImageUrl: 'https://photos.example.ng/new-portrait.jpg' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(`/api/professionals/${pro.id}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.stringify(after.json())).toContain('new-portrait.jpg');
  });

  it('changes a search’s ETag when an admin approves a professional it finds (admin API, outbox, index)', async () => {
    const last = surname('Revalidate');
    const pro = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Kunle', lastName: last } });
    const url = `/api/professionals/search?query=${last}`;
    const before = await get(url);
    expect(before.json().found).toBe(0);
    const tag = before.headers.etag as string;
    expect((await get(url, { 'if-none-match': tag })).statusCode).toBe(304);

    const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: admin.password } });
    expect(signIn.statusCode).toBe(200);
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approve-professional/${pro.id}`,
      headers: { cookie: cookieFrom(signIn.headers['set-cookie']) },
    });
    expect(approve.statusCode, approve.body).toBe(200);

    const after = await eventually(async () => {
      const res = await get(url, { 'if-none-match': tag });
      return res.statusCode === 200 ? res : undefined;
    }, 10000);
    expect(after!.headers.etag).not.toBe(tag);
    expect(after!.json().hits.map((h: { id: string | number }) => String(h.id))).toEqual([String(pro.id)]);
  });
});

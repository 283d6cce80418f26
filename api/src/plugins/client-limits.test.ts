import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { availabilityFilter, availabilityWindows, searchQueryBy } from '@ilera/contracts';
import { MAX_SEARCHES, PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../test/support';
import { createInstitution, createProfessional } from '../../../test/factories';
import { CLIENT_COOKIE, clientCookiePlugin } from './client-cookie';
import { sessionKey, sessionPlugin } from './session';
import { requestLimits } from './rate-limit';

/**
 * D26: most Nigerian mobile users share a carrier-grade-NAT address with thousands
 * of others. Anonymous reads are counted per client (the signed cookie a first
 * visit gets) first, with a high ceiling per address; requests without a valid
 * cookie share a smaller allowance of their address. The real app, the real
 * Redis, the production figures (no overrides).
 *
 * The harness stands behind a "proxy" on loopback (TRUST_PROXY=127.0.0.1), so
 * X-Forwarded-For names the client's public address, as behind the load balancer.
 */
let ctx: TestContext;
const proIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const lastName of ['Okonkwo', 'Bello', 'Adeyemi']) {
    proIds.push((await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Ada', lastName } })).id);
  }
  await createInstitution(ctx.sql, { name: 'Marina General Hospital', type: 'hospital' });
  await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
});
afterAll(async () => ctx?.close());

/** The Set-Cookie line of the client cookie an answer sets, if any. */
function clientSetCookie(res: LightMyRequestResponse): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${CLIENT_COOKIE}=`));
}

/** The `ilera_client=...` pair an answer sets, if any. */
const clientCookieOf = (res: LightMyRequestResponse) => clientSetCookie(res)?.split(';')[0];

const headersFor = (address: string, cookie?: string) => ({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });

const get = (address: string, url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: headersFor(address, cookie) });

/**
 * The search page's request, as its search client sends it (web/src/features/search/api):
 * the results, and one count-only search per Availability window.
 */
function searchPage(address: string, q: string, cookie?: string) {
  const query_by = searchQueryBy.professionals.join(',');
  const results = { collection: 'professionals', q, query_by, per_page: 20, page: 1, facet_by: 'specialty,city' };
  const counts = availabilityWindows.map((w) => ({ collection: 'professionals', q, query_by, per_page: 0, filter_by: availabilityFilter(w) }));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/search/multi_search',
    headers: { ...headersFor(address, cookie), 'content-type': 'text/plain' },
    payload: JSON.stringify({ searches: [results, ...counts] }),
  });
}

/** A multi_search carrying the most searches a request may: what a scraper sends. */
const packed = (address: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/search/multi_search',
    headers: { ...headersFor(address, cookie), 'content-type': 'text/plain' },
    payload: JSON.stringify({
      searches: Array.from({ length: MAX_SEARCHES }, (_, i) => ({ collection: 'professionals', q: `cardiology ${i}`, query_by: 'fullName' })),
    }),
  });

/** A first visit: the page (the API's answer when no web build is served), then the header's "who am I". */
async function firstVisit(address: string): Promise<string> {
  const page = await get(address, '/');
  const cookie = clientCookieOf(page);
  expect(cookie, 'the first answer gives the client cookie').toBeDefined();
  // Signed out: 401, an answer like any other.
  expect((await get(address, '/api/auth/user', cookie)).statusCode).toBe(401);
  return cookie!;
}

/** One person's visit: landing, the search page, two refinements as they type, one profile and its reviews. */
async function browse(address: string, n: number): Promise<number[]> {
  const cookie = await firstVisit(address);
  const id = proIds[n % proIds.length];
  const answers = [
    await searchPage(address, 'cardio', cookie),
    await searchPage(address, 'cardiolog', cookie),
    await searchPage(address, 'cardiology', cookie),
    await get(address, `/api/professionals/${id}`, cookie),
    await get(address, `/api/reviews/professional/${id}`, cookie),
  ];
  return answers.map((r) => r.statusCode);
}

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: 'Too many requests. Please wait 1 minute and try again.' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/** Requests without a cookie until one is refused: how many were answered, and the refusal. */
async function scrapeWithoutCookie(address: string, cookie?: string) {
  let answered = 0;
  for (;;) {
    const res = await get(address, '/api/professionals/search?query=cardiology', cookie);
    if (res.statusCode !== 200) return { answered, refused: res };
    answered++;
    if (answered > 10_000) throw new Error('never limited');
  }
}

describe('the client cookie', () => {
  it('is random, signed, HttpOnly, SameSite=Lax and long-lived; Secure when APP_URL is https; never on answers a shared cache keeps', async () => {
    const first = await get('198.51.100.10', '/api/auth/user');
    const set = clientSetCookie(first)!;
    expect(set).toMatch(new RegExp(`^${CLIENT_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43};`));
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(set)![1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(set).not.toMatch(/; Secure/);
    // Each client its own id; a client that has one is not given another.
    expect(clientCookieOf(await get('198.51.100.10', '/api/auth/user'))).not.toBe(clientCookieOf(first));
    expect(clientCookieOf(await get('198.51.100.10', '/api/auth/user', clientCookieOf(first)))).toBeUndefined();
    // A public, cacheable answer (a REST search, a signed-out profile) carries no cookie: a CDN would share it.
    expect(clientCookieOf(await get('198.51.100.10', '/api/professionals/search?query=cardiology'))).toBeUndefined();
    expect(clientCookieOf(await get('198.51.100.10', `/api/professionals/${proIds[0]}`))).toBeUndefined();

    // Behind https (app.ts passes the session cookie's `secure`, APP_URL is https): the plugins alone, as app.ts registers them.
    const https = Fastify();
    await https.register(sessionPlugin, { key: await sessionKey(ctx.config), secure: true });
    await https.register(clientCookiePlugin, { key: await sessionKey(ctx.config), secure: true });
    https.get('/page', async () => 'a page');
    const res = await https.inject({ method: 'GET', url: '/page' });
    expect(clientSetCookie(res)).toMatch(/; Secure/);
    // Signed with the deployment's key: the app accepts it.
    expect(clientCookieOf(await get('198.51.100.10', '/api/auth/user', clientCookieOf(res)))).toBeUndefined();
    await https.close();
  });
});

describe('2,000 patients behind one carrier address', () => {
  const carrier = '203.0.113.77';

  it('browsing normally, none meets a limit; a scraper without cookies on that address is refused, and they are not', { timeout: 300_000 }, async () => {
    const clients = 2000;
    const statuses = new Map<number, number>();
    const started = performance.now();
    // 25 people at a time, all from one address within the same minute.
    for (let batch = 0; batch < clients; batch += 25) {
      const visits = await Promise.all(Array.from({ length: 25 }, (_, i) => browse(carrier, batch + i)));
      for (const s of visits.flat()) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    console.log(`${clients} clients browsed from one address in ${Math.round(performance.now() - started)} ms`);
    expect(Object.fromEntries(statuses)).toEqual({ 200: clients * 5 });

    // A scraper at the same address keeping no cookie has the address's allowance for such requests, no more.
    const { answered, refused } = await scrapeWithoutCookie(carrier);
    expect(answered).toBe(requestLimits.searchWithoutCookie.max);
    expectLimited(refused);
    // It keeps going after its refusal, with the most searches a request may carry: refused requests
    // count nowhere, so it does not use up the ceiling the people at that address share.
    for (let i = 0; i < 600; i++) expectLimited(await packed(carrier));
    // The patients there are not locked out by it: a known client and a newcomer are answered.
    const newcomer = await firstVisit(carrier);
    expect((await searchPage(carrier, 'cardiology', newcomer)).statusCode).toBe(200);
    expect((await get(carrier, `/api/professionals/${proIds[0]}`, newcomer)).statusCode).toBe(200);
    // A browser whose first request was refused got a cookie with the refusal: its next request is its own.
    const fromRefusal = clientCookieOf(refused);
    expect(fromRefusal).toBeDefined();
    expect((await get(carrier, '/api/professionals/search?query=cardiology', fromRefusal)).statusCode).toBe(200);
  });
});

describe('forged cookies', () => {
  it('a cookie we did not sign counts as no cookie (and is replaced by a real one)', async () => {
    const address = '203.0.113.88';
    const genuine = await firstVisit(address);
    const { answered } = await scrapeWithoutCookie(address);
    expect(answered).toBe(requestLimits.searchWithoutCookie.max);

    const id = randomBytes(16).toString('base64url');
    const otherKey = createHmac('sha256', 'not our key').update(id).digest('base64url');
    const [, genuineValue] = genuine.split('=');
    const forged = [
      `${CLIENT_COOKIE}=${id}`, // unsigned
      `${CLIENT_COOKIE}=${id}.${otherKey}`, // signed with another key
      `${CLIENT_COOKIE}=${id}.${genuineValue.split('.')[1]}`, // a real signature on another id
      `${CLIENT_COOKIE}=${genuineValue}x`, // tampered
    ];
    for (const cookie of forged) {
      const res = await get(address, '/api/professionals/search?query=cardiology', cookie);
      expectLimited(res);
      expect(clientCookieOf(res), cookie).toBeDefined();
      expect(clientCookieOf(res)).not.toBe(cookie);
    }
    // The genuine cookie at the same address is its own client.
    expect((await get(address, '/api/professionals/search?query=cardiology', genuine)).statusCode).toBe(200);
  });
});

describe('the ceiling per address', () => {
  it('stops a scraper that takes a new cookie whenever its cookie is limited', { timeout: 300_000 }, async () => {
    const address = '203.0.113.99';
    let searches = 0;
    let cookies = 0;
    let last: LightMyRequestResponse | undefined;
    for (;;) {
      const cookie = await firstVisit(address);
      cookies++;
      let used = 0;
      for (;;) {
        last = await packed(address, cookie);
        if (last.statusCode !== 200) break;
        searches += MAX_SEARCHES;
        used++;
      }
      // A fresh cookie refused at once: the address is at its ceiling. Before that, each cookie is refused at its own limit.
      if (used === 0) break;
      expect(used).toBeLessThanOrEqual(requestLimits.searchPerClient.max);
    }
    expectLimited(last!);
    console.log(`cookie-rotating scraper: ${searches} searches with ${cookies} cookies, then refused`);
    const ceiling = requestLimits.searchPerAddress.max;
    // Each cookie's refused request counted nothing: the scraper got exactly the ceiling.
    expect(searches).toBe(ceiling);
    // Profile reads have their own counters: only a scraper's searches were stopped.
    expect((await get(address, `/api/professionals/${proIds[0]}`, await firstVisit(address))).statusCode).toBe(200);
  });
});

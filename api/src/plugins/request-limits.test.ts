import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { MAX_SEARCHES } from '@ilera/search';
import { buildApp } from '../app';
import { createTestContext, type TestContext } from '../../../test/support';
import { createProfessional, createUser, login } from '../../../test/factories';

// The test harness stands behind a "proxy" on loopback (TRUST_PROXY=127.0.0.1),
// so X-Forwarded-For names the client, as behind the production load balancer.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createProfessional(ctx.sql, { specialty: 'Cardiology' });
});
afterAll(async () => ctx.close());

const search = (app: FastifyInstance, address: string, query = 'cardiology') =>
  app.inject({
    method: 'GET',
    url: `/api/professionals/search?query=${query}`,
    headers: { 'x-forwarded-for': address },
  });

const multiSearch = (address: string, n: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/search/multi_search',
    headers: { 'x-forwarded-for': address, 'content-type': 'text/plain' },
    payload: JSON.stringify({
      searches: Array.from({ length: n }, () => ({ collection: 'professionals', q: 'cardiology', query_by: 'fullName' })),
    }),
  });

function expectLimited(res: LightMyRequestResponse, maxWaitSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ minutes? and try again\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('searches without a client cookie, per address (scripts, first visits)', () => {
  it('1,000 searches from one address within a minute: the 601st and every later one meet 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let firstLimited: LightMyRequestResponse | undefined;
    for (let i = 0; i < 1000; i++) {
      const res = await search(ctx.app, '203.0.113.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) firstLimited ??= res;
    }
    expect(statuses.slice(0, 600).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
    expectLimited(firstLimited!, 60);
    // Another address is not affected.
    expect((await search(ctx.app, '203.0.113.8')).statusCode).toBe(200);
  });

  it('100 different addresses doing 10 searches each meet no limit', async () => {
    const statuses = new Map<number, number>();
    for (let a = 0; a < 100; a++) {
      for (let i = 0; i < 10; i++) {
        const res = await search(ctx.app, `198.51.100.${a}`);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
  });

  it('each search inside a multi_search counts, against the same limit as the other searches', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < 59; i++) expect((await multiSearch(address, 10)).statusCode).toBe(200);
    // 590 counted: ten single searches reach 600, the next one is over.
    for (let i = 0; i < 10; i++) expect((await search(ctx.app, address)).statusCode).toBe(200);
    expectLimited(await multiSearch(address, 1), 60);
    expectLimited(await search(ctx.app, address), 60);
  });

  it('searches sent all at once are each counted, as one after another: as many answered as the limit allows, the rest refused', async () => {
    // Requests asking in one turn of the event loop are counted in one Redis call (decision 062): one by one, each
    // all or none, so a burst neither slips past the limit nor is refused more than its share. A limit of 20
    // (under the 64 requests in flight that load shedding allows).
    const limited = await createTestContext({ requestLimits: { searchWithoutCookie: { max: 20 } } });
    try {
      const address = '203.0.113.40';
      const single = () => search(limited.app, address);
      const multi = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/search/multi_search',
          headers: { 'x-forwarded-for': address, 'content-type': 'text/plain' },
          payload: JSON.stringify({ searches: Array.from({ length: n }, () => ({ collection: 'professionals', q: 'cardiology', query_by: 'fullName' })) }),
        });
      // 12 single searches and 4 multi_searches of 3: 24 searches asked for, 20 allowed.
      const burst = await Promise.all([...Array.from({ length: 12 }, single), ...Array.from({ length: 4 }, () => multi(3))]);
      const answered = burst.map((r, i) => (r.statusCode === 200 ? (i < 12 ? 1 : 3) : 0)).reduce((a: number, b) => a + b, 0);
      const refused = burst.filter((r) => r.statusCode !== 200);
      for (const r of refused) expectLimited(r, 60);
      // Every request is all or none: what was answered fits the limit, and a refusal means the rest did not fit.
      expect(answered).toBeLessThanOrEqual(20);
      expect(answered).toBeGreaterThanOrEqual(18);
      expect(refused.length).toBeGreaterThan(0);
      // Single searches after it fill the limit exactly (nothing refused was counted), then are refused.
      let total = answered;
      while ((await single()).statusCode === 200 && total <= 20) total++;
      expect(total).toBe(20);
      expectLimited(await single(), 60);
      expect((await search(limited.app, '203.0.113.41')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it(`a multi_search may carry at most ${MAX_SEARCHES} searches`, async () => {
    const res = await multiSearch('203.0.113.30', MAX_SEARCHES + 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Send between 1 and ${MAX_SEARCHES} searches`);
    expect((await multiSearch('203.0.113.30', MAX_SEARCHES)).statusCode).toBe(200);
  });

  it('over a real socket, as the load bench sends them: X-Forwarded-For from the trusted proxy names each client', async () => {
    const base = await ctx.listen();
    const get = async (address: string) =>
      (await fetch(`${base}/api/institutions/search?query=hospital`, { headers: { 'x-forwarded-for': address } })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++) statuses.push(await get('203.0.113.50'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    expect(statuses[600]).toBe(429);
    expect(await get('203.0.113.51')).toBe(200);
    // A chain "client, proxy": the address the trusted proxy saw is the client's.
    expect(await get('203.0.113.52, 203.0.113.50')).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is not believed: a client cannot pose as many', async () => {
    const direct = await buildApp({ sql: ctx.sql, redis: ctx.redis, config: { ...ctx.config, trustProxy: false }, logStream: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 601; i++) statuses.push((await search(direct, `192.0.2.${i % 250}`)).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(600);
      expectLimited(await search(direct, '192.0.2.251'), 60);
    } finally {
      await direct.close();
    }
  });
});

describe('booking limit per account', () => {
  const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

  it('60 booking attempts an hour per account, from any address; other accounts are not affected', async () => {
    const pro = await createProfessional(ctx.sql);
    const [patient, other] = [await createUser(ctx.sql), await createUser(ctx.sql)];
    const [cookie, otherCookie] = [await login(ctx.app, patient.email, patient.password), await login(ctx.app, other.email, other.password)];
    const book = (c: string, address: string, day: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie: c, 'x-forwarded-for': address },
        payload: {
          appointmentType: 'consultation',
          patientName: 'Adaeze Okonkwo',
          patientEmail: 'adaeze@example.ng',
          patientPhone: '0803 123 4567',
          reasonForVisit: 'Check-up',
          appointmentDate: lagosTimestamp(lagosDate(day), '10:00'),
          professionalId: pro.id,
          institutionId: null,
        },
      });
    // One real booking, then 59 tries at the slot it took (409): every attempt counts.
    expect((await book(cookie, '203.0.113.40', 5)).statusCode).toBe(201);
    for (let i = 1; i < 60; i++) expect((await book(cookie, `203.0.113.${40 + (i % 5)}`, 5)).statusCode).toBe(409);
    const limited = await book(cookie, '203.0.113.99', 6);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The limit is the account's, not the address's: another patient on the same address books.
    expect((await book(otherCookie, '203.0.113.99', 6)).statusCode).toBe(201);
  });
});

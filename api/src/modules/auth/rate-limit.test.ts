import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createUser } from '../../../../test/factories';
import { nextIp, patientPayload, send, uniqueEmail } from './auth-test-helpers';

let ctx: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  // A second API instance on the same Redis prefix and database: the counters are shared.
  second = await buildApp({ sql: ctx.sql, redis: ctx.redis, config: ctx.config, logStream: false });
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

const tryLogin = (app: FastifyInstance, email: string, password: string, ip = nextIp()) =>
  send(app, 'POST', '/api/auth/login', { payload: { email, password }, ip });

describe('sign-in limits', () => {
  it('10 failed sign-ins for one e-mail, spread over two app instances and many addresses: the next is 429, even with the right password', async () => {
    const user = await createUser(ctx.sql);
    for (let i = 0; i < 10; i++) {
      const res = await tryLogin(i % 2 ? second : ctx.app, user.email, `wrong-password-${i}`);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await tryLogin(ctx.app, user.email, user.password));
    expectLimited(await tryLogin(second, user.email.toUpperCase(), user.password));
    // Another account is not affected.
    const other = await createUser(ctx.sql);
    expect((await tryLogin(second, other.email, other.password)).statusCode).toBe(200);
  });

  it('successful sign-ins do not count', async () => {
    const user = await createUser(ctx.sql);
    const ip = nextIp();
    for (let i = 0; i < 15; i++) expect((await tryLogin(ctx.app, user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('one client address: 100 failed sign-ins (any e-mails) in 15 minutes, then 429 on both instances', async () => {
    const ip = nextIp();
    for (let i = 0; i < 100; i++) {
      const res = await tryLogin(i % 2 ? second : ctx.app, `guess-${i}@example.ng`, 'wrong-password', ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(ctx.sql);
    expectLimited(await tryLogin(second, user.email, user.password, ip));
    expectLimited(await tryLogin(ctx.app, user.email, user.password, ip));
    // A different address is not affected.
    expect((await tryLogin(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps no e-mail address in Redis', async () => {
    const email = uniqueEmail('redis-check');
    await tryLogin(ctx.app, email, 'wrong-password');
    const keys = await ctx.redis.keys(`${ctx.config.redisPrefix}:rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.toLowerCase().includes('redis-check'))).toBe(false);
  });
});

describe('registration and forgot-password limits', () => {
  it('registration: 10 tries per e-mail in 15 minutes, then 429', async () => {
    const p = patientPayload();
    expect((await send(ctx.app, 'POST', '/api/register/patient', { payload: p })).statusCode).toBe(201);
    for (let i = 1; i < 10; i++) {
      const res = await send(i % 2 ? second : ctx.app, 'POST', '/api/register/patient', { payload: p });
      expect(res.statusCode).toBe(409);
    }
    expectLimited(await send(ctx.app, 'POST', '/api/register/patient', { payload: p }));
  });

  it('registration: 100 per client address in 15 minutes, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 100; i++) {
      const res = await send(i % 2 ? second : ctx.app, 'POST', '/api/register/patient', { payload: { email: `bad-${i}` }, ip });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await send(ctx.app, 'POST', '/api/register/patient', { payload: patientPayload(), ip }));
  });

  it('forgot-password: 10 per e-mail, then 429 the same way whether or not the account exists', async () => {
    const user = await createUser(ctx.sql);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) {
      expect((await send(i % 2 ? second : ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: user.email } })).statusCode).toBe(200);
      expect((await send(i % 2 ? second : ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: unknown } })).statusCode).toBe(200);
    }
    const a = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: user.email } });
    const b = await send(second, 'POST', '/api/auth/forgot-password', { payload: { email: unknown } });
    expectLimited(a);
    expectLimited(b);
    expect(a.body).toBe(b.body);
  });

  it('forgot-password: 100 per client address, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 100; i++) {
      const res = await send(ctx.app, 'POST', '/api/auth/forgot-password', { payload: { email: `x${i}@example.ng` }, ip });
      expect(res.statusCode).toBe(200);
    }
    expectLimited(await send(second, 'POST', '/api/auth/forgot-password', { payload: { email: uniqueEmail() }, ip }));
  });
});

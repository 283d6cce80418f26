import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestContext, eventually, freePort, type TestContext } from './support';
import { cookieFrom, createUser } from './factories';
import { readMails } from './mail';

/**
 * Redis fails while the API serves: a PRIVATE redis-server on its own port
 * (the shared one is never touched) is paused, then stopped, then started
 * again, with the real app, relay and workers on it.
 */
let port: number;
let server: ChildProcess | undefined;
let ctx: TestContext;

async function startRedis(): Promise<void> {
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  await eventually(async () => {
    await probe.connect().catch(() => {});
    return (await probe.ping().catch(() => '')) === 'PONG';
  });
  probe.disconnect();
}

async function stopRedis(): Promise<void> {
  const s = server!;
  server = undefined;
  if (s.exitCode !== null) return;
  s.kill('SIGKILL');
  await once(s, 'exit');
}

const ip = (n: number) => `10.77.${n >> 8}.${n & 255}`;
let nextIp = 1;

async function signIn(email: string, password: string) {
  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': ip(nextIp++) },
    payload: { email, password },
  });
  return { res, ms: Math.round(performance.now() - started) };
}

/** The client cookie a first visit gets (plugins/client-cookie.ts). */
async function firstVisitCookie(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-forwarded-for': ip(nextIp++) } });
  return cookieFrom(res.headers['set-cookie']);
}

/**
 * "Answers within 2 s", allowing for a loaded machine: a sign-in's own work
 * (argon2, PostgreSQL) is measured with Redis up just before the fault, and only
 * the part above 0.5 s of it is added. The old code waited on Redis for as long
 * as it was away, far past either bound.
 */
async function signInBound(email: string, password: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { res, ms } = await signIn(email, password);
    expect(res.statusCode).toBe(200);
    times.push(ms);
  }
  const usual = times.sort((a, b) => a - b)[1];
  return 2000 + Math.max(0, usual - 500);
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  ctx = await createTestContext({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
  await ctx.startWorkers();
});

afterAll(async () => {
  server?.kill('SIGCONT');
  if (!server) await startRedis();
  await ctx?.close();
  if (server) await stopRedis();
});

describe('Redis outages on the request path', () => {
  it('a Redis that stops answering (paused): sign-in still answers within 2 s, and a failed sign-in still counts', async () => {
    const user = await createUser(ctx.sql);
    const bound = await signInBound(user.email, user.password);
    server!.kill('SIGSTOP');
    try {
      const good = await signIn(user.email, user.password);
      console.log(`sign-in, Redis paused: ${good.ms} ms (bound ${bound} ms)`);
      expect(good.res.statusCode).toBe(200);
      expect(good.ms).toBeLessThan(bound);
      // The per-e-mail limit keeps counting, in this process's memory.
      for (let i = 0; i < 10; i++) expect((await signIn(user.email, 'wrong-password')).res.statusCode).toBe(401);
      const limited = await signIn(user.email, user.password);
      expect(limited.res.statusCode).toBe(429);
      expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      server!.kill('SIGCONT');
    }
  });

  it('a stopped Redis: sign-in, search and forgot-password answer within 2 s; the reset mail asked for meanwhile arrives once Redis is back, and its link works', async () => {
    const user = await createUser(ctx.sql);
    const bound = await signInBound(user.email, user.password);
    const clientCookie = await firstVisitCookie();
    await stopRedis();

    const signedIn = await signIn(user.email, user.password);
    console.log(`sign-in, Redis stopped: ${signedIn.ms} ms (bound ${bound} ms)`);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.ms).toBeLessThan(bound);

    const search = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?query=cardiology' });
    expect(search.statusCode).toBe(200);
    // The client cookie needs no Redis: a known client searches (its limits counted in memory), a newcomer gets one.
    const searchStarted = performance.now();
    const clientSearch = await ctx.app.inject({ method: 'GET', url: '/api/institutions/search?query=hospital', headers: { cookie: clientCookie } });
    expect(clientSearch.statusCode).toBe(200);
    expect(performance.now() - searchStarted).toBeLessThan(bound);
    expect(await firstVisitCookie()).toMatch(/^ilera_client=/);
    // The log says what is degraded.
    expect(ctx.logs.some((line) => line.includes('limits degraded: Redis unavailable'))).toBe(true);

    const started = performance.now();
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-forwarded-for': ip(nextIp++) },
      payload: { email: user.email },
    });
    const forgotMs = Math.round(performance.now() - started);
    console.log(`forgot-password, Redis stopped: ${forgotMs} ms`);
    expect(forgot.statusCode).toBe(200);
    expect(forgotMs).toBeLessThan(bound);
    // Nowhere to queue it: the mail waits in the outbox.
    await eventually(async () => (await ctx.sql`SELECT 1 FROM outbox WHERE topic = 'mail.send' AND processed_at IS NULL`).length === 1);
    expect(await readMails(ctx.config.dataDir)).toEqual([]);

    await startRedis();
    // Read only mails whose job completed: a file being written is not read half-done.
    const back = performance.now();
    const mail = (await eventually(async () => (await readMails(ctx.config.dataDir, ctx.queues.mail)).find((m) => m.to.includes(user.email)), 30_000, 200))!;
    console.log(`reset mail delivered ${Math.round(performance.now() - back)} ms after Redis returned`);
    expect(mail.subject).toBe('Reset your Ilera password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` });
    expect(check.json()).toEqual({ valid: true, message: 'Token is valid' });

    // Back to Redis: the limits are shared again, and counted there.
    await eventually(async () => {
      await signIn(user.email, 'wrong-password');
      return (await ctx.redis.keys(`${ctx.config.redisPrefix}:rl:*`)).length > 0;
    });
  });
});

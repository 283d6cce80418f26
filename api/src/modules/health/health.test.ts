import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../../test/support';

describe('GET /healthz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers 200 when PostgreSQL and Redis answer', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming Redis when Redis does not answer', async () => {
    const deadRedis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    deadRedis.on('error', () => {});
    const app = await buildApp({ sql: ctx.sql, redis: deadRedis, config: ctx.config, queues: ctx.queues, logStream: false });
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('redis not answering');
    await app.close();
    deadRedis.disconnect();
  });

  it('answers JSON errors: unknown API path 404, malformed JSON 400', async () => {
    const missing = await ctx.app.inject('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

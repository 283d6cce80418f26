import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createSql, loadConfig, withDatabase, type Config, type Sql } from '@ilera/db';
import { buildApp, type AppDeps } from '@ilera/api/app';
import { createQueues, createRedis, startWorkers, type Queues, type RunningWorkers, type StartWorkersOptions } from '@ilera/workers';

let counter = 0;

/**
 * A fresh database cloned from the migrated template: one per test file (or per call). Its commits do not wait
 * for the WAL to reach the disk (`synchronous_commit = off`, for this database only, whoever connects: the
 * test's pool, the app, the workers, a child process): the same PostgreSQL, transactions, locks and
 * visibility; only a crash of the PostgreSQL server itself could lose the last commits, and no test crashes
 * it (they kill the API and the workers). The wait was one disk flush a commit, 1-10 ms on this machine's
 * disk shared with other work, tens of thousands of commits a run (docs/RELIABILITY.md, issue 48).
 */
export async function createTestDatabase(): Promise<{ url: string; sql: Sql; name: string }> {
  const server = inject('pgServerUrl');
  const name = `ilera_t${process.pid}_${++counter}_${inject('runId')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    await admin.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(server, name);
  return { url, sql: createSql(url, { max: 10 }), name };
}

/**
 * A port nothing listens on, for a server a test starts later (its URL is configured first).
 * It is drawn at random from below the kernel's ephemeral range (from 10081, above the ports Chromium refuses): a port the kernel handed out
 * (port 0) can be handed out again, between our check and the listen, as the local end of any
 * outgoing connection on the machine (PostgreSQL, Redis, Chromium), which failed a CI run with
 * EADDRINUSE. A port outside that range is only taken by a process that asks for it by number.
 */
export async function freePort(): Promise<number> {
  const [low, high] = ephemeralRange();
  // From 10081: Chromium refuses to load pages from 10080 (its restricted ports; the others are below 10000).
  const [from, to] = low - 1 >= 20_000 ? [10_081, low - 1] : [high + 1, 65_535];
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`freePort: no free port found between ${from} and ${to}`);
}

function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return [49_152, 65_535];
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export interface TestContext {
  sql: Sql;
  dbUrl: string;
  config: Config;
  redis: Redis;
  queues: Queues;
  app: FastifyInstance;
  /** Every log line the app wrote (tests assert nothing secret is logged). */
  logs: string[];
  workers?: RunningWorkers;
  /** Starts the real relay and workers (not started by default). */
  startWorkers(extra?: Partial<StartWorkersOptions>): Promise<RunningWorkers>;
  /** Listens on a real port (browser tests); APP_URL matches it. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Starts the relay and workers with the app; an object gives them options (a processor with its own clock). */
  workers?: boolean | Partial<StartWorkersOptions>;
  config?: Partial<Config>;
  /** Port chosen ahead so APP_URL (origin check, links in mail) is right. */
  port?: number;
  /** Other figures for some request limits, for a test that must send more than a person would (e.g. fuzzing). */
  requestLimits?: AppDeps['requestLimits'];
  /** Other caps for the kept search answers, for a test that fills them (decision 064). */
  searchCacheBytes?: AppDeps['searchCacheBytes'];
}

/**
 * The real thing for a test file: its own PostgreSQL database, the real Redis
 * under its own queue prefix, the app (app.inject) and, on request, the real
 * outbox relay and workers.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const db = await createTestDatabase();
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-test-data-'));
  const config: Config = {
    ...loadConfig({}),
    port,
    dataDir,
    redisUrl: inject('redisUrl'),
    redisPrefix: `ilera-test-${inject('runId')}-${process.pid}-${++counter}`,
    appUrl: `http://127.0.0.1:${port}`,
    sessionSecret: 'test-session-secret-test-session-secret',
    logLevel: 'info',
    // Tests stand behind a "proxy" on loopback, so X-Forwarded-For names the client (rate limits per address).
    trustProxy: '127.0.0.1',
    // A test worker's event loop stalls while modules compile and other suites share the cores: that is
    // not overload, and a 503 would fail an unrelated test (the load-shedding tests set their own limits).
    loadShedding: { ...loadConfig({}).loadShedding, maxEventLoopDelayMs: 0 },
    ...options.config,
  };
  const redis = createRedis(config.redisUrl);
  const queues = createQueues(redis, config.redisPrefix);
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => logs.push(...String(chunk).split('\n').filter(Boolean)));
  // ILERA_WEB_DIST lets a developer point browser tests at a private build.
  const app = await buildApp({
    sql: db.sql,
    redis,
    config,
    logStream,
    webRoot: process.env.ILERA_WEB_DIST || undefined,
    requestLimits: options.requestLimits,
    searchCacheBytes: options.searchCacheBytes,
  });
  const ctx: TestContext = {
    sql: db.sql,
    dbUrl: db.url,
    config,
    redis,
    queues,
    app,
    logs,
    async startWorkers(extra = {}) {
      ctx.workers = await startWorkers({
        sql: db.sql,
        config,
        connection: redis,
        queues,
        relay: { pollMs: 200 },
        logStream,
        ...extra,
      });
      return ctx.workers;
    },
    async listen() {
      await app.listen({ port, host: '127.0.0.1' });
      return config.appUrl;
    },
    async close() {
      await app.close();
      await ctx.workers?.stop();
      await queues.close();
      // Leave nothing of this file's queues in the shared Redis.
      const keys = await redis.keys(`${config.redisPrefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.sql.end({ timeout: 2 });
    },
  };
  if (options.workers) await ctx.startWorkers(options.workers === true ? {} : options.workers);
  return ctx;
}

/** Polls until `fn` returns a truthy value (eventual consistency), or fails after `ms`. */
export async function eventually<T>(fn: () => Promise<T> | T, ms = 5000, step = 50): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw last instanceof Error ? last : new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, step));
  }
}

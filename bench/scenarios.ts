/**
 * The scenarios of `npm run bench`, typed, with what each is compared against.
 *
 * The requests themselves are defined once in ./scenarios-def.js (plain ESM,
 * shared with the k6 scripts in ./k6/). This file adds the Node-only half:
 * - reads: the raw SQL. For each sampled request, the exact statements the API
 *   runs for it (captured from postgres.js while the request is served once by
 *   an in-process app on the same database), replayed directly through
 *   postgres.js with the same pool size and concurrency. That is the limit: the
 *   same queries with no HTTP, validation, routing or serialisation around them.
 * - sign-in: the argon2 verification alone (db/src/passwords.ts).
 */
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { connectionSettings, loadConfig, type Config, type Sql } from '@ilera/db';
import { lagosToday, timeSlots } from '@ilera/contracts';
import { clientAddress, scenarios as defs, type BenchRequest, type Fixtures, type Scenario } from './scenarios-def.js';
import { searchVocabulary } from './query-log';

export * from './scenarios-def.js';
export const scenarios: Record<string, Scenario> = defs;

/** One SQL statement as postgres.js sent it: text, serialised parameters, and whether it was prepared. */
export interface Statement {
  query: string;
  params: unknown[];
  prepare: boolean;
}

/** A postgres.js pool like the API's (createSql) that records every statement it sends. */
export function capturingSql(url: string): { sql: Sql; take(): Statement[] } {
  let current: Statement[] = [];
  // Tagged-template queries are prepared (postgres.js's default); `unsafe` ones only when asked.
  const unsafePrepare = new Map<string, boolean>();
  const sql = postgres(url, {
    max: 4,
    transform: postgres.camel,
    onnotice: () => {},
    connection: connectionSettings(),
    debug: (_conn, query, params) => {
      current.push({ query, params: [...(params as unknown[])], prepare: unsafePrepare.get(query) ?? true });
    },
  }) as unknown as Sql;
  const unsafe = sql.unsafe.bind(sql);
  (sql as { unsafe: unknown }).unsafe = (query: string, params?: unknown[], options?: { prepare?: boolean }) => {
    unsafePrepare.set(query, options?.prepare ?? false);
    return unsafe(query, params as never[], options);
  };
  return {
    sql,
    take() {
      const out = current;
      current = [];
      return out;
    },
  };
}

/**
 * Serves `count` requests of a read scenario once through `app` (built on a
 * capturing pool) and answers the statements of each. Requests that did not
 * answer 2xx are reported, not replayed.
 */
export async function captureStatements(
  app: FastifyInstance,
  take: () => Statement[],
  scenario: Scenario,
  fx: Fixtures,
  count: number,
): Promise<{ groups: Statement[][]; failures: string[] }> {
  const groups: Statement[][] = [];
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const r: BenchRequest = scenario.request(fx, i);
    take();
    const res = await injectRequest(app, r, i);
    const statements = take();
    if (res.statusCode >= 300) failures.push(`${r.method} ${r.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (statements.length) groups.push(statements);
  }
  return { groups, failures };
}

/**
 * Request i of a scenario served in-process, from simulated client i, as the
 * load runs send it (per-address limits: the app must trust loopback as its proxy).
 */
export function injectRequest(app: FastifyInstance, r: BenchRequest, i: number) {
  return app.inject({
    method: r.method,
    url: r.path,
    headers: { 'x-forwarded-for': clientAddress(i), ...(r.body !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {}) },
    payload: r.body !== undefined ? JSON.stringify(r.body) : undefined,
  });
}

/**
 * The API in process for a bench script, on `sql` and the local Redis (REDIS_URL), logging nothing and
 * shedding no load (on a busy shared machine the event loop's delay passed the limit and every request
 * was refused), with its own Redis prefix. Close both with `app.close()` then `redis.disconnect()`.
 */
export async function inProcessApp(sql: Sql, url: string, name: string, config: Partial<Config> = {}, searchSql?: Sql) {
  // Imported here: bench/run.ts imports this file, and side by side runs only the built apps (dist/).
  const { buildApp } = await import('@ilera/api/app');
  const { createQueues, createRedis } = await import('@ilera/workers');
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = createRedis(redisUrl);
  const prefix = `ilera-${name}-${process.pid}`;
  const app = await buildApp({
    sql,
    searchSql,
    redis,
    queues: createQueues(redis, prefix),
    logStream: false,
    config: {
      ...loadConfig({}),
      databaseUrl: url,
      redisUrl,
      redisPrefix: prefix,
      sessionSecret: 'explain-secret-explain-secret-explain',
      loadShedding: { maxInFlight: 0, maxEventLoopDelayMs: 0, maxRssMb: 0 },
      ...config,
    },
  });
  return { app, redis };
}

/** Replays one request's statements (concurrently, as a request's independent reads may run). */
export async function replay(sql: Sql, statements: Statement[]): Promise<void> {
  if (statements.some((s) => /^\s*(begin|commit|rollback)\b/i.test(s.query))) {
    for (const s of statements) await sql.unsafe(s.query, s.params as never[], { prepare: s.prepare });
    return;
  }
  await Promise.all(statements.map((s) => sql.unsafe(s.query, s.params as never[], { prepare: s.prepare })));
}

// ---------------------------------------------------------------- fixtures

/** The fixtures the scenarios draw from: a deterministic sample of the seeded database. */
export async function loadFixtures(sql: Sql): Promise<Fixtures> {
  const professionals = await sql<Fixtures['professionals']>`
    SELECT p.id, u.first_name, u.last_name, p.professional_type, p.specialty, p.city, p.state
    FROM professionals p JOIN users u ON u.id = p.user_id
    WHERE p.status = 'approved' AND p.specialty IS NOT NULL AND p.state IS NOT NULL AND p.city IS NOT NULL
    ORDER BY md5(p.id::text) LIMIT 2000`;
  const institutions = await sql<Fixtures['institutions']>`
    SELECT id, services, state FROM institutions
    WHERE status = 'approved' AND cardinality(services) > 0 AND state IS NOT NULL
    ORDER BY md5(id::text) LIMIT 1000`;
  const patients = await sql<{ email: string; name: string }[]>`
    SELECT u.email, coalesce(u.first_name || ' ' || u.last_name, 'Patient') AS name
    FROM users u JOIN user_passwords pw ON pw.user_id = u.id
    WHERE u.user_type = 'patient' ORDER BY u.email LIMIT 64`;
  const [{ last }] = await sql<{ last: string | null }[]>`
    SELECT to_char((max(appointment_date) AT TIME ZONE 'Africa/Lagos')::date, 'YYYY-MM-DD') AS last FROM appointments`;
  const today = lagosToday();
  const after = last && last > today ? last : today;
  const bookingFromDay = new Date(Date.parse(`${after}T00:00:00Z`) + 30 * 86400000).toISOString().slice(0, 10);
  if (!professionals.length || !patients.length) throw new Error('The database has no approved professionals or patients: run with --seed');
  return {
    today,
    professionals: professionals.map((p) => ({ ...p, id: Number(p.id) })),
    institutions: institutions.map((x) => ({ ...x, id: Number(x.id) })),
    patients,
    bookingTargets: professionals.slice(0, 1000).map((p) => Number(p.id)),
    bookingFromDay,
    timeSlots: [...timeSlots],
    vocabulary: searchVocabulary(),
  };
}

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
 * - sign-in: the argon2 verification alone (api/src/modules/auth/password.ts).
 */
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@ilera/db';
import { scenarios as defs, type BenchRequest, type Fixtures, type Scenario } from './scenarios-def.js';

export * from './scenarios-def.js';
export const scenarios: Record<string, Scenario> = defs;

/** One SQL statement as postgres.js sent it: text and serialised parameters. */
export interface Statement {
  query: string;
  params: unknown[];
}

/** A postgres.js pool like the API's (createSql) that records every statement it sends. */
export function capturingSql(url: string): { sql: Sql; take(): Statement[] } {
  let current: Statement[] = [];
  const sql = postgres(url, {
    max: 4,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_conn, query, params) => {
      current.push({ query, params: [...(params as unknown[])] });
    },
  }) as unknown as Sql;
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
    const res = await app.inject({
      method: r.method,
      url: r.path,
      headers: r.body !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {},
      payload: r.body !== undefined ? JSON.stringify(r.body) : undefined,
    });
    const statements = take();
    if (res.statusCode >= 300) failures.push(`${r.method} ${r.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (statements.length) groups.push(statements);
  }
  return { groups, failures };
}

/** Replays one request's statements (concurrently, as a request's independent reads may run). */
export async function replay(sql: Sql, statements: Statement[]): Promise<void> {
  if (statements.some((s) => /^\s*(begin|commit|rollback)\b/i.test(s.query))) {
    for (const s of statements) await sql.unsafe(s.query, s.params as never[]);
    return;
  }
  await Promise.all(statements.map((s) => sql.unsafe(s.query, s.params as never[])));
}

/**
 * Where a read scenario's time goes, one request at a time (no load): the SQL
 * the API runs for sampled requests of each read scenario, each statement run
 * under EXPLAIN ANALYZE on a connection where it has just run (twice; a prepared one six times).
 *
 *   npx tsx bench/explain.ts --database-url URL [--only search-faceted,profile] [--samples 20] [--plans] [--each] [--grep TEXT] [--best N]
 *
 * Prints, per scenario, the statements per request, the mean and worst summed
 * execution time per request, and the slowest statements (with their plans
 * under --plans). The requests are the ones of bench/scenarios-def.js, served by
 * an in-process app (bench/scenarios.ts capturingSql), as `npm run bench` does.
 */
import { parseArgs } from 'node:util';
import { createSql, loadConfig } from '@ilera/db';
import { buildApp } from '@ilera/api/app';
import { createQueues, createRedis } from '@ilera/workers';
import { capturingSql, captureStatements, injectRequest, loadFixtures, scenarioNames, scenarios, type Statement } from './scenarios';

const { values: argv } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    samples: { type: 'string' },
    only: { type: 'string' },
    plans: { type: 'boolean' },
    each: { type: 'boolean' },
    grep: { type: 'string' },
    best: { type: 'string' },
  },
});
const option = (name: 'database-url' | 'samples' | 'only') => argv[name];

const url = option('database-url') ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
const samples = Number(option('samples') ?? 20);
const only = option('only')?.split(',');
const showPlans = argv.plans === true;
/** Each request's summed time and its statements' parameters. */
const showEach = argv.each === true;
/** Only the requests one of whose statements has TEXT in its parameters, each statement's plan printed. */
const grep = argv.grep;
/**
 * Each statement run under EXPLAIN ANALYZE this many times, the fastest kept: on a shared machine one run
 * may include a stall of the process (a 4-ms statement once took 96 ms at load 24), which says nothing of
 * the statement. The buffers per request (printed always) do not depend on the load.
 */
const best = Math.max(1, Number(argv.best ?? 1));

/** A parameter as an SQL literal (postgres.js hands the debug hook its serialised values). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) return literal(`{${v.map((e) => (e === null ? 'NULL' : `"${String(e).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`);
  return `'${String(v).replace(/'/g, "''")}'`;
}

let prepared = 0;

/**
 * EXPLAIN ANALYZE of one statement as the API runs it. A statement the API
 * prepares is prepared here too and run 6 times first, so that PostgreSQL's plan
 * cache has made its choice (custom or generic plan) and the planning time is
 * what a busy server pays per execution, not a first planning.
 */
async function explain(s: Statement): Promise<string[]> {
  const lines = (rows: Record<string, unknown>[]) => rows.map((r) => String(Object.values(r)[0]));
  if (!s.prepare) {
    // On one connection, warmed by the same statement: a long-lived server connection has its
    // catalogue caches filled; a first planning on a fresh one costs several times more (6.6 against
    // 0.9 ms for a page over 294 keys at 500,000), which no busy server pays per request.
    const conn = await capture.sql.reserve();
    try {
      for (let i = 0; i < 2; i++) await conn.unsafe(s.query, s.params as never[]);
      return await fastest(async () => lines(await conn.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${s.query}`, s.params as never[])));
    } finally {
      conn.release();
    }
  }
  const name = `explain_${++prepared}`;
  const conn = await capture.sql.reserve();
  try {
    await conn.unsafe(`PREPARE ${name} AS ${s.query}`);
    const execute = `EXECUTE ${name}(${s.params.map(literal).join(', ')})`;
    for (let i = 0; i < 6; i++) await conn.unsafe(s.params.length ? execute : `EXECUTE ${name}`);
    return await fastest(async () => lines(await conn.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${s.params.length ? execute : `EXECUTE ${name}`}`)));
  } finally {
    await conn.unsafe(`DEALLOCATE ${name}`).catch(() => {});
    conn.release();
  }
}

/** Planning + execution of a plan's text, in ms. */
const planMs = (text: string) => Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN) + Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
/** The buffers a plan's execution touched (its first node's: the whole statement's), hit and read. */
const planBuffers = (text: string) => {
  const m = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(text);
  return Number(m?.[1] ?? 0) + Number(m?.[2] ?? 0);
};

/** The fastest of `best` runs of an EXPLAIN ANALYZE. */
async function fastest(run: () => Promise<string[]>): Promise<string[]> {
  let kept = await run();
  for (let i = 1; i < best; i++) {
    const next = await run();
    if (planMs(next.join('\n')) < planMs(kept.join('\n'))) kept = next;
  }
  return kept;
}

const capture = capturingSql(url);

async function main() {
  const direct = createSql(url!, { max: 2 });
  const fx = await loadFixtures(direct);
  await direct.end({ timeout: 2 });
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = createRedis(redisUrl);
  const prefix = `ilera-explain-${process.pid}`;
  const queues = createQueues(redis, prefix);
  const app = await buildApp({
    sql: capture.sql,
    redis,
    queues,
    logStream: false,
    // No load shedding: this measures each request's SQL one at a time, and on a busy shared machine
    // the event loop's delay passed the 1 s limit and every request was refused (2026-11-26).
    config: {
      ...loadConfig({}),
      databaseUrl: url!,
      redisUrl,
      redisPrefix: prefix,
      sessionSecret: 'explain-secret-explain-secret-explain',
      loadShedding: { maxInFlight: 0, maxEventLoopDelayMs: 0, maxRssMb: 0 },
    },
  });
  try {
    // A running server loaded its facet key table and its connection's type list once, at its first
    // search (4-7 ms of statements no later request sends): one request first, not counted.
    await injectRequest(app, scenarios['search-faceted'].request(fx, 1_000_000), 0);
    // Near-me searches are answered from the located documents the API holds (search/src/postgres-near.ts),
    // which a running server reads at its start: read here before anything is counted.
    for (const kind of ['professionals', 'institutions']) await app.inject({ method: 'GET', url: `/api/${kind}/search?near=6.5,3.4&radius=1` });
    capture.take();
    for (const name of scenarioNames.filter((n) => scenarios[n].kind === 'read' && (!only || only.includes(n)))) {
      const { groups, failures } = await captureStatements(app, capture.take, scenarios[name], fx, samples);
      const perRequest: number[] = [];
      const buffersPerRequest: number[] = [];
      const slow: { ms: number; s: Statement; plan: string[] }[] = [];
      let cached = 0;
      for (const group of groups) {
        if (grep !== undefined && !group.some((s) => JSON.stringify(s.params).includes(grep))) continue;
        // A request answered from the search answer cache (decision 009) sends only the generation read.
        if (group.every((s) => /\bsearch_generation\b/.test(s.query))) {
          cached++;
          continue;
        }
        let total = 0;
        let buffers = 0;
        const each: string[] = [];
        for (const s of group) {
          const plan = await explain(s);
          const text = plan.join('\n');
          // Planning is work the server does for every statement too.
          const ms = planMs(text);
          total += ms;
          buffers += planBuffers(text);
          slow.push({ ms, s, plan });
          each.push(`${ms.toFixed(1)} (planning ${Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0).toFixed(1)}) ${s.query.replace(/\s+/g, ' ').slice(0, 40)} ${JSON.stringify(s.params).slice(0, 60)}`);
        }
        perRequest.push(total);
        buffersPerRequest.push(buffers);
        if (showEach || grep !== undefined) console.log(`  request ${total.toFixed(1)} ms:\n${each.map((x) => `    ${x}`).join('\n')}`);
        if (grep !== undefined && showPlans) for (const x of slow.slice(-group.length)) console.log(`- ${x.ms.toFixed(2)} ms: ${x.s.query.replace(/\s+/g, ' ')} ${JSON.stringify(x.s.params)}\n${x.plan.map((l) => `    ${l}`).join('\n')}`);
      }
      capture.take();
      slow.sort((a, b) => b.ms - a.ms);
      const mean = perRequest.reduce((a, b) => a + b, 0) / Math.max(1, perRequest.length);
      const sorted = [...perRequest].sort((a, b) => a - b);
      const pct = (q: number, of = sorted) => of[Math.min(of.length - 1, Math.ceil(q * of.length) - 1)] ?? NaN;
      const buffersSorted = [...buffersPerRequest].sort((a, b) => a - b);
      const missed = groups.filter((g) => !g.every((s) => /\bsearch_generation\b/.test(s.query)));
      const statements = missed.reduce((n, g) => n + g.length, 0) / Math.max(1, missed.length);
      console.log(
        `\n## ${name}: ${perRequest.length} requests${cached ? ` (+${cached} answered from the cache, not counted)` : ''}, ${statements.toFixed(1)} statements each, ` +
          `SQL planning + execution per request mean ${mean.toFixed(2)} ms, p50 ${pct(0.5).toFixed(2)}, p95 ${pct(0.95).toFixed(2)}, worst ${Math.max(...perRequest).toFixed(2)} ms` +
          `${best > 1 ? ` (fastest of ${best} runs a statement)` : ''}; buffers per request p50 ${pct(0.5, buffersSorted)}, p95 ${pct(0.95, buffersSorted)}, worst ${buffersSorted.at(-1) ?? NaN}` +
          (failures.length ? `; ${failures.length} failed, e.g. ${failures[0]}` : ''),
      );
      for (const x of slow.slice(0, 3)) {
        console.log(`- ${x.ms.toFixed(2)} ms: ${x.s.query.replace(/\s+/g, ' ').slice(0, 220)} ${JSON.stringify(x.s.params).slice(0, 200)}`);
        if (showPlans) console.log(x.plan.map((l) => `    ${l}`).join('\n'));
      }
    }
  } finally {
    await app.close();
    await queues.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await capture.sql.end({ timeout: 2 });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

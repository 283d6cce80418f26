/**
 * CPU an answer, in process: the same requests of a read scenario (bench/scenarios-def.js) served by this
 * tree's API through `app.inject`, several at a time, with the API's own CPU time (process.cpuUsage) and
 * that of its own connections' PostgreSQL backends (/proc; found by the pool's application_name) divided by the answers. CPU time is far less
 * sensitive to a shared machine's load than wall time or req/s (issue 47), and every version given the
 * same database and the same requests in the same order sees the same cache hits.
 *
 *   npx tsx bench/cpu-answers.ts --database-url URL [--only profile,search-log] [--warmup 200] [--count 800] [--concurrency 8]
 *                                [--cpu-prof DIR] [--dump DIR] [--statements] [--pg-statements] [--again] [--sizes]
 *
 * --cpu-prof writes a V8 CPU profile of each scenario's counted requests only (warm-up and start left out)
 * to DIR/<scenario>.cpuprofile, readable by Chrome's DevTools or bench/cpu-profile-summary.ts.
 *
 * --heap-prof writes a sampling heap profile (what allocated, by function: the garbage collector's work) of
 * the counted requests to DIR/<scenario>.heapprofile, readable by Chrome's DevTools.
 *
 * --dump writes every counted answer (status, then the body, one a line, in request order) to
 * DIR/<scenario>.answers, so that two versions' answers can be compared with `cmp` (run them in the same
 * quarter hour: open now and the availability windows are read at the clock).
 *
 * --pg-statements resets pg_stat_statements (the extension must be loaded and created in the database) when
 * the counted requests begin and prints, after them, each statement's calls, execution and planning time a
 * request (planning only with pg_stat_statements.track_planning on), the costliest first (PG_STATEMENTS_TOP, 20).
 *
 * --statements prints the SQL statements of the counted requests by their first words; --again serves the
 * counted requests once before counting them (the answer cache's hits alone); --sizes compares each kept
 * answer's size as the engine noted it (resultSizes) with its JSON length.
 *
 * To compare two versions, run the file from each tree (a copy of this file in the other one) on the same
 * database, alternately, and compare the printed lines: each names its load average.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSql, loadConfig } from '@ilera/db';
import { resultSizes } from '@ilera/search';
import { injectRequest, inProcessApp, loadFixtures, scenarios } from './scenarios';

const { values: argv } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    only: { type: 'string' },
    warmup: { type: 'string' },
    count: { type: 'string' },
    concurrency: { type: 'string' },
    label: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'heap-prof': { type: 'string' },
    dump: { type: 'string' },
    statements: { type: 'boolean' },
    'pg-statements': { type: 'boolean' },
    again: { type: 'boolean' },
    sizes: { type: 'boolean' },
  },
});
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
const only = (argv.only ?? 'profile,search-log').split(',');
const warmup = Number(argv.warmup ?? 200);
const count = Number(argv.count ?? 800);
const concurrency = Number(argv.concurrency ?? 8);
const label = argv.label ?? process.cwd();

/** --statements: the SQL statements sent during the counted requests, by their first words (postgres.js's debug hook). */
let tally: Map<string, number> | undefined;
const applicationName = `cpu-answers-${process.pid}`;
/** postgres.js's debug hook counting a statement by its first words, on both pools. */
const noting = argv.statements
  ? {
      debug: (_c: number, q: string) => {
        const first = q.replace(/\s+/g, ' ').trim().slice(0, 110);
        tally?.set(first, (tally.get(first) ?? 0) + 1);
      },
    }
  : {};
const sql = createSql(url, { max: 6, applicationName, ...noting });
const fx = await loadFixtures(sql);
// The search statements' own connections, as scripts/start.ts opens them (decision 075), counted with the pool's.
const searchSql = createSql(url, { max: loadConfig({}).databaseSearchPoolMax, applicationName, ...noting });
// The requests come from the bench's simulated clients (X-Forwarded-For), as in `npm run bench`.
const { app, redis } = await inProcessApp(sql, url, 'cpu-answers', { trustProxy: '127.0.0.1' }, searchSql);

/** utime + stime of a process in ms (clock ticks of 10 ms); 0 when gone. */
function procCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
/**
 * The PostgreSQL backends of this process's connections (the API in process runs on `sql`, named for this process):
 * other clients of the same database (another engineer's bench) are not counted.
 */
const backends = async () =>
  (await sql<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${applicationName} AND pid <> pg_backend_pid()`).map((r) => r.pid);

/** Requests the answer cache served whole (x-search-cache: hit). */
let hits = 0;
async function serve(name: string, from: number, n: number, answers?: string[]) {
  const statuses = new Map<number, number>();
  let next = from;
  const worker = async () => {
    while (next < from + n) {
      const i = next++;
      const res = await injectRequest(app, scenarios[name].request(fx, i), i);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.headers['x-search-cache'] === 'hit') hits++;
      if (answers) answers[i - from] = `${res.statusCode} ${res.body}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

// The near-me copy is read at a running API's start, and the first search loads the key table: not counted.
for (const kind of ['professionals', 'institutions']) await app.inject({ method: 'GET', url: `/api/${kind}/search?near=6.5,3.4&radius=1` });
for (const name of only) {
  if (!scenarios[name] || scenarios[name].kind !== 'read') throw new Error(`not a read scenario: ${name}`);
  await serve(name, 0, warmup);
  // --again: the counted requests are served once before they are counted (answers the cache holds).
  if (argv.again) await serve(name, warmup, count);
  const pids = await backends();
  const profiler = argv['cpu-prof'] ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
  }
  if (argv['pg-statements']) await sql`SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)`;
  const heap = argv['heap-prof'] ? new Session() : undefined;
  if (heap) {
    heap.connect();
    // Every 32 KB allocated; objects collected since are kept in the profile (what the collector had to do).
    await heap.post('HeapProfiler.startSampling', { samplingInterval: 32768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  const pg0 = pids.reduce((s, p) => s + procCpuMs(p), 0);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const answers = argv.dump ? new Array<string>(count) : undefined;
  hits = 0;
  if (argv.statements) tally = new Map();
  const statuses = await serve(name, warmup, count, answers);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pg = pids.reduce((s, p) => s + procCpuMs(p), 0) - pg0;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(argv['cpu-prof']!, { recursive: true });
    writeFileSync(`${argv['cpu-prof']}/${name}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  if (heap) {
    const { profile } = await heap.post('HeapProfiler.stopSampling');
    mkdirSync(argv['heap-prof']!, { recursive: true });
    writeFileSync(`${argv['heap-prof']}/${name}.heapprofile`, JSON.stringify(profile));
    heap.disconnect();
  }
  if (argv.sizes) {
    // Issue 47: each kept answer's noted size (resultSizes) against its JSON length.
    let noted = 0, under = 0, ratio = 0, worst = Infinity;
    const lru = (app.searchAnswers as unknown as { lru: Map<string, object> & { entries(): IterableIterator<[string, object]> } }).lru;
    for (const [, r] of lru.entries()) {
      const size = resultSizes.get(r);
      if (size === undefined) continue;
      const json = JSON.stringify(r).length;
      noted++;
      ratio += size / json;
      if (size < json) under++;
      worst = Math.min(worst, size / json);
    }
    console.log(`${name}: ${noted} kept answers with a noted size, ${under} under their JSON length, noted/JSON ${(ratio / Math.max(1, noted)).toFixed(2)} on average, ${worst.toFixed(2)} at least`);
  }
  if (tally) {
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    console.log(`${name}: ${total} statements, ${(total / count).toFixed(2)} a request`);
    for (const [q, n] of [...tally].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(6)}  ${q}`);
    tally = undefined;
  }
  if (argv['pg-statements']) {
    // Issue 47: what PostgreSQL did for the counted requests, by statement (this database's only).
    // Planning is counted only with pg_stat_statements.track_planning on (0 otherwise).
    const rows = await sql<{ calls: string; ms: number; plan: number; rows: string; query: string }[]>`
      SELECT calls::text, total_exec_time AS ms, total_plan_time AS plan, rows::text, query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
      ORDER BY total_exec_time + total_plan_time DESC`;
    const calls = rows.reduce((n, r) => n + Number(r.calls), 0);
    const ms = rows.reduce((n, r) => n + r.ms, 0);
    const plan = rows.reduce((n, r) => n + r.plan, 0);
    console.log(`${name}: pg_stat_statements ${calls} calls (${(calls / count).toFixed(2)} a request), ${(ms / count).toFixed(3)} ms of execution and ${(plan / count).toFixed(3)} ms of planning a request`);
    for (const r of rows.slice(0, Number(process.env.PG_STATEMENTS_TOP ?? 20))) {
      console.log(`${(Number(r.calls) / count).toFixed(3).padStart(7)} calls ${(r.ms / count).toFixed(3).padStart(7)} ms ${(r.plan / count).toFixed(3).padStart(7)} plan ${(r.ms / Number(r.calls)).toFixed(2).padStart(7)} ms/call ${(Number(r.rows) / Number(r.calls)).toFixed(0).padStart(6)} rows/call  ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  if (answers) {
    mkdirSync(argv.dump!, { recursive: true });
    writeFileSync(`${argv.dump}/${name}.answers`, answers.join('\n') + '\n');
  }
  const apiMs = (cpu.user + cpu.system) / 1000 / count;
  console.log(
    JSON.stringify({
      label,
      scenario: name,
      answers: count,
      apiCpuMs: Number(apiMs.toFixed(3)),
      pgCpuMs: Number((pg / count).toFixed(3)),
      pgBackends: pids.length,
      wallMs: Number((wall / count).toFixed(2)),
      load: Number(loadavg()[0].toFixed(1)),
      statuses: Object.fromEntries(statuses),
      cacheHits: hits,
      cache: app.searchAnswers.stats,
      // The engine's kept count rows (PostgresEngine.countCache), when it has them.
      countRows: (app.searchAnswers.engine as unknown as { countCache?: { size: number; calculatedSize: number } }).countCache?.calculatedSize,
      at: new Date().toISOString().slice(11, 19),
    }),
  );
}
await app.close();
await sql.end({ timeout: 2 });
await searchSql.end({ timeout: 2 });
redis.disconnect();

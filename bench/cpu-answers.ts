/**
 * CPU an answer, in process: the same requests of a read scenario (bench/scenarios-def.js) served by this
 * tree's API through `app.inject`, several at a time, with the API's own CPU time (process.cpuUsage) and
 * that of its database's PostgreSQL backends (/proc) divided by the answers. CPU time is far less
 * sensitive to a shared machine's load than wall time or req/s (issue 47), and every version given the
 * same database and the same requests in the same order sees the same cache hits.
 *
 *   npx tsx bench/cpu-answers.ts --database-url URL [--only profile,search-log] [--warmup 200] [--count 800] [--concurrency 8]
 *                                [--cpu-prof DIR] [--dump DIR]
 *
 * --cpu-prof writes a V8 CPU profile of each scenario's counted requests only (warm-up and start left out)
 * to DIR/<scenario>.cpuprofile, readable by Chrome's DevTools or bench/cpu-profile-summary.ts.
 *
 * --dump writes every counted answer (status, then the body, one a line, in request order) to
 * DIR/<scenario>.answers, so that two versions' answers can be compared with `cmp` (run them in the same
 * quarter hour: open now and the availability windows are read at the clock).
 *
 * To compare two versions, run the file from each tree (a copy of this file in the other one) on the same
 * database, alternately, and compare the printed lines: each names its load average.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSql } from '@ilera/db';
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
    dump: { type: 'string' },
  },
});
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
const only = (argv.only ?? 'profile,search-log').split(',');
const warmup = Number(argv.warmup ?? 200);
const count = Number(argv.count ?? 800);
const concurrency = Number(argv.concurrency ?? 8);
const label = argv.label ?? process.cwd();

const sql = createSql(url, { max: 6 });
const fx = await loadFixtures(sql);
// The requests come from the bench's simulated clients (X-Forwarded-For), as in `npm run bench`.
const { app, redis } = await inProcessApp(sql, url, 'cpu-answers', { trustProxy: '127.0.0.1' });

/** utime + stime of a process in ms (clock ticks of 10 ms); 0 when gone. */
function procCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
const backends = async () =>
  (await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).map((r) => r.pid);

async function serve(name: string, from: number, n: number, answers?: string[]) {
  const statuses = new Map<number, number>();
  let next = from;
  const worker = async () => {
    while (next < from + n) {
      const i = next++;
      const res = await injectRequest(app, scenarios[name].request(fx, i), i);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
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
  const pids = await backends();
  const profiler = argv['cpu-prof'] ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
  }
  const pg0 = pids.reduce((s, p) => s + procCpuMs(p), 0);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const answers = argv.dump ? new Array<string>(count) : undefined;
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
      wallMs: Number((wall / count).toFixed(2)),
      load: Number(loadavg()[0].toFixed(1)),
      statuses: Object.fromEntries(statuses),
      at: new Date().toISOString().slice(11, 19),
    }),
  );
}
await app.close();
await sql.end({ timeout: 2 });
redis.disconnect();

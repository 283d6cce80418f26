/**
 * Issue 33's import budget: `npx tsx bench/import-facilities.ts [--rows 51000] [--mode direct|outbox] [--server URL] [--redis URL]`.
 *
 * On a fresh database of its own (made on --server, default TEST_DATABASE_URL or the local
 * PostgreSQL; dropped at the end):
 *  1. writes a register file of `rows` invented rows (db/src/register/generate.ts, 0.1% bad rows);
 *  2. imports it as `npm run import:facilities` does (mode direct: the command indexes what it changed,
 *     indexListings), or with one search event per listing for the real outbox relay and index worker
 *     (mode outbox; workers' startWorkers, as `npm run start:workers` runs them, run in both modes), and
 *     times the import, then until every listing is in the search index (search_documents) and the
 *     outbox is drained: budget 60 s for both;
 *  3. imports the same file again: budget 30 s, and zero writes to search documents (the newest row
 *     version of search_documents, the institutions' write generation and the outbox, before and after,
 *     plus a wait for a stray event).
 * Prints one JSON line of figures, wall and CPU seconds (this process and its database's backends);
 * docs/PERFORMANCE.md has the runs.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createSql, loadConfig, migrate, withDatabase, type Sql } from '@ilera/db';
import { writeRegisterFile } from '@ilera/db/register/generate';
import { importRegister } from '@ilera/db/register/import';
import { createEngine } from '@ilera/search';
import { createRedis, startWorkers } from '@ilera/workers';
import { indexListings } from '../scripts/import-facilities';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '51000' },
    mode: { type: 'string', default: 'direct' },
    server: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const rows = Number(values.rows);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * CPU seconds spent so far by this process and by the PostgreSQL backends serving the bench's database
 * (read from /proc: the server runs on this machine). On a shared machine the wall time says how busy
 * the others were; the CPU time says what the import itself costs.
 */
async function cpuSeconds(sql: Sql, database: string): Promise<number> {
  const pids = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${database}`;
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      /* ended meanwhile */
    }
  }
  const own = process.cpuUsage();
  return ticks / 100 + (own.user + own.system) / 1e6;
}

async function indexState(sql: Sql) {
  const [s] = await sql<{ docs: number; newest: string | null; generation: string | null; outbox: number; waiting: number }[]>`
    SELECT (SELECT count(*)::int FROM search_documents WHERE collection = 'institutions') AS docs,
      (SELECT max(xmin::text::bigint)::text FROM search_documents) AS newest,
      (SELECT generation::text FROM search_generation WHERE collection = 'institutions') AS generation,
      (SELECT count(*)::int FROM outbox) AS outbox,
      (SELECT count(*)::int FROM outbox WHERE processed_at IS NULL) AS waiting`;
  return s!;
}

async function main() {
  const name = `ilera_bench_import_${process.pid}`;
  const admin = postgres(values.server!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = withDatabase(values.server!, name);
  const sql = createSql(url, { max: 10 });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-bench-register-'));
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: url }), redisUrl: values.redis!, redisPrefix: `bench-import-${process.pid}`, logLevel: 'warn' };
  const redis = createRedis(values.redis!);
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  try {
    await migrate(sql);
    const file = path.join(dir, 'register.csv');
    let t = Date.now();
    await writeRegisterFile(file, { rows, badRows: Math.round(rows / 1000), seed: 33 });
    const generated = Date.now() - t;
    workers = await startWorkers({ sql, config, connection: redis });

    t = Date.now();
    const engine = createEngine(config, sql);
    const direct = values.mode === 'direct';
    let indexing = 0;
    let indexCpu = 0;
    const index = direct
      ? async (ids: number[]) => {
          const started = Date.now();
          const cpu = await cpuSeconds(sql, name);
          await indexListings(sql, engine, ids);
          indexCpu += (await cpuSeconds(sql, name)) - cpu;
          indexing += Date.now() - started;
        }
      : undefined;
    const cpu0 = await cpuSeconds(sql, name);
    const first = await importRegister(sql, { file, index });
    const imported = Date.now() - t;
    const indexSeconds = seconds(indexing);
    for (;;) {
      const s = await indexState(sql);
      if (s.docs >= first.summary.created && s.waiting === 0) break;
      if (Date.now() - t > 600_000) throw new Error(`not indexed after 600 s: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const indexedAfter = Date.now() - t;
    const cpu1 = await cpuSeconds(sql, name);

    const before = await indexState(sql);
    t = Date.now();
    const again = await importRegister(sql, { file, index });
    const reimported = Date.now() - t;
    const cpu2 = await cpuSeconds(sql, name);
    await new Promise((r) => setTimeout(r, 3000)); // a stray event would be indexed by now
    const after = await indexState(sql);

    console.log(
      JSON.stringify({
        rows,
        mode: values.mode,
        generatedSeconds: seconds(generated),
        import: { seconds: seconds(imported), created: first.summary.created, bad: first.summary.bad, events: first.summary.events },
        importAndIndexSeconds: seconds(indexedAfter),
        ...(direct ? { ofWhichIndexSeconds: indexSeconds } : {}),
        importAndIndexCpuSeconds: Math.round((cpu1 - cpu0) * 10) / 10,
        ...(direct ? { ofWhichIndexCpuSeconds: Math.round(indexCpu * 10) / 10 } : {}),
        documents: before.docs,
        reimport: {
          seconds: seconds(reimported),
          cpuSeconds: Math.round((cpu2 - cpu1) * 10) / 10,
          unchanged: again.summary.unchanged,
          events: again.summary.events,
          searchDocumentWrites: before.newest === after.newest && before.generation === after.generation && before.docs === after.docs ? 0 : 'some',
          outboxRowsAdded: after.outbox - before.outbox,
        },
      }),
    );
  } finally {
    await workers?.stop();
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await sql.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * What one professional's change costs the index worker (D15, issue 48), one change at a time, with
 * nothing else of the bench running: `npx tsx bench/index-cost.ts --database-url URL [--count 20]`.
 * For each of --count pending professionals (from the highest id down, away from the bench's probe):
 * approve it, move it to another city, withdraw it, each followed by the worker's syncProfiles and
 * the re-index of its linked institutions, timed: the whole sync, the engine's write in it, the rest
 * (lock, documents read, next slots, commit). Then one approval's engine write again with auto_explain
 * (as notices): the time of each trigger on search_documents. Everything is put back (pending, own city).
 */
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createSql, loadConfig, type Sql } from '@ilera/db';
import { buildDocuments, createEngine, linkedIds, syncProfiles, type CollectionName, type SearchDocument, type SearchWriter } from '@ilera/search';
import { spread } from './change-probe';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, count: { type: 'string' } } });
const url = values['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url needed');
const count = Number(values.count ?? 20);

const sql = createSql(url, { max: 4 });
const engine = createEngine(loadConfig({}), sql);

/** The engine, its writes timed. */
let engineMs = 0;
const timed: SearchWriter = {
  async upsert(c: CollectionName, docs: SearchDocument[]) {
    const t = performance.now();
    await engine.upsert(c, docs);
    engineMs += performance.now() - t;
  },
  async delete(c: CollectionName, ids: string[]) {
    const t = performance.now();
    await engine.delete(c, ids);
    engineMs += performance.now() - t;
  },
};

const kinds = ['approval', 'edit', 'withdrawal'] as const;
const figures: Record<string, number[]> = {};
const add = (k: string, v: number) => (figures[k] ??= []).push(v);

async function sync(kind: string, id: number) {
  engineMs = 0;
  const t0 = performance.now();
  await syncProfiles(sql, timed, 'professionals', [id]);
  const t1 = performance.now();
  add(`${kind}: sync`, t1 - t0);
  add(`${kind}: engine write`, engineMs);
  add(`${kind}: rest (lock, read, next slots, commit)`, t1 - t0 - engineMs);
  const linked = await linkedIds(sql, 'professionals', [id]);
  const t2 = performance.now();
  engineMs = 0;
  if (linked.length) await syncProfiles(sql, timed, 'institutions', linked);
  add(`${kind}: linked look-up`, t2 - t1);
  if (linked.length) add(`${kind}: linked institutions sync (${linked.length} a professional)`, performance.now() - t2);
}

const rows = await sql<{ id: number; state: string; city: string }[]>`
  SELECT id, state, city FROM professionals WHERE status = 'pending' AND city IS NOT NULL AND state IS NOT NULL ORDER BY id DESC LIMIT ${count}`;
const cities = await sql<{ state: string; city: string }[]>`
  SELECT DISTINCT ON (state) state, city FROM professionals WHERE state = ANY(${[...new Set(rows.map((r) => r.state))]}::text[]) AND status = 'approved' ORDER BY state, city DESC`;
const otherCity = new Map(cities.map((c) => [c.state, c.city]));
try {
  for (const p of rows) {
    await sql`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
    await sync(kinds[0], p.id);
    const city = otherCity.get(p.state) === p.city ? `${p.city} North` : otherCity.get(p.state)!;
    await sql`UPDATE professionals SET city = ${city} WHERE id = ${p.id}`;
    await sync(kinds[1], p.id);
    await sql`UPDATE professionals SET status = 'pending', city = ${p.city} WHERE id = ${p.id}`;
    await sync(kinds[2], p.id);
  }
  console.log(`${rows.length} professionals, one change at a time (ms):`);
  for (const [k, v] of Object.entries(figures)) {
    const s = spread(v);
    console.log(`  ${k}: p50 ${s.p50.toFixed(1)} p95 ${s.p95.toFixed(1)} max ${s.max.toFixed(1)} (${s.n})`);
  }

  // One approval's engine write under auto_explain: each trigger's time, as notices on one connection.
  const p = rows[0];
  if (p) {
    const notices: string[] = [];
    // createSql drops notices: this connection keeps them (auto_explain's plans).
    const one = postgres(url, { max: 1, transform: postgres.camel, onnotice: (n) => notices.push(String(n.message ?? '')) }) as unknown as Sql;
    const oneEngine = createEngine(loadConfig({}), one);
    await sql`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
    const docs = await buildDocuments(sql, 'professionals', [p.id]);
    await one`LOAD 'auto_explain'`;
    await one`SELECT set_config('auto_explain.log_min_duration', '0', false), set_config('auto_explain.log_analyze', 'on', false),
      set_config('auto_explain.log_triggers', 'on', false), set_config('auto_explain.log_nested_statements', 'on', false),
      set_config('auto_explain.log_level', 'notice', false)`;
    await oneEngine.upsert('professionals', docs);
    await oneEngine.delete('professionals', [String(p.id)]);
    await one.end();
    await sql`UPDATE professionals SET status = 'pending' WHERE id = ${p.id}`;
    for (const n of notices) {
      const head = n.split('\n').find((l) => l.includes('duration:')) ?? '';
      const triggers = n.split('\n').filter((l) => l.includes('Trigger'));
      if (Number(/duration: ([\d.]+)/.exec(head)?.[1] ?? 0) >= 0.5 || triggers.length) {
        console.log(head.slice(0, 200));
        for (const t of triggers) console.log(`   ${t.trim()}`);
      }
    }
  }
} finally {
  await sql.end({ timeout: 2 });
}

/**
 * Near-me answers one at a time, in process, as the API gives them: the wall time of each of the
 * bench's search-near requests (bench/scenarios-def.js), SQL and in-memory work together, with the
 * located documents read into memory first (decision 037), or with `--sql` answered by the SQL alone
 * (SEARCH_NEAR_MEMORY=0). bench/explain counts only SQL; near-me's work is mostly in the API now.
 *
 *   npx tsx bench/near-answers.ts --database-url URL [--samples 300] [--sql]
 */
import { parseArgs } from 'node:util';
import { createSql } from '@ilera/db';
import { injectRequest, inProcessApp, loadFixtures, scenarios } from './scenarios';

const { values: argv } = parseArgs({ options: { 'database-url': { type: 'string' }, samples: { type: 'string' }, sql: { type: 'boolean' } } });
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
const samples = Number(argv.samples ?? 300);

const sql = createSql(url, { max: 6 });
const fx = await loadFixtures(sql);
const { app, redis } = await inProcessApp(sql, url, 'near-answers', { searchNearMemory: argv.sql !== true });
// The first near-me search of each collection reads its documents (a running API reads them at its start).
const read = performance.now();
for (const kind of ['professionals', 'institutions']) await app.inject({ method: 'GET', url: `/api/${kind}/search?near=6.5,3.4&radius=1` });
console.log(`first searches (the documents read into memory${argv.sql ? ': none, --sql' : ''}): ${((performance.now() - read) / 1000).toFixed(1)} s`);
const times: { ms: number; what: string }[] = [];
const started = performance.now();
for (let i = 0; i < samples; i++) {
  const r = scenarios['search-near'].request(fx, i);
  const t = performance.now();
  const res = await injectRequest(app, r, i);
  const ms = performance.now() - t;
  if (res.statusCode !== 200) console.log(`status ${res.statusCode}: ${r.path}`);
  times.push({ ms, what: r.path + (r.body ? ` ${JSON.stringify(r.body).slice(0, 160)}` : '') });
}
const total = performance.now() - started;
const sorted = [...times].sort((a, b) => a.ms - b.ms);
const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].ms.toFixed(1);
console.log(`${samples} requests (${argv.sql ? 'SQL' : 'memory'}; repeats answered from the answer cache), mean ${(total / samples).toFixed(2)} ms: p50 ${pct(0.5)}, p90 ${pct(0.9)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, worst ${pct(1)} ms`);
for (const t of sorted.slice(-5).reverse()) console.log(`  ${t.ms.toFixed(1)} ms ${t.what}`);
await app.close();
await sql.end({ timeout: 2 });
redis.disconnect();

/**
 * `npm run reindex`: rebuilds the whole search index from PostgreSQL.
 * `npm run search:check`: reports any difference between PostgreSQL's approved
 * profiles and the index (exit code 1 when there is one).
 * Connects like scripts/start.ts: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { createSql, loadConfig, migrate, resolveDatabase } from '@ilera/db';
import { SEARCH_TABLES, vacuumAnalyze } from '@ilera/db/vacuum';
import { checkIndex, reindexAll, type CollectionCheck } from './index';


function describe(name: string, c: CollectionCheck): string[] {
  const lines = [`${name}: ${c.expected} approved in PostgreSQL, ${c.indexed} in the index`];
  const list = (ids: string[]) => ids.slice(0, 20).join(', ') + (ids.length > 20 ? `, ... (${ids.length})` : '');
  if (c.missing.length) lines.push(`  missing from the index: ${list(c.missing)}`);
  if (c.extra.length) lines.push(`  in the index but not approved: ${list(c.extra)}`);
  if (c.stale.length) lines.push(`  out of date in the index: ${list(c.stale)}`);
  // Schema drift (Typesense): the API and the workers fix it at start (added in place, or rebuilt); a reindex does too.
  if (c.schema?.missing.length) lines.push(`  schema: fields missing from the live collection: ${c.schema.missing.join(', ')}`);
  if (c.schema?.changed.length) lines.push(`  schema: fields that changed (a rebuild is needed): ${c.schema.changed.join(', ')}`);
  return lines;
}

async function main(): Promise<number> {
  let command: string | undefined;
  try {
    const { positionals } = parseArgs({ args: process.argv.slice(2), options: {}, allowPositionals: true });
    command = positionals.length === 1 ? positionals[0] : undefined;
  } catch {
    command = undefined;
  }
  if (command !== 'reindex' && command !== 'check') {
    console.error('usage: tsx search/src/cli.ts reindex|check');
    return 2;
  }
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 4, parallel: true });
  try {
    await migrate(sql);
    if (command === 'reindex') {
      const started = Date.now();
      const counts = await reindexAll(sql, { progress: process.stdout.isTTY });
      console.log(
        `Reindexed ${counts.professionals} professionals and ${counts.institutions} institutions in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
      // What it wrote: the PostgreSQL engine's tables (a whole new generation, the old one deleted) and
      // every profile's next slot. Left to autovacuum (or to nobody, where it is off) searches run at
      // half speed (issue 38, docs/OPERATIONS.md).
      const vacuumed = await vacuumAnalyze(sql, { tables: ['professionals', 'institutions'], pattern: SEARCH_TABLES });
      console.log(`VACUUM (ANALYZE) of ${vacuumed.tables.length} tables in ${(vacuumed.ms / 1000).toFixed(1)} s.`);
      return 0;
    }
    const report = await checkIndex(sql);
    for (const line of [...describe('professionals', report.professionals), ...describe('institutions', report.institutions)]) {
      console.log(line);
    }
    console.log(report.ok ? 'The index matches PostgreSQL.' : 'The index differs from PostgreSQL: run `npm run reindex`.');
    return report.ok ? 0 : 1;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * `npm run import:facilities -- --file PATH [--full | --partial] [--batch N] [--via-outbox | --no-index] [--quiet]`
 *
 * Imports the national facility register (NHFR as published by GRID3, CSV) into the configured
 * PostgreSQL (DATABASE_URL, else the embedded server under DATA_DIR) as institution listings
 * (db/src/register/import.ts; decision 030). A progress bar on stderr, each bad row with its line
 * and reason, and a summary at the end (also as one line of JSON). Run it again after a kill: it
 * finishes the same run. A file covers the states it has rows for (issue 48): the listings of those
 * states it lacks are marked "not in the latest register", those of other states stay as they are.
 * --full: the file is the national register, so every listing it lacks is marked. --partial: an extract
 * that marks nothing.
 *
 * Indexing: by default the command indexes the listings it changed itself through the search engine
 * (PostgreSQL or Typesense, as configured) before it calls the run finished: up to BULK_FROM listings
 * profile by profile (syncProfiles, as the index worker), more by rebuilding the institutions'
 * collection in one pass through `npm run reindex`'s own path (rebuildCollection: counts made once at
 * the end, not per document; readers keep the old collection until the new one is complete; what the
 * index worker writes meanwhile is written again into the new one; one rebuild of a collection at a
 * time, so a reindex running meanwhile waits for it or it for the reindex); with
 * --via-outbox it writes one search event per changed listing for the index worker instead (slower
 * for a whole register: docs/PERFORMANCE.md); --no-index does neither (an `npm run reindex` follows).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createSql, loadConfig, migrate, resolveDatabase } from '@ilera/db';
import { SEARCH_TABLES, vacuumAnalyze } from '@ilera/db/vacuum';
import { importRegister, type BadRow, type ImportSummary, type RegisterCoverage } from '@ilera/db/register/import';
import { createEngine, rebuildCollection, syncProfiles, type SearchEngine } from '@ilera/search';
import type { Sql } from '@ilera/db';

const USAGE = 'usage: npm run import:facilities -- --file PATH [--full | --partial] [--batch N] [--via-outbox | --no-index] [--quiet]';

function readArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      file: { type: 'string' },
      full: { type: 'boolean' },
      partial: { type: 'boolean' },
      batch: { type: 'string' },
      'via-outbox': { type: 'boolean' },
      'no-index': { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.file) throw new Error(`--file is required\n${USAGE}`);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new Error(`--batch needs a whole number above 0\n${USAGE}`);
  if (values['via-outbox'] && values['no-index']) throw new Error(`--via-outbox and --no-index exclude each other\n${USAGE}`);
  if (values.full && values.partial) throw new Error(`--full and --partial exclude each other\n${USAGE}`);
  const coverage: RegisterCoverage = values.full ? 'full' : values.partial ? 'none' : 'states';
  const indexing = values['via-outbox'] ? 'outbox' : values['no-index'] ? 'none' : 'direct';
  return { file: values.file, coverage, batch, indexing, quiet: values.quiet === true } as const;
}

const REASONS: Record<string, string> = {
  broken_line: 'broken CSV line',
  no_identifier: 'no identifier',
  no_name: 'no facility name',
  unknown_state: 'unknown state',
  outside_nigeria: 'coordinates outside Nigeria',
  duplicate_key: 'duplicate key in the file',
};

function summaryText(s: ImportSummary): string {
  const bad = Object.entries(s.bad);
  return [
    `import ${s.importId}${s.resumed ? ' (finished a run that had stopped part-way)' : ''}: ${s.rows} rows`,
    `  created            ${s.created}`,
    `  updated            ${s.updated}`,
    `  unchanged          ${s.unchanged}`,
    `  claimed-protected  ${s.claimedProtected} (new register fields wait for an admin)`,
    `  back in register   ${s.returned}`,
    `  not in latest      ${s.notInLatest} (${s.covers === 'all' ? 'the national file: every state' : s.covers === 'none' ? 'an extract: none marked' : `states covered: ${s.covers.join(', ') || 'none'}`})`,
    `  LGA centres        ${s.lgaCentres} (approximate locations given or moved)`,
    `  LGA disagreements  ${s.lgaDisagreements} (kept as given)`,
    `  LGA not matched    ${s.lgaUnmatched} (kept as given)`,
    `  bad rows           ${bad.reduce((n, [, c]) => n + (c ?? 0), 0)}${bad.map(([r, c]) => `\n    ${REASONS[r] ?? r}: ${c}`).join('')}`,
    `  indexed            ${s.indexed}`,
    `  search events      ${s.events}`,
  ].join('\n');
}

/** From this many changed listings on, the whole institutions' collection is rebuilt in one pass:
 *  a new document written one by one updates the search counts per row (14 ms each, 1,000 new
 *  listings in 14 s; the rebuild of 51,000 institutions: docs/PERFORMANCE.md). */
const BULK_FROM = 2000;
const SYNC_CHUNK = 500;

export async function indexListings(sql: Sql, engine: SearchEngine, ids: number[], log?: (msg: string) => void): Promise<void> {
  if (ids.length < BULK_FROM) {
    for (let n = 0; n < ids.length; n += SYNC_CHUNK) await syncProfiles(sql, engine, 'institutions', ids.slice(n, n + SYNC_CHUNK));
    return;
  }
  await rebuildCollection(sql, engine, 'institutions', { log });
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 4 });
  const bar = new cliProgress.SingleBar(
    {
      format: `register [{bar}] {percentage}% | {value}/{total} MB | {duration_formatted}`,
      hideCursor: true,
      noTTYOutput: !process.stderr.isTTY,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  const mb = (n: number) => Math.round(n / 10_000) / 100;
  const started = Date.now();
  try {
    await migrate(sql);
    const engine = createEngine(config, sql);
    let begun = false;
    const bad: BadRow[] = [];
    const { summary } = await importRegister(sql, {
      file: args.file,
      coverage: args.coverage,
      batchSize: args.batch,
      events: args.indexing === 'outbox',
      index: args.indexing === 'direct' ? (ids) => indexListings(sql, engine, ids, (m) => console.log(m)) : undefined,
      onProgress: (bytes, total) => {
        if (args.quiet) return;
        if (!begun) bar.start(mb(total), 0);
        begun = true;
        bar.update(mb(bytes));
      },
      onBadRow: (b) => bad.push(b),
    });
    if (begun) bar.stop();
    // What a bulk import wrote, vacuumed and analysed before searches plan against it (issue 38): the
    // listings and their institutions (updated rows leave dead versions), the run's record, the outbox,
    // and the PostgreSQL engine's tables when it indexed them.
    const vacuumed = await vacuumAnalyze(sql, {
      tables: ['institutions', 'register_listings', 'register_imports', 'register_wards', 'outbox'],
      pattern: engine.kind === 'postgres' ? SEARCH_TABLES : undefined,
    });
    console.log(`VACUUM (ANALYZE) of ${vacuumed.tables.length} tables in ${(vacuumed.ms / 1000).toFixed(1)} s`);
    for (const b of bad.sort((x, y) => x.line - y.line)) console.log(`line ${b.line}: ${REASONS[b.reason] ?? b.reason}: ${b.detail}`);
    console.log(summaryText(summary));
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(JSON.stringify({ summary }));
  } finally {
    bar.stop();
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

// Run as a command, not when the bench imports indexListings.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

/**
 * `npm run import:facilities -- --file PATH [--partial] [--batch N] [--no-events] [--bad-rows FILE]`
 *
 * Imports the national facility register (NHFR as published by GRID3, CSV) into the configured
 * PostgreSQL (DATABASE_URL, else the embedded server under DATA_DIR) as institution listings
 * (db/src/register/import.ts; decision 030). A progress bar on stderr, each bad row with its line
 * and reason, and a summary at the end (also as one line of JSON). Run it again after a kill: it
 * finishes the same run. --partial: the file is an extract, so listings it lacks stay as they are.
 * The index worker indexes what changed from the outbox; --no-events leaves that to `npm run reindex`.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createSql, loadConfig, migrate, resolveDatabase } from '@ilera/db';
import { importRegister, type BadRow, type ImportSummary } from '@ilera/db/register/import';

const USAGE = 'usage: npm run import:facilities -- --file PATH [--partial] [--batch N] [--no-events] [--quiet]';

function readArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      file: { type: 'string' },
      partial: { type: 'boolean' },
      batch: { type: 'string' },
      'no-events': { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.file) throw new Error(`--file is required\n${USAGE}`);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new Error(`--batch needs a whole number above 0\n${USAGE}`);
  return { file: values.file, complete: !values.partial, batch, events: !values['no-events'], quiet: values.quiet === true };
}

const REASONS: Record<string, string> = {
  broken_line: 'broken CSV line',
  no_identifier: 'no identifier',
  no_name: 'no facility name',
  unknown_state: 'unknown state',
  outside_nigeria: 'coordinates outside Nigeria',
  duplicate_key: 'duplicate key in the file',
};

export function summaryText(s: ImportSummary): string {
  const bad = Object.entries(s.bad);
  return [
    `import ${s.importId}${s.resumed ? ' (finished a run that had stopped part-way)' : ''}: ${s.rows} rows`,
    `  created            ${s.created}`,
    `  updated            ${s.updated}`,
    `  unchanged          ${s.unchanged}`,
    `  claimed-protected  ${s.claimedProtected} (new register fields wait for an admin)`,
    `  back in register   ${s.returned}`,
    `  not in latest      ${s.notInLatest}`,
    `  LGA disagreements  ${s.lgaDisagreements} (kept as given)`,
    `  LGA not matched    ${s.lgaUnmatched} (kept as given)`,
    `  bad rows           ${bad.reduce((n, [, c]) => n + (c ?? 0), 0)}${bad.map(([r, c]) => `\n    ${REASONS[r] ?? r}: ${c}`).join('')}`,
    `  search events      ${s.events}`,
  ].join('\n');
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
    let begun = false;
    const bad: BadRow[] = [];
    const { summary } = await importRegister(sql, {
      file: args.file,
      complete: args.complete,
      batchSize: args.batch,
      events: args.events,
      onProgress: (bytes, total) => {
        if (args.quiet) return;
        if (!begun) bar.start(mb(total), 0);
        begun = true;
        bar.update(mb(bytes));
      },
      onBadRow: (b) => bad.push(b),
    });
    if (begun) bar.stop();
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

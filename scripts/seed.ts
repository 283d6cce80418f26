/**
 * `npm run seed -- [--reset] [--professionals N] [--institutions N] [--appointments N]
 *                  [--reviews N] [--patients N] [--seed N] [--register N]`
 *
 * Fills the configured PostgreSQL (DATABASE_URL, else the embedded server under DATA_DIR)
 * with the deterministic Nigerian directory, then rebuilds the search index.
 * --reset empties every data table first (RESTART IDENTITY); without it the data is
 * added to what is there.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createSql, loadConfig, migrate, resolveDatabase, type Sql } from '@ilera/db';
import { vacuumAnalyze } from '@ilera/db/vacuum';
import { reindexAll } from '@ilera/search';
import type { Progress, ProgressFactory } from '@ilera/db/seed/copy';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SIZES, seedDemo } from '@ilera/db/seed/demo';

const USAGE =
  'usage: npm run seed -- [--reset] [--professionals N] [--institutions N] [--appointments N] [--reviews N] [--patients N] [--seed N] [--register N]';

const SIZES = ['professionals', 'institutions', 'appointments', 'reviews', 'patients', 'seed', 'register'] as const;
type CliArgs = { reset: boolean } & Partial<Record<(typeof SIZES)[number], number>>;

function readArgs(argv: string[]): CliArgs {
  const options: Record<string, { type: 'string' | 'boolean' }> = { reset: { type: 'boolean' } };
  for (const name of SIZES) options[name] = { type: 'string' };
  const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }) as {
    values: Record<string, string | boolean | undefined>;
  };
  const args: CliArgs = { reset: values.reset === true };
  for (const name of SIZES) {
    const raw = values[name] as string | undefined;
    if (raw === undefined) continue;
    const value = Number(raw.replace(/_/g, ''));
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number, got ${raw}\n${USAGE}`);
    args[name] = value;
  }
  return args;
}

/**
 * Empties every data table; keeps the migrations record and the reference lists the migrations fill: the
 * specialties, and Nigeria's public holidays (migration 048; without them no provider would close on one).
 */
export async function resetData(sql: Sql): Promise<void> {
  const tables = await sql<{ name: string }[]>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'specialties', 'public_holidays')`;
  if (tables.length) await sql.unsafe(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
}

function progressBars(): ProgressFactory {
  return (table: string, total: number): Progress => {
    const bar = new cliProgress.SingleBar(
      {
        format: `${table.padEnd(26)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
        hideCursor: true,
        // Without a terminal (CI, a test's child process) print a line now and then, not a redraw per update.
        noTTYOutput: !process.stderr.isTTY,
        notTTYSchedule: 5000,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return {
      update: (done) => bar.update(Math.min(done, total)),
      stop: () => {
        bar.update(total);
        bar.stop();
      },
    };
  };
}

async function main() {
  let args: CliArgs;
  try {
    args = readArgs(process.argv.slice(2));
  } catch (err) {
    throw new Error(`${(err as Error).message}${(err as Error).message.includes('usage:') ? '' : `\n${USAGE}`}`);
  }
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 4, parallel: true });
  const started = Date.now();
  const say = (msg: string) => console.log(msg);
  try {
    await migrate(sql);
    if (args.reset) {
      say('reset: emptying every data table');
      await resetData(sql);
    }
    const appointments = args.appointments ?? DEMO_SIZES.appointments;
    const summary = await seedDemo(sql, {
      professionals: args.professionals,
      institutions: args.institutions,
      appointments,
      reviews: args.reviews,
      patients: args.patients,
      seed: args.seed,
      register: args.register ?? DEMO_SIZES.register,
      log: say,
      progress: progressBars(),
    });
    say(`data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const indexStarted = Date.now();
    // Fresh bulk data has no planner statistics (autovacuum may be off or behind):
    // without them the index build plans badly (892 s instead of minutes at 500k).
    await sql`ANALYZE`;
    // A fresh index gets its indexes and foreign keys built after the load (withBulkLoad, @ilera/db).
    const indexed = await reindexAll(sql, { progress: true, indexesAfter: true, log: say });
    say(
      `search index rebuilt in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s ` +
        `(${indexed.professionals} professionals, ${indexed.institutions} institutions)`,
    );
    // Everything the seed wrote, vacuumed and analysed before the first search (issue 38): without it a
    // server with autovacuum off (or behind) answers the search mix at half the rate (docs/PERFORMANCE.md).
    const vacuumed = await vacuumAnalyze(sql);
    say(`VACUUM (ANALYZE) of ${vacuumed.tables.length} tables in ${(vacuumed.ms / 1000).toFixed(1)} s`);
    say(JSON.stringify(summary));
    say(`demo accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).map((a) => a.email).join(', ')}`);
    say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

/**
 * `npm run backup -- --to DIR` (issue 38): a pg_dump of the configured PostgreSQL (DATABASE_URL, else
 * the embedded server under DATA_DIR) in custom format, DIR/ilera.dump, and DIR/manifest.json: when,
 * the server and pg_dump versions, the migration level, the dump's size and SHA-256, and every kept
 * table's row count. The dump and the counts come from one snapshot (pg_export_snapshot), so they agree
 * however busy the site is. The search engine's rows are not kept (rebuilt on restore). DIR must be
 * empty or new. docs/OPERATIONS.md says how often and for how long.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand, withConfiguredDatabase, DUMP_FILE, MANIFEST_FILE, MANIFEST_FORMAT, pgProgram, publicTables, rowCounts, SEARCH_TABLES_PATTERN, serverMajor, sha256, isSearchTable, type Manifest } from './backup-common';

const USAGE = 'usage: npm run backup -- --to DIR';

async function main(): Promise<number> {
  let to: string;
  try {
    const { values } = parseArgs({ options: { to: { type: 'string' } }, strict: true });
    if (!values.to) throw new Error('--to DIR is required');
    to = path.resolve(values.to);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  mkdirSync(to, { recursive: true });
  if (readdirSync(to).length) {
    console.error(`${to} is not empty: give each backup a folder of its own (e.g. backups/$(date -u +%Y%m%dT%H%M%SZ))`);
    return 1;
  }
  return withConfiguredDatabase(async (sql, url) => {
    const server = await serverMajor(sql);
    const pgDump = pgProgram('pg_dump', server.major);
    const dumpFile = path.join(to, DUMP_FILE);
    // One REPEATABLE READ transaction holds the snapshot pg_dump reads, and the counts are taken in it.
    const manifest = await sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
      const [snap] = await tx<{ id: string; at: Date }[]>`SELECT pg_export_snapshot() AS id, now() AS at`;
      const tables = await publicTables(tx);
      const counts = await rowCounts(tx, tables);
      const [level] = await tx<{ count: number; last: string | null }[]>`SELECT count(*)::int AS count, max(name) AS last FROM schema_migrations`;
      const dump = spawnSync(
        pgDump,
        ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snap.id}`, `--exclude-table-data=${SEARCH_TABLES_PATTERN}`, `--file=${dumpFile}`, `--dbname=${url}`],
        { encoding: 'utf8' },
      );
      if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr.trim()}`);
      const m: Manifest = {
        format: MANIFEST_FORMAT,
        createdAt: snap.at.toISOString(),
        serverVersion: server.version,
        pgDumpVersion: spawnSync(pgDump, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        migrations: level,
        files: [{ name: DUMP_FILE, bytes: statSync(dumpFile).size, sha256: await sha256(dumpFile) }],
        rowCounts: counts,
        rowsNotKept: tables.filter(isSearchTable),
      };
      return m;
    });
    writeFileSync(path.join(to, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    console.log(`backup written to ${to}: ${manifest.files[0].bytes} bytes, ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables, migrations up to ${manifest.migrations.last}`);
    return 0;
  });
}

runCommand('backup', main);

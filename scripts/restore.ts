/**
 * `npm run restore -- --from DIR` (issue 38): puts a backup made by `npm run backup` into the configured
 * PostgreSQL (DATABASE_URL, else the embedded server under DATA_DIR), which must be empty (no table in
 * its public schema): a restore never mixes with live data. It refuses a backup whose dump does not
 * match the manifest's size and SHA-256. Then it applies the migrations newer than the backup, rebuilds
 * the search index from the restored rows (the engine TYPESENSE_URL names, else PostgreSQL's), and
 * checks every table's row count against the manifest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '@ilera/db';
import { reindexAll } from '@ilera/search';
import { runCommand, withConfiguredDatabase, MANIFEST_FILE, MANIFEST_FORMAT, pgProgram, publicTables, rowCounts, serverMajor, sha256, type Manifest } from './backup-common';

const USAGE = 'usage: npm run restore -- --from DIR';

/** The manifest, and the dump it describes once its size and checksum are those recorded. */
async function checkedBackup(dir: string): Promise<{ manifest: Manifest; dump: string }> {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: not a backup made by npm run backup`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`${manifestFile}: unknown format ${JSON.stringify(manifest.format)}`);
  const [file] = manifest.files;
  const dump = path.join(dir, path.basename(file.name));
  if (!existsSync(dump)) throw new Error(`${dump} is missing`);
  const bytes = statSync(dump).size;
  const sum = await sha256(dump);
  if (bytes !== file.bytes || sum !== file.sha256) {
    throw new Error(`${dump} does not match the manifest's checksum (${bytes} bytes, sha256 ${sum}; the manifest says ${file.bytes} bytes, ${file.sha256}): refusing a damaged or altered backup`);
  }
  return { manifest, dump };
}

async function main(): Promise<number> {
  let from: string;
  try {
    const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true });
    if (!values.from) throw new Error('--from DIR is required');
    from = path.resolve(values.from);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { manifest, dump } = await checkedBackup(from);
  return withConfiguredDatabase(async (sql, url) => {
    const existing = await publicTables(sql);
    if (existing.length) {
      console.error(`restore refused: the database is not empty (${existing.length} tables, e.g. ${existing.slice(0, 3).join(', ')}); restore into a new, empty database`);
      return 1;
    }
    const pgRestore = pgProgram('pg_restore', (await serverMajor(sql)).major);
    // One transaction: a restore that fails leaves the database empty, ready for another try.
    const r = spawnSync(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pg_restore failed: ${r.stderr.trim()}`);
    console.log(`restored ${manifest.files[0].name} of ${manifest.createdAt} (migrations up to ${manifest.migrations.last})`);
    const applied = await migrate(sql);
    if (applied.length) console.log(`applied migrations newer than the backup: ${applied.join(', ')}`);
    await sql`ANALYZE`;
    const indexed = await reindexAll(sql);
    console.log(`search index rebuilt: ${indexed.professionals} professionals, ${indexed.institutions} institutions`);
    // Rows the newer migrations wrote aside, every kept table holds what the backup counted.
    const counts = await rowCounts(sql, await publicTables(sql));
    const differ = Object.entries(manifest.rowCounts).filter(([t, n]) => counts[t] !== n);
    if (differ.length && !applied.length) {
      console.error(`row counts differ from the manifest: ${differ.map(([t, n]) => `${t} ${counts[t]} (backup ${n})`).join(', ')}`);
      return 1;
    }
    console.log(`restore complete: ${Object.keys(manifest.rowCounts).length} tables, row counts ${differ.length ? `differ where migrations changed them: ${differ.map(([t]) => t).join(', ')}` : 'as in the backup'}`);
    return 0;
  });
}

runCommand('restore', main);

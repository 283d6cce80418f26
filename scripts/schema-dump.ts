/**
 * db/schema.sql (issue 48): the schema the migrations build, as `pg_dump --schema-only` writes it,
 * so a reader learns the tables, indexes, functions and triggers from one file instead of every
 * migration. `npm run db:schema` rewrites it (scripts/db-schema.ts); scripts/db-schema.test.ts
 * migrates a fresh database and fails, naming that command, when the file differs.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createSql, migrate, withDatabase } from '@ilera/db';
import { pgProgram, serverMajor } from './backup-common';

export const schemaFile = path.join(import.meta.dirname, '..', 'db', 'schema.sql');
export const SCHEMA_COMMAND = 'npm run db:schema';

const HEADER = `-- The schema db/migrations/*.sql build, as pg_dump --schema-only writes it (no owners, no privileges).
-- Generated: do not edit. After adding a migration, run \`${SCHEMA_COMMAND}\` and commit this file;
-- scripts/db-schema.test.ts fails while it differs from a freshly migrated database.
`;

/**
 * pg_dump's text without what differs between machines and runs: the server's and pg_dump's
 * versions, the session settings pg_dump puts first (their list grows with its version), and
 * the random key of the `\restrict` lines pg_dump writes since its 2025 security releases.
 */
export function normaliseDump(dump: string): string {
  const lines = dump
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter(
      (line) =>
        !/^-- Dumped (from database|by pg_dump) version /.test(line) &&
        !/^\\(un)?restrict /.test(line) &&
        !/^SET [a-z_]+ = /.test(line) &&
        !/^SELECT pg_catalog\.set_config\('search_path', '', false\);$/.test(line),
    );
  return `${HEADER}\n${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** Dumps the schema of the database at `url` (pg_dump no older than its server), normalised. */
export async function dumpSchema(url: string): Promise<string> {
  const sql = createSql(url, { max: 1 });
  let major: number;
  try {
    major = (await serverMajor(sql)).major;
  } finally {
    await sql.end({ timeout: 5 });
  }
  const dump = spawnSync(pgProgram('pg_dump', major), ['--schema-only', '--no-owner', '--no-privileges', '--dbname', url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error?.message}`);
  return normaliseDump(dump.stdout);
}

/**
 * The schema of a new database on the server at `serverUrl`, migrated from nothing (db/migrations, or
 * the folder `migrations`), then dropped: what db/schema.sql must say.
 */
export async function freshSchema(serverUrl: string, migrations?: string): Promise<string> {
  const name = `ilera_schema_${process.pid}_${Date.now().toString(36)}`;
  const admin = createSql(serverUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl, name);
    const sql = createSql(url, { max: 1 });
    try {
      await migrate(sql, migrations);
    } finally {
      await sql.end({ timeout: 5 });
    }
    return await dumpSchema(url);
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end({ timeout: 5 });
  }
}

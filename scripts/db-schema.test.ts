/**
 * db/schema.sql is the schema the migrations build (issue 48). The run's template database is a
 * new database migrated from nothing by test/global-setup.ts (migrate() over db/migrations); this
 * file's database is a copy of it, dumped as `npm run db:schema` dumps one.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/support';
import { dumpSchema, normaliseDump, SCHEMA_COMMAND, schemaFile } from './schema-dump';

describe('db/schema.sql', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await db?.sql.end({ timeout: 5 });
  });

  it('is what pg_dump --schema-only writes for a freshly migrated database', async () => {
    db = await createTestDatabase();
    const fresh = await dumpSchema(db.url);
    // Every table of the migrations is there, schema_migrations too (a sanity check of the dump itself).
    const tables = await db.sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) expect(fresh).toContain(`CREATE TABLE public.${name} (`);
    const committed = readFileSync(schemaFile, 'utf8');
    if (committed !== fresh) {
      // The first differing line, then a plain comparison (vitest prints the diff).
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const at = a.findIndex((line, i) => line !== b[i]);
      expect.fail(
        `db/schema.sql is not the migrated schema (first difference at line ${at + 1}: ` +
          `file has ${JSON.stringify(a[at] ?? '(end)')}, the database gives ${JSON.stringify(b[at] ?? '(end)')}). ` +
          `Run \`${SCHEMA_COMMAND}\` and commit db/schema.sql.`,
      );
    }
  });

  it('leaves out what differs between machines: versions, session settings, the restrict key', () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '',
      '\\restrict Xy9aBcD',
      '',
      '-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)',
      '-- Dumped by pg_dump version 17.6',
      '',
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      '',
      '',
      'CREATE TABLE public.t (',
      '    id integer NOT NULL',
      ');',
      '',
      '\\unrestrict Xy9aBcD',
      '',
    ].join('\n');
    const out = normaliseDump(dump);
    expect(out).not.toMatch(/restrict|Dumped|^SET |set_config/m);
    expect(out).toContain('CREATE TABLE public.t (\n    id integer NOT NULL\n);');
    expect(out).not.toMatch(/\n\n\n/);
    expect(out.startsWith('-- The schema db/migrations/*.sql build')).toBe(true);
  });
});

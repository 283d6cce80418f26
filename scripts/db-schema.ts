/**
 * `npm run db:schema` (issue 48): rewrites db/schema.sql from a new database migrated from nothing
 * (db/migrations/*.sql), on the configured server: DATABASE_URL, else TEST_DATABASE_URL, else the
 * embedded PostgreSQL under DATA_DIR. The new database is dropped afterwards; no other is touched.
 * Run it after adding a migration and commit db/schema.sql with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, resolveDatabase } from '@ilera/db';
import { runCommand } from './backup-common';
import { freshSchema, schemaFile } from './schema-dump';

runCommand('db:schema', async () => {
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const db = url ? { url, stop: async () => {} } : await resolveDatabase(loadConfig(process.env));
  try {
    const schema = await freshSchema(db.url);
    let before = '';
    try {
      before = readFileSync(schemaFile, 'utf8');
    } catch {
      /* first time */
    }
    const where = path.relative(process.cwd(), schemaFile);
    if (before === schema) {
      console.log(`${where} is up to date.`);
    } else {
      writeFileSync(schemaFile, schema);
      console.log(`${where} written (${schema.split('\n').length} lines): commit it with the migration.`);
    }
    return 0;
  } finally {
    await db.stop();
  }
});

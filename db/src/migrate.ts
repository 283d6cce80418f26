import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from './client';
import { repoRoot } from './paths';

export const migrationsDir = path.join(repoRoot, 'db', 'migrations');

/**
 * Applies db/migrations/*.sql in name order, each inside its own transaction,
 * recording name and checksum. Refuses to run when an applied file was changed:
 * a migration that already ran somewhere must never be edited.
 * An advisory lock lets several processes start at once safely.
 */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(727301)`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Map(
      (await tx<{ name: string; checksum: string }[]>`SELECT name, checksum FROM schema_migrations`).map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const previous = done.get(file);
      if (previous) {
        if (previous !== checksum) {
          throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead.`);
        }
        continue;
      }
      // Savepoint per file: the whole run is one transaction, so a failing file
      // leaves nothing of itself or of the files after it.
      await tx.savepoint(async (sp) => {
        await sp.unsafe(text);
        await sp`INSERT INTO schema_migrations (name, checksum) VALUES (${file}, ${checksum})`;
      });
      applied.push(file);
    }
  });
  return applied;
}

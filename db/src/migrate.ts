import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from './client';
import { repoRoot } from './paths';

export const migrationsDir = path.join(repoRoot, 'db', 'migrations');

/**
 * Applies db/migrations/*.sql in name order, each file in its own transaction that
 * also records its name and checksum: a failing file leaves nothing of itself, and
 * the files before it stay applied and recorded (a restart resumes at the failed one).
 * Refuses to run when an applied file was changed: a migration that already ran
 * somewhere must never be edited. The one exception is db/migrations/amended.json: a file
 * listed there was rewritten to the same end state (its reason is given), and a database
 * that ran one of its earlier texts (`was`, their checksums) records the new checksum
 * without running anything. Each transaction takes an advisory lock and re-reads
 * the record, so several processes starting at once apply every file exactly once.
 */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const amended = await readAmendments(dir);
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    const ran = await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(727301)`;
      await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
      const [previous] = await tx<{ checksum: string }[]>`SELECT checksum FROM schema_migrations WHERE name = ${file}`;
      if (previous) {
        if (previous.checksum === checksum) return false;
        if (amended[file]?.was.includes(previous.checksum)) {
          await tx`UPDATE schema_migrations SET checksum = ${checksum} WHERE name = ${file}`;
          return false;
        }
        throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead.`);
      }
      await tx.unsafe(text);
      await tx`INSERT INTO schema_migrations (name, checksum) VALUES (${file}, ${checksum})`;
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

type Amendments = Record<string, { was: string[]; why: string }>;

async function readAmendments(dir: string): Promise<Amendments> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'amended.json'), 'utf8')) as Amendments;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

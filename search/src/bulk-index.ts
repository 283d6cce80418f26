import type { Sql } from '@ilera/db';

/** The PostgreSQL engine's tables that one document writes a row into (migrations 002, 017). */
const TABLES = ['search_documents', 'search_bodies'];

/**
 * Runs `load` with the search tables' secondary indexes dropped, then builds them again, when the
 * tables are empty to begin with (a fresh seed): PostgreSQL builds an index over loaded rows in one
 * sorted pass, faster than maintaining a dozen indexes (GIN ones among them) row by row.
 * The definitions are read from the catalogue, so the indexes come back exactly as the migrations
 * made them, whatever a later migration adds. Anywhere else (a live index, readers searching) the
 * load runs as it is. The indexes are rebuilt even when the load fails.
 */
export async function withIndexesBuiltAfter<T>(sql: Sql, load: () => Promise<T>, log: (msg: string) => void = () => {}): Promise<T> {
  const [{ empty }] = await sql<{ empty: boolean }[]>`
    SELECT NOT EXISTS (SELECT 1 FROM search_documents) AND NOT EXISTS (SELECT 1 FROM search_bodies) AS empty`;
  if (!empty) return load();
  // Constraints' indexes stay: the writes' ON CONFLICT needs the primary keys.
  const indexes = await sql<{ name: string; def: string }[]>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid = ANY(${TABLES}::regclass[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1`;
  for (const { name } of indexes) await sql.unsafe(`DROP INDEX ${name}`);
  try {
    return await load();
  } finally {
    const started = Date.now();
    await sql.begin(async (tx) => {
      await tx`SELECT set_config('maintenance_work_mem', '512MB', true)`;
      for (const { def } of indexes) await tx.unsafe(def);
    });
    log(`${indexes.length} indexes of ${TABLES.join(' and ')} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

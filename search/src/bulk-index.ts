import type { Sql } from '@ilera/db';

/**
 * Runs `load` with search_documents' secondary indexes dropped, then builds them again, when the
 * table is empty to begin with (a fresh seed): PostgreSQL builds an index over loaded rows in one
 * sorted pass, several times faster than maintaining eleven indexes (three of them GIN) row by row.
 * The definitions are read from the catalogue, so the indexes come back exactly as the migrations
 * made them, whatever a later migration adds. Anywhere else (a live index, readers searching) the
 * load runs as it is. The indexes are rebuilt even when the load fails.
 */
export async function withIndexesBuiltAfter<T>(sql: Sql, load: () => Promise<T>, log: (msg: string) => void = () => {}): Promise<T> {
  const [{ empty }] = await sql<{ empty: boolean }[]>`SELECT NOT EXISTS (SELECT 1 FROM search_documents) AS empty`;
  if (!empty) return load();
  const indexes = await sql<{ name: string; def: string }[]>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid = 'search_documents'::regclass
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
    log(`${indexes.length} indexes of search_documents built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

import type { Sql } from './client';

/**
 * `VACUUM (ANALYZE)` of the tables a bulk job wrote (issue 38): the seed, `npm run reindex` and the
 * register import end with it. Bulk writes leave tables without planner statistics, with dead row
 * versions (updates, deletes, a replaced search collection) and with an unset visibility map, so
 * index-only scans visit the heap. Autovacuum catches up eventually, or never on a server where it is
 * off: at 100,000 professionals with autovacuum off, PostgreSQL touched 2.2 times the buffers per
 * transaction of the search mix right after a seed that ended without it as after a manual
 * VACUUM ANALYZE (issue 38; docs/PERFORMANCE.md, "Issue 38: the database after the seed").
 *
 * `tables` are names in the current schema; names that are not tables (yet) are left out. With no list,
 * every table of the schema. `pattern` adds the tables whose name matches a LIKE pattern
 * (`search\_%`: the search engine's tables). VACUUM cannot run in a transaction: pass the pool.
 * Returns the tables vacuumed and the time it took in ms.
 */
export async function vacuumAnalyze(
  sql: Sql,
  o: { tables?: readonly string[]; pattern?: string } = {},
): Promise<{ tables: string[]; ms: number }> {
  const started = performance.now();
  const all = o.tables === undefined && o.pattern === undefined;
  const rows = await sql<{ name: string }[]>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = current_schema()
      AND (${all} OR tablename = ANY(${[...(o.tables ?? [])]}::text[]) OR (${o.pattern ?? null}::text IS NOT NULL AND tablename LIKE ${o.pattern ?? ''}))
    ORDER BY 1`;
  const tables = rows.map((r) => r.name);
  if (tables.length) await sql.unsafe(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  return { tables, ms: performance.now() - started };
}

/** The search engine's tables (PostgreSQL engine), as a LIKE pattern for vacuumAnalyze. */
export const SEARCH_TABLES = 'search\\_%';

import type { Sql } from '@ilera/db';

/** Rebuilds the whole search index from PostgreSQL: filled by the search issue. */
export async function reindexAll(_sql: Sql, _options: { progress?: boolean } = {}): Promise<{ professionals: number; institutions: number }> {
  return { professionals: 0, institutions: 0 };
}

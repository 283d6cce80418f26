import postgres from 'postgres';

export type Sql = postgres.Sql<{}>;
export type Tx = postgres.TransactionSql<{}>;
/** Either the pool or a transaction handle: repos take whichever they must use. */
export type Db = Sql | Tx;

/**
 * The session settings of every pool. Without `parallel`, no parallel query: the app's statements
 * read a few thousand rows at most, and a parallel worker's start cost 20 ms on the 2-core machine
 * (a search of bio words with no match: 0.5 ms of work answered in 26 ms, 500,000 professionals,
 * decision 023), with both cores busy under load anyway. Bulk work (seed, reindex) keeps it.
 */
export const connectionSettings = (options: { parallel?: boolean; applicationName?: string } = {}): Record<string, string> => ({
  application_name: options.applicationName ?? 'ilera',
  ...(options.parallel ? {} : { max_parallel_workers_per_gather: '0' }),
});

/**
 * postgres.js client. Column names come back camelCase and `sql(obj)` inserts
 * take camelCase keys, so rows match the spec's JSON field names directly.
 */
export function createSql(
  url: string,
  options: { max?: number; onnotice?: false; parallel?: boolean; applicationName?: string; debug?: (connection: number, query: string, parameters: unknown[]) => void } = {},
): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    ...(options.debug ? { debug: options.debug } : {}),
    transform: postgres.camel,
    onnotice: () => {},
    // Dates travel as ISO strings in JSON anyway; timestamps stay Date objects here.
    connection: connectionSettings(options),
  });
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint_name?: string };
  return e?.code === '23505' && (!constraint || e.constraint_name === constraint);
}

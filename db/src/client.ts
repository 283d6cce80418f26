import postgres from 'postgres';

export type Sql = postgres.Sql<{}>;
export type Tx = postgres.TransactionSql<{}>;
/** Either the pool or a transaction handle: repos take whichever they must use. */
export type Db = Sql | Tx;

/**
 * postgres.js client. Column names come back camelCase and `sql(obj)` inserts
 * take camelCase keys, so rows match the spec's JSON field names directly.
 */
export function createSql(
  url: string,
  options: { max?: number; onnotice?: false; debug?: (connection: number, query: string, parameters: unknown[]) => void } = {},
): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    ...(options.debug ? { debug: options.debug } : {}),
    transform: postgres.camel,
    onnotice: () => {},
    // Dates travel as ISO strings in JSON anyway; timestamps stay Date objects here.
    connection: { application_name: 'ilera' },
  });
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint_name?: string };
  return e?.code === '23505' && (!constraint || e.constraint_name === constraint);
}

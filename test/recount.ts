import type { Sql } from '@ilera/db';

/**
 * Rows the index's triggers keep (`read`), and the same rows as a recount from the documents makes them
 * (`recount`, an SQL function of the collection), the recount rolled back: tests of counted tables compare
 * the two (near-pairs, tag-pairs).
 */
export async function keptAndRecounted(sql: Sql, read: (sql: Sql) => Promise<readonly unknown[]>, recount: (tx: Sql) => Promise<unknown>) {
  const kept = [...(await read(sql))];
  let recounted: unknown[] = [];
  await sql
    .begin(async (tx) => {
      await recount(tx as unknown as Sql);
      recounted = [...(await read(tx as unknown as Sql))];
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return { kept, recounted };
}

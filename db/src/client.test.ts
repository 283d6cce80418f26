import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support';
import { createSql, type Sql } from './client';

/**
 * The app's pools plan no parallel query (decision 023): on the 2-core machine a parallel worker's
 * start cost 20 ms against 0.5 ms of work for a search statement. Bulk work (`parallel: true`) keeps it.
 */
describe('database pools', () => {
  let db: { sql: Sql; url: string };
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.sql`CREATE TABLE parallel_probe AS SELECT g AS n FROM generate_series(1, 20000) g`;
    await db.sql`ANALYZE parallel_probe`;
  });
  afterAll(async () => {
    await db.sql`DROP TABLE IF EXISTS parallel_probe`;
    await db.sql.end({ timeout: 2 });
  });

  /** The plan of a count over the probe table, with parallel plans made free so that the planner picks one where it may. */
  async function plan(sql: Sql): Promise<string> {
    const conn = await sql.reserve();
    try {
      await conn.unsafe('SET parallel_setup_cost = 0');
      await conn.unsafe('SET parallel_tuple_cost = 0');
      await conn.unsafe('SET min_parallel_table_scan_size = 0');
      const rows = await conn.unsafe<Record<string, string>[]>('EXPLAIN SELECT count(*) FROM parallel_probe WHERE n % 7 = 0');
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      conn.release();
    }
  }

  it("the app's pools never start parallel workers; bulk work's may", async () => {
    const app = createSql(db.url, { max: 1 });
    const bulk = createSql(db.url, { max: 1, parallel: true });
    try {
      expect(await plan(app)).not.toMatch(/Gather/);
      expect(await plan(bulk)).toMatch(/Gather/);
    } finally {
      await Promise.all([app.end({ timeout: 2 }), bulk.end({ timeout: 2 })]);
    }
  });
});

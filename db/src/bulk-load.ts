import type { Db, Tx } from './client';

/**
 * Runs `load` with the secondary indexes and the foreign keys of `tables` dropped, then builds them
 * again, when the tables are empty to begin with (a fresh seed). PostgreSQL builds an index over
 * loaded rows in one sorted pass, faster than maintaining it row by row; and a foreign key added over
 * loaded rows is checked by one join, where a row-by-row load queues one check per row and key, run
 * at the end of each statement (1,000,001 reviews with three keys: 30 s of checks after the COPY,
 * docs/PERFORMANCE.md 2026-11-25). This is what PostgreSQL's manual advises for populating a database.
 *
 * The definitions are read from the catalogue, so indexes and keys come back exactly as the
 * migrations made them, whatever a later migration adds; indexes that back a constraint (primary keys,
 * unique constraints) stay, since writes' ON CONFLICT needs them. Anything else (a live database,
 * readers searching, a seed adding to existing data) loads as it is.
 *
 * On a pool the indexes and keys are built again even when the load fails, the indexes on two
 * connections at once. In a transaction a failed
 * load leaves nothing to rebuild: rolling back restores what was dropped.
 */
export async function withBulkLoad<T>(db: Db, tables: readonly string[], load: () => Promise<T>, log: (msg: string) => void = () => {}): Promise<T> {
  const list = [...tables];
  const [{ empty }] = await db.unsafe<{ empty: boolean }[]>(`SELECT ${list.map((t) => `NOT EXISTS (SELECT 1 FROM ${ident(t)})`).join(' AND ')} AS empty`);
  if (!empty) return load();
  const indexes = await db<{ name: string; def: string }[]>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid = ANY(${list}::regclass[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY pg_relation_size(i.indrelid) DESC, 1`; // the largest tables' first: the last one built should be small
  const keys = await db<{ table: string; name: string; def: string }[]>`
    SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(${list}::regclass[])
    ORDER BY 1, 2`;
  for (const { table, name } of keys) await db.unsafe(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
  for (const { name } of indexes) await db.unsafe(`DROP INDEX ${name}`);
  const defs = indexes.map((i) => i.def);
  // Each builder takes the next index left, under one setting of memory for index builds.
  const makeIndexes = async (tx: Db) => {
    await tx`SELECT set_config('maintenance_work_mem', '512MB', true)`;
    for (let def = defs.shift(); def !== undefined; def = defs.shift()) await tx.unsafe(def);
  };
  const addKeys = async (tx: Db) => {
    for (const { table, name, def } of keys) await tx.unsafe(`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${def}`);
  };
  const rebuild = async (make: () => Promise<void>) => {
    const started = Date.now();
    await make();
    log(`${indexes.length} indexes and ${keys.length} foreign keys of ${list.join(', ')} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  if (!('begin' in db)) {
    // A transaction: a failure aborts it, and its rollback brings back the indexes and keys.
    const out = await load();
    await rebuild(async () => {
      await makeIndexes(db);
      await addKeys(db);
    });
    return out;
  }
  const pool = db;
  try {
    return await load();
  } finally {
    // On a pool, two connections build the indexes: GIN indexes are built by one process, so one core
    // each (the search tables' 22 indexes at 500,000: 48 s on one connection, docs/PERFORMANCE.md
    // 2026-11-25). The keys are checked once every index is there.
    await rebuild(async () => {
      const built = await Promise.allSettled([pool.begin(makeIndexes), pool.begin(makeIndexes)]);
      const failed = built.find((b) => b.status === 'rejected');
      if (failed) throw failed.reason;
      await pool.begin(addKeys);
    });
  }
}

const ident = (name: string) => name.split('.').map((part) => `"${part.replace(/"/g, '""')}"`).join('.');

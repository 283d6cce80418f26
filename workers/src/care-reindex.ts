// Issue 45: one job reindexes many providers after a change of shared care data (a public holiday
// added, moved or removed; a payer deleted), instead of thousands of per-provider events written inline.
// The outbox event 'search.bulk' goes to the maintenance queue; the documents are built in batches, as
// a full reindex does, each batch under the same per-profile locks as an event's sync.
import { z } from 'zod';
import type { Sql } from '@ilera/db';
import { syncProfiles, type CollectionName, type SearchWriter } from '@ilera/search';

export const BULK_REINDEX_TOPIC = 'search.bulk';
const BATCH = 500;

const ids = z.array(z.number().int().positive()).default([]);
/** Payload: these providers, and with `withHours` every provider whose care facts have opening hours. */
export const bulkReindexPayload = z.object({ professionals: ids, institutions: ids, withHours: z.boolean().default(false) }).passthrough();
export type BulkReindex = z.infer<typeof bulkReindexPayload>;

const keyColumn: Record<CollectionName, string> = { professionals: 'professional_id', institutions: 'institution_id' };

/** Reindexes the providers the payload names; answers how many documents were synced. */
export async function reindexBulk(sql: Sql, engine: SearchWriter, payload: unknown): Promise<number> {
  const job = bulkReindexPayload.parse(payload);
  let total = 0;
  for (const collection of ['professionals', 'institutions'] as const) {
    const given = job[collection];
    for (let i = 0; i < given.length; i += BATCH) total += await sync(sql, engine, collection, given.slice(i, i + BATCH));
    if (!job.withHours) continue;
    let after = 0;
    for (;;) {
      const rows = await sql<{ id: number }[]>`
        SELECT ${sql(keyColumn[collection])} AS id FROM care_facts
        WHERE ${sql(keyColumn[collection])} > ${after} AND opening_hours IS NOT NULL
        ORDER BY 1 LIMIT ${BATCH}`;
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      total += await sync(sql, engine, collection, rows.map((r) => r.id));
    }
  }
  return total;
}

async function sync(sql: Sql, engine: SearchWriter, collection: CollectionName, batch: number[]): Promise<number> {
  const result = await syncProfiles(sql, engine, collection, batch);
  return result.upserted.length + result.deleted.length;
}

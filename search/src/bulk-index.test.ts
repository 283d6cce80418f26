import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { seedDemo } from '@ilera/db/seed/demo';
import { createTestDatabase } from '../../test/support';
import { approvedIds, buildDocuments, collectionNames, PostgresEngine, reindexAll } from './index';

/**
 * The seed's bulk path (issue 13: seeding 500,000 in minutes): search_documents' indexes dropped and
 * built after the load, the cube and vocabulary counted once at the end. What it leaves must be
 * exactly what the index worker's path leaves: documents upserted a few at a time, every cube and
 * vocabulary row kept by the per-row triggers.
 */
let sql: Sql;
let engine: PostgresEngine;

beforeAll(async () => {
  ({ sql } = await createTestDatabase());
  engine = new PostgresEngine(sql);
  await seedDemo(sql, { professionals: 150, institutions: 30, appointments: 300, reviews: 200, seed: 13 });
}, 120_000);
afterAll(async () => sql?.end({ timeout: 2 }));

/** The whole PostgreSQL index, with cube keys by their content (their ids depend on the order they were met). */
async function snapshot() {
  const documents = await sql`
    SELECT d.collection, d.id, b.document, d.name_key, k.key, d.tags, d.tsv_main::text AS tsv_main, b.tsv::text AS tsv,
      d.rating, d.review_count, d.experience, d.fee, d.next_slot
    FROM search_documents d JOIN search_cube_keys k ON k.id = d.key_id
    JOIN search_bodies b ON b.collection = d.collection AND b.id = d.id
    ORDER BY d.collection, d.id`;
  const cube = await sql`
    SELECT c.collection, c.term, k.key, c.arr_field, c.arr_value, c.count
    FROM search_cube c JOIN search_cube_keys k ON k.id = c.key_id WHERE c.count > 0
    ORDER BY c.collection, c.term, k.key::text, c.arr_field, c.arr_value`;
  const days = await sql`
    SELECT c.collection, c.term, k.key, c.arr_field, c.arr_value, c.day::text AS day, c.count
    FROM search_cube_days c JOIN search_cube_keys k ON k.id = c.key_id WHERE c.count > 0
    ORDER BY c.collection, c.term, k.key::text, c.arr_field, c.arr_value, c.day`;
  const terms = await sql`SELECT collection, term, docs FROM search_terms WHERE docs > 0 ORDER BY collection, term`;
  return { documents: [...documents], cube: [...cube], days: [...days], terms: [...terms] };
}

const TABLES = ['search_documents', 'search_bodies', 'search_cube', 'search_cube_days', 'search_terms'];
/** The search tables' indexes and constraints, as PostgreSQL describes them. */
const indexDefinitions = async () => [
  ...(await sql<{ def: string }[]>`SELECT indexdef AS def FROM pg_indexes WHERE tablename = ANY(${TABLES}) ORDER BY indexname`).map((r) => r.def),
  ...(await sql<{ def: string }[]>`
    SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated AS def
    FROM pg_constraint WHERE conrelid = ANY(${TABLES}::regclass[]) ORDER BY 1`).map((r) => r.def),
];

describe('the seed reindex with indexes built after the load', () => {
  it('leaves the documents, cube and vocabulary the per-row triggers leave, and every index as the migrations made it', async () => {
    const definitions = await indexDefinitions();
    expect(definitions.length).toBeGreaterThan(5);

    // The index worker's way: a few documents at a time, the triggers counting each one.
    await sql`DELETE FROM search_documents`;
    await sql`DELETE FROM search_bodies`;
    for (const collection of collectionNames) {
      const ids = await approvedIds(sql, collection);
      for (let i = 0; i < ids.length; i += 7) await engine.upsert(collection, await buildDocuments(sql, collection, ids.slice(i, i + 7)));
    }
    const byTriggers = await snapshot();
    expect(byTriggers.documents.length).toBeGreaterThanOrEqual(180);
    expect(byTriggers.cube.length).toBeGreaterThan(1000);

    // The seed's way, from empty tables, with the profiles' recorded next slots wrong.
    await sql`DELETE FROM search_documents`;
    await sql`DELETE FROM search_bodies`;
    await sql`UPDATE professionals SET next_slot_at = NULL`;
    await sql`UPDATE institutions SET next_slot_at = '2001-01-01T09:00:00Z'`;
    const said: string[] = [];
    const counts = await reindexAll(sql, { engine, indexesAfter: true, log: (m) => said.push(m) });
    expect(counts.professionals + counts.institutions).toBe(byTriggers.documents.length);
    // Every index but the primary keys (which ON CONFLICT needs) was dropped and built again, and the
    // foreign keys of the documents, the cube and its day rows to the cube's keys made again.
    const [{ secondary }] = await sql<{ secondary: number }[]>`
      SELECT count(*)::int AS secondary FROM pg_indexes WHERE tablename = ANY(${TABLES}) AND indexname NOT LIKE '%_pkey'`;
    expect(secondary).toBeGreaterThanOrEqual(12);
    expect(said).toContainEqual(expect.stringMatching(new RegExp(`^${secondary} indexes and 3 foreign keys of ${TABLES.join(', ')} built in`)));

    const bulk = await snapshot();
    expect(bulk.documents).toEqual(byTriggers.documents);
    expect(bulk.terms).toEqual(byTriggers.terms);
    expect(bulk.cube).toEqual(byTriggers.cube);
    expect(byTriggers.days.length).toBeGreaterThan(100);
    expect(bulk.days).toEqual(byTriggers.days);
    expect(await indexDefinitions()).toEqual(definitions);

    // Each approved profile's row holds its document's next slot again (the midnight roll-over reads it).
    const recorded = await sql<{ collection: string; id: string; at: Date | null }[]>`
      SELECT 'professionals' AS collection, id::text, next_slot_at AS at FROM professionals WHERE status = 'approved'
      UNION ALL SELECT 'institutions', id::text, next_slot_at FROM institutions WHERE status = 'approved'
      ORDER BY 1, 2`;
    const fromDocuments = bulk.documents.map((d) => ({ collection: d.collection, id: d.id, at: d.nextSlot }));
    expect(recorded.map((r) => ({ ...r }))).toEqual(fromDocuments);
    expect(recorded.filter((r) => r.at !== null).length).toBeGreaterThan(100);
  }, 180_000);
});

describe('the order a full reindex writes documents in', () => {
  it("writes professionals by surname and institutions by name, so that documents searched by the same words lie together in the table", async () => {
    const db = await createTestDatabase();
    try {
      await seedDemo(db.sql, { professionals: 1200, institutions: 2000, appointments: 0, reviews: 0, seed: 7 });
      await reindexAll(db.sql, { engine: new PostgresEngine(db.sql) });
      /** Per collection, the median span in the table (physical order) of the documents sharing a word, as a share of the collection. */
      const medianSpan = async (collection: string, word: string) => {
        const rows = await db.sql<{ word: string; place: number; total: number }[]>`
          SELECT lower(split_part(b.document ->> ${word}, ' ', 1)) AS word, (row_number() OVER (ORDER BY d.ctid))::int AS place, (count(*) OVER ())::int AS total
          FROM search_documents d JOIN search_bodies b USING (collection, id) WHERE d.collection = ${collection}`;
        const places = new Map<string, number[]>();
        for (const r of rows) places.set(r.word, [...(places.get(r.word) ?? []), r.place]);
        const spans = [...places.values()].filter((p) => p.length >= 5).map((p) => Math.max(...p) - Math.min(...p));
        expect(spans.length, collection).toBeGreaterThan(10);
        spans.sort((a, b) => a - b);
        return spans[Math.floor(spans.length / 2)] / rows[0].total;
      };
      // In id order the documents of a common surname, or of names starting with the same word, spread
      // over most of the table; written in that order, they lie in one stretch of a batch or two.
      expect(await medianSpan('professionals', 'lastName')).toBeLessThan(0.4);
      expect(await medianSpan('institutions', 'name')).toBeLessThan(0.4);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  }, 180_000);
});

describe('a bulk write and the per-row triggers', () => {
  it('calls none of them in bulk (migration 029), and each once a row otherwise', async () => {
    const callsWhenWriting = async (bulk: boolean) =>
      sql.begin(async (tx) => {
        await tx`SELECT set_config('track_functions', 'pl', true)`;
        if (bulk) await tx`SELECT set_config('ilera.search_bulk', 'on', true)`;
        await tx`
          INSERT INTO search_documents (collection, id, key_id)
          SELECT 'professionals', 'trigger-probe-' || n, search_key_id('professionals', '{"professionalType": "doctor"}')
          FROM generate_series(1, 3) AS n`;
        const calls = await tx<{ name: string; calls: number }[]>`
          SELECT funcname AS name, calls::int FROM pg_stat_xact_user_functions
          WHERE funcname IN ('search_documents_cube', 'search_documents_cube_days', 'search_documents_generation') ORDER BY 1`;
        await tx`SELECT set_config('ilera.search_bulk', 'on', true)`;
        await tx`DELETE FROM search_documents WHERE id LIKE 'trigger-probe-%'`;
        return calls.map((c) => `${c.name} ${c.calls}`);
      });
    expect(await callsWhenWriting(true)).toEqual([]);
    expect(await callsWhenWriting(false)).toEqual(['search_documents_cube 3', 'search_documents_cube_days 3', 'search_documents_generation 3']);
  });
});

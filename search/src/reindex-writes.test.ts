import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';
import { engineTargets } from '../../test/engine-targets';
import type { CatchUp, SearchEngine } from './engine';
import { reindexAll, syncProfile } from './index';
import type { CollectionName, SearchDocument } from './schema';

/**
 * Issue 39: a rebuild (`npm run reindex`) loses no write made while it runs. The writes come after
 * the rebuild has read its snapshot and before it completes, each committed with its search event
 * and written by syncProfile as the index worker writes it (to the old Typesense collection through
 * the alias; on PostgreSQL into rows the rebuild's transaction holds, so that write waits for the
 * rebuild to commit and runs beside it here). On both engines; Typesense on the 27.1 test double,
 * or on a real server when TYPESENSE_URL is set.
 */
const targets = engineTargets('rebuild');

describe.each(targets)('a rebuild under writes: $name', (target) => {
  let db: { sql: Sql };
  let engine: SearchEngine;
  let close: () => Promise<void>;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ engine, close } = await target.make(db.sql));
    id.edited = (await createProfessional(db.sql, { user: { firstName: 'Edited', lastName: 'Duringrebuild' } })).id;
    id.approved = (await createProfessional(db.sql, { status: 'pending', user: { firstName: 'Approved', lastName: 'Duringrebuild' } })).id;
    id.withdrawn = (await createProfessional(db.sql, { user: { firstName: 'Withdrawn', lastName: 'Duringrebuild' } })).id;
    id.kept = (await createProfessional(db.sql, { user: { firstName: 'Kept', lastName: 'Duringrebuild' } })).id;
    id.clinic = (await createInstitution(db.sql, { name: 'Renamed During Rebuild Clinic' })).id;
    // Kept works there: the clinic's name is on Kept's card.
    await db.sql`INSERT INTO professional_institutions (professional_id, institution_id, status) VALUES (${id.kept}, ${id.clinic}, 'confirmed')`;
    await reindexAll(db.sql, { engine });
  });
  afterAll(async () => {
    await close();
    await db.sql.end({ timeout: 2 });
  });

  /** A change and its event in one transaction, then the worker's write of it. */
  const change = async (collection: CollectionName, profile: number, statement: (tx: Sql) => Promise<unknown>) => {
    await db.sql.begin(async (tx) => {
      await statement(tx as unknown as Sql);
      await emit(tx, collection === 'professionals' ? 'search.professional' : 'search.institution', { id: profile });
    });
    await syncProfile(db.sql, engine, collection, profile);
  };

  it('keeps the edits, approvals, withdrawals and renames made while it ran', async () => {
    const writes: Promise<void>[] = [];
    const duringRebuild = async () => {
      writes.push(
        change('professionals', id.edited, (tx) => tx`UPDATE professionals SET city = 'Jos', state = 'Plateau' WHERE id = ${id.edited}`),
        change('professionals', id.approved, (tx) => tx`UPDATE professionals SET status = 'approved' WHERE id = ${id.approved}`),
        change('professionals', id.withdrawn, (tx) => tx`UPDATE professionals SET status = 'pending' WHERE id = ${id.withdrawn}`),
        // The worker re-indexes the clinic, then (a queued job of its own, not an outbox row) the professionals working there.
        change('institutions', id.clinic, (tx) => tx`UPDATE institutions SET name = 'Renamed Clinic' WHERE id = ${id.clinic}`).then(() =>
          syncProfile(db.sql, engine, 'professionals', id.kept).then(() => undefined),
        ),
      );
      // Typesense takes each write at once (into the old collection); PostgreSQL's wait for the rebuild's commit.
      if (engine.kind === 'typesense') await Promise.all(writes);
    };
    // The engine's rebuild, with the writes made once its first batch (the snapshot) has been read.
    const rebuilding: SearchEngine = Object.create(engine, {
      replaceAll: {
        value: (collection: CollectionName, batches: AsyncIterable<SearchDocument[]>, catchUp?: CatchUp) =>
          engine.replaceAll(
            collection,
            (async function* () {
              for await (const docs of batches) {
                yield docs;
                if (collection === 'professionals') await duringRebuild();
              }
            })(),
            catchUp,
          ),
      },
    });
    expect(await reindexAll(db.sql, { engine: rebuilding })).toEqual({ professionals: 3, institutions: 1 });
    await Promise.all(writes);

    const all = async (collection: CollectionName) => new Map((await engine.exportAll(collection)).map((d) => [Number(d.id), d]));
    const professionals = await all('professionals');
    expect([...professionals.keys()].sort((a, b) => a - b)).toEqual([id.edited, id.approved, id.kept].sort((a, b) => a - b));
    expect(professionals.get(id.edited)).toMatchObject({ city: 'Jos', state: 'Plateau' });
    expect(professionals.get(id.kept)).toMatchObject({ institution: 'Renamed Clinic' });
    expect((await all('institutions')).get(id.clinic)).toMatchObject({ name: 'Renamed Clinic' });
  });
});

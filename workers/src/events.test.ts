import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { emit } from '@ilera/db';
import { indexProcessor } from './index.worker';
import type { WorkerContext } from './index';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createInstitution, createProfessional, createUser } from '../../test/factories';
import { PostgresEngine } from '@ilera/search/postgres-engine';
import { TypesenseEngine } from '@ilera/search/typesense-engine';
import { isSearchError, type SearchEngine, type SearchResult } from '@ilera/search/engine';
import { fakeTypesense } from '../../test/fake-typesense';

/**
 * The event path of PRODUCT.md D15/D16 with the real outbox relay, BullMQ and the
 * index worker: a change and its event commit together, and the index follows
 * within 2 seconds. On both engines: PostgreSQL, and Typesense on the Typesense 27.1 test double
 * (test/fake-typesense.ts; the workers' engine is the one TYPESENSE_URL makes, unprefixed, so
 * never a real server here).
 */
const engines = ['postgres', 'typesense'] as const;

describe.each(engines)('search index fed by events (%s)', (kind) => {
  let ctx: TestContext;
  let engine: SearchEngine;
  let closeTypesense = async () => {};

  beforeAll(async () => {
    if (kind === 'typesense') {
      const typesense = await fakeTypesense({ apiKey: 'events-admin-key' });
      closeTypesense = typesense.close;
      ctx = await createTestContext({ config: { typesenseUrl: typesense.url, typesenseApiKey: 'events-admin-key' } });
      engine = new TypesenseEngine({ url: typesense.url, apiKey: 'events-admin-key' });
      await engine.ensureCollections();
    } else {
      ctx = await createTestContext();
      engine = new PostgresEngine(ctx.sql);
    }
    await ctx.startWorkers();
  });
  afterAll(async () => {
    await ctx.close();
    await closeTypesense();
  });

  const find = async (q: string, collection: 'professionals' | 'institutions' = 'professionals') => {
    const [r] = await engine.multiSearch([{ collection, q, per_page: 50 }]);
    if (isSearchError(r)) throw new Error(r.error);
    return (r as SearchResult).hits.map((h) => h.document);
  };
  /** The document the engine holds now (its export), or undefined. */
  const indexed = async (id: number, collection: 'professionals' | 'institutions' = 'professionals') =>
    (await engine.exportAll(collection)).find((d) => d.id === String(id)) as Record<string, unknown> | undefined;

  /** A status change and its event in one transaction, as the admin service does it. */
  const setStatus = (id: number, status: string, kind: 'professionals' | 'institutions' = 'professionals') =>
    ctx.sql.begin(async (tx) => {
      if (kind === 'professionals') await tx`UPDATE professionals SET status = ${status} WHERE id = ${id}`;
      else await tx`UPDATE institutions SET status = ${status} WHERE id = ${id}`;
      await emit(tx, kind === 'professionals' ? 'search.professional' : 'search.institution', { id });
    });

  const outboxDone = async () =>
    eventually(async () => (await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL`)[0].n === 0);
  const indexQueueIdle = async () =>
    eventually(async () => {
      const c = await ctx.queues.index.getJobCounts('waiting', 'active', 'delayed');
      return c.waiting + c.active + c.delayed === 0;
    });

  it('an approval becomes searchable within 2 seconds', async () => {
    const p = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Olumide', lastName: 'Fashola' }, specialty: 'Neurology' });
    await setStatus(p.id, 'approved');
    const hits = await eventually(async () => {
      const found = await find('Fashola');
      return found.length > 0 ? found : null;
    }, 2000);
    expect(hits![0]).toMatchObject({ id: String(p.id), name: 'Dr. Olumide Fashola', specialty: 'Neurology', isApproved: true });
  });

  it('a withdrawal or a rejection disappears within 2 seconds', async () => {
    const a = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Kelechi', lastName: 'Amadi' } });
    const b = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Kelechi', lastName: 'Iheanacho' } });
    await setStatus(a.id, 'approved');
    await setStatus(b.id, 'approved');
    await eventually(async () => (await find('Kelechi')).length === 2, 2000);
    await setStatus(a.id, 'pending'); // withdraw (D6)
    await setStatus(b.id, 'rejected'); // reject (D5)
    await eventually(async () => (await find('Kelechi')).length === 0, 2000);
  });

  it('never finds a pending profile', async () => {
    const p = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Pending', lastName: 'Person' } });
    // An edit of a pending profile emits an event as well: the worker must not index it.
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET bio = 'Edited while pending' WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await outboxDone();
    await indexQueueIdle();
    expect(await find('Pending Person')).toEqual([]);
    expect(await indexed(p.id)).toBeUndefined();
  });

  it('an edit, a new review and an affiliation reach the document', async () => {
    const p = await createProfessional(ctx.sql, { user: { firstName: 'Yetunde', lastName: 'Balogun' }, specialty: 'Dermatology' });
    const inst = await createInstitution(ctx.sql, { name: 'Ikoyi Skin Clinic', status: 'pending' });
    await ctx.sql.begin(async (tx) => emit(tx, 'search.professional', { id: p.id }));
    await eventually(async () => (await indexed(p.id))?.specialty === 'Dermatology', 2000);

    const reviewer = await createUser(ctx.sql);
    await ctx.sql.begin(async (tx) => {
      await tx`UPDATE professionals SET city = 'Ibadan', state = 'Oyo' WHERE id = ${p.id}`;
      await tx`INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${reviewer.id}, ${p.id}, 4, 'Good')`;
      await tx`INSERT INTO professional_institutions (professional_id, institution_id, role) VALUES (${p.id}, ${inst.id}, 'Consultant')`;
      await emit(tx, 'search.professional', { id: p.id });
    });
    await eventually(async () => (await indexed(p.id))?.city === 'Ibadan', 2000);
    expect(await indexed(p.id)).toMatchObject({ state: 'Oyo', rating: 4, reviewCount: 1 });
    // The institution is not public yet: its name is not on the card.
    expect((await indexed(p.id))?.institution).toBeUndefined();

    // Approving the institution refreshes its professionals' cards too.
    await setStatus(inst.id, 'approved', 'institutions');
    await eventually(async () => (await indexed(p.id))?.institution === 'Ikoyi Skin Clinic', 2000);
    expect(await indexed(inst.id, 'institutions')).toMatchObject({ name: 'Ikoyi Skin Clinic', professionalCount: 1 });
    expect((await find('skin clinic', 'institutions')).map((d) => d.id)).toEqual([String(inst.id)]);
  });

  it('an event processed twice, or events out of order, leave the right index', async () => {
    const p = await createProfessional(ctx.sql, { status: 'approved', user: { firstName: 'Twice', lastName: 'Handled' } });
    const worker: WorkerContext = { sql: ctx.sql, config: ctx.config, queues: ctx.queues, log: () => {} };
    const job = (id: number, outboxId: number) => ({ name: 'search.professional', id: `ob-${outboxId}`, data: { id, outboxId } }) as unknown as Job;

    await indexProcessor(job(p.id, 1), worker);
    const first = await indexed(p.id);
    await indexProcessor(job(p.id, 1), worker);
    expect(await indexed(p.id)).toEqual(first);
    expect((await engine.exportAll('professionals')).filter((d) => d.id === String(p.id))).toHaveLength(1);

    // Approved, then withdrawn; the withdrawal's event is handled first and the
    // approval's event last: the worker reads the row, so the profile stays out.
    await ctx.sql`UPDATE professionals SET status = 'pending' WHERE id = ${p.id}`;
    await indexProcessor(job(p.id, 3), worker); // the withdrawal's event
    await indexProcessor(job(p.id, 2), worker); // the older approval's event, late
    expect(await indexed(p.id)).toBeUndefined();

    // Both at once: the per-profile lock makes the later read win.
    await ctx.sql`UPDATE professionals SET status = 'approved' WHERE id = ${p.id}`;
    await Promise.all([indexProcessor(job(p.id, 4), worker), indexProcessor(job(p.id, 5), worker)]);
    expect(await indexed(p.id)).toMatchObject({ id: String(p.id), isApproved: true });

    // A deleted profile's event deletes its document.
    await ctx.sql`DELETE FROM professionals WHERE id = ${p.id}`;
    await indexProcessor(job(p.id, 6), worker);
    expect(await indexed(p.id)).toBeUndefined();
  });
});


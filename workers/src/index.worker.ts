import { UnrecoverableError } from 'bullmq';
import type { Sql } from '@ilera/db';
import { collectionNames, createEngine, DocumentRejectedError, linkedIds, syncProfiles, type CollectionName, type SearchEngine } from '@ilera/search';
import type { Processor, WorkerContext } from './context';
import { INDEX_BATCH, INDEX_LANES } from './queues';

const collectionOf: Record<string, CollectionName> = {
  'search.professional': 'professionals',
  'search.institution': 'institutions',
};

// One engine per database handle (the worker process's pool).
const engines = new WeakMap<Sql, SearchEngine>();
export function engineFor(ctx: WorkerContext): SearchEngine {
  let engine = engines.get(ctx.sql);
  if (!engine) {
    // What the Typesense engine changes in the collections (issue 46) goes to the workers' log.
    engine = createEngine(ctx.config, ctx.sql, { log: (level, msg, detail) => ctx.log(msg, { level, ...detail }) });
    engines.set(ctx.sql, engine);
  }
  return engine;
}

/** What one job's profile became, and the batch that wrote it (the job's return value). */
export interface Outcome {
  action: 'upsert' | 'delete';
  /** Profiles in the batch (several jobs for one profile count once). */
  batch: number;
  /** Linked profiles of the other kind the batch queued for re-indexing. */
  linked: number;
}

interface Waiter {
  resolve: (o: Outcome) => void;
  reject: (err: unknown) => void;
}

/** The profiles of one collection waiting for a batch: whether any of its jobs wants its linked profiles re-indexed, and the jobs. */
type Waiting = Map<number, { links: boolean; waiters: Waiter[] }>;

const topicOf: Record<CollectionName, string> = { professionals: 'search.professional', institutions: 'search.institution' };
/**
 * BullMQ priority of the linked profiles' re-index jobs: they run once no event's own job waits
 * (BullMQ takes jobs without a priority first), so a burst of bookings is not held back by the
 * institutions of the professionals booked, whose cards a booking does not change.
 */
export const LINKED_PRIORITY = 10;

/**
 * Coalesces the index jobs that are waiting at the same time into set-based syncs
 * (syncProfiles: the same statements for 1 profile or 100), at most `lanes` batches at once.
 * While the batches run, the jobs that arrive wait for the next one, so batches grow with
 * the load (a burst of bookings) and stay single when it is quiet. A job resolves only
 * once a batch that started after it (and so read PostgreSQL after its event committed)
 * has written its profile; jobs for the same profile share that one write.
 *
 * The profiles of the other kind whose cards show something of these (a professional's first
 * institution, an institution's count of professionals) are re-indexed by jobs of their own,
 * queued (durably, before the event's job completes) at LINKED_PRIORITY; those do not look for
 * links again.
 */
export class IndexBatcher {
  private readonly waiting: Record<CollectionName, Waiting> = { professionals: new Map(), institutions: new Map() };
  /** Batches being written now (at most `lanes`). */
  private running = 0;
  /** The collection served last: the other goes first next time, so neither waits behind the other's flow. */
  private last = 0;

  constructor(
    private readonly ctx: WorkerContext,
    private readonly maxBatch = INDEX_BATCH,
    private readonly lanes = INDEX_LANES,
  ) {}

  sync(collection: CollectionName, id: number, links: boolean): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      const waiting = this.waiting[collection];
      const entry = waiting.get(id) ?? { links: false, waiters: [] };
      entry.links ||= links;
      entry.waiters.push({ resolve, reject });
      waiting.set(id, entry);
      if (this.running < this.lanes) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running++;
    try {
      for (;;) {
        const order = [collectionNames[(this.last + 1) % 2]!, collectionNames[this.last % 2]!];
        const collection = order.find((c) => this.waiting[c].size > 0);
        if (!collection) return;
        this.last = collectionNames.indexOf(collection);
        const waiting = this.waiting[collection];
        const batch: Waiting = new Map([...waiting].slice(0, this.maxBatch));
        for (const id of batch.keys()) waiting.delete(id);
        await this.run(collection, batch);
      }
    } finally {
      this.running--;
    }
  }

  private async run(collection: CollectionName, batch: Waiting): Promise<void> {
    const { sql, queues } = this.ctx;
    try {
      const result = await syncProfiles(sql, engineFor(this.ctx), collection, [...batch.keys()]);
      const other: CollectionName = collection === 'professionals' ? 'institutions' : 'professionals';
      const linked = await linkedIds(sql, collection, [...batch].filter(([, e]) => e.links).map(([id]) => id));
      if (linked.length) {
        await queues.index.addBulk(linked.map((id) => ({ name: topicOf[other], data: { id, linked: true }, opts: { priority: LINKED_PRIORITY } })));
      }
      const upserted = new Set(result.upserted);
      for (const [id, { waiters }] of batch) {
        const outcome: Outcome = { action: upserted.has(String(id)) ? 'upsert' : 'delete', batch: batch.size, linked: linked.length };
        for (const w of waiters) w.resolve(outcome);
      }
    } catch (err) {
      if (err instanceof DocumentRejectedError && batch.size > 1) {
        // The engine refused one document: each profile on its own, so only that one's jobs fail.
        for (const one of batch) await this.run(collection, new Map([one]));
        return;
      }
      for (const { waiters } of batch.values()) for (const w of waiters) w.reject(err);
    }
  }
}

const batchers = new WeakMap<Sql, IndexBatcher>();
function batcherFor(ctx: WorkerContext): IndexBatcher {
  let batcher = batchers.get(ctx.sql);
  if (!batcher) {
    batcher = new IndexBatcher(ctx);
    batchers.set(ctx.sql, batcher);
  }
  return batcher;
}

/**
 * Search index worker ('search.professional' / 'search.institution' {id}).
 * Thin events: the profile is re-read from PostgreSQL; approved means upsert,
 * anything else (pending, rejected, deleted) means delete. Idempotent, and safe
 * out of order (see syncProfiles). The jobs waiting at the same time are written
 * in one batch, and the linked profiles of the other kind queued (IndexBatcher). A document the engine refuses will be refused
 * again: the job fails at once (UnrecoverableError) and stays in the failed set.
 */
export const indexProcessor: Processor = async (job, ctx) => {
  const collection = collectionOf[job.name];
  const id = Number(job.data?.id);
  if (!collection || !Number.isInteger(id) || id <= 0) return 'ignored';
  try {
    // A linked profile's job (queued by a batch above) does not look for links again.
    const result = await batcherFor(ctx).sync(collection, id, job.data?.linked !== true);
    ctx.log('search index updated', { job: job.id, collection, id, ...result });
    return result;
  } catch (err) {
    if (err instanceof DocumentRejectedError) throw new UnrecoverableError(err.message);
    throw err;
  }
};

import { UnrecoverableError } from 'bullmq';
import type { Sql } from '@ilera/db';
import { createEngine, DocumentRejectedError, syncProfileAndLinks, type CollectionName, type SearchEngine } from '@ilera/search';
import type { Processor, WorkerContext } from './context';

const collectionOf: Record<string, CollectionName> = {
  'search.professional': 'professionals',
  'search.institution': 'institutions',
};

// One engine per database handle (the worker process's pool).
const engines = new WeakMap<Sql, SearchEngine>();
export function engineFor(ctx: WorkerContext): SearchEngine {
  let engine = engines.get(ctx.sql);
  if (!engine) {
    engine = createEngine(ctx.config, ctx.sql);
    engines.set(ctx.sql, engine);
  }
  return engine;
}

/**
 * Search index worker ('search.professional' / 'search.institution' {id}).
 * Thin events: the profile is re-read from PostgreSQL; approved means upsert,
 * anything else (pending, rejected, deleted) means delete. Idempotent, and safe
 * out of order (see syncProfile). A document the engine refuses will be refused
 * again: the job fails at once (UnrecoverableError) and stays in the failed set.
 */
export const indexProcessor: Processor = async (job, ctx) => {
  const collection = collectionOf[job.name];
  const id = Number(job.data?.id);
  if (!collection || !Number.isInteger(id) || id <= 0) return 'ignored';
  try {
    const result = await syncProfileAndLinks(ctx.sql, engineFor(ctx), collection, id);
    ctx.log('search index updated', {
      job: job.id,
      collection,
      id,
      action: result.upserted.length ? 'upsert' : 'delete',
      linked: result.linked,
    });
    return result.upserted.length ? 'upserted' : 'deleted';
  } catch (err) {
    if (err instanceof DocumentRejectedError) throw new UnrecoverableError(err.message);
    throw err;
  }
};

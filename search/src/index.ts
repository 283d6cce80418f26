import { randomUUID } from 'node:crypto';
import cliProgress from 'cli-progress';
import { loadConfig, type Config, type Db, type Sql } from '@ilera/db';
import type { CatchUp, SearchEngine, SearchWriter } from './engine';
import { approvedIds, buildDocuments, linkedIds } from './documents';
import { withBulkLoad } from '@ilera/db/bulk-load';
import { addDays, closedDayOf, lagosInstant, lagosToday, watDayNumber } from '@ilera/contracts';
import { PostgresEngine } from './postgres-engine';
import { describeField, TypesenseEngine, type SchemaDrift, type TypesenseCoordination, type TypesenseLog } from './typesense-engine';
import { collectionNames, type CollectionName, type SearchDocument } from './schema';

export * from './engine';
export * from './schema';
export * from './protocol';
export * from './documents';
export * from './answer-cache';
export * from './care-filters';
export { PostgresEngine } from './postgres-engine';
export { TypesenseEngine, type SchemaDrift, type TypesenseLog } from './typesense-engine';
export { typesenseCluster, typesenseNodeUrls, type TypesenseCluster } from './typesense-nodes';

/**
 * Typesense when TYPESENSE_URL is set (its key is required); PostgreSQL's search_documents otherwise.
 * The Typesense engine rebuilds a collection whose schema changed through rebuildCollection (one
 * rebuild of a collection at a time, losing no write) and says what it changed in `log`.
 */
export function createEngine(
  config: Pick<Config, 'typesenseUrl' | 'typesenseApiKey' | 'typesenseNearestUrl'> & Partial<Pick<Config, 'searchNearMemory'>>,
  sql: Sql,
  options: { log?: TypesenseLog; prefix?: string; reads?: Sql } = {},
): SearchEngine {
  if (config.typesenseUrl) {
    // Searching PostgreSQL instead, without a word, hid a missing key (loadConfig refuses it first).
    if (!config.typesenseApiKey) throw new Error('TYPESENSE_URL is set but TYPESENSE_API_KEY is not');
    const coordination: TypesenseCoordination = {
      withRebuildLock: (collection, fn, waitMs) => withRebuildLock(sql, collection, fn, waitMs),
      rebuild: async (collection, stillNeeded) => {
        await rebuildCollection(sql, engine, collection, { onlyIf: stillNeeded, log: (m) => options.log?.('info', m) });
      },
    };
    const engine = new TypesenseEngine({ url: config.typesenseUrl, apiKey: config.typesenseApiKey, nearestUrl: config.typesenseNearestUrl, coordination, log: options.log, prefix: options.prefix });
    return engine;
  }
  return new PostgresEngine(sql, { nearInMemory: config.searchNearMemory !== false, reads: options.reads });
}

/** How long a rebuild's lease lasts unless renewed, and how often it is renewed, and the lock asked for while it waits. */
const LEASE_SECONDS = 60;
const RENEW_MS = 15_000;
const POLL_MS = 250;

/**
 * Runs `fn` holding the collection's rebuild lease (migration 060), so two rebuilds of a collection
 * (a reindex and a register import, two processes starting on a changed schema) run one after the
 * other and never switch the alias under each other. The lease is renewed while `fn` runs and freed
 * after it; one whose holder died expires after LEASE_SECONDS. With `waitMs`, gives up waiting after
 * that long (`ran: false`, `fn` not run).
 */
export async function withRebuildLock<T>(sql: Sql, collection: CollectionName, fn: () => Promise<T>, waitMs?: number): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = `${process.pid}:${randomUUID()}`;
  const deadline = waitMs === undefined ? Infinity : Date.now() + waitMs;
  for (;;) {
    const got = await sql`
      INSERT INTO search_rebuild_locks (collection, holder, expires_at)
      VALUES (${collection}, ${holder}, now() + make_interval(secs => ${LEASE_SECONDS}))
      ON CONFLICT (collection) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE search_rebuild_locks.expires_at < now()
      RETURNING holder`;
    if (got.length) break;
    if (Date.now() >= deadline) return { ran: false };
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
  }
  const renew = setInterval(() => {
    sql`UPDATE search_rebuild_locks SET expires_at = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE collection = ${collection} AND holder = ${holder}`.catch(() => {});
  }, RENEW_MS);
  renew.unref();
  try {
    return { ran: true, value: await fn() };
  } finally {
    clearInterval(renew);
    await sql`DELETE FROM search_rebuild_locks WHERE collection = ${collection} AND holder = ${holder}`;
  }
}

const LOCK_CLASS: Record<CollectionName, number> = { professionals: 727310, institutions: 727311 };

export interface SyncResult {
  upserted: string[];
  deleted: string[];
}

/**
 * Brings profiles' documents in line with PostgreSQL: re-reads the rows and upserts the
 * documents of those approved, deletes the others. Per-profile advisory locks (taken in id
 * order, so two writers never deadlock) serialise two syncs of the same profile, so the later
 * one always reads (and writes) the later state: an event handled twice, or events handled out
 * of order, end in the same index. Set-based: one lock statement, the document builders' three
 * statements, one engine write and one next-slot update, however many profiles.
 */
export async function syncProfiles(sql: Sql, engine: SearchWriter, collection: CollectionName, ids: readonly number[]): Promise<SyncResult> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return { upserted: [], deleted: [] };
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_CLASS[collection]}, id) FROM unnest(${sorted}::int[]) AS id ORDER BY id`;
    const docs = await buildDocuments(tx, collection, sorted);
    const found = new Set(docs.map((d) => d.id));
    const gone = sorted.map(String).filter((id) => !found.has(id));
    await engine.upsert(collection, docs);
    await recordNextSlots(tx, collection, nextSlotsOf(docs));
    await engine.delete(collection, gone);
    return { upserted: docs.map((d) => d.id), deleted: gone };
  });
}

/** syncProfiles for one profile. */
export function syncProfile(sql: Sql, engine: SearchWriter, collection: CollectionName, id: number): Promise<SyncResult> {
  return syncProfiles(sql, engine, collection, [id]);
}

/** A profile's next free slot as its row keeps it: epoch seconds, or null. */
export interface NextSlot {
  id: number;
  at: number | null;
}

export const nextSlotsOf = (docs: readonly SearchDocument[]): NextSlot[] =>
  docs.map((d) => ({ id: Number(d.id), at: typeof d.nextSlot === 'number' ? d.nextSlot : null }));

/**
 * Keeps the next free slot each document carries on its profile row (next_slot_at), so the midnight
 * roll-over finds the documents whose slot has passed without asking the search engine (decision 012).
 * One statement however many: a full reindex writes a whole collection's at its end.
 */
export async function recordNextSlots(db: Db, collection: CollectionName, slots: readonly NextSlot[]): Promise<void> {
  if (slots.length === 0) return;
  await db`
    UPDATE ${db(collection)} AS t SET next_slot_at = to_timestamp(x.at)
    FROM jsonb_to_recordset(${db.json(slots as never)}::jsonb) AS x(id int, at bigint)
    WHERE t.id = x.id AND t.next_slot_at IS DISTINCT FROM to_timestamp(x.at)`;
}

/**
 * The midnight roll-over (WAT), run by the maintenance worker's daily job: re-indexes the bookable,
 * approved providers whose next free slot has passed or who had none (a new day entered the 14-day
 * window). Each batch takes the same per-profile locks as syncProfile, so it never overwrites a
 * newer document written by the index worker. Returns how many documents were rewritten.
 */
export async function rollOverNextSlots(sql: Sql, engine: SearchEngine, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (const collection of collectionNames) {
    let after = 0;
    for (;;) {
      const ids = (
        await sql<{ id: number }[]>`
          SELECT id FROM ${sql(collection)}
          WHERE status = 'approved' AND booking_mode <> 'directory' AND id > ${after}
            AND (next_slot_at IS NULL OR next_slot_at < ${now})
          ORDER BY id LIMIT ${BATCH}`
      ).map((r) => r.id);
      if (ids.length === 0) break;
      after = ids[ids.length - 1]!;
      await sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${LOCK_CLASS[collection]}, id) FROM unnest(${ids}::int[]) AS id ORDER BY id`;
        const docs = await buildDocuments(tx, collection, ids);
        await engine.upsert(collection, docs);
        await recordNextSlots(tx, collection, nextSlotsOf(docs));
        total += docs.length;
      });
    }
  }
  return total;
}

const BATCH = 500;

/**
 * The PostgreSQL engine's tables a full reindex fills (migrations 002, 006, 017, 020): the documents
 * and their bodies as they are written, the cube, its day rows and the vocabulary by the recount.
 */
const BULK_TABLES = ['search_documents', 'search_bodies', 'search_cube', 'search_cube_days', 'search_terms'];

/** Where a reindex's time goes, in ms: waiting for documents, recording next slots, the engine writing them. */
interface BatchTimes {
  build: number;
  slots: number;
  write: number;
}

/**
 * The documents of `ids` in batches. With `slots`, each batch's next free slots are added to it: a
 * full reindex records them on the profile rows in one statement at its end (recordNextSlots), which
 * on 500,000 fresh rows took 14 s instead of 77 s in a thousand statements of 500 (2026-11-24).
 */
async function* documentBatches(sql: Sql, collection: CollectionName, ids: number[], onBatch?: (n: number) => void, slots?: NextSlot[], times?: BatchTimes) {
  // The next batch is built (on another connection) while the caller writes this one:
  // building and writing each keep one core busy.
  const build = (from: number) => {
    const p = buildDocuments(sql, collection, ids.slice(from, from + BATCH));
    p.catch(() => {}); // awaited below; a caller that stops early must not leave an unhandled rejection
    return p;
  };
  let next = ids.length ? build(0) : undefined;
  for (let i = 0; i < ids.length; i += BATCH) {
    let t = performance.now();
    const docs: SearchDocument[] = await next!;
    next = i + BATCH < ids.length ? build(i + BATCH) : undefined;
    if (times) times.build += performance.now() - t;
    if (slots) for (const slot of nextSlotsOf(docs)) slots.push(slot);
    t = performance.now();
    yield docs;
    if (times) times.write += performance.now() - t;
    onBatch?.(Math.min(BATCH, ids.length - i));
  }
}

/** Where the outbox stood when a rebuild began: its last row, and the database's time. */
interface OutboxPosition {
  id: string;
  at: Date;
}

const outboxPosition = async (sql: Sql): Promise<OutboxPosition> =>
  (await sql<OutboxPosition[]>`SELECT coalesce(max(id), 0)::text AS id, now() AS at FROM outbox`)[0]!;

/**
 * How long a transaction that emitted a search event may have been open when a rebuild began: its
 * outbox row has an id below the rebuild's starting position (ids are taken at insert, rows appear
 * at commit) and a created_at no older than its transaction. Such rows are replayed too.
 */
const OPEN_TRANSACTION_MARGIN = '1 minute';

/**
 * The profiles of `collection` whose search events were written after `from` (or by a transaction
 * open then), with the ones of the other kind whose cards show theirs (linkedIds: the index worker
 * re-indexes those by queued jobs that the outbox does not record).
 */
async function changedSince(sql: Sql, collection: CollectionName, from: OutboxPosition): Promise<number[]> {
  const rows = await sql<{ topic: string; id: number }[]>`
    SELECT DISTINCT topic, (payload->>'id')::int AS id FROM outbox
    WHERE topic IN ('search.professional', 'search.institution') AND payload->>'id' ~ '^[0-9]{1,9}$'
      AND (id > ${from.id}::bigint OR created_at > ${from.at}::timestamptz - ${OPEN_TRANSACTION_MARGIN}::interval)`;
  const own = collection === 'professionals' ? 'search.professional' : 'search.institution';
  const other: CollectionName = collection === 'professionals' ? 'institutions' : 'professionals';
  const ids = rows.filter((r) => r.topic === own).map((r) => r.id);
  const linked = await linkedIds(sql, other, rows.filter((r) => r.topic !== own).map((r) => r.id));
  return [...new Set([...ids, ...linked])].sort((a, b) => a - b);
}

/** A rebuild's catch-up: re-syncs, through `writer`, every profile changed since `from`. */
function catchUpSince(sql: Sql, collection: CollectionName, from: OutboxPosition): CatchUp {
  return async (writer) => {
    const ids = await changedSince(sql, collection, from);
    for (let i = 0; i < ids.length; i += BATCH) await syncProfiles(sql, writer, collection, ids.slice(i, i + BATCH));
  };
}

export interface RebuildOptions {
  /** Checked once the rebuild lock is held: false skips the rebuild (another process did it meanwhile). */
  onlyIf?: () => Promise<boolean>;
  /** A progress bar (its total is set to the collection's size). */
  bar?: cliProgress.SingleBar;
  /** Told where the collection's time went. */
  log?: (msg: string) => void;
}

/**
 * Rebuilds one collection from PostgreSQL: every approved profile, through the same document builders
 * as the index worker, into a new collection (Typesense) or generation (PostgreSQL) that readers see
 * once it is complete. The one rebuild path (`npm run reindex`, the register import's bulk path, a
 * schema change at start): holding the collection's rebuild lock (withRebuildLock), and with the
 * catch-up that writes again what the index worker changed meanwhile, before the switch and after it.
 * Returns the documents written, or undefined when `onlyIf` said no.
 */
export async function rebuildCollection(sql: Sql, engine: SearchEngine, collection: CollectionName, options: RebuildOptions = {}): Promise<number | undefined> {
  const r = await withRebuildLock(sql, collection, async () => {
    if (options.onlyIf && !(await options.onlyIf())) return undefined;
    return rebuildHoldingLock(sql, engine, collection, options);
  });
  return r.ran ? r.value : undefined;
}

async function rebuildHoldingLock(sql: Sql, engine: SearchEngine, collection: CollectionName, options: RebuildOptions): Promise<number> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  // Edits, approvals and withdrawals keep coming while the collection is rebuilt from this
  // snapshot (the index worker writes them to the old collection, or into rows the rebuild's
  // transaction holds): the ones after this position are written again before readers see the
  // new collection (Typesense) and after it is in place (both engines).
  const from = await outboxPosition(sql);
  const catchUp = catchUpSince(sql, collection, from);
  const ids = await approvedIds(sql, collection);
  options.bar?.setTotal(ids.length);
  const times: BatchTimes = { build: 0, slots: 0, write: 0 };
  const slots: NextSlot[] = [];
  // The next slots are recorded on the profiles once every document has been read, on another
  // connection while the engine writes its last batch and counts (27 s of 500,000 updates beside the
  // professionals' 44 s of counts, not after them).
  let recording: Promise<void> | undefined;
  async function* batches() {
    yield* documentBatches(sql, collection, ids, (n) => options.bar?.increment(n), slots, times);
    const t = performance.now();
    recording = recordNextSlots(sql, collection, slots).then(() => void (times.slots = performance.now() - t));
    recording.catch(() => {}); // awaited below
  }
  const count = await engine.replaceAll(collection, batches(), catchUp);
  const t = performance.now();
  await (recording ?? recordNextSlots(sql, collection, slots));
  await catchUp(engine);
  const waited = performance.now() - t;
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const total = performance.now() - started;
  log(
    `${collection}: ${count} documents in ${s(total)} s: waiting for documents ${s(times.build)} s, ` +
      `writing ${s(times.write)} s, the rest (ids, counts) ${s(total - times.build - times.write - waited)} s; ` +
      `next slots ${s(times.slots)} s beside them, ${s(waited)} s waited for after`,
  );
  return count;
}

export interface ReindexOptions {
  progress?: boolean;
  engine?: SearchEngine;
  /**
   * A fresh PostgreSQL index (the seed): build the search tables' indexes and foreign keys once after
   * the load instead of row by row (withBulkLoad, BULK_TABLES). Ignored unless the tables are empty.
   */
  indexesAfter?: boolean;
  /** Told where each collection's time went. */
  log?: (msg: string) => void;
}

/**
 * Rebuilds the whole search index from PostgreSQL (`npm run reindex`, and after
 * the demo seed): every approved profile, through the same document builders as
 * the index worker. Readers keep the old index until each collection is complete.
 */
export async function reindexAll(sql: Sql, options: ReindexOptions = {}): Promise<{ professionals: number; institutions: number }> {
  const engine = options.engine ?? createEngine(loadConfig(), sql);
  const log = options.log ?? (() => {});
  await engine.ensureCollections();
  const counts = { professionals: 0, institutions: 0 };
  // Bars on a terminal only: without one, cli-progress's MultiBar prints its final state with the format's
  // tokens unfilled ("{collection} … 500000/100"); the log lines below say what was done.
  const bars = options.progress && process.stdout.isTTY ? new cliProgress.MultiBar({ format: '{collection} [{bar}] {percentage}% | {value}/{total}', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  const loadOne = async (collection: CollectionName) => {
    const bar = bars?.create(0, 0, { collection: collection.padEnd(13) });
    counts[collection] = (await rebuildCollection(sql, engine, collection, { bar, log })) ?? 0;
  };
  // A fresh index (the seed) loads both collections at once: one's single-connection steps (its
  // counts, its next slots) leave a core that the other's documents use (the seed at 500,000 on 2
  // cores, docs/PERFORMANCE.md 2026-11-25). A live index is rebuilt one collection at a time, the
  // gentler load for a server that is answering searches meanwhile.
  const load = async () => {
    try {
      if (options.indexesAfter) {
        // Both loads end before the indexes are built (withBulkLoad), even when one of them fails.
        const failed = (await Promise.allSettled(collectionNames.map(loadOne))).find((x) => x.status === 'rejected');
        if (failed) throw failed.reason;
      } else {
        for (const collection of collectionNames) await loadOne(collection);
      }
    } finally {
      bars?.stop();
    }
  };
  if (options.indexesAfter && engine.kind === 'postgres') await withBulkLoad(sql, BULK_TABLES, load, log);
  else await load();
  if (!options.engine) await engine.close();
  return counts;
}

export interface CollectionCheck {
  expected: number;
  indexed: number;
  /** Approved in PostgreSQL, absent from the index. */
  missing: string[];
  /** In the index, but not an approved profile (deleted, pending, rejected). */
  extra: string[];
  /** In both, but the indexed document differs from what PostgreSQL says now. */
  stale: string[];
  /**
   * Typesense: how the live collection's fields differ from typesenseSchema() (fields missing, fields
   * that changed so that a rebuild is needed, as "name: live type -> wanted type"); absent on PostgreSQL.
   */
  schema?: { missing: string[]; changed: string[] };
}

export interface IndexCheck {
  ok: boolean;
  professionals: CollectionCheck;
  institutions: CollectionCheck;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What search:check compares of a document. Its closedDays before yesterday (WAT) are left out: no search
 * asks about them again (a search asks its own WAT day, decision 040), and a document keeps the days from
 * the day before its build however long ago that was.
 */
function comparable(doc: SearchDocument, today: number): string {
  const days = (doc as { closedDays?: unknown }).closedDays;
  // An entry is a day or one of its quarter hours (a day closed in part, decision 040): judged by its day.
  return stable(Array.isArray(days) ? { ...doc, closedDays: (days as number[]).filter((d) => closedDayOf(d) >= today - 1) } : doc);
}

/**
 * Of the documents that differ from what the builder makes `now`, those that are what it made at an
 * earlier moment since yesterday's WAT midnight, from PostgreSQL's facts as they are now: a document's
 * nextSlot is the first free slot after its build, and it stays until a write or the midnight roll-over
 * (decision 012) rebuilds it, so a slot that has passed since is no drift; nor are closedDays counted from
 * yesterday's build. Each is built again one second before its indexed slot (when that falls since
 * yesterday's midnight and before now), and those still unexplained at yesterday's last second: a batch
 * per distinct moment, so at midday (most bookable providers' slots passed) about one more build of them.
 */
async function builtEarlier(
  sql: Sql,
  collection: CollectionName,
  indexed: ReadonlyMap<string, SearchDocument>,
  differing: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const today = lagosToday(now);
  const since = lagosInstant(addDays(today, -1), '00:00');
  const endOfYesterday = lagosInstant(today, '00:00') - 1000;
  const day = watDayNumber(now);
  const explained = new Set<string>();
  const buildAt = async (at: Map<number, number[]>) => {
    for (const [t, ids] of at) {
      for (let i = 0; i < ids.length; i += BATCH) {
        for (const doc of await buildDocuments(sql, collection, ids.slice(i, i + BATCH), new Date(t))) {
          if (comparable(doc, day) === comparable(indexed.get(doc.id)!, day)) explained.add(doc.id);
        }
      }
    }
  };
  const group = (ids: readonly string[], moment: (id: string) => number | undefined) => {
    const at = new Map<number, number[]>();
    for (const id of ids) {
      const t = moment(id);
      if (t === undefined) continue;
      let list = at.get(t);
      if (!list) at.set(t, (list = []));
      list.push(Number(id));
    }
    return at;
  };
  // First one second before each indexed slot that has passed since yesterday's midnight (most of them, by day)...
  await buildAt(
    group(differing, (id) => {
      const slot = indexed.get(id)?.nextSlot;
      const t = typeof slot === 'number' ? slot * 1000 - 1000 : NaN;
      return t >= since && t <= now.getTime() ? t : undefined;
    }),
  );
  // ...then the others at yesterday's last second (a day's change: no slot yet, closed days).
  await buildAt(group(differing.filter((id) => !explained.has(id)), () => endOfYesterday));
  return explained;
}

/**
 * Compares PostgreSQL's approved profiles with the index (`npm run search:check`). A document is out of
 * date when it differs from what the builder makes now and from what it made at any moment since
 * yesterday's WAT midnight (builtEarlier): fields that follow the clock are no drift. `now`: for tests.
 */
export async function checkIndex(sql: Sql, options: { engine?: SearchEngine; now?: Date } = {}): Promise<IndexCheck> {
  const engine = options.engine ?? createEngine(loadConfig(), sql);
  const now = options.now ?? new Date();
  const today = watDayNumber(now);
  const result = { ok: true } as IndexCheck;
  for (const collection of collectionNames) {
    const expected = new Map<string, string>();
    const ids = await approvedIds(sql, collection);
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const d of await buildDocuments(sql, collection, ids.slice(i, i + BATCH), now)) expected.set(d.id, comparable(d, today));
    }
    const docs = new Map((await engine.exportAll(collection)).map((d) => [String(d.id), d]));
    const indexed = new Map([...docs].map(([id, d]) => [id, comparable(d, today)]));
    const byId = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
    const differing = [...expected.entries()].filter(([id, doc]) => indexed.has(id) && indexed.get(id) !== doc).map(([id]) => id);
    const explained = differing.length ? await builtEarlier(sql, collection, docs, differing, now) : new Set<string>();
    const c: CollectionCheck = {
      expected: expected.size,
      indexed: indexed.size,
      missing: [...expected.keys()].filter((id) => !indexed.has(id)).sort(byId),
      extra: [...indexed.keys()].filter((id) => !expected.has(id)).sort(byId),
      stale: differing.filter((id) => !explained.has(id)).sort(byId),
    };
    if (engine instanceof TypesenseEngine) {
      const drift: SchemaDrift | null = await engine.schemaDrift(collection);
      c.schema = {
        missing: drift?.missing.map((f) => f.name) ?? ['(no collection behind the alias)'],
        changed: drift?.changed.map(({ live, wanted }) => `${describeField(live)} -> ${describeField(wanted)}`) ?? [],
      };
    }
    result[collection] = c;
    if (c.missing.length || c.extra.length || c.stale.length || c.schema?.missing.length || c.schema?.changed.length) result.ok = false;
  }
  if (!options.engine) await engine.close();
  return result;
}
export { understand, understandNamed, asNamed, filteredFields, RegisterWards, type PayerName, type RegisterWard, type Understood, type Understanding } from './query-understanding';

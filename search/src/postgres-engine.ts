// The default search engine: the documents in PostgreSQL's `search_documents`
// (db/migrations/002_search.sql, 006_search_cube.sql), answering Typesense-shaped
// searches.
// - Words match the main fields (name, specialty or type and services,
//   institution, city, state: `tsv_main`). Each word is first resolved against
//   their vocabulary (search_terms): by prefix, else by typo distance as
//   Typesense counts it ("cardiolgy" stands for cardiology). Every word must
//   match. A word no main field holds sends the search to every field, the bio
//   or description included, by prefix.
// - Relevance: the exact name, then a name starting with the query, then every
//   other match; within each, the requested order (rating by default).
// - Filters on single-valued facets compare `document ->> field` (expression
//   indexes); arrays use containment (one GIN index). Facet counts and `found`
//   come from search_cube, kept by a trigger, when the search is text-less or one
//   term; otherwise they are counted over the matching rows.
// One concern a file: postgres-rows.ts (documents as rows), postgres-keys.ts (facet keys),
// postgres-typos.ts (words to terms), postgres-sql.ts (filters, orders, the page of hits),
// postgres-counts.ts (the cube's counts and live ones); this file is the engine that runs them.
import { readInlined } from './postgres-literals';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db, Sql } from '@ilera/db';
import { resultSizes, SearchParamsError, type FacetCount, type NameAsked, type SearchEngine, type SearchError, type SearchRequest, type SearchResult } from './engine';
import { parseSearch, type FilterClause, type ParsedSearch } from './protocol';
import { validateDocument, type CollectionName, type SearchDocument } from './schema';
import { cellCountQuery, cellRadius, cellsPreparable, cellWindowsSql, countQuery, countRows, cubeDay, cubePreparable, eachInt, cubeRows, cubeTerms, cubeWindowsSql, facetsFromCounts, overlapSql, rowsOfKeys, shared, windowRows, type CountRow } from './postgres-counts';
import { DenseCells } from './postgres-cells';
import { nearAnswerable, NearIndex, pruneChanges } from './postgres-near';
import { cellCover, GRIDS, inCells, smallCells, SMALL_CELLS } from './postgres-geo';
import { CUBE_ARRAY_FIELDS, isKeyFilter, isTagFilter, KeyTable } from './postgres-keys';
import { derive, type Row } from './postgres-rows';
import { Params } from './postgres-params';
import { bodiesInCells, hitsQuery, countsFirst, pageAfterCounts, pastEnd, PER_KEY_MAX, whereSql, type Resolved } from './postgres-sql';
import { resolveQuery, resolveWord, resolveWords, type ResolvedWords, type WordTerms } from './postgres-typos';

// What the engine's tests and tools read from it, wherever it is kept.
export { countQuery, cubeDay, facetsFromCounts, type CountRow } from './postgres-counts';
export { CUBE_ARRAY_FIELDS, CUBE_KEY_FIELDS, KeyTable } from './postgres-keys';
export { derive } from './postgres-rows';
export { type SqlQuery } from './postgres-params';
export { hitsQuery, type Resolved } from './postgres-sql';
export { editDistance, resolveQuery, resolveWords, typosAllowed, type ResolvedWords } from './postgres-typos';

/**
 * Rows of count statements kept per API process (PostgresEngine.keptCounts): a statement over every key
 * returns up to a few thousand rows at 500,000 professionals, most a few dozen. At an estimated 100 bytes
 * of V8 heap a row, 200,000 rows are some 20 MB; measured, the bench's API RSS peak rose 222-223 -> 240-250
 * MB with them (docs/PERFORMANCE.md, 2026-11-25), within the 300 MB budget.
 */
const KEPT_COUNT_ROWS = 200_000;

/**
 * Issue 47: a result's size for the answer cache (resultSizes) without writing it out: its documents' text as
 * read (jsonb's text, with a space after each colon and comma: longer than JSON's), 80 characters a hit for the
 * rest of it (score, distance), 40 and twice the value's length a facet count (value, highlighted), 300 and
 * twice the words for the other fields. Compared with JSON.stringify's length for the kept answers of the
 * search mix by bench/cpu-answers.ts --sizes.
 */
function noteSize(result: SearchResult, docText: number | undefined): void {
  if (docText === undefined && result.hits.length > 0) return;
  let n = 300 + 2 * String(result.request_params?.q ?? '').length + (docText ?? 0) + 80 * result.hits.length;
  for (const f of result.facet_counts) {
    n += 40 + f.field_name.length;
    for (const c of f.counts) n += 40 + 2 * c.value.length;
  }
  resultSizes.set(result, n);
}

/** A word's vocabulary row (resolveQuery). */
type TermRow = { word: string; term: string; docs: number; typo: boolean };

/**
 * Vocabulary rows kept per API process (PostgresEngine.termCache): a word has at most 8 prefix rows and a few
 * dozen typo candidates; 50,000 rows of four small fields are a few MB of heap.
 */
const KEPT_TERM_ROWS = 50_000;

/** Where a statement's rows are kept (countCache): the index's state, the statement and its values. */
const keptKey = (at: string, text: string, values: unknown[]): string =>
  createHash('sha1').update(at).update('\0').update(text).update('\0').update(JSON.stringify(values)).digest('base64');

export class PostgresEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  private readonly keys = new KeyTable();
  /** The index's state at the last `generations()` read: the generations and the highest facet key id. */
  private seen: string | undefined;
  /** `seen` when the key table was last brought up to date. */
  private keysAt: string | undefined;
  /**
   * Rows of count statements by the index's state they were read at, `seen` (decision 025): the cube's
   * (search_cube, search_cube_days) and counts over the documents for every key (countQuery's
   * `everyKey`). Many searches share a count statement (every page and sort of "hospitals in Lagos"
   * counts the same services facet), and both change only with the write generation, which every write
   * moves in its own transaction. Counted in rows.
   */
  private readonly countCache = new LRUCache<string, Kept>({ maxSize: KEPT_COUNT_ROWS, sizeCalculation: (kept) => kept.size + 1 });
  /** Issue 47: the length of a page's documents as read (their JSON text), for noteSize. */
  private readonly docText = new WeakMap<object, number>();
  /**
   * Issue 47: each word's vocabulary rows by the index's state they were read at, `seen` (termRows), and what
   * the word stands for once worked out from them (its typo candidates' edit distances: a word of the query
   * log's long tail comes back in many searches that miss). Counted in rows.
   */
  private readonly termCache = new LRUCache<string, { rows: readonly TermRow[]; terms?: WordTerms }>({ maxSize: KEPT_TERM_ROWS, sizeCalculation: (kept) => kept.rows.length + 1 });
  /** Count statements being read: concurrent searches that need the same one wait for one read. */
  private readonly countsReading = new Map<string, Promise<Kept>>();
  /** Which cells a circle's edge is split at (postgres-cells.ts); its threshold may be set (tests). */
  readonly denseCells: DenseCells;
  /** Near-me searches answered from memory (postgres-near.ts); undefined: every search by SQL. */
  private readonly near: NearIndex | undefined;
  /** How many searches memory answered, and how many it could not (its documents unreadable: the SQL answered). */
  readonly nearAnswers = { memory: 0, failed: 0 };
  /**
   * The connections a search's statements go by (decision 075): the API gives a few of their own (scripts/start.ts,
   * DATABASE_SEARCH_POOL_MAX), on which concurrent searches' statements are pipelined; writes, the near-me copy's
   * whole read and the rest go by `sql`. The same pool when none is given.
   */
  private readonly reads: Sql;
  constructor(
    private readonly sql: Sql,
    options: { nearInMemory?: boolean; reads?: Sql } = {},
  ) {
    this.reads = options.reads ?? sql;
    this.denseCells = new DenseCells(sql);
    this.near = options.nearInMemory === false ? undefined : new NearIndex(sql, this.reads);
  }

  /**
   * A statement read in one round trip (decision 074): prepared when its plan does not depend on its values,
   * else its values written into its text as literals (postgres-literals.ts), since postgres.js sends an
   * unprepared statement with parameters in two.
   */
  private read<T extends object>(text: string, values: readonly unknown[], prepare = false): Promise<T[]> {
    return (prepare
      ? this.reads.unsafe(text, values as never[], { prepare: true })
      : readInlined<T>(this.reads, text, values)) as unknown as Promise<T[]>;
  }

  /** Reads the located documents into memory ahead of the first near-me search (the API at its start). */
  async warm(): Promise<void> {
    await this.near?.readAhead();
  }

  /**
   * A count statement's rows, read once per state of the index. The state is `seen` as it was before the
   * statement was sent: a generation read earlier, so the rows are at least that new (a write moves the
   * generation in its own transaction), never older than the state they are kept under. Without a
   * generation read (searches outside the API's answer cache) every statement is sent.
   */
  private async keptCounts<T>(text: string, values: unknown[], prepare: boolean): Promise<readonly T[]> {
    return (await this.kept(text, values, prepare, (read) => {
      const rows = countRows(read);
      return { value: rows, size: rows.length };
    })) as readonly T[];
  }

  /** A count statement's rows if they are kept under the index's current state (keptCounts), without sending it. */
  private keptAlready<T>(text: string, values: unknown[]): readonly T[] | undefined {
    return this.seen === undefined ? undefined : (this.countCache.get(keptKey(this.seen, text, values))?.value as readonly T[] | undefined);
  }

  /**
   * What `keep` makes of a statement's rows, kept like count rows (keptCounts) under the state of the index
   * read before it was sent. `keep` says its size in count rows' terms (countCache is bounded in rows).
   */
  private kept(text: string, values: unknown[], prepare: boolean, keep: (rows: readonly unknown[]) => Kept): Promise<unknown> {
    const at = this.seen;
    if (at === undefined) return this.read(text, values, prepare).then((read) => keep(read).value);
    const key = keptKey(at, text, values);
    const kept = this.countCache.get(key);
    if (kept) return Promise.resolve(kept.value);
    let pending = this.countsReading.get(key);
    if (!pending) {
      pending = this
        .read(text, values, prepare)
        .then((read) => {
          const made = keep(read);
          this.countCache.set(key, made);
          return made;
        })
        .finally(() => this.countsReading.delete(key));
      this.countsReading.set(key, pending);
    }
    return pending.then((made) => made.value);
  }

  /**
   * The write generation of each collection (decision 009), read before a request searches. The
   * same statement reads the highest facet key id: while neither has changed since the key table
   * was last refreshed, no key can have been added (a document's key is added in the transaction
   * that writes the document and moves its generation), so the searches skip the key refresh and
   * its count (one statement and a scan of the keys fewer per request).
   */
  readonly generations = async (): Promise<Record<string, string>> => {
    const rows = await this.reads<{ collection: string; generation: string }[]>`
      SELECT collection, generation::text AS generation FROM search_generation
      UNION ALL SELECT '', coalesce(max(id), 0)::text FROM search_cube_keys`;
    this.seen = rows.map((r) => `${r.collection}=${r.generation}`).sort().join(',');
    return Object.fromEntries(rows.filter((r) => r.collection !== '').map((r) => [r.collection, r.generation]));
  };

  /** Brings the key table up to date unless nothing has been written since it last was. */
  private async refreshKeys(): Promise<void> {
    const seen = this.seen;
    if (seen !== undefined && seen === this.keysAt) return;
    await this.keys.refresh(this.reads);
    // What was read before the refresh: the table now holds at least those keys.
    if (seen !== undefined) this.keysAt = seen;
  }

  async ensureCollections(): Promise<void> {
    // The table comes with migration 002_search.sql.
  }

  async upsert(collection: CollectionName, docs: SearchDocument[]): Promise<void> {
    if (docs.length === 0) return;
    for (const d of docs) validateDocument(collection, d);
    await this.writeRows(this.sql, collection, docs.map((d) => derive(collection, d)));
    pruneChanges(this.sql);
  }

  private async writeRows(db: Db, collection: CollectionName, rows: Row[]): Promise<void> {
    // Sorted by id: two writers touching the same documents lock them in the same order.
    const sorted = [...rows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    // The body first: a row of search_documents is written only when its document changed (or
    // it has none yet), so an unchanged document changes nothing (no new generation, no cube work).
    // Each distinct facet key of the batch is resolved to its id once (a batch of 500 professionals
    // holds about 30), not once a row: search_key_id was a fifth of a bulk write's time (2026-11-25).
    // The documents are spliced into the batch's JSON as they are, so PostgreSQL parses each once.
    // Issue 47 (decision 068): search_bodies.document is json holding the text jsonb prints for the document
    // (`x.document::json`: jsonb's output, kept as it is), so reading a page's documents copies their text instead
    // of printing each jsonb again, and they read back byte for byte as they did from jsonb. json has no equality:
    // a document is unchanged when its text is.
    const batch = sorted.map((r) =>
      JSON.stringify({
        id: r.id,
        document: '',
        key: r.key,
        name_key: r.nameKey,
        main: r.main,
        full: r.full,
        tags: r.tags,
        rating: r.rating,
        review_count: r.reviewCount,
        experience: r.experience,
        fee: r.fee,
        next_slot: r.nextSlot,
        lat: r.lat,
        lng: r.lng,
        open_ranges: r.openRanges,
        closed_days: r.closedDays,
        hours_until: r.hoursUntil,
        open24: r.open24,
        free_care: r.freeCare,
      }).replace('"document":""', () => `"document":${r.document}`), // a function: no $-patterns read in the document
    );
    await db.unsafe(
      `WITH x AS (
         SELECT x0.* FROM jsonb_to_recordset($2::text::jsonb) AS x0(id text, document jsonb, key text, name_key text,
           main text, "full" text, tags text[], rating real, review_count int, experience int, fee int, next_slot bigint,
           lat float8, lng float8, open_ranges int4multirange, closed_days int[], hours_until bigint, open24 boolean, free_care boolean)
       ), keys AS (
         SELECT key, search_key_id($1, key::jsonb) AS key_id FROM (SELECT DISTINCT key FROM x) k
       ), body AS (
         INSERT INTO search_bodies AS b (collection, id, document, tsv)
         SELECT $1, x.id, x.document::json, x.full::tsvector FROM x
         ON CONFLICT (collection, id) DO UPDATE SET document = excluded.document, tsv = excluded.tsv
         WHERE b.document::text IS DISTINCT FROM excluded.document::text
         RETURNING b.id
       )
       INSERT INTO search_documents AS s
         (collection, id, name_key, key_id, tags, tsv_main, rating, review_count, experience, fee, next_slot, lat, lng,
          open_ranges, closed_days, hours_until, open24, free_care, updated_at)
       SELECT $1, x.id, x.name_key, keys.key_id, x.tags, x.main::tsvector,
         x.rating, x.review_count, x.experience, x.fee, to_timestamp(x.next_slot), x.lat, x.lng,
         x.open_ranges, x.closed_days, x.hours_until, x.open24, x.free_care, now()
       FROM x JOIN keys USING (key)
       WHERE x.id IN (SELECT id FROM body) OR NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.collection = $1 AND d.id = x.id)
       ORDER BY x.id
       ON CONFLICT (collection, id) DO UPDATE SET
         name_key = excluded.name_key, key_id = excluded.key_id, tags = excluded.tags, tsv_main = excluded.tsv_main,
         rating = excluded.rating, review_count = excluded.review_count, experience = excluded.experience, fee = excluded.fee,
         next_slot = excluded.next_slot, lat = excluded.lat, lng = excluded.lng, open_ranges = excluded.open_ranges,
         closed_days = excluded.closed_days, hours_until = excluded.hours_until, open24 = excluded.open24, free_care = excluded.free_care,
         updated_at = now()`,
      [collection, `[${batch.join(',')}]`],
    );
  }

  async delete(collection: CollectionName, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql`DELETE FROM search_documents WHERE collection = ${collection} AND id = ANY(${[...ids].sort()}::text[])`;
    pruneChanges(this.sql);
  }

  async exportAll(collection: CollectionName): Promise<SearchDocument[]> {
    const rows = await this.sql<{ doc: string }[]>`
      SELECT document::text AS doc FROM search_bodies WHERE collection = ${collection} ORDER BY id`;
    return rows.map((r) => JSON.parse(r.doc) as SearchDocument);
  }

  async replaceAll(collection: CollectionName, batches: AsyncIterable<SearchDocument[]>): Promise<number> {
    let total = 0;
    await this.sql.begin(async (tx) => {
      // Counts are rebuilt once at the end, not row by row.
      await tx`SELECT set_config('ilera.search_bulk', 'on', true)`;
      await tx`DELETE FROM search_documents WHERE collection = ${collection}`;
      // A batch's rows are derived (JS) while PostgreSQL writes the previous one: one core each.
      let writing: Promise<void> | undefined;
      for await (const docs of batches) {
        for (const d of docs) validateDocument(collection, d);
        const rows = docs.map((d) => derive(collection, d));
        await writing;
        writing = this.writeRows(tx, collection, rows);
        writing.catch(() => {}); // awaited above or below; until then a failure must not be unhandled
        total += docs.length;
      }
      await writing;
      // The recount aggregates millions of (document, term) rows: give it memory to do so in one pass.
      await tx`SELECT set_config('work_mem', '256MB', true)`;
      await tx`SELECT search_recount(${collection})`;
    });
    return total;
  }

  /**
   * Issue 48: one statement, a probe of the name index (024) per name: its range [key, key || '!')
   * holds the key and every name that starts with it and a space (postgres-sql.ts hitsQuery's tier).
   */
  async named(collection: CollectionName, names: readonly NameAsked[]): Promise<boolean[]> {
    if (names.length === 0) return [];
    const rows = await this.reads<{ named: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM search_documents d WHERE d.collection = ${collection}
          AND d.name_key ~>=~ k.key AND d.name_key ~<~ (k.key || CASE WHEN k.prefix = 't' THEN '!' ELSE chr(1) END)) AS named
        FROM unnest(${names.map((n) => n.key)}::text[], ${names.map((n) => (n.prefix ? 't' : 'f'))}::text[]) WITH ORDINALITY AS k(key, prefix, n)
        ORDER BY k.n`;
    return rows.map((r) => r.named);
  }

  async multiSearch(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    const parsed = searches.map((raw): ParsedSearch | SearchError => {
      try {
        return parseSearch(raw);
      } catch (err) {
        if (err instanceof SearchParamsError) return { code: 400, error: err.message };
        throw err;
      }
    });
    const all = parsed.filter((x): x is ParsedSearch => !('error' in x));
    const resolvedAll = await this.resolve(all);
    // Near-me searches from memory (postgres-near.ts); the rest by SQL.
    const answered = await this.nearSearches(all, resolvedAll);
    const ok = all.filter((s) => !answered.has(s));
    const resolved = ok.map((s) => resolvedAll[all.indexOf(s)]);
    const windows = windowGroups(ok, resolved);
    const counted = new Map<ParsedSearch, Promise<SearchResult>>();
    const inGroups = new Set(windows.flat());
    for (const group of windows) {
      const r = resolved[ok.indexOf(group[0])];
      // The search the windows are counted for (same words, same other filters: the page itself). When
      // the cube cannot count the windows, its own counts read the same matching documents: the windows
      // are counted in its statement, over the same rows, instead of reading them a second time.
      const page = cubeTerms(group[0], r) === undefined ? pageOfWindows(group, ok, (s) => inGroups.has(s) || counted.has(s)) : undefined;
      let all: Promise<SearchResult[]>;
      if (page) {
        const both = this.searchWith(page, resolved[ok.indexOf(page)], group);
        counted.set(page, both.then(([result]) => result));
        all = both.then(([, w]) => w);
      } else {
        all = this.windowCounts(group, r);
      }
      group.forEach((s, i) => counted.set(s, all.then((x) => x[i])));
    }
    return Promise.all(parsed.map((s) => ('error' in s ? s : (answered.get(s) ?? counted.get(s) ?? this.searchWith(s, resolved[ok.indexOf(s)]).then(([x]) => x)))));
  }

  /**
   * A near-me search from memory: the count rows and the page's ids from the located documents held
   * (postgres-near.ts), the page's documents from search_bodies. Undefined when memory cannot serve
   * (the documents could not be read): the SQL answers then.
   */
  private async nearSearches(all: ParsedSearch[], resolved: Resolved[]): Promise<Map<ParsedSearch, SearchResult>> {
    const answered = new Map<ParsedSearch, SearchResult>();
    if (!this.near) return answered;
    const able = all.filter((s, i) => resolved[i].keyIds?.length !== 0 && nearAnswerable(s, resolved[i]));
    const resolvedOf = (s: ParsedSearch) => resolved[all.indexOf(s)];
    // The search page's availability windows (count-only searches alike but for a `nextSlot:<` bound)
    // are counted in the pass of the search they belong to (its filters are theirs less the bound),
    // else in one pass of their own: one pass over the circle instead of one a window.
    const groups = windowGroups(able, able.map(resolvedOf));
    const inGroups = new Set(groups.flat());
    const jobs: Promise<void>[] = [];
    const taken = new Set<ParsedSearch>();
    for (const group of groups) {
      const page = pageOfWindows(group, able, (s) => inGroups.has(s) || taken.has(s));
      const base = page ?? { ...group[0], filters: group[0].filters.filter((f) => f !== windowBound(group[0])) };
      if (page) taken.add(page);
      jobs.push(
        this.nearSearch(base, resolvedOf(group[0]), group, page !== undefined).then((done) => {
          if (!done) return;
          if (page) answered.set(page, done[0]);
          group.forEach((w, i) => answered.set(w, done[1][i]));
        }),
      );
    }
    for (const s of able) {
      if (inGroups.has(s) || taken.has(s)) continue;
      jobs.push(this.nearSearch(s, resolvedOf(s)).then((done) => void (done && answered.set(s, done[0]))));
    }
    await Promise.all(jobs);
    return answered;
  }

  /** A near-me search from memory, and the windows counted in its pass (see nearSearches); `asked`: the search itself was asked for. */
  private async nearSearch(s: ParsedSearch, r: Resolved, windows: ParsedSearch[] = [], asked = true): Promise<[SearchResult, SearchResult[]] | undefined> {
    const started = Date.now();
    const near = this.near!;
    let answer;
    try {
      const store = await near.store(s.collection, this.seen);
      // Still being read (the API's first seconds): the SQL answers.
      if (!store) return undefined;
      answer = near.answer(store, s, r, windows.map((w) => Number(windowBound(w)!.values[0])));
    } catch {
      this.nearAnswers.failed++;
      return undefined;
    }
    // The search and each window counted in its pass.
    this.nearAnswers.memory += (asked ? 1 : 0) + windows.length;
    // A document written after the key table was read may carry a key it does not hold yet.
    if (answer.rows.some((row) => !row.f && this.keys.key(Number(row.k)) === undefined)) await this.keys.refresh(this.reads);
    const counted = facetsFromCounts(s, answer.rows, this.keys);
    const docs = await near.documents(s.collection, answer.page.map((h) => h.id));
    const result: SearchResult = {
      found: counted.found,
      page: s.page,
      search_time_ms: Date.now() - started,
      request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
      hits: answer.page
        .filter((h) => docs.has(h.id))
        .map((h) => ({
          document: docs.get(h.id)!,
          highlights: [],
          text_match: Math.round(h.score * 1000),
          geo_distance_meters: { location: h.geo },
        })),
      facet_counts: counted.facets,
    };
    return [result, windowResults(windows, answer.windows, started)];
  }

  /**
   * Count-only searches that differ only in a `nextSlot:<T` bound (the search page's three
   * availability windows, issue 17) counted in one statement: from the cube's day rows when
   * every bound is a Lagos midnight and the cube can count the rest (migration 020), else in
   * one pass over their common matches (three statements would read the same rows three times).
   */
  private async windowCounts(group: ParsedSearch[], r: Resolved): Promise<SearchResult[]> {
    const started = Date.now();
    const radius = cellWindows(group, r);
    if (radius) return windowResults(group, await this.cellWindowCounts(group, r, radius), started);
    const p = new Params();
    let text: string;
    const terms = group.every((s) => cubeTerms(s, r) !== undefined) ? cubeTerms(group[0], r) : undefined;
    if (terms !== undefined) {
      // Every bound a Lagos midnight (cubeDay): sums of the day rows before each (migration 020).
      const tagFilter = group[0].filters.find((f) => isTagFilter(group[0], f));
      const bound = windowBound(group[0]);
      const overlap = terms.length > 1 ? { sql: overlapSql(group[0], r, terms, p, bound), bounds: group.map((s) => String(windowBound(s)!.values[0])) } : undefined;
      text = cubeWindowsSql(p, group[0].collection, terms, r.keyIds, group.map((s) => cubeDay(s)!), tagFilter, overlap);
    } else {
      // Within a radius the cells cannot count (an array value's windows): the same windows over the whole
      // collection, from the cube's day rows (kept per state of the index), bound them; none there, none within.
      // A level's or an ownership's documents (the register's listings) have no slots: 2-6 ms of the circle's
      // documents read for zeros beside the counts from the cells' pairs (migration 046, bench/explain 2026-11-26).
      const everywhere = withoutRadius(group, r);
      if (everywhere && (await this.windowCounts(everywhere, r)).every((x) => x.found === 0)) {
        return windowResults(group, group.map(() => 0), started);
      }
      const bounds = group.map((s) => `to_timestamp(${p.add(String(windowBound(s)!.values[0]))}::text::float8)`);
      const where = whereSql(inCircleCells({ ...group[0], filters: group[0].filters.filter((f) => f !== windowBound(group[0])) }), r, p);
      text = `SELECT ${bounds.map((b, i) => `count(*) FILTER (WHERE next_slot < ${b})::int AS n${i}`).join(', ')}
        FROM search_documents WHERE ${where} AND next_slot < GREATEST(${bounds.join(', ')})`;
    }
    const prepare = terms?.length === 1 && cubePreparable(r.keyIds);
    const [row] = terms !== undefined
      ? await this.keptCounts<Record<string, number>>(text, p.values, prepare)
      : await this.read<Record<string, number>>(text, p.values, prepare);
    return windowResults(
      group,
      group.map((_, i) => Number(row?.[`n${i}`] ?? 0)),
      started,
    );
  }

  /**
   * Count-only windows within a radius (cellWindows): the day rows of the cells wholly inside the
   * circle (migration 039), plus the documents of the cells its edge crosses, counted per window.
   */
  private async cellWindowCounts(group: ParsedSearch[], r: Resolved, radius: FilterClause): Promise<number[]> {
    const [lat, lng, km] = radius.values as number[];
    const cover = cellCover(lat, lng, km, GRIDS, this.denseCells.refine(group[0].collection));
    const p = new Params();
    const inside = cellWindowsSql(p, group[0].collection, cover, r.keyIds, group.map((s) => cubeDay(s)!));
    // The edge's documents, a statement per grid (each grid's cells have their own index).
    const edges = cover.edges.map((edge) => {
      const e = new Params();
      const bounds = group.map((s) => `to_timestamp(${e.add(String(windowBound(s)!.values[0]))}::text::float8)`);
      const filters = group[0].filters.filter((f) => f !== windowBound(group[0])).map((f) => (f === radius ? inCells(f, edge.cells, edge.grid, r.keyIds) : f));
      const where = whereSql({ ...group[0], filters }, { ...r, keyIds: undefined }, e);
      const text = `SELECT ${bounds.map((b, i) => `count(*) FILTER (WHERE next_slot < ${b})::int AS n${i}`).join(', ')}
        FROM search_documents WHERE ${where} AND next_slot < GREATEST(${bounds.join(', ')})`;
      return this.read<Record<string, number>>(text, e.values);
    });
    const [a, ...b] = await Promise.all([
      cover.cells.length ? this.read<Record<string, number>>(inside, p.values, cellsPreparable(r.keyIds)) : [],
      ...edges,
    ]);
    return group.map((_, i) => [a, ...b].reduce((n, rows) => n + Number(rows[0]?.[`n${i}`] ?? 0), 0));
  }

  /**
   * A near-me search's counts from the cells (cellRadius, migration 039): the cells wholly inside
   * the circle are summed, the documents of the cells its edge crosses counted one by one (with the
   * exact distance), in two statements side by side. The windows asked with it are counted beside.
   */
  private async cellCounts(s: ParsedSearch, r: Resolved, radius: FilterClause, windows: ParsedSearch[]): Promise<Counted> {
    const [lat, lng, km] = radius.values as number[];
    const cover = cellCover(lat, lng, km, GRIDS, this.denseCells.refine(s.collection));
    // The search page's availability windows (multiSearch: the same filters and a `nextSlot:<` bound
    // each): their day rows beside, and the edge's documents counted per window in the page's own edge
    // statement, which reads them anyway (one read of the edge instead of two).
    const together = windows.length > 0 && cellWindows(windows, r) !== undefined;
    const beside = windows.length && !together ? this.windowCounts(windows, r) : undefined;
    beside?.catch(() => {}); // awaited below
    const inside = cellCountQuery(s, r, cover);
    const bounds = together ? windows.map((w) => String(windowBound(w)!.values[0])) : [];
    // The edge's documents, a statement per grid (each grid's cells have their own index), the keys with the cells (inCells).
    const edges = cover.edges.map((e) =>
      countQuery({ ...s, filters: s.filters.map((f) => (f === radius ? inCells(f, e.cells, e.grid, r.keyIds) : f)) }, { ...r, keyIds: undefined }, { live: true, windows: bounds }),
    );
    const has = cover.cells.length > 0;
    const w = new Params();
    const insideWindows = together && has ? cellWindowsSql(w, s.collection, cover, r.keyIds, windows.map((x) => cubeDay(x)!)) : undefined;
    const [a, c, ...b] = await Promise.all([
      has ? this.read<CountRow>(inside.text, inside.values, inside.prepare === true) : [],
      insideWindows ? this.read<Record<string, number>>(insideWindows, w.values, cellsPreparable(r.keyIds)) : [],
      ...edges.map((edge) => this.read<CountRow>(edge.text, edge.values)),
    ]);
    const { facetRows, counts } = windowRows(b.flat(), bounds.length);
    const rows = [...a, ...facetRows];
    // (Without facets or windows, the edge's documents are counted as one number, not per key: no key list then.)
    const keysWithin = cover.edges.length && s.facetBy.length === 0 && !together ? undefined : [...new Set(rows.filter((row) => !row.f && Number(row.n) > 0 && Number(row.k) > 0).map((row) => Number(row.k)))].sort((x, y) => x - y);
    const counted = together ? counts.map((n, i) => n + Number(c[0]?.[`n${i}`] ?? 0)) : beside ? (await beside).map((x) => x.found) : [];
    return { ...facetsFromCounts(s, rows, this.keys), windows: counted, keysWithin };
  }

  /**
   * What the searches' SQL needs first: the terms of their words (one statement
   * per collection for the whole batch) and the key ids their facet filters allow.
   */
  async resolve(searches: ParsedSearch[]): Promise<Resolved[]> {
    const words = new Map<CollectionName, Map<string, { rows: readonly TermRow[]; terms?: WordTerms }>>();
    await Promise.all([
      ...[...new Set(searches.filter((x) => x.words.length).map((x) => x.collection))].map(async (c) => {
        words.set(c, await this.termRows(c, [...new Set(searches.filter((x) => x.collection === c).flatMap((x) => x.words))]));
      }),
      this.refreshKeys(),
    ]);
    // A word's terms worked out once and kept with its rows (termCache).
    const termsOf = (c: CollectionName) => (w: string) => {
      const kept = words.get(c)!.get(w)!;
      return (kept.terms ??= resolveWord(w, kept.rows));
    };
    return searches.map((s) => ({ keyIds: this.keys.idsFor(s), words: s.words.length ? resolveWords(s.words, [], termsOf(s.collection)) : undefined }));
  }

  /**
   * The vocabulary's rows for each word (resolveQuery: the terms it begins, its typo candidates), kept per
   * word and state of the index like the count statements (issue 47): search_terms changes only with the
   * documents and the cube, in the transactions that move the write generation, and a word's rows do not
   * depend on the other words of its statement (one lateral subquery a word). Only words not kept are sent,
   * in one statement; without a generation read (searches outside the answer cache) all are. Each word's
   * entry is the one kept (its terms, once worked out, are kept with it) or a new one.
   */
  private async termRows(collection: CollectionName, words: string[]): Promise<Map<string, { rows: readonly TermRow[]; terms?: WordTerms }>> {
    const at = this.seen;
    const byWord = new Map<string, { rows: TermRow[]; terms?: WordTerms }>();
    const key = (w: string) => `${at}\0${collection}\0${w}`;
    const out = new Map<string, { rows: readonly TermRow[]; terms?: WordTerms }>();
    for (const w of words) {
      const kept = at === undefined ? undefined : this.termCache.get(key(w));
      if (kept) out.set(w, kept);
      else byWord.set(w, { rows: [] });
    }
    if (byWord.size === 0) return out;
    const q = resolveQuery(collection, [...byWord.keys()]);
    const read = await this.reads.unsafe<TermRow[]>(q.text, q.values as never[], { prepare: true });
    // The word and term as one string each for every row kept (shared), not the driver's copy in each row.
    for (const r of read) byWord.get(r.word)?.rows.push({ word: shared(r.word), term: shared(r.term), docs: r.docs, typo: r.typo });
    for (const [w, entry] of byWord) {
      if (at !== undefined) this.termCache.set(key(w), entry);
      out.set(w, entry);
    }
    return out;
  }

  async search(s: ParsedSearch, r: Resolved = {}): Promise<SearchResult> {
    if (this.near && r.keyIds?.length !== 0 && nearAnswerable(s, r)) {
      const result = await this.nearSearch(s, r);
      if (result) return result[0];
    }
    return (await this.searchWith(s, r))[0];
  }

  /** A search, and the count-only searches of its availability windows (multiSearch), counted with it. */
  private async searchWith(s: ParsedSearch, r: Resolved, windows: ParsedSearch[] = []): Promise<[SearchResult, SearchResult[]]> {
    const started = Date.now();
    // Filters no facet key satisfies: nothing to ask the database.
    const none = r.keyIds?.length === 0;
    // Counted first (countsFirst: the counts decide how the page is read), or a text (often a miss) or a page past the
    // first (pageAfterCounts: the same page statement): no page is asked for when the counts say it is empty ("clinic"
    // under a specialty within 50 km of Kano ranked the radius's 34,254 documents for none, 54-65 ms at load 10, 2026-11-26).
    const first = !none && countsFirst(s, r);
    const [hits, counted]: [SearchResult['hits'], Counted] = none
      ? [[], { ...facetsFromCounts(s, [], this.keys), windows: windows.map(() => 0) }]
      : first || pageAfterCounts(s)
        ? await this.counts(s, r, { windows }).then(async (c) => {
            const page = pastEnd(s, c.found) ? [] : await this.hits(s, first ? { ...r, matches: c.found, keysWithin: c.keysWithin } : r);
            return [page, c] as const;
          })
        : await Promise.all([this.hits(s, r), this.counts(s, r, { windows })]);
    const result: SearchResult = {
      found: counted.found,
      page: s.page,
      search_time_ms: Date.now() - started,
      request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
      hits,
      facet_counts: counted.facets,
    };
    noteSize(result, this.docText.get(hits));
    return [result, windowResults(windows, counted.windows, started)];
  }

  private async hits(s: ParsedSearch, r: Resolved): Promise<SearchResult['hits']> {
    if (s.perPage === 0) return [];
    const q = hitsQuery(s, r);
    const rows = await this.read<{ doc: string; score: number; geo?: number | null }>(q.text, q.values, q.prepare === true);
    let text = 0;
    for (const row of rows) text += row.doc.length;
    const hits = rows.map((row) => ({
      document: JSON.parse(row.doc) as SearchDocument,
      highlights: [],
      text_match: Math.round(Number(row.score) * 1000),
      // Whole metres, as Typesense answers them; absent for a document without a location.
      ...(row.geo === undefined || row.geo === null ? {} : { geo_distance_meters: { location: Math.round(Number(row.geo)) } }),
    }));
    this.docText.set(hits, text);
    return hits;
  }

  /**
   * `found` and the facet counts (with `live`, counted over the documents even where the cube could
   * answer), and the counts of `windows`: count-only searches that differ from `s` only by a
   * `nextSlot:<T` bound (multiSearch). Where the counts read the matching documents, the windows are
   * counted in the same statement; elsewhere by windowCounts beside them.
   */
  async counts(s: ParsedSearch, r: Resolved, options: { live?: boolean; windows?: ParsedSearch[] } = {}): Promise<Counted> {
    const windows = options.windows ?? [];
    // Within a radius, from the cells of the circle (migration 039) when they can count the rest.
    const radius = options.live ? undefined : cellRadius(s, r);
    if (radius) return this.cellCounts(s, r, radius, windows);
    // Within a radius the cells cannot count (an array filter and array facets, several array
    // filters): the documents within it from the cell index (039), read from the index alone, instead
    // of the location index and the heap (0.4 against 6.6 µs a document at 500,000, 2026-11-26).
    if (!options.live) s = bodiesInCells(inCircleCells(s), r);
    // Several words, or one word standing for several terms ("lab": lab, laboratory, laboratories).
    if (!options.live && r.words?.main && cubeTerms(s, r) === undefined && s.filters.every((f) => isKeyFilter(s, f))) {
      return this.coveredCounts(s, r, r.words, windows);
    }
    // Past PER_KEY_MAX keys a count reads every key's rows of its term or text anyway (the key column is
    // hidden from the indexes): where counts are kept (a generation was read), every key's rows are read
    // once per state of the index and each search keeps its own keys' rows here, instead of one statement
    // per key list. Without a key list, an array facet's cube rows are read key by key too: the same
    // statement, kept once for both (the institutions' services facet over every key: 7,853 value rows).
    const everyKey = this.seen !== undefined && (r.keyIds === undefined || r.keyIds.length > PER_KEY_MAX);
    const q = countQuery(s, r, { live: options.live, windows: windows.map((w) => String(windowBound(w)!.values[0])), everyKey });
    const beside = q.cube && windows.length ? this.windowCounts(windows, r) : undefined;
    beside?.catch(() => {}); // awaited below; a failure of the counts first must not leave it unhandled
    // Statements over the small tables (cube, vocabulary) are prepared: their
    // plans do not depend on the values, and planning cost as much as running them
    // (but for long key lists: cubePreparable). Those over the documents are planned
    // for their values (how common a word is).
    // Counts over every key are kept per state of the index like the cube's: they serve many key lists.
    // Issue 47 (decision 071): a cube count over a few keys (its own statement, key by key) is taken from the rows of
    // every key of the same term, facets and bounds when those are kept already (a search without keys, or over many,
    // read them under this state of the index): in the search mix most of the short lists' statements (0.38 a
    // request) were of a term whose every-key rows were kept.
    const every = q.cube && !q.keysAfter && r.keyIds !== undefined && this.seen !== undefined
      ? countQuery(s, r, { live: options.live, everyKey: true })
      : undefined;
    const kept = every?.keysAfter ? this.keptAlready<CountRow>(every.text, every.values) : undefined;
    const keysAfter = kept ? every!.keysAfter : q.keysAfter;
    let rows = kept ?? (q.cube || q.keysAfter
      ? await this.keptCounts<CountRow>(q.text, q.values, q.cube === true && q.prepare === true)
      : await this.read<CountRow>(q.text, q.values));
    if (keysAfter) rows = rowsOfKeys(rows, keysAfter);
    const { facetRows, counts } = windowRows(rows, windows.length);
    return { ...facetsFromCounts(s, facetRows, this.keys), windows: beside ? (await beside).map((x) => x.found) : counts };
  }

  /**
   * The keys that hold documents of each term (the cube's '' rows with a count), kept per state of the index like
   * the count rows. Issue 47: one row a term, its key ids as one text, parsed once into the set coveredCounts tests:
   * a row a key (572 rows a call on average in the search mix, 2,161 for the commonest term) cost the API about
   * 1 µs a row in the driver, and every search rebuilt the sets from the rows kept. Kept sized by its key ids.
   */
  private async termKeys(collection: CollectionName, terms: string[]): Promise<ReadonlyMap<string, ReadonlySet<number>>> {
    return (await this.kept(
      `SELECT term, string_agg(key_id::text, ',') AS k FROM search_cube
        WHERE collection = $1::text AND term = ANY($2::text[]) AND arr_field = '' AND arr_value = '' AND count > 0 GROUP BY term`,
      [collection, terms],
      true,
      (read) => {
        const keys = new Map<string, Set<number>>();
        let size = 0;
        for (const row of read as readonly { term: string; k: string }[]) {
          const ids = intSet(row.k);
          keys.set(row.term, ids);
          size += ids.size;
        }
        return { value: keys, size };
      },
    )) as ReadonlyMap<string, ReadonlySet<number>>;
  }

  /**
   * The counts of a text of several words (which the cube, one term per row,
   * cannot sum) without reading every match. A facet key whose own values hold
   * every word ("general practice": the specialty General Practice) matches with
   * all its documents: the cube's '' rows count them. A key where the cube shows
   * no document with one of the words matches none. Only the documents of the
   * remaining keys are counted one by one. Exact, like the live count.
   */
  private async coveredCounts(s: ParsedSearch, r: Resolved, w: ResolvedWords, windows: ParsedSearch[]): Promise<Counted> {
    const allTerms = [...new Set(w.terms.flat())];
    const keysOf = await this.termKeys(s.collection, allTerms);
    // Issue 47: from sets of keys a term's word or documents are in, the smallest walked, instead of every
    // candidate key tested against every term (a text-only search's candidates are all the collection's keys).
    const candidates = r.keyIds ?? this.keys.idsOf(s.collection);
    const within = r.keyIds ? (id: number) => sortedHas(r.keyIds!, id) : (id: number) => this.keys.key(id) !== undefined;
    const byWord = this.keys.keysByWord(s.collection);
    const covered = keysInEveryGroup(w.terms.map((group) => group.map((t) => byWord.get(t) ?? NO_KEYS)), candidates, within);
    const coveredSet = new Set(covered);
    const counted = keysInEveryGroup(w.terms.map((group) => group.map((t) => keysOf.get(t) ?? NO_KEYS)), candidates, within).filter((id) => !coveredSet.has(id));
    // Beyond a few keys the documents to count cannot be narrowed to them by an
    // index (see keyCondition): every match would be read anyway, so count them all.
    if (counted.length > PER_KEY_MAX) return this.counts(s, r, { live: true, windows });
    // The availability windows the same way, when each ends at a Lagos midnight: the covered keys'
    // documents from the cube's day rows, the counted keys' with their counts; else counted beside.
    const days = windows.map(cubeDay);
    const split = windows.length > 0 && days.every((d) => d !== undefined);
    const beside = windows.length && !split ? this.windowCounts(windows, r) : undefined;
    beside?.catch(() => {}); // awaited below
    const arrays = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
    const [whole, live, coveredDays] = await Promise.all([
      covered.length
        ? (() => {
            const p = new Params();
            const rows = cubeRows('search_cube', covered, p);
            const text = `SELECT key_id AS k, arr_field AS f, arr_value AS v, count AS n FROM ${rows(
              `collection = ${p.add(s.collection)}::text AND term = '' AND (arr_field = '' OR arr_field = ANY(${p.add(arrays)}::text[]))`,
            )}`;
            return this.keptCounts<CountRow>(text, p.values, cubePreparable(covered));
          })()
        : [],
      counted.length
        ? (() => {
            const q = countQuery(s, { ...r, keyIds: counted }, { live: true, windows: split ? windows.map((w) => String(windowBound(w)!.values[0])) : [] });
            return this.read<CountRow>(q.text, q.values);
          })()
        : [],
      split && covered.length
        ? (() => {
            const p = new Params();
            const text = cubeWindowsSql(p, s.collection, [''], covered, days as string[]);
            return this.keptCounts<Record<string, number>>(text, p.values, cubePreparable(covered));
          })()
        : [],
    ]);
    const { facetRows, counts } = windowRows(live, split ? windows.length : 0);
    const windowCounts = beside
      ? (await beside).map((x) => x.found)
      : counts.map((n, i) => n + Number(coveredDays[0]?.[`n${i}`] ?? 0));
    return { ...facetsFromCounts(s, [...whole, ...facetRows], this.keys), windows: windowCounts };
  }

  async close(): Promise<void> {}
}

/** Whether one of `sets` holds `id`. */
function inOne(sets: readonly ReadonlySet<number>[], id: number): boolean {
  for (const set of sets) if (set.has(id)) return true;
  return false;
}

/** Whether the ascending list holds `id` (binary search). */
function sortedHas(list: readonly number[], id: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The candidate keys, ascending, that every group holds in one of its sets (a word's terms: the keys each term is
 * in). `within` says whether a key is a candidate. Walks the fewest ids: the group whose sets are smallest in all,
 * or the candidates when they are fewer; a key in several of the group's sets is taken once.
 */
export function keysInEveryGroup(groups: readonly (readonly ReadonlySet<number>[])[], candidates: readonly number[], within: (id: number) => boolean): number[] {
  const sizes = groups.map((sets) => sets.reduce((n, set) => n + set.size, 0));
  const smallest = sizes.indexOf(Math.min(...sizes));
  const out: number[] = [];
  if (groups.length === 0 || candidates.length <= sizes[smallest]!) {
    for (const id of candidates) if (groups.every((sets) => inOne(sets, id))) out.push(id);
    return out.sort((a, b) => a - b);
  }
  const rest = groups.filter((_, i) => i !== smallest);
  const seen = new Set<number>();
  for (const set of groups[smallest]!) {
    for (const id of set) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (within(id) && rest.every((sets) => inOne(sets, id))) out.push(id);
    }
  }
  return out.sort((a, b) => a - b);
}

/** A term without keys in the cube (termKeys has no row for it). */
const NO_KEYS: ReadonlySet<number> = new Set();

/** What countCache keeps: a statement's rows, or what was made of them, and its size in count rows. */
interface Kept {
  value: unknown;
  size: number;
}

/** The integers of a comma-separated list ('12,7,301': string_agg of int4s) as a set. */
export function intSet(list: string): Set<number> {
  const ids = new Set<number>();
  eachInt(list, (n) => ids.add(n));
  return ids;
}

/** The `nextSlot:<T` filter of a count-only search without facets, the only kind windowCounts answers. */
function windowBound(s: ParsedSearch): FilterClause | undefined {
  if (s.perPage !== 0 || s.facetBy.length) return undefined;
  const bounds = s.filters.filter((f) => f.field === 'nextSlot');
  return bounds.length === 1 && bounds[0].op === '<' && bounds[0].values.length === 1 ? bounds[0] : undefined;
}

/** A text-less search's radius filter (up to 300 km) narrowed to the small cells of its circle: see counts. */
function inCircleCells(s: ParsedSearch): ParsedSearch {
  const radii = s.filters.filter((f) => f.def.type === 'geopoint');
  if (radii.length !== 1 || s.words.length > 0) return s;
  const [lat, lng, km] = radii[0].values as number[];
  if (!(km > 0 && km <= 300) || Math.abs(lat) > 60) return s;
  return { ...s, filters: s.filters.map((f) => (f === radii[0] ? inCells(f, smallCells(lat, lng, km), SMALL_CELLS) : f)) };
}

/** A group of count-only windows within one radius, without it, when the cube counts them so (each a Lagos midnight: cubeDay); else undefined. */
function withoutRadius(group: ParsedSearch[], r: Resolved): ParsedSearch[] | undefined {
  const rest = group.map((s) => ({ ...s, filters: s.filters.filter((f) => f.def.type !== 'geopoint') }));
  if (group.some((s, i) => s.filters.length - rest[i].filters.length !== 1)) return undefined;
  return rest.every((s) => cubeDay(s) !== undefined && cubeTerms(s, r) !== undefined) ? rest : undefined;
}

/** The radius of a group of count-only windows the cells count (each a Lagos midnight, cellRadius), else undefined. */
function cellWindows(group: ParsedSearch[], r: Resolved): FilterClause | undefined {
  if (!group.every((s) => cubeDay(s) !== undefined && cellRadius(s, r) !== undefined)) return undefined;
  return cellRadius(group[0], r);
}

/** A search's collection, words and filters but `except`: searches with the same key match the same documents. */
function filterKey(s: ParsedSearch, except?: FilterClause): string {
  const rest = s.filters.filter((f) => f !== except).map((f) => [f.field, f.op, f.values]);
  return JSON.stringify([s.collection, s.words, rest]);
}

/** The search a group of windows belongs to (the same words and filters, less their bound), among `searches` but those `skip` says. */
function pageOfWindows(group: ParsedSearch[], searches: ParsedSearch[], skip: (s: ParsedSearch) => boolean): ParsedSearch | undefined {
  const key = filterKey(group[0], windowBound(group[0]));
  return searches.find((s) => !skip(s) && filterKey(s) === key);
}

/** Groups of two or more count-only searches alike but for their `nextSlot:<T` bound (and not known to match nothing). */
function windowGroups(searches: ParsedSearch[], resolved: Resolved[]): ParsedSearch[][] {
  const groups = new Map<string, ParsedSearch[]>();
  searches.forEach((s, i) => {
    const bound = windowBound(s);
    if (!bound || resolved[i].keyIds?.length === 0) return;
    const key = filterKey(s, bound);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}

/** `found` and the facet counts of a search, and the counts of the windows asked with it, in their order. */
interface Counted {
  found: number;
  facets: FacetCount[];
  windows: number[];
  /** Within a radius counted from the cells: the keys that have documents within it. */
  keysWithin?: number[];
}

/** The answers of count-only window searches. */
function windowResults(group: ParsedSearch[], counts: number[], started: number): SearchResult[] {
  return group.map((s, i) => ({
    found: counts[i] ?? 0,
    page: s.page,
    search_time_ms: Date.now() - started,
    request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
    hits: [],
    facet_counts: [],
  }));
}

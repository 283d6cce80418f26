// Search answers cached under the index's write generation
// (docs/decisions/009-search-answer-cache.md). Before it searches, every request waits for a read of
// the collections' generations (PostgresEngine.generations: one statement over a two-row table) begun
// after it arrived (concurrent requests share one: sharedReads), and looks its searches up under that
// generation: an answer cached before the index changed is never served after the change was committed.
import { LRUCache } from 'lru-cache';
import { isSearchError, resultSizes, type NameAsked, type SearchEngine, type SearchError, type SearchRequest, type SearchResult } from './engine';
import type { CollectionName } from './schema';

export type CacheStatus = 'hit' | 'miss';

/** The current generation of each collection ('' when the index has none). */
export type GenerationReader = () => Promise<Record<string, string>>;


export interface AnswerCacheOptions {
  /** Upper bound of the cached answers' size, counted as their JSON length. */
  maxBytes?: number;
}

/**
 * 16 MB of JSON: about 900 answers with a page of 20 hits, or many more
 * count-only ones. Measured: 878 such answers (16 MB of JSON) hold 20 MB of V8
 * heap, a small share of the API's 300 MB budget.
 */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/** Name look-ups kept (issue 48): each a key of about 60 characters and a boolean, some 2 MB of heap in all. */
const NAMES_KEPT = 20_000;

/** A stable text of a search: the same parameters in any key order give the same key. */
function requestKey(s: SearchRequest): string {
  const o = s as unknown as Record<string, unknown>;
  return JSON.stringify(Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}

/**
 * The engine as one request sees it: its searches go through the cache, and
 * `status` says whether every one of them was answered from it.
 */
export interface CachedEngineView extends SearchEngine {
  readonly status: CacheStatus;
}

/**
 * The generation reads of concurrent requests, shared without serving any request a read older than its
 * arrival: a request that finds no read in flight starts one; one that arrives while a read is in flight
 * (begun before it came, so perhaps before a write it must see) waits for the next read, which begins
 * when that one ends and serves every request that arrived meanwhile. At most one read is in flight.
 * Under 32 concurrent searches at 500,000 professionals each request had read the generations itself:
 * a statement per request, half the statements of the bench's traffic, most answers being cache hits.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const p: Promise<T> = read().finally(() => {
      if (current === p) current = undefined;
    });
    current = p;
    return p;
  };
  return () => {
    if (!current) return start();
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

export class AnswerCache {
  private readonly lru: LRUCache<string, SearchResult>;
  /** Misses being computed: concurrent requests for the same answer wait for one computation. */
  private readonly pending = new Map<string, Promise<SearchResult | SearchError>>();
  /** Issue 48: name look-ups by generation and name (a few dozen bytes each). */
  private readonly names = new LRUCache<string, boolean>({ max: NAMES_KEPT });

  /** Without a generation reader (an engine whose writes we cannot see, Typesense) nothing is cached. */
  private readonly generations: GenerationReader | undefined;

  constructor(
    readonly engine: SearchEngine,
    generations: GenerationReader | undefined,
    options: AnswerCacheOptions = {},
  ) {
    this.generations = generations && sharedReads(generations);
    this.lru = new LRUCache({ maxSize: options.maxBytes ?? DEFAULT_CACHE_BYTES, sizeCalculation: (r) => Math.max(1, resultSizes.get(r) ?? JSON.stringify(r).length) });
  }

  /**
   * A read of the generations begun now (shared with concurrent requests as every read is), or undefined
   * when this engine's writes cannot be seen (nothing is cached then). Give it to view() for that
   * request's searches: whatever is kept under it was computed after it (issue 47, answer-pages.ts).
   */
  readGenerations(): Promise<Record<string, string>> | undefined {
    return this.generations?.();
  }

  /** Answers held, and their size as counted against maxBytes. */
  get stats(): { answers: number; bytes: number } {
    return { answers: this.lru.size, bytes: this.lru.calculatedSize };
  }

  /**
   * A view of the engine for one request (its `status` is that request's). Its name look-ups and searches
   * share one read of the generations (issue 48: a request that looks a name up searches right after):
   * `generationsRead` when given (readGenerations()), else one begun at the view's first use.
   */
  view(generationsRead?: Promise<Record<string, string>>): CachedEngineView {
    const cache = this;
    let status: CacheStatus = 'hit';
    let searched = false;
    let read: Promise<Record<string, string>> | undefined = generationsRead;
    const generations = this.generations && (() => (read ??= cache.generations!()));
    return {
      kind: this.engine.kind,
      get status() {
        return searched && status === 'hit' ? 'hit' : 'miss';
      },
      async multiSearch(searches) {
        searched = true;
        const { results, allHit } = await cache.multiSearch(searches, generations);
        if (!allHit) status = 'miss';
        return results;
      },
      named: (c, names) => cache.named(c, names, generations),
      ensureCollections: () => this.engine.ensureCollections(),
      upsert: (c, d) => this.engine.upsert(c, d),
      delete: (c, ids) => this.engine.delete(c, ids),
      exportAll: (c) => this.engine.exportAll(c),
      replaceAll: (c, b) => this.engine.replaceAll(c, b),
      close: async () => {},
    };
  }

  /**
   * Issue 48: which names name a document (SearchEngine.named), each answer kept under the generation read
   * before it was asked, as answers are: a name approved or renamed since is asked again.
   */
  async named(collection: CollectionName, names: readonly NameAsked[], generations = this.generations): Promise<boolean[]> {
    if (!generations) return this.engine.named(collection, names);
    const gens = await generations();
    const keys = names.map((n) => `${collection}@${gens[collection] ?? ''}:${n.prefix ? 'starts' : 'is'}:${n.key}`);
    const known = keys.map((k) => this.names.get(k));
    const unknown = names.filter((_, i) => known[i] === undefined);
    if (unknown.length === 0) return known as boolean[];
    const asked = await this.engine.named(collection, unknown);
    let j = 0;
    return known.map((k, i) => {
      if (k !== undefined) return k;
      const named = asked[j++] ?? false;
      this.names.set(keys[i], named);
      return named;
    });
  }

  /** `generations`: the request's own read (view), else a read of its own. */
  async multiSearch(searches: SearchRequest[], generations = this.generations): Promise<{ results: (SearchResult | SearchError)[]; allHit: boolean }> {
    if (!generations) return { results: await this.engine.multiSearch(searches), allHit: false };
    // Read before searching: an answer computed after this read reflects at least this generation.
    const gens = await generations();
    const keys = searches.map((s) => `${s.collection}@${gens[s.collection] ?? ''}:${requestKey(s)}`);
    const results: (SearchResult | SearchError | undefined)[] = keys.map((k) => this.lru.get(k));
    const allHit = results.every((r) => r !== undefined);
    if (allHit) return { results: results as SearchResult[], allHit };

    const waits: Promise<unknown>[] = [];
    const missing: number[] = [];
    keys.forEach((key, i) => {
      if (results[i]) return;
      const pending = this.pending.get(key);
      if (pending) waits.push(pending.then((r) => (results[i] = r)));
      else missing.push(i);
    });
    if (missing.length) {
      const batch = this.engine.multiSearch(missing.map((i) => searches[i]));
      missing.forEach((i, j) => {
        const key = keys[i];
        const one = batch.then((answers) => answers[j]);
        this.pending.set(key, one);
        waits.push(
          one
            .then((r) => {
              results[i] = r;
              // Refused searches are cheap to refuse again and are not kept.
              if (!isSearchError(r)) this.lru.set(key, r);
            })
            .finally(() => this.pending.delete(key)),
        );
      });
    }
    await Promise.all(waits);
    return { results: results as (SearchResult | SearchError)[], allHit: false };
  }
}

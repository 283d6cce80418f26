// The Typesense engine (used when TYPESENSE_URL and TYPESENSE_API_KEY are set):
// a thin pass-through. Every read and write goes through an alias named after the
// collection (`professionals` -> `professionals_<timestamp>`), so a full reindex
// builds a new collection and switches the alias when it is complete.
import { createHmac } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import * as TypesenseModule from 'typesense';
import { isSearchError, type CatchUp, type NameAsked, type SearchEngine, type SearchError, type SearchHit, type SearchRequest, type SearchResult } from './engine';
import { nameKey } from './protocol';
import { TYPESENSE_STOPWORDS_SET, stopWords, typesenseSynonyms } from './patient-words';
import { typesenseCluster } from './typesense-nodes';
import { TYPESENSE_NO_POINT_M, typesenseDistanceM } from './typesense-geo';
import { collectionNames, DocumentRejectedError, isGeopoint, schemas, validateDocument, type CollectionName, type SearchDocument } from './schema';

/* The client's types describe far more than we use; we keep to a small surface. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const mod: Any = (TypesenseModule as Any).default ?? TypesenseModule;
const Client: Any = mod.Client;

export interface TypesenseOptions {
  /** One node's URL, or a cluster's nodes comma-separated (typesense-nodes.ts). */
  url: string;
  /** The node next to this process, tried first (optional). */
  nearestUrl?: string;
  apiKey: string;
  /** Collection/alias name prefix (tests use a unique one). */
  prefix?: string;
  /** Where the engine says what it changed in Typesense, and Typesense's own message for an error it answered. */
  log?: TypesenseLog;
  /**
   * Rebuilds of one collection, one at a time across processes (createEngine: a PostgreSQL advisory
   * lock, and the reindex path that loses no write). Without it, a collection whose field changed type
   * is only reported (`npm run reindex` rebuilds it), and first starts are not serialised.
   */
  coordination?: TypesenseCoordination;
}

/**
 * Hits of a name probe (`named`) looked at: Typesense ranks a field that is exactly the words first
 * (prioritize_exact_match), so the name asked is among the first when it is there.
 */
const NAMED_HITS = 50;

export type TypesenseLog = (level: 'info' | 'warn', message: string, detail?: Record<string, unknown>) => void;

export interface TypesenseCoordination {
  /**
   * Runs `fn` holding the collection's rebuild lock; with `waitMs`, gives up waiting after that long
   * (then `ran` is false and `fn` was not run).
   */
  withRebuildLock<T>(collection: CollectionName, fn: () => Promise<T>, waitMs?: number): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Rebuilds the collection from PostgreSQL through the alias, losing no write (index.ts rebuildCollection), if `stillNeeded` says so once it holds the lock. */
  rebuild(collection: CollectionName, stillNeeded: () => Promise<boolean>): Promise<void>;
}

/** A field of a collection as Typesense holds it, and as typesenseSchema() wants it. */
export interface LiveField {
  name: string;
  type: string;
  facet: boolean;
  optional: boolean;
  index: boolean;
  sort: boolean;
}

/**
 * How a live collection's fields differ from typesenseSchema(). `missing` fields are added in place
 * (27.1's PATCH /collections/{name}); a `changed` field cannot hold what we write or answer what we ask
 * (another type, or an attribute we need that it lacks: facet, index, sort, optional), and the
 * collection is rebuilt. A live field that holds more than we need (an int64 where we want an int32, a
 * facet we no longer ask) is left as it is, so an older release still running beside a newer one (a
 * rolling restart) never rebuilds the collection back.
 */
export interface SchemaDrift {
  collection: CollectionName;
  /** The physical collection behind the alias. */
  name: string;
  missing: LiveField[];
  changed: { live: LiveField; wanted: LiveField }[];
  /** Live fields our schema no longer has (left in place). */
  extra: string[];
}

/** Typesense's defaults for what a field definition leaves out (src/field.cpp json_field_to_field). */
const SORTED_BY_DEFAULT = ['int32', 'int64', 'float', 'bool', 'geopoint', 'geopoint[]'];
function liveField(f: Record<string, unknown>): LiveField {
  const type = String(f.type);
  return {
    name: String(f.name),
    type,
    facet: f.facet === true,
    optional: f.optional === true,
    index: f.index !== false,
    sort: f.sort === undefined ? SORTED_BY_DEFAULT.includes(type) : f.sort === true,
  };
}

/** Whether a live field lacks something the wanted one needs. */
const narrower = (live: LiveField, wanted: LiveField): boolean =>
  (live.type !== wanted.type && !(live.type === 'int64' && wanted.type === 'int32')) ||
  (wanted.facet && !live.facet) ||
  (wanted.index && !live.index) ||
  (wanted.sort && !live.sort) ||
  (wanted.optional && !live.optional);

/** The fields of typesenseSchema(), with Typesense's defaults filled in. */
export const wantedFields = (collection: CollectionName): LiveField[] =>
  (typesenseSchema(collection, collection).fields as Record<string, unknown>[]).map(liveField);

/** How `live` (a GET /collections/{name}'s fields) differs from what we want. */
export function schemaDrift(collection: CollectionName, name: string, live: Record<string, unknown>[]): SchemaDrift {
  const have = new Map(live.map((f) => [String(f.name), liveField(f)]));
  const wanted = wantedFields(collection);
  const names = new Set(wanted.map((f) => f.name));
  return {
    collection,
    name,
    missing: wanted.filter((f) => !have.has(f.name)),
    changed: wanted.filter((f) => have.has(f.name) && narrower(have.get(f.name)!, f)).map((f) => ({ live: have.get(f.name)!, wanted: f })),
    extra: [...have.keys()].filter((n) => !names.has(n) && n !== '.*'),
  };
}

/** A field's definition as typesenseSchema() writes it (what a PATCH adds). */
const fieldDefinition = (collection: CollectionName, name: string): Record<string, unknown> =>
  (typesenseSchema(collection, collection).fields as Record<string, unknown>[]).find((f) => f.name === name)!;

export const describeField = (f: LiveField): string =>
  `${f.name} ${f.type}${f.facet ? ' facet' : ''}${f.optional ? ' optional' : ''}${f.index ? '' : ' unindexed'}${f.sort ? ' sort' : ''}`;

/** Why a collection is rebuilt at start; `always`: whatever another process did meanwhile (we added fields its documents lack). */
interface Rebuild {
  why: string;
  always: boolean;
}

/** Default log: one line on stderr. */
const stderrLog: TypesenseLog = (level, message, detail) => console.error(`[typesense ${level}] ${message}${detail ? ` ${JSON.stringify(detail)}` : ''}`);

/** How long a first start waits for a rebuild of the same collection before it gives up (and retries later). */
const FIRST_START_WAIT_MS = 10_000;

/** The Typesense collection schema of one of our collections. */
export function typesenseSchema(collection: CollectionName, name: string): Record<string, unknown> {
  return {
    name,
    fields: Object.entries(schemas[collection].fields).map(([field, def]) => ({
      name: field,
      type: def.int64 ? 'int64' : def.type,
      facet: !!def.facet,
      // Typesense wants stored-only (index: false) fields optional.
      optional: !!def.optional || !!def.storeOnly,
      index: !def.storeOnly,
      // A geopoint (D23) is filtered and sorted by distance as it is: `sort` is for other fields.
      ...(def.sort && def.type !== 'geopoint' ? { sort: true } : {}),
    })),
    // Typo tolerance is Typesense's default (num_typos 2, prefix search on).
    token_separators: ['-', '/'],
  };
}

const statusOf = (err: unknown): number | undefined => (err as { httpStatus?: number })?.httpStatus;
/** Typesense's own message of a failed request (typesense-js puts the body's `message` in the error's). */
const messageOf = (err: unknown): string => String((err as Error)?.message ?? err).slice(0, 500);

/** The characters typesenseSchema's token_separators split on. */
const SEPARATORS = /[-/]/g;

/**
 * A synonym as Typesense must be sent it. Typesense tokenizes a synonym WITHOUT the collection's
 * token_separators (27.1 src/synonym_index.cpp: its Tokenizer gets none), so `24/7` would be the
 * one token `247` and never meet a query's `24` `7`: the separators are written as spaces.
 */
export const typesenseSynonymText = (text: string): string => text.replace(SEPARATORS, ' ').replace(/\s+/g, ' ').trim();

/** A search Typesense refused because the stop-word set it names is not there (a server that lost its data). */
const missingStopwords = (r: SearchResult | SearchError) => isSearchError(r) && r.code === 404 && /stopword/i.test(r.error);

const NUMBER = '\\s*(-?\\d+(?:\\.\\d+)?)\\s*';
const GEO_FILTER = new RegExp(`\\blocation\\s*:\\s*\\(${NUMBER},${NUMBER},`);

/**
 * Typesense gives a hit its `geo_distance_meters` only when the search is sorted by the geopoint;
 * a near-me search in another order (best match, rating: D23 says every hit of a search `near` a
 * point carries its distance) filters on the radius alone. Its hits get the distance from the
 * filter's point here, computed as 27.1 computes it (typesense-geo.ts), so a hit's distance does not
 * change with the order. A hit without a location under a geo sort gets 2147483647 m from 27.1: that
 * is no distance, and it is taken off (distanceKm then shows none).
 */
function withDistances(search: SearchRequest, result: SearchResult): SearchResult {
  const m = GEO_FILTER.exec(search.filter_by ?? '');
  const unlocated = (h: SearchHit) => h.geo_distance_meters?.location !== undefined && (!isGeopoint(h.document.location) || h.geo_distance_meters.location >= TYPESENSE_NO_POINT_M);
  if (!result.hits.some(unlocated) && (!m || result.hits.every((h) => h.geo_distance_meters?.location !== undefined || !isGeopoint(h.document.location)))) return result;
  const point = m ? { lat: Number(m[1]), lng: Number(m[2]) } : undefined;
  const hits = result.hits.map((h) => {
    const at = h.document.location;
    if (unlocated(h)) {
      const { geo_distance_meters: all, ...hit } = h;
      const others = Object.fromEntries(Object.entries(all!).filter(([field]) => field !== 'location'));
      return Object.keys(others).length ? { ...hit, geo_distance_meters: others } : hit;
    }
    if (h.geo_distance_meters?.location !== undefined || !isGeopoint(at) || !point) return h;
    return { ...h, geo_distance_meters: { ...h.geo_distance_meters, location: typesenseDistanceM(point, { lat: at[0], lng: at[1] }) } };
  });
  return { ...result, hits };
}

/** What every search's key embeds (Typesense ANDs it with the search's own filter). */
const SEARCH_KEY_SCOPE = { filter_by: 'isApproved:=true' };

export class TypesenseEngine implements SearchEngine {
  readonly kind = 'typesense' as const;
  /** The admin key's client: collections, aliases, synonyms, stop words, documents. */
  private readonly client: Any;
  private readonly prefix: string;
  private readonly clientOptions: Record<string, unknown>;
  private readonly apiKey: string;
  private readonly log: TypesenseLog;
  private readonly coordination?: TypesenseCoordination;

  constructor(o: TypesenseOptions) {
    this.clientOptions = { ...typesenseCluster(o.url, o.nearestUrl), connectionTimeoutSeconds: 5, numRetries: 2, logLevel: 'warn' };
    this.client = new Client({ ...this.clientOptions, apiKey: o.apiKey });
    this.apiKey = o.apiKey;
    this.prefix = o.prefix ?? '';
    this.log = o.log ?? stderrLog;
    this.coordination = o.coordination;
  }

  private searchClient?: Promise<Any>;

  /**
   * Searches go out with a scoped search-only key, never the admin key: a key allowed
   * `documents:search` on our collections only, made with the admin key (its value derived from
   * the admin key, so every process makes the same one and a second make is Typesense's 409
   * "API key generation conflict"), scoped (typesense-js generateScopedSearchKey, made locally) to
   * approved documents.
   */
  private searchKeyClient(): Promise<Any> {
    return (this.searchClient ??= (async () => {
      const value = createHmac('sha256', this.apiKey).update(`ilera search-only key ${this.prefix}`).digest('hex');
      try {
        await this.client.keys().create({
          description: 'Ilera: searches only (made by the API with the admin key)',
          actions: ['documents:search'],
          collections: [this.prefix ? `${this.prefix}.*` : '*'],
          value,
        });
      } catch (err) {
        if (statusOf(err) !== 409) throw err;
      }
      return new Client({ ...this.clientOptions, apiKey: this.client.keys().generateScopedSearchKey(value, SEARCH_KEY_SCOPE) });
    })().catch((err: unknown) => {
      this.searchClient = undefined;
      throw err;
    }));
  }

  private alias(collection: CollectionName): string {
    return `${this.prefix}${collection}`;
  }

  private async target(collection: CollectionName): Promise<string | null> {
    try {
      const a = await this.client.aliases(this.alias(collection)).retrieve();
      return a.collection_name as string;
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  /**
   * Creates a physical collection with our schema and the patients' words. `name` defaults to a new,
   * timestamped one (a rebuild's); a collection of that name already there (409: another process
   * made it first) counts as made, so several processes can ensure the same name at once.
   */
  private async createCollection(collection: CollectionName, name = `${this.alias(collection)}_${Date.now()}`): Promise<string> {
    try {
      await this.client.collections().create(typesenseSchema(collection, name));
    } catch (err) {
      if (statusOf(err) !== 409) throw err;
    }
    // The patients' words (query-understanding.ts) as synonyms on every new collection (upserts: idempotent).
    for (const { id, synonyms } of typesenseSynonyms(collection)) {
      await this.client.collections(name).synonyms().upsert(id, { synonyms: [...new Set(synonyms.map(typesenseSynonymText))] });
    }
    return name;
  }

  private stopwordsInstalled?: Promise<unknown>;

  /** Once per process: every search names this set, so it must exist before the first one. */
  private async ensureStopwords(): Promise<void> {
    const installing = (this.stopwordsInstalled ??= this.client.stopwords().upsert(TYPESENSE_STOPWORDS_SET, {
      stopwords: [...stopWords],
      locale: 'en',
    }) as Promise<unknown>);
    await installing.catch((err: unknown) => {
      this.stopwordsInstalled = undefined;
      throw err;
    });
  }

  /**
   * Makes what is missing (the stop words, each collection and its alias) and, once per process,
   * brings each live collection to typesenseSchema() (reconcile). Waits for a rebuild that a changed
   * field needs unless `waitForRebuild` is false (the write path: a rebuild replays what is written
   * meanwhile, and a writer holding profile locks must not wait for a rebuild that takes them).
   */
  async ensureCollections(options: { waitForRebuild?: boolean } = {}): Promise<void> {
    await this.ensureStopwords();
    const rebuilds: Promise<void>[] = [];
    for (const c of collectionNames) {
      if (!(await this.target(c))) await this.createFirst(c);
      let reconciling = this.reconciled[c];
      if (!reconciling) {
        const r = (reconciling = this.reconciled[c] = this.reconcile(c));
        // A failure is tried again by the next call (the API's retry, the next write), and said in the log.
        r.rebuilt.catch((err: unknown) => {
          if (this.reconciled[c] === r) this.reconciled[c] = undefined;
          this.log('warn', `${this.alias(c)}: bringing the collection to the schema failed: ${messageOf(err)}`);
        });
      }
      await reconciling.schema;
      rebuilds.push(reconciling.rebuilt);
    }
    // Every collection's fields are added before any rebuild is waited for: searches on them answer meanwhile.
    if (options.waitForRebuild !== false) for (const rebuilt of rebuilds) await rebuilt;
  }

  /**
   * The first collection of a kind on a server that has none. Processes starting together on an empty
   * server (the API's replicas, the index worker) all get here: each ensures the same first collection
   * and points the alias at it, so whichever order their requests take, one collection holds every
   * import and none is left orphaned. With coordination this is done holding the rebuild lock, looking
   * at the alias again first: a rebuild that switched the alias meanwhile is never switched back to an
   * empty first collection (27.1 accepts an alias to any name, src/collection_manager.cpp upsert_symlink).
   */
  private async createFirst(c: CollectionName): Promise<void> {
    const create = async () => {
      if (this.coordination && (await this.target(c))) return;
      const name = await this.createCollection(c, `${this.alias(c)}_0`);
      await this.client.aliases().upsert(this.alias(c), { collection_name: name });
      this.log('info', `created collection ${name} behind the alias ${this.alias(c)}`);
    };
    if (!this.coordination) return create();
    const r = await this.coordination.withRebuildLock(c, create, FIRST_START_WAIT_MS);
    if (!r.ran) throw new Error(`Typesense: ${this.alias(c)} has no collection yet and a rebuild of it holds the lock; try again later`);
  }

  private readonly reconciled: Partial<Record<CollectionName, { schema: Promise<Rebuild | undefined>; rebuilt: Promise<void> }>> = {};

  /** The live collection's fields against ours (`npm run search:check`); null when there is no collection behind the alias. */
  async schemaDrift(collection: CollectionName): Promise<SchemaDrift | null> {
    let live: { name: string; fields: Record<string, unknown>[] };
    try {
      live = await this.client.collections(this.alias(collection)).retrieve();
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
    return schemaDrift(collection, live.name, live.fields ?? []);
  }

  /**
   * Brings a live collection to typesenseSchema(). Missing fields are added in place first (PATCH,
   * src/core_api.cpp:314): filters, sorts and facets on them answer at once instead of 27.1's 404. The
   * documents there were written without them (27.1 indexes a new field from what each document holds),
   * so the process that added them then rebuilds the collection through the alias, which writes every
   * document anew and loses no write (coordination.rebuild); so does a changed field (another type, an
   * attribute we need), or a field 27.1 will not add to the documents there (a required one they lack).
   * Says in the log what it changed.
   */
  private reconcile(c: CollectionName): { schema: Promise<Rebuild | undefined>; rebuilt: Promise<void> } {
    const schema = (async (): Promise<Rebuild | undefined> => {
      for (let attempt = 0; ; attempt++) {
        const drift = await this.schemaDrift(c);
        if (!drift) return undefined;
        if (drift.extra.length && attempt === 0) this.log('info', `${drift.name}: fields no longer in the schema left in place: ${drift.extra.join(', ')}`);
        const changed = drift.changed.map(({ live, wanted }) => `${describeField(live)} -> ${describeField(wanted)}`).join('; ');
        if (!drift.missing.length) return changed ? { why: `changed: ${changed}`, always: false } : undefined;
        try {
          await this.client.collections(this.alias(c)).update({ fields: drift.missing.map((f) => fieldDefinition(c, f.name)) });
          this.log('info', `${drift.name}: added ${drift.missing.map(describeField).join(', ')}`, { collection: drift.name, added: drift.missing.map((f) => f.name) });
          return { why: [`added ${drift.missing.map((f) => f.name).join(', ')}`, changed && `changed: ${changed}`].filter(Boolean).join('; '), always: true };
        } catch (err) {
          // Another process added them first (it rebuilds), or a rebuild switched the alias meanwhile: look again, once.
          if (attempt === 0 && statusOf(err) !== undefined && statusOf(err)! < 500) continue;
          if (statusOf(err) !== 400) throw err;
          // 27.1 will not add them to the documents there (src/collection.cpp validate_alter_payload): rebuild instead.
          return { why: [`adding ${drift.missing.map((f) => f.name).join(', ')} refused: ${messageOf(err)}`, changed && `changed: ${changed}`].filter(Boolean).join('; '), always: false };
        }
      }
    })();
    const rebuilt = schema.then(async (rebuild) => {
      if (!rebuild) return;
      const name = (await this.target(c)) ?? this.alias(c);
      if (!this.coordination) {
        this.log('warn', `${name}: the schema changed (${rebuild.why}); its documents lack the new fields until \`npm run reindex\` rebuilds it`);
        return;
      }
      this.log('warn', `${name}: the schema changed (${rebuild.why}); rebuilding the collection through the alias`);
      // Once the lock is held: a rebuild is still needed unless another process's rebuild (of a changed field) did it meanwhile.
      await this.coordination.rebuild(c, async () => {
        if (rebuild.always) return (await this.target(c)) === name;
        const drift = await this.schemaDrift(c);
        return !drift || drift.changed.length > 0 || drift.missing.length > 0;
      });
      this.log('info', `${this.alias(c)}: rebuilt with today's schema (now ${await this.target(c)})`);
    });
    return { schema, rebuilt };
  }

  private async importInto(name: string, collection: CollectionName, docs: SearchDocument[]): Promise<void> {
    for (const d of docs) validateDocument(collection, d);
    let results: Any[];
    try {
      results = await this.client.collections(name).documents().import(docs, { action: 'upsert' });
    } catch (err) {
      results = (err as Any)?.importResults;
      if (!Array.isArray(results)) throw err; // transport failure or 5xx: retried by the job
    }
    // A partial failure is silent unless every item's result is checked.
    const failed = results.filter((r) => !r.success);
    if (failed.length === 0) return;
    const transient = failed.some((r) => Number(r.code) >= 500);
    const message = `Typesense refused ${failed.length} of ${docs.length} documents: ${failed[0].error}`;
    throw transient ? new Error(message) : new DocumentRejectedError(message);
  }

  async upsert(collection: CollectionName, docs: SearchDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await this.ensureCollections({ waitForRebuild: false });
    await this.importInto(this.alias(collection), collection, docs);
  }

  async delete(collection: CollectionName, ids: string[]): Promise<void> {
    await this.deleteFrom(this.alias(collection), ids);
  }

  private async deleteFrom(name: string, ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.client.collections(name).documents(id).delete();
      } catch (err) {
        if (statusOf(err) !== 404) throw err; // already absent: the same end state
      }
    }
  }

  /**
   * Issue 48: Typesense keeps no name key to look up, so one multi_search of the names asked, each its
   * words as typed (no typo, no prefix, no word dropped) on the name alone, its best hits' names only; a
   * name is there when a hit's nameKey is the key (or starts with it and a space).
   */
  async named(collection: CollectionName, names: readonly NameAsked[]): Promise<boolean[]> {
    if (names.length === 0) return [];
    const probes = names.map((n) => ({
      collection,
      q: n.key,
      query_by: 'name',
      per_page: NAMED_HITS,
      prefix: false,
      num_typos: 0,
      drop_tokens_threshold: 0,
      include_fields: 'name,firstName,lastName',
    })) as SearchRequest[];
    const results = await this.multiSearch(probes);
    return results.map((r, i) => {
      if (isSearchError(r)) return false;
      const { key, prefix } = names[i];
      return r.hits.some((h) => {
        const name = nameKey(collection, h.document as Record<string, unknown>);
        return name === key || (prefix && name.startsWith(`${key} `));
      });
    });
  }

  async multiSearch(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    try {
      return this.logged(searches, await this.searchAgain(searches));
    } catch (err) {
      // The API answers this "Search is busy" (503): the log keeps what Typesense said.
      this.log('warn', `Typesense search failed: ${messageOf(err)}`, { status: statusOf(err), collections: searches.map((s) => s.collection) });
      throw err;
    }
  }

  /**
   * Says in the log what Typesense answered a search that the API answers as "busy" (a 5xx, a 408 or a
   * 404: a missing collection, or a field 27.1 says is not in the live schema), with its own message.
   */
  private logged(searches: SearchRequest[], results: (SearchResult | SearchError)[]): (SearchResult | SearchError)[] {
    results.forEach((r, i) => {
      if (isSearchError(r) && (r.code >= 500 || r.code === 404 || r.code === 408)) {
        this.log('warn', `Typesense answered a search ${r.code}: ${r.error}`, { code: r.code, message: r.error, collection: searches[i]?.collection });
      }
    });
    return results;
  }

  private async searchAgain(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    let results: (SearchResult | SearchError)[];
    try {
      results = await this.searchOnce(searches);
    } catch (err) {
      if (statusOf(err) !== 401) throw err;
      // The search key was there when this process made it; the server has lost it since (a node
      // whose data was wiped, a restore): make it again and search once more.
      this.searchClient = undefined;
      return this.searchOnce(searches);
    }
    if (!results.some(missingStopwords)) return results;
    // The same for the stop-word set.
    this.stopwordsInstalled = undefined;
    return this.searchOnce(searches);
  }

  private async searchOnce(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    await this.ensureStopwords();
    const body = {
      // Typesense needs query_by; our callers may leave it to the schema's default.
      searches: searches.map((s) => ({
        query_by: schemas[s.collection].queryBy.join(','),
        stopwords: TYPESENSE_STOPWORDS_SET,
        ...s,
        collection: this.alias(s.collection),
      })),
    };
    const res = await (await this.searchKeyClient()).multiSearch.perform(body, {});
    return (res.results as Any[]).map((r, i) => {
      if (r.error) return { code: r.code ?? 400, error: String(r.error) };
      // Clients see our collection names, never the aliased physical ones.
      return withDistances(searches[i], { ...r, request_params: { ...r.request_params, collection_name: searches[i].collection } } as SearchResult);
    });
  }

  /**
   * The whole collection (`npm run search:check`), read from the export as a stream, a line at a
   * time: at national scale the export is hundreds of MB, too much for one string (export() builds
   * one). The client's 5-second timeout is on silence (axios' socket timeout), not on the whole
   * answer: measured, an export sending for 7 s completes either way.
   */
  async exportAll(collection: CollectionName): Promise<SearchDocument[]> {
    const stream: Readable = await this.client.collections(this.alias(collection)).documents().exportStream();
    const docs: SearchDocument[] = [];
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      if (line.trim()) docs.push(JSON.parse(line) as SearchDocument);
    }
    return docs;
  }

  /**
   * Fills a new collection and points the alias at it. Writers (the index worker) keep writing
   * through the alias to the old collection meanwhile: `catchUp` writes what they changed into the
   * new one before the switch (reindexAll calls it once more after, for what changed in between).
   */
  async replaceAll(collection: CollectionName, batches: AsyncIterable<SearchDocument[]>, catchUp?: CatchUp): Promise<number> {
    const previous = await this.target(collection);
    const name = await this.createCollection(collection);
    let total = 0;
    try {
      for await (const docs of batches) {
        if (docs.length) await this.importInto(name, collection, docs);
        total += docs.length;
      }
      await catchUp?.({
        upsert: async (c, docs) => {
          if (docs.length) await this.importInto(name, c, docs);
        },
        delete: (_c, ids) => this.deleteFrom(name, ids),
      });
    } catch (err) {
      await this.client.collections(name).delete().catch(() => {});
      throw err;
    }
    await this.client.aliases().upsert(this.alias(collection), { collection_name: name });
    if (previous && previous !== name) await this.client.collections(previous).delete().catch(() => {});
    return total;
  }

  async close(): Promise<void> {}
}

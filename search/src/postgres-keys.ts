// The PostgreSQL engine's facet keys: a document's single-valued facet values make up
// its key (search_cube_keys, 006_search_cube.sql), its array facet values its tags. The
// key table holds every key in memory, so filters on facet fields become key ids here.
import { LRUCache } from 'lru-cache';
import type { Sql } from '@ilera/db';
import { sharedReads } from './answer-cache';
import { searchWords, type FilterClause, type ParsedSearch } from './protocol';
import { schemas, type CollectionName } from './schema';

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Facet fields: single-valued ones make up a document's key, arrays (and `tagged` ones: 035) are its tags (006_search_cube.sql). */
const facetFields = (collection: CollectionName, array: boolean): string[] =>
  Object.entries(schemas[collection].fields)
    .filter(([, d]) => d.facet && (d.type === 'string[]' || !!d.tagged) === array)
    .map(([name]) => name);
export const CUBE_KEY_FIELDS: Record<CollectionName, string[]> = {
  professionals: facetFields('professionals', false),
  institutions: facetFields('institutions', false),
};
export const CUBE_ARRAY_FIELDS: Record<CollectionName, string[]> = {
  professionals: facetFields('professionals', true),
  institutions: facetFields('institutions', true),
};

/** The single-valued facet fields whose words are in tsv_main (derive): the searchable ones. */
const KEY_WORD_FIELDS: Record<CollectionName, string[]> = {
  professionals: CUBE_KEY_FIELDS.professionals.filter((f) => schemas.professionals.fields[f]?.search && schemas.professionals.fields[f]?.type === 'string'),
  institutions: CUBE_KEY_FIELDS.institutions.filter((f) => schemas.institutions.fields[f]?.search && schemas.institutions.fields[f]?.type === 'string'),
};

export const isKeyFilter = (s: ParsedSearch, f: FilterClause) => CUBE_KEY_FIELDS[s.collection].includes(f.field);
export const isTagFilter = (s: ParsedSearch, f: FilterClause) => CUBE_ARRAY_FIELDS[s.collection].includes(f.field);
export const tag = (field: string, value: unknown) => `${field}:${String(value)}`;
/** A document's single-valued facet values (search_cube_keys.key), by key id. */
type FacetKey = Record<string, unknown>;

/** A filter on a single-valued facet field, evaluated on a key as filterSql would on `key ->> field`. */
function keyMatches(f: FilterClause, key: FacetKey): boolean {
  const raw = key[f.field];
  const text = raw === undefined || raw === null ? undefined : String(raw);
  let cond: boolean;
  if (text === undefined) cond = false;
  else if (f.op === '=' || f.op === '!=' || f.def.type === 'bool') cond = f.values.some((v) => String(v) === text);
  else cond = f.values.some((v) => String(v).toLowerCase() === text.toLowerCase());
  return f.op === '!=' || f.op === '!' ? !cond : cond;
}

/**
 * The facet keys of both collections, held in memory: a few thousand rows that
 * are only ever added (search_key_id), so filters on facet fields are resolved to
 * key ids here, and counts grouped by key id are turned into facet values here,
 * without a statement or a join per search.
 */
const IDS_CACHED = 250_000;

/** The ids in both of two ascending lists. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return out;
}

export class KeyTable {
  private readonly byId = new Map<number, { collection: string; key: FacetKey; text: string }>();
  /** Each collection's keys: a filter walks its own collection's only. */
  private readonly byCollection = new Map<string, { id: number; key: FacetKey }[]>();
  private maxId = 0;

  /** The reads of the table, one at a time (sharedReads), by the connections they go by. */
  private reading: { sql: Sql; read: () => Promise<void> } | undefined;

  /**
   * Brings in the keys added since the last call, and every key the table held when it was called. Concurrent calls
   * share reads, one at a time (sharedReads: a call made while a read is in flight waits for the next): two reads at
   * once, each from the highest id held when it began, made the later one take the table for one reset by the seed
   * (the number of keys up to its id no longer what was held) and empty it while other searches counted with it
   * (decision 075's test, four searches at once on a new engine: their facets came back empty).
   */
  refresh(sql: Sql): Promise<void> {
    if (this.reading?.sql !== sql) this.reading = { sql, read: sharedReads(() => this.read(sql)) };
    return this.reading.read();
  }

  /**
   * One read of the keys added since the last. The seed's --reset truncates
   * the table and restarts its ids: if the key we hold under our highest id, or
   * the number of keys up to it, is not what the table holds, everything is read again.
   */
  private async read(sql: Sql): Promise<void> {
    const rows = await sql.unsafe<{ id: number; collection: string; key: string }[]>(
      `SELECT id, collection, key::text AS key FROM search_cube_keys WHERE id >= $1::int
       UNION ALL SELECT -1, '', count(*)::text FROM search_cube_keys WHERE id <= $1::int`,
      [this.maxId],
      { prepare: true },
    );
    const known = this.byId.get(this.maxId);
    const same = rows.find((r) => r.id === this.maxId);
    const count = Number(rows.find((r) => r.id === -1)?.key ?? 0);
    if (this.maxId > 0 && (!known || !same || same.key !== known.text || count !== this.byId.size)) {
      this.byId.clear();
      this.byCollection.clear();
      this.forgetIds();
      this.words.clear();
      this.numbering.clear();
      this.maxId = 0;
      return this.read(sql);
    }
    for (const r of rows) {
      if (r.id <= 0 || this.byId.has(r.id)) continue;
      const key = JSON.parse(r.key) as FacetKey;
      this.byId.set(r.id, { collection: r.collection, key, text: r.key });
      let list = this.byCollection.get(r.collection);
      if (!list) this.byCollection.set(r.collection, (list = []));
      list.push({ id: r.id, key });
      this.forgetIds();
      this.maxId = Math.max(this.maxId, r.id);
    }
  }

  key(id: number): FacetKey | undefined {
    return this.byId.get(id)?.key;
  }

  /**
   * Issue 47: each collection's key field values numbered (per field, in the order first met), and each key's
   * numbers, so that facetsFromCounts tallies a count statement's rows (up to a few thousand keys) in arrays by
   * number instead of converting and hashing every value of every row. Kept until the table is read again.
   */
  private readonly numbering = new Map<CollectionName, { names: string[][]; numbers: Map<string, number>[]; byKey: (Int32Array | undefined)[] }>();

  /**
   * The numbers of key `id`'s values of `collection`'s key fields (CUBE_KEY_FIELDS' order; -1 where the key has
   * none), or undefined for an id the table does not hold. keyValueNames gives the values back.
   */
  keyValueNumbers(collection: CollectionName, id: number): Int32Array | undefined {
    let n = this.numbering.get(collection);
    const kept = n?.byKey[id];
    if (kept) return kept;
    const key = this.byId.get(id)?.key;
    if (!key) return undefined;
    const fields = CUBE_KEY_FIELDS[collection];
    if (!n) this.numbering.set(collection, (n = { names: fields.map(() => []), numbers: fields.map(() => new Map()), byKey: [] }));
    const nums = new Int32Array(fields.length);
    for (let j = 0; j < fields.length; j++) {
      const v = key[fields[j]!];
      if (v === undefined || v === null) {
        nums[j] = -1;
        continue;
      }
      const value = String(v);
      let num = n.numbers[j]!.get(value);
      if (num === undefined) {
        num = n.names[j]!.length;
        n.names[j]!.push(value);
        n.numbers[j]!.set(value, num);
      }
      nums[j] = num;
    }
    // By id in an array: the ids are the table's serial numbers, a few thousand.
    n.byKey[id] = nums;
    return nums;
  }

  /** The values of `collection`'s key field number `field` (CUBE_KEY_FIELDS' order) by their number (keyValueNumbers). */
  keyValueNames(collection: CollectionName, field: number): readonly string[] {
    return this.numbering.get(collection)?.names[field] ?? [];
  }

  /** Each collection's key ids, until a key is added (a text-only search's counts walk them all). */
  private readonly ids = new Map<string, readonly number[]>();

  idsOf(collection: CollectionName): readonly number[] {
    let ids = this.ids.get(collection);
    if (!ids) this.ids.set(collection, (ids = (this.byCollection.get(collection) ?? []).map((k) => k.id)));
    return ids;
  }

  private readonly words = new Map<number, Set<string>>();

  /**
   * The words every document of a key holds in its main fields: those of its
   * searchable facet values (type, specialty, city, state), which derive() puts in tsv_main.
   */
  wordsOf(id: number, collection: CollectionName): Set<string> {
    let set = this.words.get(id);
    if (!set) {
      const key = this.key(id) ?? {};
      set = new Set(searchWords(KEY_WORD_FIELDS[collection].map((f) => str(key[f])).join(' ')));
      this.words.set(id, set);
    }
    return set;
  }

  /**
   * The key ids each filter clause allows, until a key is added: each one walks its collection's keys
   * (a few thousand). Kept per clause, not per combination of clauses (a search's filters are the
   * intersection of its clauses' lists): the query log's searches combine a few hundred clauses in
   * thousands of ways, and cached per combination, with every list dropped at IDS_CACHED ids, most
   * searches walked the keys again (idsFor was 6-8% of the API's CPU under the search mix; issue 47).
   * At most IDS_CACHED ids in all (a few MB), the least recently used going first.
   */
  private readonly idsByClause = new LRUCache<string, readonly number[]>({ maxSize: IDS_CACHED, sizeCalculation: (ids) => ids.length + 1 });

  private forgetIds(): void {
    this.idsByClause.clear();
    this.ids.clear();
    this.byWord.clear();
  }

  /** Each collection's keys by the words they hold (wordsOf), until a key is added. */
  private readonly byWord = new Map<string, ReadonlyMap<string, ReadonlySet<number>>>();

  /**
   * Issue 47: the keys of `collection` whose words (wordsOf) hold each word, made in one walk of its keys and kept
   * until a key is added, so that a text's counts (coveredCounts) take the keys holding its terms from sets instead
   * of testing every key's words against every term (4-6% of the API's CPU in the search mix, 2026-12-01).
   */
  keysByWord(collection: CollectionName): ReadonlyMap<string, ReadonlySet<number>> {
    let index = this.byWord.get(collection);
    if (!index) {
      const made = new Map<string, Set<number>>();
      for (const id of this.idsOf(collection)) {
        for (const word of this.wordsOf(id, collection)) {
          let keys = made.get(word);
          if (!keys) made.set(word, (keys = new Set()));
          keys.add(id);
        }
      }
      this.byWord.set(collection, (index = made));
    }
    return index;
  }

  private idsOfClause(collection: CollectionName, f: FilterClause): readonly number[] {
    const signature = JSON.stringify([collection, f.field, f.op, f.values]);
    let ids = this.idsByClause.get(signature);
    if (!ids) {
      const found: number[] = [];
      for (const k of this.byCollection.get(collection) ?? []) if (keyMatches(f, k.key)) found.push(k.id);
      ids = found.sort((a, b) => a - b);
      this.idsByClause.set(signature, ids);
    }
    return ids;
  }

  /** The ids of the keys a search's filters on single-valued facets allow, or undefined without such filters. */
  idsFor(s: ParsedSearch): readonly number[] | undefined {
    let ids: readonly number[] | undefined;
    for (const f of s.filters) {
      if (!isKeyFilter(s, f)) continue;
      const allowed = this.idsOfClause(s.collection, f);
      ids = ids === undefined ? allowed : intersect(ids, allowed);
    }
    return ids;
  }
}

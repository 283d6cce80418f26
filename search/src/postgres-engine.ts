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
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import damerauLevenshtein from 'damerau-levenshtein';
import type { Db, Sql } from '@ilera/db';
import { SearchParamsError, type FacetCount, type SearchEngine, type SearchError, type SearchRequest, type SearchResult } from './engine';
import { parseSearch, searchWords, type FilterClause, type ParsedSearch } from './protocol';
import { schemas, validateDocument, type CollectionName, type SearchDocument } from './schema';

/** Numeric fields kept in their own indexed columns. */
const NUMBER_COLUMNS: Record<string, string> = {
  rating: 'rating',
  reviewCount: 'review_count',
  yearsOfExperience: 'experience',
  consultationFee: 'fee',
};
/** Number columns that may be NULL (the field is optional): sorted after every value, as Typesense sorts missing values. */
const NULLABLE_COLUMNS = new Set(['fee']);

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
function ident(name: string): string {
  // Field names reach SQL only after the schema check; this is a second guard.
  if (!IDENT.test(name)) throw new SearchParamsError(`Bad field name ${name}`);
  return name;
}

/**
 * Other numbers (institutionId, professionalCount: filters no page of the app
 * sends) are read from the row's body (017_search_narrow_rows.sql): correct, but
 * one body lookup per candidate.
 */
const numberExpr = (field: string) =>
  NUMBER_COLUMNS[field] ??
  `((SELECT (b.document ->> '${ident(field)}')::float8 FROM search_bodies b WHERE b.collection = search_documents.collection AND b.id = search_documents.id))`;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const words = (...parts: unknown[]): string =>
  searchWords(parts.flatMap((p) => (Array.isArray(p) ? p : [p])).map(str).join(' ')).join(' ');

interface Row {
  id: string;
  /** The document as JSON. */
  document: string;
  /** Its single-valued facet fields as JSON: what search_cube_key (006) makes of the document, before nulls are dropped. */
  key: string;
  nameKey: string;
  /** tsvector literals: the main fields (weights A, B, C), and those plus the bio or description (D). */
  main: string;
  full: string;
  tags: string[];
  rating: number;
  reviewCount: number;
  experience: number;
  /** Naira, or null when none was given. */
  fee: number | null;
  /** Epoch seconds of the next free slot (issue 17), or null. */
  nextSlot: number | null;
}

type Weight = 'A' | 'B' | 'C' | 'D';

/**
 * A tsvector literal ('okonkwo':2A,4A 'cardiology':5B) of weighted parts, each a
 * string of normalised words: what to_tsvector('simple') gives for them, built
 * here so that a reindex does not parse every bio in PostgreSQL.
 */
function tsvectorLiteral(parts: [string, Weight][]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [text, weight] of parts) {
    for (const w of text ? text.split(' ') : []) {
      pos = Math.min(pos + 1, 16383); // PostgreSQL's largest position
      const list = positions.get(w) ?? [];
      if (list.length < 256 && Buffer.byteLength(w) < 2047) positions.set(w, [...list, `${pos}${weight}`]); // its limits per lexeme
    }
  }
  return [...positions].map(([w, ps]) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${ps.join(',')}`).join(' ');
}

/** The array facet values of a document as tags ('services:X-Ray'), as search_doc_tags() makes them. */
function tagsOf(collection: CollectionName, d: Record<string, unknown>): string[] {
  const tags = CUBE_ARRAY_FIELDS[collection].flatMap((f) => (Array.isArray(d[f]) ? (d[f] as unknown[]).map((v) => `${f}:${String(v)}`) : []));
  return [...new Set(tags)].sort();
}

/** The derived columns of a document: what matching, ranking, sorting and counting use. */
export function derive(collection: CollectionName, doc: SearchDocument): Row {
  const d = doc as Record<string, unknown>;
  const row = (nameKey: string, a: string, b: string, c: string, bio: string): Row => {
    const main: [string, Weight][] = [
      [a, 'A'],
      [b, 'B'],
      [c, 'C'],
    ];
    return {
      id: doc.id,
      document: JSON.stringify(doc),
      key: JSON.stringify(Object.fromEntries(CUBE_KEY_FIELDS[collection].map((f) => [f, d[f] ?? null]))),
      nameKey,
      main: tsvectorLiteral(main),
      full: tsvectorLiteral([...main, [bio, 'D']]),
      tags: tagsOf(collection, d),
      rating: typeof d.rating === 'number' ? d.rating : 0,
      reviewCount: typeof d.reviewCount === 'number' ? d.reviewCount : 0,
      experience: typeof d.yearsOfExperience === 'number' ? d.yearsOfExperience : 0,
      fee: typeof d.consultationFee === 'number' ? Math.round(d.consultationFee) : null,
      nextSlot: typeof d.nextSlot === 'number' ? d.nextSlot : null,
    };
  };
  if (collection === 'professionals') {
    return row(
      words(d.firstName, d.lastName) || words(d.name),
      words(d.name, d.firstName, d.lastName),
      words(d.specialty, d.professionalType),
      words(d.institution, d.city, d.state),
      words(d.bio),
    );
  }
  return row(words(d.name), words(d.name), words(d.typeLabel, d.type, d.services), words(d.city, d.state), words(d.description));
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Facet fields: single-valued ones make up a document's key, arrays are its tags (006_search_cube.sql). */
const facetFields = (collection: CollectionName, array: boolean): string[] =>
  Object.entries(schemas[collection].fields)
    .filter(([, d]) => d.facet && (d.type === 'string[]') === array)
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

const isKeyFilter = (s: ParsedSearch, f: FilterClause) => CUBE_KEY_FIELDS[s.collection].includes(f.field);
const isTagFilter = (s: ParsedSearch, f: FilterClause) => CUBE_ARRAY_FIELDS[s.collection].includes(f.field);
const tag = (field: string, value: unknown) => `${field}:${String(value)}`;

/**
 * A filter as SQL. Filters on single-valued facet fields are written over a key
 * (`col`: search_cube_keys.key) and resolved to key ids first; array facets are
 * tags; numbers have their own columns.
 */
function filterSql(f: FilterClause, p: Params, col = 'document'): string {
  const field = ident(f.field);
  const negate = f.op === '!=' || f.op === '!';
  let cond: string;
  if (field === 'nextSlot') {
    // Issue 17: the next free slot is a timestamptz column (epoch seconds in the document), so a
    // range is a range on its index. A document without one matches no range and no value.
    const at = (v: unknown) => `to_timestamp(${p.add(String(v))}::text::float8)`;
    if (f.op === '>' || f.op === '>=' || f.op === '<' || f.op === '<=') return `next_slot ${f.op} ${at(f.values[0])}`;
    const cond = `next_slot = ANY(ARRAY[${f.values.map(at).join(', ')}])`;
    return f.op === '!=' ? `NOT coalesce(${cond}, false)` : cond;
  }
  if (f.def.type === 'int32' || f.def.type === 'float') {
    const expr = numberExpr(field);
    if (f.op === '>' || f.op === '>=' || f.op === '<' || f.op === '<=') {
      return `${expr} ${f.op} ${p.add(String(f.values[0]))}::text::float8`;
    }
    cond = `${expr} = ANY(${p.add(f.values.map(Number))}::float8[])`;
  } else if (f.def.type === 'string[]') {
    cond =
      f.op === '=' || f.op === '!='
        ? `tags && ${p.add(f.values.map((v) => tag(field, v)))}::text[]`
        : `EXISTS (SELECT 1 FROM unnest(tags) t WHERE lower(t) = ANY(${p.add(f.values.map((v) => tag(field, String(v).toLowerCase())))}::text[]))`;
  } else if (f.op === '=' || f.op === '!=' || f.def.type === 'bool') {
    cond = `(${col} ->> '${field}') = ANY(${p.add(f.values.map(String))}::text[])`;
  } else {
    // `field:value`: case-insensitive equality (typed text such as a city).
    cond = `lower(${col} ->> '${field}') = ANY(${p.add(f.values.map((v) => String(v).toLowerCase()))}::text[])`;
  }
  return negate ? `NOT coalesce(${cond}, false)` : cond;
}

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

export class KeyTable {
  private readonly byId = new Map<number, { collection: string; key: FacetKey; text: string }>();
  private maxId = 0;

  /**
   * Brings in the keys added since the last call. The seed's --reset truncates
   * the table and restarts its ids: if the key we hold under our highest id, or
   * the number of keys up to it, is not what the table holds, everything is read again.
   */
  async refresh(sql: Sql): Promise<void> {
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
      this.forgetIds();
      this.words.clear();
      this.maxId = 0;
      return this.refresh(sql);
    }
    for (const r of rows) {
      if (r.id <= 0 || this.byId.has(r.id)) continue;
      this.byId.set(r.id, { collection: r.collection, key: JSON.parse(r.key) as FacetKey, text: r.key });
      this.forgetIds();
      this.maxId = Math.max(this.maxId, r.id);
    }
  }

  key(id: number): FacetKey | undefined {
    return this.byId.get(id)?.key;
  }

  idsOf(collection: CollectionName): number[] {
    return [...this.byId].filter(([, k]) => k.collection === collection).map(([id]) => id);
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
   * idsFor's answers by filters, until a key is added: each one walks every key (a few thousand).
   * At most IDS_CACHED ids in all (a few MB), then it starts again.
   */
  private readonly idsByFilters = new Map<string, readonly number[]>();
  private idsCached = 0;

  private forgetIds(): void {
    this.idsByFilters.clear();
    this.idsCached = 0;
  }

  /** The ids of the keys a search's filters on single-valued facets allow, or undefined without such filters. */
  idsFor(s: ParsedSearch): readonly number[] | undefined {
    const filters = s.filters.filter((f) => isKeyFilter(s, f));
    if (!filters.length) return undefined;
    const signature = JSON.stringify([s.collection, ...filters.map((f) => [f.field, f.op, f.values])]);
    let ids = this.idsByFilters.get(signature);
    if (!ids) {
      const found: number[] = [];
      for (const [id, k] of this.byId) if (k.collection === s.collection && filters.every((f) => keyMatches(f, k.key))) found.push(id);
      ids = found.sort((a, b) => a - b);
      if (this.idsCached + ids.length > IDS_CACHED) this.forgetIds();
      this.idsByFilters.set(signature, ids);
      this.idsCached += ids.length;
    }
    return ids;
  }
}

/**
 * The query words resolved against the vocabulary of the main fields
 * (search_terms): for each word, the terms it stands for (empty: none).
 */
export interface ResolvedWords {
  main: boolean;
  terms: string[][];
  /** At most how many documents the text matches: its rarest word's documents (no bound when a word goes to the bios). */
  maxDocs?: number;
}

/** What a search needs resolved before its hits and counts: its words, and the key ids its filters allow. */
export interface Resolved {
  words?: ResolvedWords;
  keyIds?: readonly number[];
  /** How many documents the search matches under all its filters, when counted before its hits (countsFirst). */
  matches?: number;
}

/** Typos allowed in a word, as Typesense counts them by default (min_len_1typo 4, min_len_2typo 7). */
export const typosAllowed = (word: string): number => (word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0);

/** Edit distance with adjacent transpositions counted as one edit (restricted Damerau-Levenshtein). */
export const editDistance = (a: string, b: string): number => damerauLevenshtein(a, b).steps;

/** Prefix candidates kept per word (the most common first), and typo candidates. */
const MAX_PREFIX_TERMS = 8;
const MAX_TYPO_TERMS = 4;

const quoteTerm = (t: string) => `'${t.replace(/'/g, "''")}'`;
/** A tsquery of exact terms: every word, each as an OR of its terms. */
const termQuery = (terms: string[][]) => terms.map((ts) => `(${ts.map(quoteTerm).join(' | ')})`).join(' & ');

/** The text part of a search's WHERE clause (none without words). */
function textCondition(s: ParsedSearch, r: ResolvedWords | undefined, p: Params): string | undefined {
  if (s.words.length === 0) return undefined;
  if (r?.main) return `tsv_main @@ ${p.add(termQuery(r.terms))}::text::tsquery`;
  // A word no main field holds: every field, the bio too, by prefix; the other words keep their terms.
  // The full tsvector is in the bodies (017_search_narrow_rows.sql).
  const parts = s.words.map((w, i) => (r?.terms[i]?.length ? termQuery([r.terms[i]]) : `${quoteTerm(w)}:*`));
  return `id IN (SELECT b.id FROM search_bodies b WHERE b.collection = ${collectionLiteral(s.collection)}
    AND b.tsv @@ to_tsquery('simple', ${p.add(parts.join(' & '))}::text))`;
}

/**
 * A few keys are looked up in an index (`key_id = ANY`); many are a filter
 * (`key_id + 0`: an expression without statistics). Against the column, the
 * planner matches every listed key with the column's 2,000 most common values:
 * 100 ms of planning for the 900 keys of "doctor", for 1 ms of execution.
 */
function keyCondition(ids: readonly number[], p: Params): string {
  return `key_id${ids.length > PER_KEY_MAX ? ' + 0' : ''} = ANY(${p.add(ids)}::int[])`;
}

/**
 * The collection as a literal (one of two names, checked by the schema): the
 * professionals' rating index is partial (009_search_speed.sql), and a prepared
 * statement's plan can use a partial index only if the condition is in its text.
 */
const collectionLiteral = (c: CollectionName) => `'${ident(c)}'::text`;

function whereSql(s: ParsedSearch, r: Resolved, p: Params): string {
  const conds = [`collection = ${collectionLiteral(s.collection)}`];
  if (r.keyIds) conds.push(keyCondition(r.keyIds, p));
  for (const f of s.filters) if (!isKeyFilter(s, f)) conds.push(filterSql(f, p));
  const text = textCondition(s, r.words, p);
  if (text) conds.push(text);
  return conds.join(' AND ');
}

/**
 * The sort clauses other than relevance, as (expression, direction) pairs, then
 * id. The number columns other than fee are NOT NULL: no NULLS clause, so the indexes give the order.
 * Optional fields put documents without them where `missing_values` says (last by default).
 */
function orderTerms(s: ParsedSearch): { expr: string; dir: string }[] {
  const terms = s.sort
    .filter((c) => c.field !== '_text_match')
    .map((c) => {
      const nulls = ` NULLS ${c.missing === 'first' ? 'FIRST' : 'LAST'}`;
      // Soonest available (issue 17): the next free slot's own indexed column.
      if (c.field === 'nextSlot') return { expr: 'next_slot', dir: `${c.desc ? 'DESC' : 'ASC'}${nulls}` };
      return {
        expr: NUMBER_COLUMNS[c.field] ?? numberExpr(c.field),
        dir: `${c.desc ? 'DESC' : 'ASC'}${NUMBER_COLUMNS[c.field] && !NULLABLE_COLUMNS.has(NUMBER_COLUMNS[c.field]) ? '' : nulls}`,
      };
    });
  return [...terms, { expr: 'id', dir: 'ASC' }];
}

/** An order expression no index gives, so that the planner sorts the matches instead of walking an index for them. */
const unindexed = (expr: string): string =>
  expr === 'id' ? `(id || '')` : expr === 'next_slot' ? `(next_slot + interval '0 s')` : `(${expr}) + 0`;

export interface SqlQuery {
  text: string;
  values: unknown[];
  /** Answered from the cube (small tables only). */
  cube?: boolean;
  /** Its plan does not depend on the values: prepared once, planned once. */
  prepare?: boolean;
  /**
   * The rows are every key's (countQuery's `everyKey`): only these keys' rows, key rows and array
   * value rows alike, are the search's counts.
   */
  keysAfter?: readonly number[];
}

/**
 * Rows of count statements kept per API process (PostgresEngine.keptCounts): a statement over every key
 * returns up to a few thousand rows at 500,000 professionals, most a few dozen. At an estimated 100 bytes
 * of V8 heap a row, 200,000 rows are some 20 MB; measured, the bench's API RSS peak rose 222-223 -> 240-250
 * MB with them (docs/PERFORMANCE.md, 2026-11-25), within the 300 MB budget.
 */
const KEPT_COUNT_ROWS = 200_000;

/**
 * Below this many facet keys, a text-less page is the merge of each key's own
 * first rows (key_rating index, already in order); above it, one walk down the
 * rating index, which finds a page quickly when the keys hold many documents.
 */
const PER_KEY_MAX = 64;

/**
 * Texts matching at most this many documents are ranked from their matches
 * (see hitsQuery). Walking the rating index costs about 20 × 500,000 / matches
 * index entries (more under facet filters), about 1 µs each; ranking the matches
 * costs a heap row each, about 25 µs (both measured at 500,000 on the loaded
 * 2-core machine): equal near 600 matches. Narrowed texts have no such bound on
 * the walk (a rare surname in a few states read all 500,000 entries), so they
 * rank from their matches up to a higher count.
 */
const RARE = 600;
const RARE_NARROWED = 5_000;

/**
 * When a search's matches under all its filters are known (countsFirst: m of them), they are ranked from
 * the matches if R x m <= (hits up to the page's end) x WALKED_PER_RANKED, R being the rows the ranking
 * reads: for one word its documents (the filters test each), for several the documents holding them all
 * (the text index intersects the words first; at least m). Walking an index in the search's order reads
 * about (offset + limit) x documents / m entries to find a page (the matches spread through it), ranking
 * reads R rows. Measured at 500,000 professionals (2026-11-25, quiet 2-core EPYC): an entry walked
 * 0.25-1 µs (all 500,000 in 125 ms; 11,600 in 11.7 ms), a row ranked about 1.1-1.4 µs ("care", 27,350
 * documents, under Calabar's keys: 30 ms; "okonkwo", 3,390, under Lagos's: 4.6 ms): half as costly,
 * so with 500,000 documents the two are equal when R x m = (offset + limit) x 250,000. For a smaller
 * collection the walk is cheaper than this assumes, but ranking a few thousand rows stays a few
 * milliseconds.
 */
const WALKED_PER_RANKED = 250_000;

/**
 * Whether a search's matches are counted before its hits are asked for, so that hitsQuery knows how many
 * there are (Resolved.matches). The vocabulary bounds a text's matches by its rarest word; under facet
 * or other filters, or for several words, the matches can be far fewer than that bound, and then walking an
 * index in the search's order reads most of it for a page: "emergency care" under Calabar's keys (405
 * documents hold both words, 3 of them in Calabar, each word thousands) read all 500,000 entries of the
 * rating index, 125 ms of SQL, 2026-11-25. The counts are the search's own (the cube's or kept ones for
 * most): asked first they cost the hits no statement, only the wait for the counts.
 */
function countsFirst(s: ParsedSearch, r: Resolved): boolean {
  if (s.perPage === 0 || s.words.length === 0 || !r.words?.main) return false;
  // One word and no filter: its matches are its documents, which the vocabulary knows. At most RARE
  // documents: ranked from the matches whatever the filters leave.
  return (s.words.length > 1 || s.filters.length > 0) && (r.words.maxDocs ?? Infinity) > RARE;
}

/**
 * The page of hits of a search. The page's ids and order are found first, by
 * index-only scans where possible (the rating and key_rating indexes carry
 * key_id, tags, name_key and tsv_main: 009_search_speed.sql), then the page's
 * documents are read: 20 rows of the heap, not one per candidate.
 *
 * Relevance is a tier, then the other sort fields: the exact name (or a name
 * that starts with the query) first, then every other match. Each tier is its
 * own ordered, limited query, so a broad word ("okonkwo": 16,000 matches) reads
 * the rating index until it has a page instead of ranking every match.
 */
export function hitsQuery(s: ParsedSearch, r: Resolved = {}): SqlQuery {
  const p = new Params();
  const coll = collectionLiteral(s.collection);
  const terms = orderTerms(s);
  const cols = terms.slice(0, -1).map((t, i) => `${t.expr} AS o${i}`);
  const inner = terms.map((t) => `${t.expr} ${t.dir}`).join(', ');
  const outer = terms.map((t, i) => `${i === terms.length - 1 ? 'id' : `o${i}`} ${t.dir}`).join(', ');
  const relevance = s.words.length > 0 && s.sort[0]?.field === '_text_match';
  // A text with few matches is ranked from its matches (GIN, then a sort), not by
  // walking the rating index until a page is found: for "dappa" (2,000 documents)
  // in a few states, that walk read all 500,000 entries. `+ 0` keeps the index
  // from giving the order. Bio words (no bound known) are never walked for: the
  // rating index does not carry the bios.
  // Under facet filters, or with several words (whose common matches may be far
  // fewer than either word's), the walk reads more entries per hit: rank from the
  // matches up to a higher bound.
  // The same holds for the other orders (soonest available, fee, experience): "bichi" (2,758 documents)
  // under a specialty's keys, soonest first, walked the next-slot index through all 500,000 entries for 3
  // hits (427 ms, 2026-11-25); ranked from its matches, 3 ms.
  // Counted first (countsFirst), the matches under every filter are known: see WALKED_PER_RANKED.
  const fewMatches = r.matches !== undefined
    ? r.matches * (s.words.length === 1 ? Math.max(r.matches, r.words?.maxDocs ?? 0) : r.matches) <= s.page * s.perPage * WALKED_PER_RANKED
    : (r.words?.maxDocs ?? Infinity) <= (r.keyIds || s.words.length > 1 ? RARE_NARROWED : RARE);
  const rankFrom = s.words.length > 0 && (!r.words?.main || fewMatches)
    ? terms.map((t, i) => `${i > 0 ? t.expr : unindexed(t.expr)} ${t.dir}`).join(', ')
    : inner;
  // Each key's first rows come in order from key_rating (key_id, rating DESC, ...) only when the order
  // is by rating: for another order (soonest available, fee, experience) each key's documents would all be
  // read and sorted (54 keys x 553 rows for soonest available at 500,000: 58 ms), while that order's own
  // index, walked with the keys as a filter, finds a page in a few hundred entries.
  const byRating = terms[0]?.expr === 'rating' && terms[0].dir === 'DESC';
  const perKey = !relevance && byRating && s.words.length === 0 && r.keyIds !== undefined && r.keyIds.length <= PER_KEY_MAX;
  const where = whereSql(s, perKey ? { ...r, keyIds: undefined } : r, p);
  const limit = p.add(s.perPage);
  const offset = p.add((s.page - 1) * s.perPage);
  const enough = `${limit}::int + ${offset}::int`;
  let candidates: string;
  if (perKey) {
    candidates = `SELECT x.* FROM unnest(${p.add(r.keyIds)}::int[]) AS k(key_id) CROSS JOIN LATERAL (
        SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents
        WHERE ${where} AND key_id = k.key_id ORDER BY ${inner} LIMIT ${enough}) x`;
  } else if (!relevance) {
    candidates = `SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents WHERE ${where}${
      rankFrom === inner ? '' : ` ORDER BY ${rankFrom} LIMIT ${enough}`
    }`;
  } else {
    const phrase = p.add(s.words.join(' '));
    // The name is the query or starts with it and a space: name keys hold words of letters and digits
    // joined by single spaces (searchWords), so that is the one range [phrase, phrase || '!'), which
    // the name index (024) gives in order of name with the columns the tier reads.
    const named = `(name_key ~>=~ ${phrase}::text AND name_key ~<~ (${phrase}::text || '!'))`;
    // A name holding every word as a term matches the text: when each word is one of its own terms, the
    // tier needs no text condition and is read from the name index alone (no row of the heap).
    const implied = r.words?.main === true && s.words.every((w, i) => r.words!.terms[i]?.includes(w));
    const namedWhere = implied ? whereSql({ ...s, words: [] }, r, p) : where;
    candidates = `(SELECT id, CASE WHEN name_key = ${phrase}::text THEN 3 ELSE 2 END::float8 AS score${cols.map((c) => `, ${c}`).join('')}
          FROM search_documents WHERE ${namedWhere} AND ${named} ORDER BY score DESC, ${rankFrom} LIMIT ${enough})
        UNION ALL
        (SELECT id, 1::float8${cols.map((c) => `, ${c}`).join('')}
          FROM search_documents WHERE ${where} AND NOT ${named} ORDER BY ${rankFrom} LIMIT ${enough})`;
  }
  // The page is cut from the candidates before it is numbered: a sort under a limit keeps only the
  // best `enough` rows (top-N heapsort), while numbering every candidate first sorted them all.
  const text = `WITH page AS (SELECT id, score, row_number() OVER (ORDER BY score DESC, ${outer}) AS n FROM (
        SELECT * FROM (${candidates}) c ORDER BY score DESC, ${outer} LIMIT ${limit}::int OFFSET ${offset}::int) c)
      SELECT b.document::text AS doc, page.score FROM page JOIN search_bodies b ON b.collection = ${coll} AND b.id = page.id ORDER BY page.n`;
  // A text-less page over many keys or none is planned for its values (how many documents the keys hold).
  return { text, values: p.values, prepare: perKey || (!relevance && r.keyIds === undefined && s.words.length === 0) };
}

/**
 * The cube can count a search when its text is no word or one word (standing for one term or
 * several: "lab" for laboratory and laboratories, a typo for its nearest terms), every filter is on
 * a facet field (at most one on an array field, with one exact value), and no array facet is
 * counted under an array filter. The terms whose cube rows are summed ('' for no text); for
 * several terms, the documents holding two or more of them are taken off again (overlapSql).
 */
function cubeTerms(s: ParsedSearch, r: Resolved): string[] | undefined {
  let terms = [''];
  if (s.words.length > 0) {
    if (!r.words?.main || r.words.terms.length !== 1 || r.words.terms[0].length === 0) return undefined;
    terms = [...new Set(r.words.terms[0])].sort();
  }
  const tagFilters = s.filters.filter((f) => isTagFilter(s, f));
  const day = cubeDay(s);
  if (s.filters.some((f) => !isKeyFilter(s, f) && !isTagFilter(s, f) && !(day && f.field === 'nextSlot'))) return undefined;
  if (tagFilters.length > 1) return undefined;
  if (tagFilters.length === 1) {
    if (tagFilters[0].op !== '=' || tagFilters[0].values.length !== 1) return undefined;
    if (s.facetBy.some((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f))) return undefined;
  }
  return terms;
}

/**
 * The cube's rows of several terms count a document once for each of the terms it holds. The
 * documents that hold two or more of them (a tsquery of every pair: GIN finds them from the terms'
 * entries, without reading the others' rows), each with `extra`, how many times too many it was
 * counted, under the search's filters but `except` (the availability bound, counted per window).
 */
function overlapSql(s: ParsedSearch, r: Resolved, terms: string[], p: Params, except?: FilterClause): string {
  const pairs = terms.flatMap((a, i) => terms.slice(i + 1).map((b) => `(${quoteTerm(a)} & ${quoteTerm(b)})`)).join(' | ');
  const where = whereSql({ ...s, words: [], filters: s.filters.filter((f) => f !== except) }, { keyIds: r.keyIds }, p);
  return `SELECT key_id, tags, next_slot,
      (SELECT count(*) FROM unnest(tsvector_to_array(tsv_main)) l WHERE l = ANY(${p.add(terms)}::text[]))::int - 1 AS extra
    FROM search_documents WHERE ${where} AND tsv_main @@ ${p.add(pairs)}::text::tsquery`;
}

/**
 * The Lagos day D when the search's only next-slot filter is `nextSlot < the Lagos midnight that
 * begins D` (the availability windows, decision 012): that filter is then exactly "the Lagos day of
 * the next slot is before D", which search_cube_days counts (migration 020, decision 022).
 * Nigeria keeps UTC+1 all year, so a Lagos midnight is 23:00 UTC.
 */
export function cubeDay(s: ParsedSearch): string | undefined {
  const slots = s.filters.filter((f) => f.field === 'nextSlot');
  if (slots.length !== 1 || slots[0].op !== '<' || slots[0].values.length !== 1) return undefined;
  const at = Number(slots[0].values[0]);
  if (!Number.isInteger(at) || (at + 3600) % 86400 !== 0) return undefined;
  const day = new Date((at + 3600) * 1000);
  return Number.isNaN(day.getTime()) ? undefined : day.toISOString().slice(0, 10);
}

/**
 * The rows of a cube table under `conds`, restricted to these keys: what follows FROM.
 * - Up to PER_KEY_MAX keys, each listed key's rows are read from the index by that key: a lateral
 *   subquery per key, fenced (OFFSET 0) so that the planner cannot flatten it into a join that it
 *   orders itself. A generic plan's `key_id = ANY($n)` was a filter, each of the term's rows tested
 *   against the whole list (2.9 ms for a kind's 46 keys of the institutions' empty term, 8,500 rows;
 *   0.66 ms a key at a time, 500,000 professionals, 2026-11-25); and a plain join with the list was
 *   planned, from an estimate of one cube row per term, as the term's rows each joined to the whole
 *   list again.
 * - Past PER_KEY_MAX keys the column is hidden from the planner (`+ 0`, as keyCondition does): it
 *   would match every listed key against the column's most common values, 1.3-1.4 ms of planning for a
 *   thousand keys against 0.1 ms of hashing them while the term's rows are read (2026-11-24); such a
 *   statement is planned for its values (cubePreparable), where the list is a constant that is hashed.
 * Returns a function of the conditions, so that one list parameter serves every part of a statement.
 */
function cubeRows(table: string, keyIds: readonly number[] | undefined, p: Params): (conds: string) => string {
  if (keyIds === undefined) return (conds) => `${table} WHERE ${conds}`;
  const list = p.add(keyIds);
  if (keyIds.length > PER_KEY_MAX) return (conds) => `${table} WHERE ${conds} AND key_id + 0 = ANY(${list}::int[])`;
  return (conds) =>
    `unnest(${list}::int[]) AS listed(id) CROSS JOIN LATERAL (SELECT * FROM ${table} WHERE ${conds} AND key_id = listed.id OFFSET 0) AS c`;
}

/**
 * Whether a cube statement over these keys may be prepared (see cubeRows). `= ANY` of a parameter, as a
 * prepared statement's generic plan has it, tests each row against the whole list; planned for its values,
 * the list is a constant that PostgreSQL hashes. So past PER_KEY_MAX keys the statement is planned
 * for its values. (The join `key_id IN (SELECT unnest(...))` used before over any number of keys was planned, prepared or
 * not, from an estimate of one cube row for the term, the columns being correlated, as a nested loop
 * that unnests the list again for every row: at 100,000 professionals, 2,161 rows x 470 keys,
 * 23-152 ms; the hashed `= ANY`, 1.1 ms with its 0.2 ms of planning.)
 */
function cubePreparable(keyIds: readonly number[] | undefined): boolean {
  return keyIds === undefined || keyIds.length <= PER_KEY_MAX;
}

/**
 * The cube rows that count documents themselves (arr_field ''), or, under an array filter, that
 * value's rows. The documents' own rows are named by constants, not parameters: the planner then
 * reads them from the cubes' partial indexes of those rows alone (migration 025), without stepping
 * over every array value's rows of each key (15,250 index entries for 2,254 keys' rows at 500,000).
 * A value's rows say `arr_field <> ''` by a constant for the same reason: over every key they are
 * read from the partial indexes of value rows (migration 027), where they lie together.
 */
function ownRows(p: Params, tagFilter: FilterClause | undefined): string {
  if (!tagFilter) return `arr_field = '' AND arr_value = ''`;
  return `arr_field <> '' AND arr_field = ${p.add(tagFilter.field)}::text AND arr_value = ${p.add(String(tagFilter.values[0]))}::text`;
}

/**
 * `found` and array facet counts as sums over the cube rows of the search's terms, per key id;
 * under an availability window (cubeDay), over the day rows before that day. For several terms,
 * the documents counted more than once are taken off (negative rows, which facetsFromCounts adds).
 */
function cubeCountQuery(s: ParsedSearch, r: Resolved, terms: string[], everyKey: boolean): SqlQuery {
  const p = new Params();
  const tagFilter = s.filters.find((f) => isTagFilter(s, f));
  const day = cubeDay(s);
  // Every key's rows, each array value's per key (the caller keeps the search's keys): see countQuery.
  const perKey = everyKey && terms.length === 1 && r.keyIds !== undefined;
  const rows = cubeRows(day ? 'search_cube_days' : 'search_cube', perKey ? undefined : r.keyIds, p);
  const conds = [`collection = ${p.add(s.collection)}::text`, terms.length === 1 ? `term = ${p.add(terms[0])}::text` : `term = ANY(${p.add(terms)}::text[])`];
  if (day) conds.push(`day < ${p.add(day)}::date`);
  const where = conds.join(' AND ');
  // The documents themselves (arr_field ''), or, under an array filter, that value's rows.
  const own = ownRows(p, tagFilter);
  const parts = [
    day || terms.length > 1
      ? `SELECT key_id AS k, '' AS f, '' AS v, sum(count)::int AS n FROM ${rows(`${where} AND ${own}`)} GROUP BY key_id`
      : `SELECT key_id AS k, '' AS f, '' AS v, count AS n FROM ${rows(`${where} AND ${own}`)}`,
  ];
  const counted = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  if (counted.length && perKey) {
    parts.push(`SELECT key_id, arr_field, arr_value, ${day ? 'sum(count)::int' : 'count'} FROM ${rows(`${where}
      AND arr_field = ANY(${p.add(counted)}::text[])`)}${day ? ' GROUP BY key_id, arr_field, arr_value' : ''}`);
  } else if (counted.length) {
    parts.push(`SELECT 0, arr_field, arr_value, sum(count)::int FROM ${rows(`${where}
      AND arr_field = ANY(${p.add(counted)}::text[])`)} GROUP BY arr_field, arr_value`);
  }
  if (perKey) return { text: parts.join(' UNION ALL '), values: p.values, cube: true, prepare: true, keysAfter: r.keyIds };
  if (terms.length === 1) return { text: parts.join(' UNION ALL '), values: p.values, cube: true, prepare: cubePreparable(r.keyIds) };
  // Several terms: planned for their values (how common the terms are), like the statements over the documents.
  const overlap = overlapSql(s, r, terms, p);
  parts.push(`SELECT key_id, '', '', -sum(extra)::int FROM o GROUP BY key_id`);
  for (const f of counted) {
    const field = ident(f);
    parts.push(`SELECT 0, '${field}', substr(t, ${field.length + 2}), -sum(extra)::int FROM o CROSS JOIN LATERAL unnest(o.tags) t
      WHERE t LIKE '${field}:%' GROUP BY 3`);
  }
  return { text: `WITH o AS MATERIALIZED (${overlap}) ${parts.join(' UNION ALL ')}`, values: p.values, cube: true, prepare: false };
}

/**
 * The rows `found` and the facet counts of a search are made of: per key id, how
 * many documents match (arr_field ''), and per array facet value, how many
 * (key_id 0). From the cube when it can answer, else counted over the matching
 * documents (always with `live`: tests compare the two). Key ids become facet
 * values in the API process (KeyTable), so no statement joins or reads the keys.
 */
export function countQuery(
  s: ParsedSearch,
  r: Resolved = {},
  options: { live?: boolean; windows?: readonly string[]; everyKey?: boolean } = {},
): SqlQuery {
  const terms = options.live ? undefined : cubeTerms(s, r);
  if (terms !== undefined) return cubeCountQuery(s, r, terms, options.everyKey === true);
  const p = new Params();
  // A text's counts for every key, each array value and window per key (the caller keeps the search's
  // keys: keysAfter). Past PER_KEY_MAX keys the key list only filters the rows the text finds
  // (keyCondition hides the column from the indexes), so the statement reads the same rows without it,
  // and one statement serves every key list with the same text and other filters. Not without a text:
  // its rows (every document available today) would all be grouped, where the keys kept a part.
  const perKey = options.everyKey === true && s.words.length > 0 && r.keyIds !== undefined && r.keyIds.length > PER_KEY_MAX;
  const where = whereSql(s, perKey ? { ...r, keyIds: undefined } : r, p);
  const windows = options.windows ?? [];
  // No facet asked (the availability windows' counts, issue 17): `found` alone, one number, which an
  // index can give without the documents (the next-slot index carries key_id and tags: 018).
  if (!perKey && s.facetBy.length === 0 && windows.length === 0) {
    return { text: `SELECT 0 AS k, '' AS f, '' AS v, count(*)::int AS n FROM search_documents WHERE ${where}`, values: p.values };
  }
  const arrays = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  const parts = [`SELECT key_id AS k, '' AS f, '' AS v, count(*)::int AS n FROM m GROUP BY key_id`];
  for (const f of arrays) {
    const field = ident(f);
    parts.push(`SELECT ${perKey ? 'key_id' : '0'}, '${field}', substr(t, ${field.length + 2}), count(*)::int FROM m CROSS JOIN LATERAL unnest(m.tags) t
      WHERE t LIKE '${field}:%' GROUP BY ${perKey ? 'key_id, 3' : '3'}`);
  }
  // The page's availability windows over the same matches (windowRows reads them back).
  windows.forEach((bound, i) => {
    const n = `count(*) FILTER (WHERE next_slot < to_timestamp(${p.add(bound)}::text::float8))::int`;
    parts.push(perKey ? `SELECT key_id, '${WINDOW_ROW}', '${i}', ${n} FROM m GROUP BY key_id` : `SELECT -1, '${WINDOW_ROW}', '${i}', ${n} FROM m`);
  });
  const text = `WITH m AS MATERIALIZED (SELECT key_id${arrays.length ? ', tags' : ''}${windows.length ? ', next_slot' : ''} FROM search_documents WHERE ${where})
     ${parts.join(' UNION ALL ')}`;
  return { text, values: p.values, ...(perKey ? { keysAfter: r.keyIds } : {}) };
}

/** The `f` of a count row that holds an availability window's count (its `v`: the window's place). */
const WINDOW_ROW = '~window';

/** The count rows of the facets, and the windows' counts in their order. */
function windowRows(rows: readonly CountRow[], windows: number): { facetRows: CountRow[]; counts: number[] } {
  const counts = new Array<number>(windows).fill(0);
  const facetRows: CountRow[] = [];
  for (const row of rows) {
    if (row.f === WINDOW_ROW) counts[Number(row.v)] += Number(row.n); // one row, or one per key (keysAfter)
    else facetRows.push(row);
  }
  return { facetRows, counts };
}

/** k: a key id, with f '' (documents of that key); or f and v: an array facet value (k 0). n: how many. Single-word names: the API's pool camel-cases columns. */
export interface CountRow {
  k: number;
  f: string;
  v: string;
  n: number;
}

/** `found` and the facet counts from countQuery's rows. */
export function facetsFromCounts(s: ParsedSearch, rows: readonly CountRow[], keys: KeyTable): { found: number; facets: FacetCount[] } {
  let found = 0;
  const tally = new Map<string, Map<string, number>>(s.facetBy.map((f) => [f, new Map()]));
  const add = (field: string, value: string, n: number) => {
    const m = tally.get(field);
    if (m) m.set(value, (m.get(value) ?? 0) + n);
  };
  const keyFields = s.facetBy.filter((f) => CUBE_KEY_FIELDS[s.collection].includes(f));
  for (const row of rows) {
    const n = Number(row.n);
    if (row.f) {
      add(row.f, row.v, n);
      continue;
    }
    found += n;
    const key = keys.key(Number(row.k));
    for (const f of keyFields) {
      const v = key?.[f];
      if (v !== undefined && v !== null) add(f, String(v), n);
    }
  }
  const prefixOk = (field: string, value: string) => {
    if (s.facetQuery?.field !== field || !s.facetQuery.prefix) return true;
    const v = value.toLowerCase();
    return v.startsWith(s.facetQuery.prefix) || v.includes(` ${s.facetQuery.prefix}`);
  };
  const facets = s.facetBy.map((f) =>
    facet(
      f,
      [...tally.get(f)!].filter(([v, n]) => n > 0 && prefixOk(f, v)).map(([value, count]) => ({ value, count })),
      s.maxFacetValues,
    ),
  );
  return { found, facets };
}

/** One statement that resolves every word of a batch of searches against the vocabulary. */
export function resolveQuery(collection: CollectionName, words: string[]): SqlQuery {
  const p = new Params();
  const coll = `${p.add(collection)}::text`;
  const ws = `${p.add(words)}::text[]`;
  const text = `SELECT w.word, t.term, t.docs, false AS typo FROM unnest(${ws}) AS w(word)
      CROSS JOIN LATERAL (SELECT term, docs FROM search_terms
        WHERE collection = ${coll} AND term ~>=~ w.word AND term ~<~ (w.word || chr(1114111))
        ORDER BY term = w.word DESC, docs DESC LIMIT ${MAX_PREFIX_TERMS}) t
    UNION ALL
    SELECT w.word, t.term, t.docs, true FROM unnest(${ws}) AS w(word)
      CROSS JOIN LATERAL (SELECT term, docs FROM search_terms
        WHERE collection = ${coll} AND length(w.word) >= 4 AND length(term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
          AND (term % w.word OR (term ~>=~ left(w.word, 1) AND term ~<~ (left(w.word, 1) || chr(1114111))))) t`;
  return { text, values: p.values };
}

/**
 * The terms each word stands for: the word itself when it is a term, else the
 * terms it begins, else its nearest typo matches (fewest edits first, as
 * Typesense tries 0, then 1, then 2 typos).
 */
export function resolveWords(words: string[], rows: { word: string; term: string; docs: number; typo: boolean }[]): ResolvedWords {
  const terms = words.map((w) => {
    const prefix = rows.filter((r) => r.word === w && !r.typo).map((r) => r.term);
    if (prefix.includes(w)) return [w];
    if (prefix.length) return prefix;
    const allowed = typosAllowed(w);
    const near = rows
      .filter((r) => r.word === w && r.typo)
      .map((r) => ({ term: r.term, docs: r.docs, d: editDistance(w, r.term) }))
      .filter((x) => x.d <= allowed);
    const fewest = Math.min(...near.map((x) => x.d));
    return near
      .filter((x) => x.d === fewest)
      .sort((a, b) => b.docs - a.docs)
      .slice(0, MAX_TYPO_TERMS)
      .map((x) => x.term);
  });
  const docsOf = (term: string) => rows.find((r) => r.term === term)?.docs ?? 0;
  const main = terms.every((t) => t.length > 0);
  return { main, terms, maxDocs: main ? Math.min(...terms.map((ts) => ts.reduce((n, t) => n + docsOf(t), 0))) : undefined };
}

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
  private readonly countCache = new LRUCache<string, readonly unknown[]>({ maxSize: KEPT_COUNT_ROWS, sizeCalculation: (rows) => rows.length + 1 });
  /** Count statements being read: concurrent searches that need the same one wait for one read. */
  private readonly countsReading = new Map<string, Promise<readonly unknown[]>>();
  constructor(private readonly sql: Sql) {}

  /**
   * A count statement's rows, read once per state of the index. The state is `seen` as it was before the
   * statement was sent: a generation read earlier, so the rows are at least that new (a write moves the
   * generation in its own transaction), never older than the state they are kept under. Without a
   * generation read (searches outside the API's answer cache) every statement is sent.
   */
  private keptCounts<T>(text: string, values: unknown[], prepare: boolean): Promise<readonly T[]> {
    const at = this.seen;
    if (at === undefined) return this.sql.unsafe<T[]>(text, values as never[], { prepare });
    const key = createHash('sha1').update(at).update('\0').update(text).update('\0').update(JSON.stringify(values)).digest('base64');
    const rows = this.countCache.get(key);
    if (rows) return Promise.resolve(rows as readonly T[]);
    let pending = this.countsReading.get(key);
    if (!pending) {
      pending = this.sql
        .unsafe(text, values as never[], { prepare })
        .then((read) => {
          const plain = [...read];
          this.countCache.set(key, plain);
          return plain;
        })
        .finally(() => this.countsReading.delete(key));
      this.countsReading.set(key, pending);
    }
    return pending as Promise<readonly T[]>;
  }

  /**
   * The write generation of each collection (decision 009), read before a request searches. The
   * same statement reads the highest facet key id: while neither has changed since the key table
   * was last refreshed, no key can have been added (a document's key is added in the transaction
   * that writes the document and moves its generation), so the searches skip the key refresh and
   * its count (one statement and a scan of the keys fewer per request).
   */
  readonly generations = async (): Promise<Record<string, string>> => {
    const rows = await this.sql<{ collection: string; generation: string }[]>`
      SELECT collection, generation::text AS generation FROM search_generation
      UNION ALL SELECT '', coalesce(max(id), 0)::text FROM search_cube_keys`;
    this.seen = rows.map((r) => `${r.collection}=${r.generation}`).sort().join(',');
    return Object.fromEntries(rows.filter((r) => r.collection !== '').map((r) => [r.collection, r.generation]));
  };

  /** Brings the key table up to date unless nothing has been written since it last was. */
  private async refreshKeys(): Promise<void> {
    const seen = this.seen;
    if (seen !== undefined && seen === this.keysAt) return;
    await this.keys.refresh(this.sql);
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
  }

  private async writeRows(db: Db, collection: CollectionName, rows: Row[]): Promise<void> {
    // Sorted by id: two writers touching the same documents lock them in the same order.
    const sorted = [...rows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    // The body first: a row of search_documents is written only when its document changed (or
    // it has none yet), so an unchanged document changes nothing (no new generation, no cube work).
    // Each distinct facet key of the batch is resolved to its id once (a batch of 500 professionals
    // holds about 30), not once a row: search_key_id was a fifth of a bulk write's time (2026-11-25).
    // The documents are spliced into the batch's JSON as they are, so PostgreSQL parses each once.
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
      }).replace('"document":""', () => `"document":${r.document}`), // a function: no $-patterns read in the document
    );
    await db.unsafe(
      `WITH x AS (
         SELECT x0.* FROM jsonb_to_recordset($2::text::jsonb) AS x0(id text, document jsonb, key text, name_key text,
           main text, "full" text, tags text[], rating real, review_count int, experience int, fee int, next_slot bigint)
       ), keys AS (
         SELECT key, search_key_id($1, key::jsonb) AS key_id FROM (SELECT DISTINCT key FROM x) k
       ), body AS (
         INSERT INTO search_bodies AS b (collection, id, document, tsv)
         SELECT $1, x.id, x.document, x.full::tsvector FROM x
         ON CONFLICT (collection, id) DO UPDATE SET document = excluded.document, tsv = excluded.tsv
         WHERE b.document IS DISTINCT FROM excluded.document
         RETURNING b.id
       )
       INSERT INTO search_documents AS s
         (collection, id, name_key, key_id, tags, tsv_main, rating, review_count, experience, fee, next_slot, updated_at)
       SELECT $1, x.id, x.name_key, keys.key_id, x.tags, x.main::tsvector,
         x.rating, x.review_count, x.experience, x.fee, to_timestamp(x.next_slot), now()
       FROM x JOIN keys USING (key)
       WHERE x.id IN (SELECT id FROM body) OR NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.collection = $1 AND d.id = x.id)
       ORDER BY x.id
       ON CONFLICT (collection, id) DO UPDATE SET
         name_key = excluded.name_key, key_id = excluded.key_id, tags = excluded.tags, tsv_main = excluded.tsv_main,
         rating = excluded.rating, review_count = excluded.review_count, experience = excluded.experience, fee = excluded.fee,
         next_slot = excluded.next_slot, updated_at = now()`,
      [collection, `[${batch.join(',')}]`],
    );
  }

  async delete(collection: CollectionName, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql`DELETE FROM search_documents WHERE collection = ${collection} AND id = ANY(${[...ids].sort()}::text[])`;
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

  async multiSearch(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    const parsed = searches.map((raw): ParsedSearch | SearchError => {
      try {
        return parseSearch(raw);
      } catch (err) {
        if (err instanceof SearchParamsError) return { code: 400, error: err.message };
        throw err;
      }
    });
    const ok = parsed.filter((x): x is ParsedSearch => !('error' in x));
    const resolved = await this.resolve(ok);
    const windows = windowGroups(ok, resolved);
    const counted = new Map<ParsedSearch, Promise<SearchResult>>();
    const inGroups = new Set(windows.flat());
    for (const group of windows) {
      const r = resolved[ok.indexOf(group[0])];
      // The search the windows are counted for (same words, same other filters: the page itself). When
      // the cube cannot count the windows, its own counts read the same matching documents: the windows
      // are counted in its statement, over the same rows, instead of reading them a second time.
      const key = filterKey(group[0], windowBound(group[0]));
      const page = cubeTerms(group[0], r) === undefined ? ok.find((s) => !inGroups.has(s) && !counted.has(s) && filterKey(s) === key) : undefined;
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
    return Promise.all(parsed.map((s) => ('error' in s ? s : (counted.get(s) ?? this.search(s, resolved[ok.indexOf(s)])))));
  }

  /**
   * Count-only searches that differ only in a `nextSlot:<T` bound (the search page's three
   * availability windows, issue 17) counted in one statement: from the cube's day rows when
   * every bound is a Lagos midnight and the cube can count the rest (migration 020), else in
   * one pass over their common matches (three statements would read the same rows three times).
   */
  private async windowCounts(group: ParsedSearch[], r: Resolved): Promise<SearchResult[]> {
    const started = Date.now();
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
      const bounds = group.map((s) => `to_timestamp(${p.add(String(windowBound(s)!.values[0]))}::text::float8)`);
      const where = whereSql({ ...group[0], filters: group[0].filters.filter((f) => f !== windowBound(group[0])) }, r, p);
      text = `SELECT ${bounds.map((b, i) => `count(*) FILTER (WHERE next_slot < ${b})::int AS n${i}`).join(', ')}
        FROM search_documents WHERE ${where} AND next_slot < GREATEST(${bounds.join(', ')})`;
    }
    const prepare = terms?.length === 1 && cubePreparable(r.keyIds);
    const [row] = terms !== undefined
      ? await this.keptCounts<Record<string, number>>(text, p.values, prepare)
      : await this.sql.unsafe<Record<string, number>[]>(text, p.values as never[], { prepare });
    return windowResults(
      group,
      group.map((_, i) => Number(row?.[`n${i}`] ?? 0)),
      started,
    );
  }

  /**
   * What the searches' SQL needs first: the terms of their words (one statement
   * per collection for the whole batch) and the key ids their facet filters allow.
   */
  async resolve(searches: ParsedSearch[]): Promise<Resolved[]> {
    const rows = new Map<CollectionName, { word: string; term: string; docs: number; typo: boolean }[]>();
    await Promise.all([
      ...[...new Set(searches.filter((x) => x.words.length).map((x) => x.collection))].map(async (c) => {
        const q = resolveQuery(c, [...new Set(searches.filter((x) => x.collection === c).flatMap((x) => x.words))]);
        rows.set(c, await this.sql.unsafe(q.text, q.values as never[], { prepare: true }));
      }),
      this.refreshKeys(),
    ]);
    return searches.map((s) => ({ keyIds: this.keys.idsFor(s), words: s.words.length ? resolveWords(s.words, rows.get(s.collection)!) : undefined }));
  }

  async search(s: ParsedSearch, r: Resolved = {}): Promise<SearchResult> {
    return (await this.searchWith(s, r))[0];
  }

  /** A search, and the count-only searches of its availability windows (multiSearch), counted with it. */
  private async searchWith(s: ParsedSearch, r: Resolved, windows: ParsedSearch[] = []): Promise<[SearchResult, SearchResult[]]> {
    const started = Date.now();
    // Filters no facet key satisfies: nothing to ask the database.
    const none = r.keyIds?.length === 0;
    const [hits, counted]: [SearchResult['hits'], Counted] = none
      ? [[], { ...facetsFromCounts(s, [], this.keys), windows: windows.map(() => 0) }]
      : countsFirst(s, r)
        ? await this.counts(s, r, { windows }).then(async (c) => [await this.hits(s, { ...r, matches: c.found }), c] as const)
        : await Promise.all([this.hits(s, r), this.counts(s, r, { windows })]);
    const result: SearchResult = {
      found: counted.found,
      page: s.page,
      search_time_ms: Date.now() - started,
      request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
      hits,
      facet_counts: counted.facets,
    };
    return [result, windowResults(windows, counted.windows, started)];
  }

  private async hits(s: ParsedSearch, r: Resolved): Promise<SearchResult['hits']> {
    if (s.perPage === 0) return [];
    const q = hitsQuery(s, r);
    const rows = await this.sql.unsafe<{ doc: string; score: number }[]>(q.text, q.values as never[], { prepare: q.prepare === true });
    return rows.map((row) => ({
      document: JSON.parse(row.doc) as SearchDocument,
      highlights: [],
      text_match: Math.round(Number(row.score) * 1000),
    }));
  }

  /**
   * `found` and the facet counts (with `live`, counted over the documents even where the cube could
   * answer), and the counts of `windows`: count-only searches that differ from `s` only by a
   * `nextSlot:<T` bound (multiSearch). Where the counts read the matching documents, the windows are
   * counted in the same statement; elsewhere by windowCounts beside them.
   */
  async counts(s: ParsedSearch, r: Resolved, options: { live?: boolean; windows?: ParsedSearch[] } = {}): Promise<Counted> {
    const windows = options.windows ?? [];
    // Several words, or one word standing for several terms ("lab": lab, laboratory, laboratories).
    if (!options.live && r.words?.main && cubeTerms(s, r) === undefined && s.filters.every((f) => isKeyFilter(s, f))) {
      return this.coveredCounts(s, r, r.words, windows);
    }
    // Past PER_KEY_MAX keys a count reads every key's rows of its term or text anyway (the key column is
    // hidden from the indexes): where counts are kept (a generation was read), every key's rows are read
    // once per state of the index and each search keeps its own keys' rows here, instead of one statement
    // per key list.
    const everyKey = this.seen !== undefined && r.keyIds !== undefined && r.keyIds.length > PER_KEY_MAX;
    const q = countQuery(s, r, { live: options.live, windows: windows.map((w) => String(windowBound(w)!.values[0])), everyKey });
    const beside = q.cube && windows.length ? this.windowCounts(windows, r) : undefined;
    beside?.catch(() => {}); // awaited below; a failure of the counts first must not leave it unhandled
    // Statements over the small tables (cube, vocabulary) are prepared: their
    // plans do not depend on the values, and planning cost as much as running them
    // (but for long key lists: cubePreparable). Those over the documents are planned
    // for their values (how common a word is).
    // Counts over every key are kept per state of the index like the cube's: they serve many key lists.
    let rows = q.cube || q.keysAfter
      ? await this.keptCounts<CountRow>(q.text, q.values, q.cube === true && q.prepare === true)
      : await this.sql.unsafe<CountRow[]>(q.text, q.values as never[]);
    if (q.keysAfter) {
      const keep = new Set(q.keysAfter);
      rows = rows.filter((row) => keep.has(Number(row.k)));
    }
    const { facetRows, counts } = windowRows(rows, windows.length);
    return { ...facetsFromCounts(s, facetRows, this.keys), windows: beside ? (await beside).map((x) => x.found) : counts };
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
    const termRows = await this.keptCounts<{ term: string; k: number }>(
      `SELECT term, key_id AS k FROM search_cube WHERE collection = $1::text AND term = ANY($2::text[]) AND arr_field = '' AND arr_value = '' AND count > 0`,
      [s.collection, allTerms],
      true,
    );
    const keysOf = new Map<string, Set<number>>(allTerms.map((t) => [t, new Set()]));
    for (const row of termRows) keysOf.get(row.term)?.add(Number(row.k));
    const candidates = r.keyIds ?? this.keys.idsOf(s.collection);
    const covered: number[] = [];
    const counted: number[] = [];
    for (const id of candidates) {
      const words = this.keys.wordsOf(id, s.collection);
      if (w.terms.every((group) => group.some((t) => words.has(t)))) covered.push(id);
      else if (w.terms.every((group) => group.some((t) => keysOf.get(t)!.has(id)))) counted.push(id);
    }
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
            return this.sql.unsafe<CountRow[]>(q.text, q.values as never[]);
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

/** The `nextSlot:<T` filter of a count-only search without facets, the only kind windowCounts answers. */
function windowBound(s: ParsedSearch): FilterClause | undefined {
  if (s.perPage !== 0 || s.facetBy.length) return undefined;
  const bounds = s.filters.filter((f) => f.field === 'nextSlot');
  return bounds.length === 1 && bounds[0].op === '<' && bounds[0].values.length === 1 ? bounds[0] : undefined;
}

/** A search's collection, words and filters but `except`: searches with the same key match the same documents. */
function filterKey(s: ParsedSearch, except?: FilterClause): string {
  const rest = s.filters.filter((f) => f !== except).map((f) => [f.field, f.op, f.values]);
  return JSON.stringify([s.collection, s.words, rest]);
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
}

/**
 * The documents of the terms (and keys, and array value) whose next slot's Lagos day is before each
 * of `days`, from the cube's day rows (migration 020): one row, n0, n1, ... For several terms, less
 * the documents counted more than once (overlapSql) whose next slot is before each window's bound.
 */
function cubeWindowsSql(
  p: Params,
  collection: CollectionName,
  terms: string[],
  keyIds: readonly number[] | undefined,
  days: string[],
  tagFilter?: FilterClause,
  overlap?: { sql: string; bounds: string[] },
): string {
  const bounds = days.map((d) => `${p.add(d)}::date`);
  const rows = cubeRows('search_cube_days', keyIds, p);
  const term = terms.length === 1 ? `term = ${p.add(terms[0])}::text` : `term = ANY(${p.add(terms)}::text[])`;
  const less = overlap?.bounds.map((b) => `to_timestamp(${p.add(b)}::text::float8)`);
  const fewer = (i: number) => (less ? ` - coalesce((SELECT sum(extra) FILTER (WHERE next_slot < ${less[i]}) FROM o), 0)` : '');
  return `${overlap ? `WITH o AS MATERIALIZED (${overlap.sql}) ` : ''}SELECT ${bounds
    .map((d, i) => `(coalesce(sum(count) FILTER (WHERE day < ${d}), 0)${fewer(i)})::int AS n${i}`)
    .join(', ')}
    FROM ${rows(`collection = ${p.add(collection)}::text AND ${term} AND ${ownRows(p, tagFilter)} AND day < GREATEST(${bounds.join(', ')})`)}`;
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

function facet(field: string, rows: { value: string; count: number }[], max: number): FacetCount {
  const counts = [...rows]
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, max)
    .map((r) => ({ value: r.value, count: r.count, highlighted: r.value }));
  return { field_name: field, counts, stats: {} };
}

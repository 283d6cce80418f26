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
};

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
function ident(name: string): string {
  // Field names reach SQL only after the schema check; this is a second guard.
  if (!IDENT.test(name)) throw new SearchParamsError(`Bad field name ${name}`);
  return name;
}

const numberExpr = (field: string) => NUMBER_COLUMNS[field] ?? `((document ->> '${ident(field)}')::float8)`;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const words = (...parts: unknown[]): string =>
  searchWords(parts.flatMap((p) => (Array.isArray(p) ? p : [p])).map(str).join(' ')).join(' ');

interface Row {
  id: string;
  document: string;
  nameKey: string;
  /** tsvector literals: the main fields (weights A, B, C), and those plus the bio or description (D). */
  main: string;
  full: string;
  tags: string[];
  rating: number;
  reviewCount: number;
  experience: number;
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
      nameKey,
      main: tsvectorLiteral(main),
      full: tsvectorLiteral([...main, [bio, 'D']]),
      tags: tagsOf(collection, d),
      rating: typeof d.rating === 'number' ? d.rating : 0,
      reviewCount: typeof d.reviewCount === 'number' ? d.reviewCount : 0,
      experience: typeof d.yearsOfExperience === 'number' ? d.yearsOfExperience : 0,
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

/**
 * One statement that answers, for each search with filters on single-valued
 * facets, the key ids those filters allow (row `i`: searches[i]).
 */
export function keysQuery(searches: ParsedSearch[]): SqlQuery | undefined {
  const p = new Params();
  const parts = searches.flatMap((s, i) => {
    const filters = s.filters.filter((f) => isKeyFilter(s, f));
    if (!filters.length) return [];
    const conds = [`collection = ${p.add(s.collection)}::text`, ...filters.map((f) => filterSql(f, p, 'key'))];
    return [`SELECT ${i} AS i, coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM search_cube_keys WHERE ${conds.join(' AND ')}`];
  });
  return parts.length ? { text: parts.join(' UNION ALL '), values: p.values } : undefined;
}

/**
 * The query words resolved against the vocabulary of the main fields
 * (search_terms): for each word, the terms it stands for (empty: none).
 */
export interface ResolvedWords {
  main: boolean;
  terms: string[][];
}

/** What a search needs resolved before its hits and counts: its words, and the key ids its filters allow. */
export interface Resolved {
  words?: ResolvedWords;
  keyIds?: number[];
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
  const parts = s.words.map((w, i) => (r?.terms[i]?.length ? termQuery([r.terms[i]]) : `${quoteTerm(w)}:*`));
  return `tsv @@ to_tsquery('simple', ${p.add(parts.join(' & '))}::text)`;
}

function whereSql(s: ParsedSearch, r: Resolved, p: Params): string {
  const conds = [`collection = ${p.add(s.collection)}::text`];
  if (r.keyIds) conds.push(`key_id = ANY(${p.add(r.keyIds)}::int[])`);
  for (const f of s.filters) if (!isKeyFilter(s, f)) conds.push(filterSql(f, p));
  const text = textCondition(s, r.words, p);
  if (text) conds.push(text);
  return conds.join(' AND ');
}

/** ORDER BY of the sort clauses other than relevance; the (collection, rating DESC, ...) indexes give this order. */
function orderSql(s: ParsedSearch): string {
  const parts = s.sort
    .filter((c) => c.field !== '_text_match')
    // The columns are NOT NULL: no NULLS clause, so the indexes can give the order.
    .map((c) => (NUMBER_COLUMNS[c.field] ? `${NUMBER_COLUMNS[c.field]} ${c.desc ? 'DESC' : 'ASC'}` : `${numberExpr(c.field)} ${c.desc ? 'DESC' : 'ASC'} NULLS LAST`));
  parts.push('id ASC');
  return parts.join(', ');
}

export interface SqlQuery {
  text: string;
  values: unknown[];
  /** Answered from the cube (small tables only). */
  cube?: boolean;
}

/**
 * The page of hits of a search. Relevance is a
 * tier, then the other sort fields: the exact name (or a name that starts with
 * the query) first, then every other match. Each tier is its own ordered,
 * limited query, so a broad word ("okonkwo": 16,000 matches) reads the rating
 * index until it has a page instead of ranking every match.
 */
export function hitsQuery(s: ParsedSearch, r: Resolved = {}): SqlQuery {
  const p = new Params();
  const where = whereSql(s, r, p);
  const order = orderSql(s);
  const limit = p.add(s.perPage);
  const offset = p.add((s.page - 1) * s.perPage);
  const relevance = s.words.length > 0 && s.sort[0]?.field === '_text_match';
  if (!relevance) {
    // The page's ids first (an index-only scan when the filters are facet keys and
    // tags), then their documents.
    return {
      text: `WITH page AS (SELECT id, row_number() OVER (ORDER BY ${order}) AS n FROM search_documents
          WHERE ${where} ORDER BY ${order} LIMIT ${limit}::int OFFSET ${offset}::int)
        SELECT d.document::text AS doc, 0::float8 AS score FROM page JOIN search_documents d
          ON d.collection = ${p.add(s.collection)}::text AND d.id = page.id ORDER BY page.n`,
      values: p.values,
    };
  }
  const phrase = p.add(s.words.join(' '));
  const named = `(name_key = ${phrase}::text OR (name_key ~>=~ (${phrase}::text || ' ') AND name_key ~<~ (${phrase}::text || '!')))`;
  const enough = `${limit}::int + ${offset}::int`;
  const text = `SELECT document::text AS doc, score FROM (
      (SELECT document, CASE WHEN name_key = ${phrase}::text THEN 3 ELSE 2 END::float8 AS score, rating, review_count, experience, id
        FROM search_documents WHERE ${where} AND ${named} ORDER BY score DESC, ${order} LIMIT ${enough})
      UNION ALL
      (SELECT document, 1::float8, rating, review_count, experience, id
        FROM search_documents WHERE ${where} AND NOT ${named} ORDER BY ${order} LIMIT ${enough})
    ) x ORDER BY score DESC, ${order} LIMIT ${limit}::int OFFSET ${offset}::int`;
  return { text, values: p.values };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The part of a facet's value list that facet_query keeps. */
function facetPrefix(s: ParsedSearch, field: string, valueExpr: string, p: Params): string {
  if (s.facetQuery?.field !== field || !s.facetQuery.prefix) return '';
  const like = `${p.add(likeEscape(s.facetQuery.prefix))}::text`;
  return ` AND (lower(${valueExpr}) LIKE ${like} || '%' OR lower(${valueExpr}) LIKE '% ' || ${like} || '%')`;
}

/**
 * The cube can count a search when its text is no word or one word standing for
 * one term, every filter is on a facet field (at most one on an array field,
 * with one exact value), and no array facet is counted under an array filter.
 */
function cubeTerm(s: ParsedSearch, r: Resolved): string | undefined {
  let term = '';
  if (s.words.length > 0) {
    if (!r.words?.main || r.words.terms.length !== 1 || r.words.terms[0].length !== 1) return undefined;
    term = r.words.terms[0][0];
  }
  const tagFilters = s.filters.filter((f) => isTagFilter(s, f));
  if (s.filters.some((f) => !isKeyFilter(s, f) && !isTagFilter(s, f))) return undefined;
  if (tagFilters.length > 1) return undefined;
  if (tagFilters.length === 1) {
    if (tagFilters[0].op !== '=' || tagFilters[0].values.length !== 1) return undefined;
    if (s.facetBy.some((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f))) return undefined;
  }
  return term;
}

/** `found` and facet counts as sums over the cube rows of the search's term. */
function cubeCountQuery(s: ParsedSearch, r: Resolved, term: string): SqlQuery {
  const p = new Params();
  const arrays = CUBE_ARRAY_FIELDS[s.collection];
  const tagFilter = s.filters.find((f) => isTagFilter(s, f));
  const conds = [`c.collection = ${p.add(s.collection)}::text`, `c.term = ${p.add(term)}::text`];
  if (r.keyIds) conds.push(`c.key_id = ANY(${p.add(r.keyIds)}::int[])`);
  // The documents themselves (arr_field ''), or, under an array filter, that value's rows.
  const base = `arr_field = ${p.add(tagFilter?.field ?? '')}::text AND arr_value = ${p.add(tagFilter ? String(tagFilter.values[0]) : '')}::text`;
  const counted = s.facetBy.filter((f) => arrays.includes(f));
  conds.push(counted.length ? `((c.${base.replace(' AND arr_value', ' AND c.arr_value')}) OR c.arr_field = ANY(${p.add(counted)}::text[]))` : `c.${base.replace(' AND arr_value', ' AND c.arr_value')}`);
  const parts = [`SELECT '' AS field, '' AS value, coalesce(sum(count), 0)::int AS count FROM m WHERE ${base}`];
  for (const f of s.facetBy) {
    const field = ident(f);
    const max = p.add(s.maxFacetValues);
    if (arrays.includes(field)) {
      parts.push(`(SELECT '${field}', arr_value, sum(count)::int FROM m WHERE arr_field = '${field}'${facetPrefix(s, field, 'arr_value', p)}
        GROUP BY arr_value ORDER BY 3 DESC, 2 LIMIT ${max}::int)`);
    } else {
      const v = `(key ->> '${field}')`;
      parts.push(`(SELECT '${field}', ${v}, sum(count)::int FROM m WHERE ${base} AND ${v} IS NOT NULL${facetPrefix(s, field, v, p)}
        GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${max}::int)`);
    }
  }
  const text = `WITH m AS MATERIALIZED (
      SELECT c.arr_field, c.arr_value, c.count, k.key FROM search_cube c JOIN search_cube_keys k ON k.id = c.key_id
      WHERE ${conds.join(' AND ')})
    ${parts.join(' UNION ALL ')}`;
  return { text, values: p.values, cube: true };
}

/**
 * `found` (field '' value '') and the facet counts of a search, as rows of
 * (field, value, count): from the cube when it can answer, else counted over
 * the matching documents (always with `live`: tests compare the two). The
 * matching rows are grouped by key first: a few hundred groups, whatever the
 * number of documents.
 */
export function countQuery(s: ParsedSearch, r: Resolved = {}, options: { live?: boolean } = {}): SqlQuery {
  const term = options.live ? undefined : cubeTerm(s, r);
  if (term !== undefined) return cubeCountQuery(s, r, term);
  const p = new Params();
  const where = whereSql(s, r, p);
  const arrays = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  const parts = [`SELECT '' AS field, '' AS value, coalesce(sum(n), 0)::int AS count FROM g`];
  for (const f of s.facetBy) {
    const field = ident(f);
    const max = p.add(s.maxFacetValues);
    if (arrays.includes(field)) {
      parts.push(`(SELECT '${field}', v, count(*)::int FROM m CROSS JOIN LATERAL
          (SELECT substr(t, ${field.length + 2}) AS v FROM unnest(m.tags) t WHERE t LIKE '${field}:%') x
        WHERE true${facetPrefix(s, field, 'v', p)} GROUP BY v ORDER BY 3 DESC, 2 LIMIT ${max}::int)`);
    } else {
      const v = `(k.key ->> '${field}')`;
      parts.push(`(SELECT '${field}', ${v}, sum(n)::int FROM g JOIN search_cube_keys k ON k.id = g.key_id
        WHERE ${v} IS NOT NULL${facetPrefix(s, field, v, p)} GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${max}::int)`);
    }
  }
  const text = `WITH m AS MATERIALIZED (SELECT key_id${arrays.length ? ', tags' : ''} FROM search_documents WHERE ${where}),
      g AS (SELECT key_id, count(*) AS n FROM m GROUP BY key_id)
     ${parts.join(' UNION ALL ')}`;
  return { text, values: p.values };
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
  return { main: terms.every((t) => t.length > 0), terms };
}

export class PostgresEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  constructor(private readonly sql: Sql) {}

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
    await db.unsafe(
      `INSERT INTO search_documents AS s
         (collection, id, document, name_key, key_id, tags, tsv_main, tsv, rating, review_count, experience, updated_at)
       SELECT $1, x.id, x.doc, x.name_key, search_key_id($1, x.doc), x.tags, x.main::tsvector, x.full::tsvector,
         x.rating, x.review_count, x.experience, now()
       FROM jsonb_to_recordset($2::text::jsonb) AS x0(id text, document text, name_key text, main text, "full" text,
         tags text[], rating real, review_count int, experience int)
       CROSS JOIN LATERAL (SELECT x0.*, x0.document::jsonb AS doc) x
       ON CONFLICT (collection, id) DO UPDATE SET
         document = excluded.document, name_key = excluded.name_key, key_id = excluded.key_id, tags = excluded.tags,
         tsv_main = excluded.tsv_main, tsv = excluded.tsv, rating = excluded.rating, review_count = excluded.review_count,
         experience = excluded.experience, updated_at = now()
       WHERE s.document IS DISTINCT FROM excluded.document`,
      [
        collection,
        JSON.stringify(
          sorted.map((r) => ({
            id: r.id,
            document: r.document,
            name_key: r.nameKey,
            main: r.main,
            full: r.full,
            tags: r.tags,
            rating: r.rating,
            review_count: r.reviewCount,
            experience: r.experience,
          })),
        ),
      ],
    );
  }

  async delete(collection: CollectionName, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql`DELETE FROM search_documents WHERE collection = ${collection} AND id = ANY(${[...ids].sort()}::text[])`;
  }

  async exportAll(collection: CollectionName): Promise<SearchDocument[]> {
    const rows = await this.sql<{ doc: string }[]>`
      SELECT document::text AS doc FROM search_documents WHERE collection = ${collection} ORDER BY id`;
    return rows.map((r) => JSON.parse(r.doc) as SearchDocument);
  }

  async replaceAll(collection: CollectionName, batches: AsyncIterable<SearchDocument[]>): Promise<number> {
    let total = 0;
    await this.sql.begin(async (tx) => {
      // Counts are rebuilt once at the end, not row by row.
      await tx`SELECT set_config('ilera.search_bulk', 'on', true)`;
      await tx`DELETE FROM search_documents WHERE collection = ${collection}`;
      for await (const docs of batches) {
        for (const d of docs) validateDocument(collection, d);
        await this.writeRows(tx, collection, docs.map((d) => derive(collection, d)));
        total += docs.length;
      }
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
    return Promise.all(parsed.map((s) => ('error' in s ? s : this.search(s, resolved[ok.indexOf(s)]))));
  }

  /**
   * What the searches' SQL needs first: the terms of their words (one statement
   * per collection for the whole batch) and the key ids their facet filters allow.
   */
  async resolve(searches: ParsedSearch[]): Promise<Resolved[]> {
    const rows = new Map<CollectionName, { word: string; term: string; docs: number; typo: boolean }[]>();
    const keys = keysQuery(searches);
    const [, keyRows] = await Promise.all([
      Promise.all(
        [...new Set(searches.filter((x) => x.words.length).map((x) => x.collection))].map(async (c) => {
          const q = resolveQuery(c, [...new Set(searches.filter((x) => x.collection === c).flatMap((x) => x.words))]);
          rows.set(c, await this.sql.unsafe(q.text, q.values as never[], { prepare: true }));
        }),
      ),
      keys ? this.sql.unsafe<{ i: number; ids: number[] }[]>(keys.text, keys.values as never[], { prepare: true }) : [],
    ]);
    const keyIds = new Map(keyRows.map((row) => [row.i, row.ids]));
    return searches.map((s, i) => ({ keyIds: keyIds.get(i), words: s.words.length ? resolveWords(s.words, rows.get(s.collection)!) : undefined }));
  }

  async search(s: ParsedSearch, r: Resolved = {}): Promise<SearchResult> {
    const started = Date.now();
    const [hits, counted] = await Promise.all([this.hits(s, r), this.countAndFacets(s, r)]);
    return {
      found: counted.found,
      page: s.page,
      search_time_ms: Date.now() - started,
      request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
      hits,
      facet_counts: counted.facets,
    };
  }

  private async hits(s: ParsedSearch, r: Resolved): Promise<SearchResult['hits']> {
    if (s.perPage === 0) return [];
    const q = hitsQuery(s, r);
    const rows = await this.sql.unsafe<{ doc: string; score: number }[]>(q.text, q.values as never[]);
    return rows.map((row) => ({
      document: JSON.parse(row.doc) as SearchDocument,
      highlights: [],
      text_match: Math.round(Number(row.score) * 1000),
    }));
  }

  private async countAndFacets(s: ParsedSearch, r: Resolved): Promise<{ found: number; facets: FacetCount[] }> {
    const q = countQuery(s, r);
    // Statements over the small tables (cube, keys, vocabulary) are prepared: their
    // plans do not depend on the values, and planning cost as much as running them.
    // Those over the documents are planned for their values (how common a word is).
    const rows = await this.sql.unsafe<{ field: string; value: string; count: number }[]>(q.text, q.values as never[], { prepare: q.cube === true });
    const found = rows.find((row) => row.field === '')?.count ?? 0;
    return { found, facets: s.facetBy.map((f) => facet(f, rows.filter((row) => row.field === f && row.count > 0), s.maxFacetValues)) };
  }

  async close(): Promise<void> {}
}

function facet(field: string, rows: { value: string; count: number }[], max: number): FacetCount {
  const counts = [...rows]
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, max)
    .map((r) => ({ value: r.value, count: r.count, highlighted: r.value }));
  return { field_name: field, counts, stats: {} };
}

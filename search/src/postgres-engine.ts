// The default search engine: the documents in PostgreSQL's `search_documents`
// (db/migrations/002_search.sql), answering Typesense-shaped searches.
// - Words match by prefix in a weighted tsvector (name A, specialty/services B,
//   institution/city/state C, bio D), or, for words of 4+ letters, by trigram
//   word similarity (typos: "cardiolgy" finds Cardiology). Every word must match.
// - Relevance: an exact name first, then text rank and similarity, then rating.
// - Filters are jsonb containment tests (one GIN index); facet counts are plain
//   SQL over the matching rows, or, for the text-less unfiltered view, the
//   counts kept ahead of time by a trigger in search_facet_counts.
import type { Db, Sql } from '@ilera/db';
import { SearchParamsError, type FacetCount, type SearchEngine, type SearchError, type SearchRequest, type SearchResult } from './engine';
import { parseSearch, searchWords, type FilterClause, type ParsedSearch } from './protocol';
import { schemas, validateDocument, type CollectionName, type SearchDocument } from './schema';

/** Facet fields whose whole-collection counts the trigger keeps (see search_facet_values). */
const CACHED_FACETS: Record<CollectionName, ReadonlySet<string>> = {
  professionals: new Set(['professionalType', 'specialty', 'city', 'state', 'countries', 'isVerified']),
  institutions: new Set(['type', 'services', 'city', 'state', 'isVerified']),
};

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
  fuzzyText: string;
  a: string;
  b: string;
  c: string;
  d: string;
  rating: number;
  reviewCount: number;
  experience: number;
}

/** The derived columns of a document: what matching, ranking and sorting use. */
export function derive(collection: CollectionName, doc: SearchDocument): Row {
  const d = doc as Record<string, unknown>;
  const base = {
    id: doc.id,
    document: JSON.stringify(doc),
    rating: typeof d.rating === 'number' ? d.rating : 0,
    reviewCount: typeof d.reviewCount === 'number' ? d.reviewCount : 0,
    experience: typeof d.yearsOfExperience === 'number' ? d.yearsOfExperience : 0,
  };
  if (collection === 'professionals') {
    const nameKey = words(d.firstName, d.lastName) || words(d.name);
    return {
      ...base,
      nameKey,
      fuzzyText: words(d.name, d.specialty, d.professionalType, d.institution, d.city, d.state),
      a: words(d.name, d.firstName, d.lastName),
      b: words(d.specialty, d.professionalType),
      c: words(d.institution, d.city, d.state),
      d: words(d.bio),
    };
  }
  return {
    ...base,
    nameKey: words(d.name),
    fuzzyText: words(d.name, d.typeLabel, d.services, d.city, d.state),
    a: words(d.name),
    b: words(d.typeLabel, d.type, d.services),
    c: words(d.city, d.state),
    d: words(d.description),
  };
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function filterSql(f: FilterClause, p: Params): string {
  const field = ident(f.field);
  const negate = f.op === '!=' || f.op === '!';
  let cond: string;
  if (f.def.type === 'int32' || f.def.type === 'float') {
    const expr = numberExpr(field);
    if (f.op === '>' || f.op === '>=' || f.op === '<' || f.op === '<=') {
      return `${expr} ${f.op} ${p.add(String(f.values[0]))}::text::float8`;
    }
    cond = `${expr} = ANY(${p.add(f.values.map(Number))}::float8[])`;
  } else if (f.op === '=' || f.op === '!=' || f.def.type === 'bool') {
    // Exact: containment, answered by the jsonb_path_ops GIN index.
    const ors = f.values.map((v) => `document @> ${p.add(JSON.stringify({ [field]: f.def.type === 'string[]' ? [v] : v }))}::text::jsonb`);
    cond = ors.length === 1 ? ors[0] : `(${ors.join(' OR ')})`;
  } else {
    // `field:value`: case-insensitive equality (typed text such as a city).
    const lowered = p.add(f.values.map((v) => String(v).toLowerCase()));
    cond =
      f.def.type === 'string[]'
        ? `EXISTS (SELECT 1 FROM jsonb_array_elements_text(document -> '${field}') e WHERE lower(e) = ANY(${lowered}::text[]))`
        : `lower(document ->> '${field}') = ANY(${lowered}::text[])`;
  }
  return negate ? `NOT coalesce(${cond}, false)` : cond;
}

/** WHERE conditions and the relevance expression of a parsed search. */
function whereAndScore(s: ParsedSearch, p: Params, withScore = true): { where: string; score: string } {
  const conds = [`collection = ${p.add(s.collection)}::text`];
  for (const f of s.filters) conds.push(filterSql(f, p));
  if (s.words.length === 0) return { where: conds.join(' AND '), score: '0' };

  const scoreParts: string[] = [];
  for (const w of s.words) {
    const tsq = `to_tsquery('simple', ${p.add(`${w}:*`)}::text)`;
    if (w.length >= 4) {
      // Typo tolerance only for words of four letters or more, as Typesense does by default.
      const wp = `${p.add(w)}::text`;
      conds.push(`(tsv @@ ${tsq} OR ${wp} <% fuzzy_text)`);
      scoreParts.push(`word_similarity(${wp}, fuzzy_text)`);
    } else {
      conds.push(`tsv @@ ${tsq}`);
    }
  }
  if (!withScore) return { where: conds.join(' AND '), score: '0' };
  const anyWord = `${p.add(s.words.map((w) => `${w}:*`).join(' | '))}::text`;
  const phrase = `${p.add(s.words.join(' '))}::text`;
  scoreParts.push(`ts_rank(tsv, to_tsquery('simple', ${anyWord})) * 10`);
  // An exact name (or a name that starts with the query) comes first.
  scoreParts.push(`CASE WHEN name_key = ${phrase} THEN 100 WHEN name_key LIKE ${phrase} || ' %' THEN 20 ELSE 0 END`);
  return { where: conds.join(' AND '), score: scoreParts.join(' + ') };
}

function orderSql(s: ParsedSearch, score: string): string {
  const parts = s.sort.map((c) => {
    const dir = c.desc ? 'DESC' : 'ASC';
    // Without query words every document has the same relevance.
    if (c.field === '_text_match') return s.words.length ? `(${score}) ${dir}` : null;
    // The columns are NOT NULL: no NULLS clause, so the (collection, rating DESC, ...) indexes can give the order.
    return NUMBER_COLUMNS[c.field] ? `${NUMBER_COLUMNS[c.field]} ${dir}` : `${numberExpr(c.field)} ${dir} NULLS LAST`;
  }).filter((x): x is string => x !== null);
  parts.push('id ASC');
  return parts.join(', ');
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** The page of hits of a search (exported for bench/search-explain.ts). */
export function hitsQuery(s: ParsedSearch): SqlQuery {
  const p = new Params();
  const { where, score } = whereAndScore(s, p);
  const text = `SELECT document::text AS doc, (${score})::float8 AS score FROM search_documents
     WHERE ${where} ORDER BY ${orderSql(s, score)}
     LIMIT ${p.add(s.perPage)}::int OFFSET ${p.add((s.page - 1) * s.perPage)}::int`;
  return { text, values: p.values };
}

/**
 * `found` (field '' value '') and the facet counts of a search, as rows of
 * (field, value, count). The text-less, unfiltered view reads the counts kept
 * by the trigger; any other search counts its matching rows.
 */
export function countQuery(s: ParsedSearch): SqlQuery {
  const p = new Params();
  const cached = CACHED_FACETS[s.collection];
  if (s.words.length === 0 && s.filters.length === 0 && !s.facetQuery && s.facetBy.every((f) => cached.has(f))) {
    const text = `SELECT field, value, count FROM search_facet_counts
      WHERE collection = ${p.add(s.collection)}::text AND (field = '' OR field = ANY(${p.add(s.facetBy)}::text[]))`;
    return { text, values: p.values };
  }
  const { where } = whereAndScore(s, p, false);
  if (s.facetBy.length === 0) {
    return { text: `SELECT '' AS field, '' AS value, count(*)::int AS count FROM search_documents WHERE ${where}`, values: p.values };
  }
  const parts = [`SELECT '' AS field, '' AS value, count(*)::int AS count FROM m`];
  const columns: string[] = [];
  for (const f of s.facetBy) {
    const field = ident(f);
    const isArray = schemas[s.collection].fields[field].type === 'string[]';
    // The matching rows are kept with only the facet fields, not whole documents.
    columns.push(isArray ? `document -> '${field}' AS "${field}"` : `document ->> '${field}' AS "${field}"`);
    const values = isArray
      ? `CROSS JOIN LATERAL (SELECT DISTINCT jsonb_array_elements_text(m."${field}") AS v) x`
      : `CROSS JOIN LATERAL (SELECT m."${field}" AS v) x`;
    let prefix = '';
    if (s.facetQuery?.field === f && s.facetQuery.prefix) {
      const like = `${p.add(likeEscape(s.facetQuery.prefix))}::text`;
      prefix = ` AND (lower(v) LIKE ${like} || '%' OR lower(v) LIKE '% ' || ${like} || '%')`;
    }
    parts.push(
      `(SELECT '${field}', v, count(*)::int FROM m ${values} WHERE v IS NOT NULL${prefix}
        GROUP BY v ORDER BY count(*) DESC, v LIMIT ${p.add(s.maxFacetValues)}::int)`,
    );
  }
  const text = `WITH m AS MATERIALIZED (SELECT ${columns.join(', ')} FROM search_documents WHERE ${where})
     ${parts.join(' UNION ALL ')}`;
  return { text, values: p.values };
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
         (collection, id, document, name_key, fuzzy_text, tsv, rating, review_count, experience, updated_at)
       SELECT $1, x.id, x.document::jsonb, x.name_key, x.fuzzy_text,
         setweight(to_tsvector('simple', x.a), 'A') || setweight(to_tsvector('simple', x.b), 'B') ||
         setweight(to_tsvector('simple', x.c), 'C') || setweight(to_tsvector('simple', x.d), 'D'),
         x.rating, x.review_count, x.experience, now()
       FROM jsonb_to_recordset($2::text::jsonb) AS x(id text, document text, name_key text, fuzzy_text text,
         a text, b text, c text, d text, rating real, review_count int, experience int)
       ON CONFLICT (collection, id) DO UPDATE SET
         document = excluded.document, name_key = excluded.name_key, fuzzy_text = excluded.fuzzy_text,
         tsv = excluded.tsv, rating = excluded.rating, review_count = excluded.review_count,
         experience = excluded.experience, updated_at = now()
       WHERE s.document IS DISTINCT FROM excluded.document`,
      [
        collection,
        JSON.stringify(
          sorted.map((r) => ({
            id: r.id,
            document: r.document,
            name_key: r.nameKey,
            fuzzy_text: r.fuzzyText,
            a: r.a,
            b: r.b,
            c: r.c,
            d: r.d,
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
      await tx`INSERT INTO search_facet_counts (collection, field, value, count) VALUES (${collection}, '', '', 0) ON CONFLICT DO NOTHING`;
      await tx`SELECT 1 FROM search_facet_counts WHERE collection = ${collection} AND field = '' AND value = '' FOR UPDATE`;
      await tx`DELETE FROM search_facet_counts WHERE collection = ${collection}`;
      await tx`
        INSERT INTO search_facet_counts (collection, field, value, count)
        SELECT ${collection}, f.field, f.value, count(*)::int
        FROM search_documents d CROSS JOIN LATERAL search_facet_values(d.collection, d.document) f
        WHERE d.collection = ${collection}
        GROUP BY f.field, f.value`;
      await tx`INSERT INTO search_facet_counts (collection, field, value, count) VALUES (${collection}, '', '', 0) ON CONFLICT DO NOTHING`;
    });
    return total;
  }

  async multiSearch(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]> {
    return Promise.all(
      searches.map(async (raw) => {
        try {
          return await this.search(parseSearch(raw));
        } catch (err) {
          if (err instanceof SearchParamsError) return { code: 400, error: err.message };
          throw err;
        }
      }),
    );
  }

  async search(s: ParsedSearch): Promise<SearchResult> {
    const started = Date.now();
    const [hits, counted] = await Promise.all([this.hits(s), this.countAndFacets(s)]);
    return {
      found: counted.found,
      page: s.page,
      search_time_ms: Date.now() - started,
      request_params: { collection_name: s.collection, q: s.q, per_page: s.perPage },
      hits,
      facet_counts: counted.facets,
    };
  }

  private async hits(s: ParsedSearch): Promise<SearchResult['hits']> {
    if (s.perPage === 0) return [];
    const q = hitsQuery(s);
    const rows = await this.sql.unsafe<{ doc: string; score: number }[]>(q.text, q.values as never[]);
    return rows.map((r) => ({
      document: JSON.parse(r.doc) as SearchDocument,
      highlights: [],
      text_match: Math.round(Number(r.score) * 1000),
    }));
  }

  private async countAndFacets(s: ParsedSearch): Promise<{ found: number; facets: FacetCount[] }> {
    const q = countQuery(s);
    const rows = await this.sql.unsafe<{ field: string; value: string; count: number }[]>(q.text, q.values as never[]);
    const found = rows.find((r) => r.field === '')?.count ?? 0;
    return { found, facets: s.facetBy.map((f) => facet(f, rows.filter((r) => r.field === f && r.count > 0), s.maxFacetValues)) };
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

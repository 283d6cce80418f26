// The PostgreSQL engine's SQL: filters, the WHERE clause, orders and the page of hits
// (hitsQuery), over search_documents (002_search.sql, 009_search_speed.sql, 017, 024).
import { SearchParamsError } from './engine';
import type { FilterClause, ParsedSearch } from './protocol';
import type { CollectionName } from './schema';
import { isKeyFilter, isTagFilter, tag } from './postgres-keys';
import type { ResolvedWords } from './postgres-typos';
import { collectionLiteral, ident, Params, type SqlQuery } from './postgres-params';
import { distancePoint, distanceSql, geoFilterSql, geoSortExpr, inCells, point, SMALL_CELLS, smallCells, unboxed } from './postgres-geo';

/** Numeric fields kept in their own indexed columns. */
export const NUMBER_COLUMNS: Record<string, string> = {
  rating: 'rating',
  reviewCount: 'review_count',
  yearsOfExperience: 'experience',
  consultationFee: 'fee',
  // Issue 45: both collections' consultation fee (a professional's is consultationFee too: the same number).
  consultationFeeNaira: 'fee',
};
/**
 * Issue 45's other columns (migration 050), NULL when the document lacks the field: filtered here, never by
 * the near-me copy in memory (postgres-near.ts reads NUMBER_COLUMNS only, and refuses searches filtering
 * on these: the SQL answers them).
 */
const CARE_COLUMNS: Record<string, string> = {
  hoursValidUntil: 'hours_until',
  open24Hours: 'open24',
  freeAtPointOfCare: 'free_care',
};
/**
 * Integer columns. A range over one compares with a bigint bound (int4 vs float8 has no operator in the
 * integer index's family, so `fee <= 10000::float8` cast every row's fee and read the whole collection):
 * for an integer column, `<= x` and `> x` are `<= floor(x)` and `> floor(x)`, `< x` and `>= x` are
 * `< ceil(x)` and `>= ceil(x)`; the bound is clamped into bigint's range (a larger one matches as before).
 */
const INTEGER_COLUMNS = new Set(['review_count', 'experience', 'fee']);
function integerBound(op: string, param: string): string {
  const round = op === '<=' || op === '>' ? 'floor' : 'ceil';
  return `least(greatest(${round}(${param}::text::float8), -9.2e18), 9.2e18)::bigint`;
}
/** Number columns that may be NULL (the field is optional): sorted after every value, as Typesense sorts missing values. */
export const NULLABLE_COLUMNS = new Set(['fee']);


/**
 * Other numbers (institutionId, professionalCount: filters no page of the app
 * sends) are read from the row's body (017_search_narrow_rows.sql): correct, but
 * one body lookup per candidate, and since 091 (decision 068) one parse of the
 * body's json text (about 7 µs a professional's document, against 2 µs from jsonb).
 */
const numberExpr = (field: string) =>
  NUMBER_COLUMNS[field] ??
  CARE_COLUMNS[field] ??
  `((SELECT (b.document ->> '${ident(field)}')::float8 FROM search_bodies b WHERE b.collection = search_documents.collection AND b.id = search_documents.id))`;
/**
 * A filter as SQL. Filters on single-valued facet fields are written over a key
 * (`col`: search_cube_keys.key) and resolved to key ids first; array facets are
 * tags; numbers have their own columns.
 */
export function filterSql(f: FilterClause, p: Params, col = 'document'): string {
  const field = ident(f.field);
  const negate = f.op === '!=' || f.op === '!';
  let cond: string;
  if (f.def.type === 'geopoint') return geoFilterSql(f, p);
  const care = careFilterSql(f, p);
  if (care) return care;
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
      if (INTEGER_COLUMNS.has(expr)) return `${expr} ${f.op} ${integerBound(f.op, p.add(String(f.values[0])))}`;
      return `${expr} ${f.op} ${p.add(String(f.values[0]))}::text::float8`;
    }
    cond = `${expr} = ANY(${p.add(f.values.map(Number))}::float8[])`;
  } else if (f.def.type === 'string[]' || f.def.tagged) {
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
 * Issue 45's array and flag fields as SQL on their columns (migration 050), as Typesense reads the filter:
 * on an array `:=` is "holds one of the values", `:!=` "holds none of them" (a document without the field
 * too), a comparison "holds a value so compared". A flag's `:=` needs the field; `:!=` takes its absence.
 */
function careFilterSql(f: FilterClause, p: Params): string | undefined {
  const negate = (cond: string) => (f.op === '!=' || f.op === '!' ? `NOT coalesce(${cond}, false)` : cond);
  const range = f.op === '>' || f.op === '>=' || f.op === '<' || f.op === '<=';
  if (f.field === 'openSlots') {
    // Quarter hours as runs: the largest held is upper - 1, the smallest lower.
    if (range) return f.op[0] === '>' ? `upper(open_ranges) - 1 ${f.op} ${p.add(Number(f.values[0]))}::int` : `lower(open_ranges) ${f.op} ${p.add(Number(f.values[0]))}::int`;
    return negate(`(${f.values.map((v) => `open_ranges @> ${p.add(Number(v))}::int`).join(' OR ')})`);
  }
  if (f.field === 'closedDays') {
    if (range) return `EXISTS (SELECT 1 FROM unnest(closed_days) d WHERE d ${f.op} ${p.add(Number(f.values[0]))}::int)`;
    return negate(`closed_days && ${p.add(f.values.map(Number))}::int[]`);
  }
  if (f.field === 'open24Hours' || f.field === 'freeAtPointOfCare') {
    const col = CARE_COLUMNS[f.field];
    const wanted = new Set(f.values.map((v) => v === true || v === 'true'));
    return negate(wanted.size === 2 ? `${col} IS NOT NULL` : wanted.has(true) ? `${col}` : `NOT ${col}`);
  }
  return undefined;
}

/** What a search needs resolved before its hits and counts: its words, and the key ids its filters allow. */
export interface Resolved {
  words?: ResolvedWords;
  keyIds?: readonly number[];
  /** How many documents the search matches under all its filters, when counted before its hits (countsFirst). */
  matches?: number;
  /**
   * Counted first, the keys that hold its matches: within a radius from the cells (039), the keys with
   * documents within it; under an array filter, from the cube's rows key by key (facetsFromCounts).
   */
  keysWithin?: readonly number[];
}
export const quoteTerm = (t: string) => `'${t.replace(/'/g, "''")}'`;
/** A tsquery of exact terms: every word, each as an OR of its terms. */
export const termQuery = (terms: string[][]) => terms.map((ts) => `(${ts.map(quoteTerm).join(' | ')})`).join(' & ');

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
export function keyCondition(ids: readonly number[], p: Params): string {
  return `key_id${ids.length > PER_KEY_MAX ? ' + 0' : ''} = ANY(${p.add(ids)}::int[])`;
}


export function whereSql(s: ParsedSearch, r: Resolved, p: Params): string {
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
function orderTerms(s: ParsedSearch, p: Params): { expr: string; dir: string }[] {
  const terms = s.sort
    .filter((c) => c.field !== '_text_match')
    .map((c) => {
      const nulls = ` NULLS ${c.missing === 'first' ? 'FIRST' : 'LAST'}`;
      // Nearest first (D23): the chord, which the location index gives in order (postgres-geo.ts).
      if (c.point) return { expr: geoSortExpr(c.point.lat, c.point.lng, p), dir: `${c.desc ? 'DESC' : 'ASC'}${nulls}` };
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
/**
 * Below this many facet keys, a text-less page is the merge of each key's own
 * first rows (key_rating index, already in order); above it, one walk down the
 * rating index, which finds a page quickly when the keys hold many documents.
 */
export const PER_KEY_MAX = 64;

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
 * Rows walked past a nearest-first page's last hit (hitsQuery): if the next one lies at the same distance
 * (the professionals of one hospital share its point), every document up to that distance is read. Each
 * row walked costs about documents / matches entries of the index: with 16 spare rows a specialty's 12
 * nearest walked 5,166 entries (23.6 ms at load 12, 2026-11-26), more than twice the page's own.
 */
const TIES_WALKED = 1;
/** Matches per hit of the page up to which a text-less page under an array filter is ranked from its matches (hitsQuery). */
const TAG_RANKED_PER_HIT = 4;
/**
 * Over every key, the tag's documents are the matches (m): a page deep in them is ranked from them when
 * m x m <= (offset + limit) x TAG_WALKED_PER_RANKED, the walk reading about (offset + limit) x documents / m
 * entries. Measured at 101,000 institutions (51,000 rated-0 listings at the walk's tail; Mammography, 1,706
 * documents, medians of 7 at load 7, 2026-11-26): page 1 walked 0.5 / ranked 2.3 ms, page 6 2.4 / 4.6, page 11
 * 3.6 / 3.6, page 21 8.0 / 6.0: equal near m x m = 13,000 x (offset + limit).
 */
const TAG_WALKED_PER_RANKED = 13_000;

/**
 * Whether a search's matches are counted before its hits are asked for, so that hitsQuery knows how many
 * there are (Resolved.matches). The vocabulary bounds a text's matches by its rarest word; under facet
 * or other filters, or for several words, the matches can be far fewer than that bound, and then walking an
 * index in the search's order reads most of it for a page: "emergency care" under Calabar's keys (405
 * documents hold both words, 3 of them in Calabar, each word thousands) read all 500,000 entries of the
 * rating index, 125 ms of SQL, 2026-11-25. The counts are the search's own (the cube's or kept ones for
 * most): asked first they cost the hits no statement, only the wait for the counts.
 */
export function countsFirst(s: ParsedSearch, r: Resolved): boolean {
  // Nearest first within a radius: how many lie within it bounds the walk down the location index.
  if (s.perPage > 0 && nearestWithin(s)) return true;
  // Within a radius, in another order: how many lie within it chooses between walking that order's
  // index and ranking the radius's documents (hitsQuery, nearRanked). The cells count them (039).
  if (s.perPage > 0 && s.words.length === 0 && radiusOf(s)) return true;
  // Text-less under an array filter (a service, an LGA): how many match chooses between walking the order's
  // index and ranking the matches (hitsQuery, tagRanked). The cube counts them.
  if (s.perPage > 0 && s.words.length === 0 && s.filters.some((f) => isTagFilter(s, f))) return true;
  if (s.perPage === 0 || s.words.length === 0 || !r.words?.main) return false;
  // One word and no filter: its matches are its documents, which the vocabulary knows. At most RARE
  // documents: ranked from the matches whatever the filters leave.
  return (s.words.length > 1 || s.filters.length > 0) && (r.words.maxDocs ?? Infinity) > RARE;
}

/**
 * Issue 47: whether a search's page waits for its counts only to be skipped when they say it is empty (pageAfter),
 * its statement unchanged (no Resolved.matches: countsFirst decides that). A text is often a miss in the search
 * mix (the words searched as typed: 432 of 432 pages ranked over the bodies, 273 of 598 over the main fields, found
 * nothing in 3,000 requests at 100,000 professionals), and a page past the first may lie past the end (59 of 237
 * text-less ones): the page statement then read the matches (the bodies' text index, each tier) for no row,
 * 0.4-1.4 ms a call beside counts that had found none. Most of those counts are the cube's or kept ones (no statement
 * to wait for); a text on the bodies is counted live, in one pass where the page took two.
 */
export function pageAfterCounts(s: ParsedSearch): boolean {
  return s.perPage > 0 && (s.words.length > 0 || s.page > 1);
}

/** Whether a page of `s` holds nothing when its search matches `found` documents: none, or all before the page. */
export function pastEnd(s: ParsedSearch, found: number): boolean {
  return found <= (s.page - 1) * s.perPage;
}

/** A search's one radius filter, if it has exactly one. */
function radiusOf(s: ParsedSearch): FilterClause | undefined {
  const radii = s.filters.filter((f) => f.def.type === 'geopoint');
  return radii.length === 1 ? radii[0] : undefined;
}

/**
 * A text that reads the bodies (a word no main field holds: every field by prefix) within one radius, its
 * radius written over the 48 cells of its circle (`cell = ANY`, migration 039) instead of the earth box. The
 * planner estimates an earth box at a thousandth of the rows whatever its size (cube's contsel), so it read
 * every document within the radius and looked up each one's body: "psychologist" within 9 km of Abuja,
 * 18,125 documents and bodies for none (no body holds the word), 137-244 ms a statement at 500,000; "outpatient
 * care" within 33 km of Port Harcourt 192-238 ms (2026-11-26). The cells' estimate is the documents' own
 * (the cell column's statistics): then the bodies' text index is read first when it finds few, 0.15 ms.
 * Texts on the main fields keep the box: their terms' estimates are right, and a common term ("clinic",
 * 59,080 documents) is cheaper tested on the radius's rows than read from its own.
 */
export function bodiesInCells(s: ParsedSearch, r: Resolved): ParsedSearch {
  const radius = radiusOf(s);
  if (!radius || s.words.length === 0 || r.words?.main) return s;
  const [lat, lng, km] = radius.values as number[];
  if (!(km > 0 && km <= 300) || Math.abs(lat) > 60) return s;
  return { ...s, filters: s.filters.map((f) => (f === radius ? inCells(f, smallCells(lat, lng, km), SMALL_CELLS) : f)) };
}

/**
 * Sorted nearest first (a geo sort before any other, ascending) within one radius of the same point:
 * then the first documents in that order that pass the other filters are the ones within the radius.
 */
function nearestWithin(s: ParsedSearch): boolean {
  const at = s.sort[0]?.point;
  const radii = s.filters.filter((f) => f.def.type === 'geopoint');
  return !!at && !s.sort[0].desc && radii.length === 1 && radii[0].values[0] === at.lat && radii[0].values[1] === at.lng;
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
  const terms = orderTerms(s, p);
  const cols = terms.slice(0, -1).map((t, i) => `${t.expr} AS o${i}`);
  // A near-me search's hits carry their distance (Typesense's geo_distance_meters).
  const at = distancePoint(s);
  if (at) cols.push(`${distanceSql(at, p)} AS geo`);
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
  // Each key's first rows come in order from key_rating (key_id, rating DESC, ...) only when the order
  // is by rating: for another order (soonest available, fee, experience) each key's documents would all be
  // read and sorted (54 keys x 553 rows for soonest available at 500,000: 58 ms), while that order's own
  // index, walked with the keys as a filter, finds a page in a few hundred entries.
  const byRating = terms[0]?.expr === 'rating' && terms[0].dir === 'DESC';
  // Within a radius, by rating, when a few keys hold the documents within it (the cells said which):
  // each key's first rows within the radius, walked down key_rating testing each row's distance. The
  // radius's own rows (the location index) would be every key's: 102,939 rows read for 1,046 of a
  // specialty's within 28 km of Ikeja, 86 ms at 500,000 (2026-11-26). The same under an array filter,
  // when a few of the search's keys hold its matches (a type group's hundreds of keys, a service's few
  // dozen among them): each of those keys' first rows with the tag, instead of the rating index or the tag's
  // documents filtered by the whole list (8-9 ms for 20 hits at 101,000 institutions, 2026-11-26).
  // Text-less under an array filter, its matches counted first: a few (at most TAG_RANKED_PER_HIT a hit of
  // the page) are ranked from their keys' rows (keysNear) or the tag's documents (tagRanked) instead of walking
  // the order's index, which reads about (offset + limit) x documents / matches entries to find them: a type
  // group with a rare service walked all 60,000 institutions' rating entries for none or a few, 15-37 ms at
  // load 17 (the register's 51,000 listings have no services and rate 0: the walk's tail), ranked 2-4 ms;
  // with many matches the walk finds a page in a few entries (0.1 ms) and stays (docs/PERFORMANCE.md). The
  // keys' rows only then: with many matches each key's walk reads most of its rows (a pharmacy service on page
  // 11 over 46 keys: 12,300 entries, 16 ms, where the tag's 1,829 documents ranked take 2-3).
  const fewTagged = s.words.length === 0 && r.matches !== undefined && !radiusOf(s) && s.filters.some((f) => isTagFilter(s, f))
    && r.matches <= s.page * s.perPage * TAG_RANKED_PER_HIT;
  // Over every key, more matches than that, deep enough in them: ranked from the tag's documents (see TAG_WALKED_PER_RANKED).
  const deepTagged = s.words.length === 0 && r.matches !== undefined && !radiusOf(s) && r.keyIds === undefined && s.filters.some((f) => isTagFilter(s, f))
    && r.matches * r.matches <= s.page * s.perPage * TAG_WALKED_PER_RANKED;
  const keysNear = !relevance && byRating && s.words.length === 0 && !nearestWithin(s) && r.keysWithin !== undefined && r.keysWithin.length <= PER_KEY_MAX
    && (radiusOf(s) !== undefined || fewTagged)
    ? r.keysWithin
    : undefined;
  if (keysNear) r = { ...r, keyIds: keysNear };
  // The tag's documents (the tags' GIN index, then a sort): see fewTagged.
  const tagRanked = (fewTagged || deepTagged) && !keysNear;
  const rankFrom = tagRanked || (s.words.length > 0 && (!r.words?.main || fewMatches))
    ? terms.map((t, i) => `${i > 0 ? t.expr : unindexed(t.expr)} ${t.dir}`).join(', ')
    : inner;
  const perKey = !relevance && byRating && s.words.length === 0 && r.keyIds !== undefined && r.keyIds.length <= PER_KEY_MAX;
  // Nearest first within a radius, its matches counted first (countsFirst): the location index's own
  // order (<->) is walked without the radius, for at most as many rows as lie within it. The planner
  // estimates an earth box at a thousandth of the rows whatever its size (cube's contsel), so with the
  // box it read every document of the radius and sorted them (25,516 rows, 297 ms at 100,000, cold);
  // walked, a page reads its rows and the ones between them that other filters leave out.
  const walkNear = nearestWithin(s) && r.matches !== undefined;
  // Text-less, within a radius, in another order (rating, fee...), its matches counted first: with few
  // within the radius (m), rank them (the location index, then a top-N sort); with many, walk the
  // order's index and test each row's distance, about (offset + limit) x documents / m rows, each a heap
  // row for its point. The planner cannot weigh the two: it estimates an earth box at a thousandth of the
  // rows whatever its size. Measured at 500,000 + 101,000 (2026-11-26): 6,004 institutions within 12 km
  // of Abuja ranked from the location index, 40 ms; walked, 20 hits need about 340 rows.
  const radius = radiusOf(s);
  const nearRanked = keysNear ? false : !walkNear && radius !== undefined && s.words.length === 0 && r.matches !== undefined
    ? r.matches * r.matches <= s.page * s.perPage * WALKED_PER_RANKED
    : undefined;
  const filters = nearRanked === false ? s.filters.map((f) => (f === radius ? unboxed(f) : f)) : bodiesInCells(s, r).filters;
  let where = walkNear
    ? `${whereSql({ ...s, filters: s.filters.filter((f) => f.def.type !== 'geopoint') }, r, p)} AND location IS NOT NULL`
    : whereSql({ ...s, filters }, perKey && !nearRanked ? { ...r, keyIds: undefined } : r, p);
  // Ranked from the tag's documents, the collection is a test of each, not an index: the planner otherwise
  // ANDed the tag's bitmap with the primary key's bitmap of the whole collection (60,000 entries, 6-13 ms
  // where the tag's own 1,904 took 0.1 ms).
  if (tagRanked && !perKey) where = where.replace(`collection = ${coll}`, `collection || '' = ${coll}`);
  // With many matches under a long key list (hashed: `key_id + 0`), the order's index is walked, the tag a test
  // of each entry, not an index: the planner cannot see how few of the tag's documents the list keeps (it
  // estimated 307 of 1,829), and past the first page it ANDed the tag's bitmap with the primary key's of the
  // whole collection (101,000 entries) and sorted: 9-36 ms for a pharmacy service (1,813 matches) on pages 5 and 11,
  // walked 1.0-2.3 ms, its 1,829 tagged documents ranked 2.6-5.7 ms (medians of 7, load 10, 2026-11-26). Walked, a
  // page reads about (offset + limit) x documents / matches entries: at most a quarter of them (fewTagged).
  const walkTagged = s.words.length === 0 && !fewTagged && !perKey && rankFrom === inner && r.matches !== undefined && !radiusOf(s)
    && r.keyIds !== undefined && r.keyIds.length > PER_KEY_MAX && s.filters.some((f) => isTagFilter(s, f));
  if (walkTagged) where = where.replaceAll('tags && ', `coalesce(tags, '{}') && `);
  const limit = p.add(s.perPage);
  const offset = p.add((s.page - 1) * s.perPage);
  const enough = walkNear ? `least(${limit}::int + ${offset}::int, ${p.add(r.matches)}::int)` : `${limit}::int + ${offset}::int`;
  let candidates: string;
  let prelude = '';
  if (nearRanked) {
    candidates = `SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents WHERE ${where}
      ORDER BY ${terms.map((t, i) => `${i > 0 ? t.expr : unindexed(t.expr)} ${t.dir}`).join(', ')} LIMIT ${enough}`;
  } else if (perKey) {
    candidates = `SELECT x.* FROM unnest(${p.add(r.keyIds)}::int[]) AS k(key_id) CROSS JOIN LATERAL (
        SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents
        WHERE ${where} AND key_id = k.key_id ORDER BY ${inner} LIMIT ${enough}) x`;
  } else if (walkNear && rankFrom === inner) {
    // The index gives the order of the distance alone (no incremental sort after an ORDER BY operator
    // in PostgreSQL 15: with `, id` after it every document of the collection was sorted). So the walk
    // finds the page's farthest distance, and the page is chosen among every document up to it, ties
    // at that distance included (the professionals of one hospital share its point), in the full order.
    const d = terms[0].expr;
    const upTo = (cut: string) => `SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents WHERE ${where}
      AND location <@ public.cube_enlarge(${point(p, s.sort[0].point!.lat, s.sort[0].point!.lng)}, ${cut}, 3) AND ${d} <= ${cut}`;
    const wanted = Math.min(s.page * s.perPage, r.matches!);
    if (wanted > 0 && terms.slice(1).every((t) => t.expr === 'rating' || t.expr === 'id')) {
      // The walk's rows are the candidates (045: the location index carries the id and the rating, so the
      // walk is read from the index alone): the first `wanted` rows and TIES_WALKED more; when those are at the
      // last one's distance too, every document up to it is read instead, as before.
      // Reading every document up to the page's last distance from the heap by an earth box cost 27 of
      // 36 ms for a specialty's 20 nearest within 12 km of Ikeja (5,046 rows for 20, 2026-11-26).
      const full = `(${enough} + ${TIES_WALKED})`;
      prelude = `w AS MATERIALIZED (SELECT id, 0::float8 AS score${cols.map((c) => `, ${c}`).join('')} FROM search_documents WHERE ${where}
          ORDER BY ${d} LIMIT ${full}),
        cut AS MATERIALIZED (SELECT coalesce((SELECT o0 FROM w ORDER BY o0 OFFSET ${enough} - 1 LIMIT 1), (SELECT max(o0) FROM w)) AS d),
        spill AS MATERIALIZED (SELECT coalesce(count(*) = ${full} AND max(o0) <= (SELECT d FROM cut), false) AS v FROM w), `;
      candidates = `SELECT * FROM w WHERE o0 <= (SELECT d FROM cut) AND NOT (SELECT v FROM spill)
        UNION ALL ${upTo('(SELECT cut.d FROM cut)')} AND (SELECT v FROM spill)`;
    } else {
      // Walked once (a CTE): as a subquery named twice, it was walked twice (2026-11-26).
      prelude = `cut AS MATERIALIZED (SELECT max(n.d) AS d FROM (SELECT ${d} AS d FROM search_documents WHERE ${where} ORDER BY ${d} LIMIT ${enough}) n), `;
      candidates = upTo('(SELECT cut.d FROM cut)');
    }
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
    // (Written only where it is sent: a value added to `p` must appear in the statement.)
    const namedWhere = () => (implied ? whereSql({ ...s, words: [] }, r, p) : where);
    candidates = rankFrom !== inner
      // Ranked from the matches (a word over the bodies, a text with few matches): every match is read and sorted
      // anyway, so the tier is a column of one scan of them, not a second subquery reading them again (issue 47: each
      // tier a scan of search_documents to plan, every call, and for a text over the bodies its text index read twice).
      // A name the tier takes holds the words (implied) or matches the text (where): the same rows, the same order.
      ? `SELECT id, CASE WHEN ${named} THEN CASE WHEN name_key = ${phrase}::text THEN 3 ELSE 2 END ELSE 1 END::float8 AS score${cols.map((c) => `, ${c}`).join('')}
          FROM search_documents WHERE ${where} ORDER BY score DESC, ${rankFrom} LIMIT ${enough}`
      : `(SELECT id, CASE WHEN name_key = ${phrase}::text THEN 3 ELSE 2 END::float8 AS score${cols.map((c) => `, ${c}`).join('')}
          FROM search_documents WHERE ${namedWhere()} AND ${named} ORDER BY score DESC, ${rankFrom} LIMIT ${enough})
        UNION ALL
        (SELECT id, 1::float8${cols.map((c) => `, ${c}`).join('')}
          FROM search_documents WHERE ${where} AND NOT ${named} ORDER BY ${rankFrom} LIMIT ${enough})`;
  }
  // The page is cut from the candidates before it is numbered: a sort under a limit keeps only the
  // best `enough` rows (top-N heapsort), while numbering every candidate first sorted them all.
  const text = `WITH ${prelude}page AS (SELECT id, score${at ? ', geo' : ''}, row_number() OVER (ORDER BY score DESC, ${outer}) AS n FROM (
        SELECT * FROM (${candidates}) c ORDER BY score DESC, ${outer} LIMIT ${limit}::int OFFSET ${offset}::int) c)
      SELECT b.document::text AS doc, page.score${at ? ', page.geo' : ''} FROM page JOIN search_bodies b ON b.collection = ${coll} AND b.id = page.id ORDER BY page.n`;
  // A text-less page over many keys or none is planned for its values (how many documents the keys hold).
  return { text, values: p.values, prepare: nearRanked === undefined && (perKey || (!relevance && r.keyIds === undefined && s.words.length === 0)) };
}

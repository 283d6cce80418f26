// The PostgreSQL engine's counts: `found` and the facet counts, from the cube
// (search_cube, search_cube_days: 006, 020, 025-027, decisions 022, 025-027) when it
// can answer, else counted over the matching documents.
import type { FacetCount } from './engine';
import type { FilterClause, ParsedSearch } from './protocol';
import type { CollectionName } from './schema';
import { CUBE_ARRAY_FIELDS, CUBE_KEY_FIELDS, isKeyFilter, isTagFilter, tag, type KeyTable } from './postgres-keys';
import { ident, Params, type SqlQuery } from './postgres-params';
import { PER_KEY_MAX, quoteTerm, whereSql, type Resolved } from './postgres-sql';
import type { CellCover } from './postgres-geo';

/**
 * The cube can count a search when its text is no word or one word (standing for one term or
 * several: "lab" for laboratory and laboratories, a typo for its nearest terms), every filter is on
 * a facet field (at most one on an array field, with one exact value), and no array facet is
 * counted under an array filter. The terms whose cube rows are summed ('' for no text); for
 * several terms, the documents holding two or more of them are taken off again (overlapSql).
 */
export function cubeTerms(s: ParsedSearch, r: Resolved): string[] | undefined {
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
 * The terms of a search without text under one array value (a service, a plan, a language) that counts
 * array facets, which the cube alone cannot (cubeTerms): the tag pairs (migration 083, decision 053) count
 * those facets for the empty term, without availability days. Otherwise undefined.
 */
function pairedTerms(s: ParsedSearch): string[] | undefined {
  if (s.words.length > 0 || s.filters.some((f) => !isKeyFilter(s, f) && !isTagFilter(s, f))) return undefined;
  return pairedTag(s) ? [''] : undefined;
}

/** The search's one exact array value when it counts array facets under it (cubeCountQuery reads its tag pairs). */
function pairedTag(s: ParsedSearch): FilterClause | undefined {
  const tags = s.filters.filter((f) => isTagFilter(s, f));
  if (tags.length !== 1 || tags[0].op !== '=' || tags[0].values.length !== 1) return undefined;
  return s.facetBy.some((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f)) ? tags[0] : undefined;
}

/**
 * The cube's rows of several terms count a document once for each of the terms it holds. The
 * documents that hold two or more of them (a tsquery of every pair: GIN finds them from the terms'
 * entries, without reading the others' rows), each with `extra`, how many times too many it was
 * counted, under the search's filters but `except` (the availability bound, counted per window).
 */
export function overlapSql(s: ParsedSearch, r: Resolved, terms: string[], p: Params, except?: FilterClause): string {
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
export function cubeRows(table: string, keyIds: readonly number[] | undefined, p: Params): (conds: string) => string {
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
export function cubePreparable(keyIds: readonly number[] | undefined): boolean {
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
export function ownRows(p: Params, tagFilter: FilterClause | undefined): string {
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
  const counted = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  // Array facets under an array value: from that value's tag pairs (pairedTerms), summed here over the search's keys.
  const pairedBy = pairedTag(s);
  const paired = pairedBy && tag(pairedBy.field, pairedBy.values[0]);
  // Every key's rows, each array value's per key (the caller keeps the search's keys): see countQuery.
  // Without a key list too when array facets are counted, so that one statement (kept per state of the index)
  // serves every search of the term with those facets, with or without keys: the services facet over every
  // key, 7,853 value rows at 101,000 institutions, was read once summed and once per key (7.8-12 ms each at load 7).
  const perKey = everyKey && terms.length === 1 && !paired && (r.keyIds !== undefined || counted.length > 0);
  const rows = cubeRows(day ? 'search_cube_days' : 'search_cube', perKey ? undefined : r.keyIds, p);
  const conds = [`collection = ${p.add(s.collection)}::text`, terms.length === 1 ? `term = ${p.add(terms[0])}::text` : `term = ANY(${p.add(terms)}::text[])`];
  if (day) conds.push(`day < ${p.add(day)}::date`);
  const where = conds.join(' AND ');
  // The documents themselves (arr_field ''), or, under an array filter, that value's rows.
  const own = ownRows(p, tagFilter);
  // Issue 47: every key's documents in one row (KEYS_ROW, read back into rows by countRows), not a row a key: a
  // statement over every key returns a row for each of thousands of keys, and the driver's work for a row cost
  // the API about 1.4 µs, while PostgreSQL writes the list for about what it took to send the rows.
  const parts = [
    day || terms.length > 1
      ? `SELECT 0 AS k, '${KEYS_ROW}' AS f, ${keyList('key_id', 'n')} AS v, 0 AS n FROM (SELECT key_id, sum(count)::int AS n FROM ${rows(`${where} AND ${own}`)} GROUP BY key_id) AS d`
      : `SELECT 0 AS k, '${KEYS_ROW}' AS f, ${keyList('key_id', 'count')} AS v, 0 AS n FROM ${rows(`${where} AND ${own}`)}`,
  ];
  // `arr_field <> ''` by a constant, as in ownRows: a prepared statement's generic plan cannot see that
  // `arr_field = ANY($n)` excludes the documents' rows, and read the facet's values through the primary
  // key, stepping over every other array's rows of every key (the register's lga, ownership and level:
  // 28,569 of 34,361 entries for the services facet at 60,000 institutions) instead of the value rows'
  // partial index (migration 027), where the facet's rows lie together.
  // One part per facet, its field an equality: `arr_field = ANY($n)` was only a filter on the term's value
  // rows in the generic plan (the index's lower columns left out to keep its order), so the services facet read
  // every array's rows of the term (30,716 entries for 7,853 at 101,000 institutions, 619 buffers; 181 so).
  const pairs = paired ? cubeRows('search_cube_tag_pairs', r.keyIds, p) : undefined;
  const pairConds = paired ? `${conds[0]} AND tag = ${p.add(paired)}::text` : '';
  for (const f of counted) {
    if (pairs) {
      parts.push(`SELECT 0, arr_field, arr_value, sum(count)::int FROM ${pairs(`${pairConds} AND arr_field = ${p.add(f)}::text`)} GROUP BY arr_field, arr_value`);
      continue;
    }
    const values = `${where} AND arr_field <> '' AND arr_field = ${p.add(f)}::text`;
    if (perKey) {
      parts.push(`SELECT key_id, arr_field, arr_value, ${day ? 'sum(count)::int' : 'count'} FROM ${rows(values)}${day ? ' GROUP BY key_id, arr_field, arr_value' : ''}`);
    } else {
      parts.push(`SELECT 0, arr_field, arr_value, sum(count)::int FROM ${rows(values)} GROUP BY arr_field, arr_value`);
    }
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
  const terms = options.live ? undefined : (cubeTerms(s, r) ?? pairedTerms(s));
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
  // Every array facet in one pass over the matches' tags (`field:value`; a field name holds no colon): a pass
  // per facet unnested every match's tags again, 2.1 + 3.1 + 3.1 ms for an institution search's services, lga
  // and level facets over 2,334 matches within 48 km of Abuja; one pass 5.4-5.7 ms (load 7-10, 2026-11-26).
  // The tags are counted whole and split after: the field test and the split run once a distinct tag, not
  // once a match's tag (issue 47: 15-25% of the statement's CPU over 9,000 matches of maxFee alone).
  if (arrays.length) {
    const field = `split_part(t, ':', 1)`;
    parts.push(`SELECT ${perKey ? 'key_id' : '0'}, ${field}, substr(t, length(${field}) + 2), n
      FROM (SELECT ${perKey ? 'key_id, ' : ''}t, count(*)::int AS n FROM m CROSS JOIN LATERAL unnest(m.tags) t GROUP BY ${perKey ? 'key_id, t' : 't'}) g
      WHERE ${field} = ANY(${p.add(arrays.map(ident))}::text[])`);
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

/**
 * The `f` of the count row that holds the documents of every key of a cube statement as one text (its `v`:
 * `key:count,key:count`, keyList), which countRows reads back into a row a key.
 */
const KEYS_ROW = '~keys';

/** The SQL of KEYS_ROW's list: each key id and its count, in the order read ('' for none). */
const keyList = (key: string, count: string) => `coalesce(string_agg(${key}::text || ':' || ${count}::text, ','), '')`;

/**
 * A count statement's rows as facetsFromCounts reads them: the KEYS_ROW row, if any, read back into a row a key
 * (`{ k, f: '', v: '', n }`, as the statement returned them before), the other rows as they are. Done once, when
 * the rows are read: what the engine keeps (keptCounts) is the rows.
 */
export function countRows<T>(read: readonly T[]): T[] {
  const rows: T[] = [];
  for (const row of read) {
    const r = row as Partial<CountRow>;
    if (r.f !== KEYS_ROW) {
      // A facet value's row: its field and value as one string each for every row kept (issue 47: the driver
      // reads each row's texts anew, and the kept rows' copies were a third of the API's live strings).
      rows.push(r.f ? ({ k: r.k, f: shared(r.f), v: shared(r.v!), n: r.n } as T) : row);
      continue;
    }
    let key: number | undefined;
    eachInt(r.v!, (x) => {
      if (key === undefined) key = x;
      else {
        rows.push({ k: key, f: '', v: '', n: x } as T);
        key = undefined;
      }
    });
  }
  return rows;
}

/** The texts the engine keeps in many rows (count rows' facet fields and values, vocabulary rows' words and terms), one string each. */
const texts = new Map<string, string>();
/** Distinct texts held before the table starts again (facet values, and the words and terms searched lately). */
const TEXTS_HELD = 50_000;

/** One string for every kept copy of `text` (issue 47: postgres.js reads each row's texts anew, and kept rows hold them). */
export function shared(text: string): string {
  const held = texts.get(text);
  if (held !== undefined) return held;
  if (texts.size >= TEXTS_HELD) texts.clear();
  texts.set(text, text);
  return text;
}

/**
 * Each integer of a list of integers separated by ',' or ':' ('3:2,15:-1', a string_agg of int4s), in order,
 * read without splitting the list into strings (KEYS_ROW's lists, the engine's term keys).
 */
export function eachInt(list: string, use: (n: number) => void): void {
  let n = 0;
  let sign = 1;
  let digits = false;
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 44;
    if (c === 44 || c === 58) {
      if (digits) use(sign * n);
      n = 0;
      sign = 1;
      digits = false;
    } else if (c === 45) {
      sign = -1;
    } else {
      n = n * 10 + (c - 48);
      digits = true;
    }
  }
}

/** The `f` of a count row that holds an availability window's count (its `v`: the window's place). */
const WINDOW_ROW = '~window';

/** The count rows of the facets, and the windows' counts in their order. */
export function windowRows(rows: readonly CountRow[], windows: number): { facetRows: readonly CountRow[]; counts: number[] } {
  // No window asked: the statement has no window rows (issue 47: the rows, kept ones a few thousand, not copied for every search).
  if (windows === 0) return { facetRows: rows, counts: [] };
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

/**
 * Kept count rows of every key (countQuery's `everyKey`) by key id, made once for each set of kept rows (rowsOfKeys):
 * a key's own rows (`f` '': its documents), and its other rows (array values, windows) as numbered (field, value) pairs
 * (`slots`). Grouped by key in typed arrays (a key's group `g` from `group`; its own rows are `rows[own[i]]` for i from
 * `ownStart[g]` to `ownStart[g + 1]`, its other rows `slot[i]` and `count[i]` from `valueStart[g]`): 4-8 bytes a row
 * and 16 a key besides the map, about a quarter of what arrays of numbers a key held (API RSS +17 MB in the search mix
 * at 100,000 with those, 2026-12-01).
 */
interface KeyIndex {
  group: Map<number, number>;
  own: Int32Array;
  ownStart: Int32Array;
  slot: Int32Array;
  count: Float64Array;
  valueStart: Int32Array;
  /** The rowsOfKeys call that last took each group's rows (a key listed twice is taken once). */
  lastCall: Uint32Array;
  slots: { f: string; v: string }[];
  /** Per slot, the sum being made (rowsOfKeys) and whether a listed key has the slot: 0 between calls. */
  sums: Float64Array;
  marks: Uint8Array;
  calls: number;
}
const keyIndexes = new WeakMap<readonly CountRow[], KeyIndex>();
/** Kept rows that rowsOfKeys has filtered once without an index. */
const filteredOnce = new WeakSet<readonly CountRow[]>();

function keyIndex(rows: readonly CountRow[]): KeyIndex {
  let index = keyIndexes.get(rows);
  if (index) return index;
  const group = new Map<number, number>();
  const slots: { f: string; v: string }[] = [];
  const slotOf = new Map<string, Map<string, number>>();
  // First pass: each row's group and slot (-1: a key's own row), and how many rows of each kind a group has.
  const rowGroup = new Int32Array(rows.length);
  const rowSlot = new Int32Array(rows.length);
  const owns: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const k = Number(row.k);
    let g = group.get(k);
    if (g === undefined) {
      g = group.size;
      group.set(k, g);
      owns.push(0);
      values.push(0);
    }
    rowGroup[i] = g;
    if (!row.f) {
      rowSlot[i] = -1;
      owns[g]!++;
      continue;
    }
    let byValue = slotOf.get(row.f);
    if (!byValue) slotOf.set(row.f, (byValue = new Map()));
    let slot = byValue.get(row.v);
    if (slot === undefined) {
      slot = slots.push({ f: row.f, v: row.v }) - 1;
      byValue.set(row.v, slot);
    }
    rowSlot[i] = slot;
    values[g]!++;
  }
  // Second pass: the rows in their groups' order (a counting sort), each group's rows in the order read.
  const groups = group.size;
  const ownStart = new Int32Array(groups + 1);
  const valueStart = new Int32Array(groups + 1);
  for (let g = 0; g < groups; g++) {
    ownStart[g + 1] = ownStart[g]! + owns[g]!;
    valueStart[g + 1] = valueStart[g]! + values[g]!;
  }
  const own = new Int32Array(ownStart[groups]!);
  const slot = new Int32Array(valueStart[groups]!);
  const count = new Float64Array(valueStart[groups]!);
  const ownAt = ownStart.slice(0, groups);
  const valueAt = valueStart.slice(0, groups);
  for (let i = 0; i < rows.length; i++) {
    const g = rowGroup[i]!;
    if (rowSlot[i] === -1) own[ownAt[g]!++] = i;
    else {
      const at = valueAt[g]!++;
      slot[at] = rowSlot[i]!;
      count[at] = Number(rows[i]!.n);
    }
  }
  index = { group, own, ownStart, slot, count, valueStart, lastCall: new Uint32Array(groups), slots, sums: new Float64Array(slots.length), marks: new Uint8Array(slots.length), calls: 0 };
  keyIndexes.set(rows, index);
  return index;
}

/**
 * What count rows of every key say for these keys alone: each listed key's own rows (its documents, for `found` and the
 * key fields' facets, and keysWithin), and its other rows (array values, windows: read summed by facetsFromCounts and
 * windowRows) summed over the keys, one row a value under key 0. Issue 47 (decision 071): the rows are indexed by key
 * once, so that a search adds up its own keys' rows instead of testing every kept row (some 2,300 for a search over many
 * keys, 23,643 for the empty term's care facets at 100,000 professionals) against its list, and hands facetsFromCounts
 * a row a value rather than one a key and value. The sums and so the answers are those of the rows filtered. The first
 * call for a set of rows filters them (the rows of these keys as they are); the index is made at the second.
 */
export function rowsOfKeys(rows: readonly CountRow[], keys: readonly number[]): CountRow[] {
  // Rows read for one search (a text's over many keys, mostly) are filtered once, as before: indexing them costs more.
  if (!keyIndexes.has(rows) && !filteredOnce.has(rows)) {
    filteredOnce.add(rows);
    const keep = new Set(keys);
    return rows.filter((row) => keep.has(Number(row.k)));
  }
  const index = keyIndex(rows);
  const call = ++index.calls;
  const out: CountRow[] = [];
  const touched: number[] = [];
  const { sums, marks, own, ownStart, slot, count, valueStart, lastCall } = index;
  for (const k of keys) {
    const g = index.group.get(k);
    if (g === undefined || lastCall[g] === call) continue;
    lastCall[g] = call;
    for (let i = ownStart[g]!; i < ownStart[g + 1]!; i++) out.push(rows[own[i]!]!);
    for (let i = valueStart[g]!; i < valueStart[g + 1]!; i++) {
      const at = slot[i]!;
      if (marks[at] === 0) {
        marks[at] = 1;
        touched.push(at);
      }
      sums[at] += count[i]!;
    }
  }
  for (const slot of touched) {
    out.push({ k: 0, f: index.slots[slot].f, v: index.slots[slot].v, n: sums[slot] });
    sums[slot] = 0;
    marks[slot] = 0;
  }
  return out;
}

/**
 * `found` and the facet counts from countQuery's rows; and, for a text-less search under an array filter whose
 * rows count the documents key by key (no row of documents under key 0), the keys that hold matches: its page is then the
 * merge of those keys' first rows (hitsQuery's `keysNear`) when they are few. A type group's key list
 * under a service holds hundreds of keys (the register's listings, which have no services, most of them),
 * its matches a few dozen: the page walked the rating index or ranked the tag's documents, 8-9 ms at
 * 101,000 institutions (docs/PERFORMANCE.md, "Issue 33: institutions by service at 101,000").
 */
export function facetsFromCounts(s: ParsedSearch, rows: readonly CountRow[], keys: KeyTable): { found: number; facets: FacetCount[]; keysWithin?: number[] } {
  let found = 0;
  const perKey = new Map<number, number>();
  let keyed = true;
  const tally = new Map<string, Map<string, number>>(s.facetBy.map((f) => [f, new Map()]));
  const add = (field: string, value: string, n: number) => {
    const m = tally.get(field);
    if (m) m.set(value, (m.get(value) ?? 0) + n);
  };
  // Issue 47: the key fields' counts tallied by each value's number (KeyTable.keyValueNumbers) in arrays, and
  // named once at the end: a count statement returns up to thousands of rows, each key a row.
  const fieldsOfKeys = CUBE_KEY_FIELDS[s.collection];
  const keyFields = s.facetBy.filter((f) => fieldsOfKeys.includes(f)).map((f) => ({ field: f, at: fieldsOfKeys.indexOf(f), byNumber: [] as number[] }));
  // Only where hitsQuery reads them: text-less under an array filter (within a radius the cells' counts say
  // which keys hold documents within it: cellCounts).
  const tagged = s.words.length === 0 && s.filters.some((f) => isTagFilter(s, f)) && !s.filters.some((f) => f.def.type === 'geopoint');
  for (const row of rows) {
    const n = Number(row.n);
    if (row.f) {
      add(row.f, row.v, n);
      continue;
    }
    found += n;
    const k = Number(row.k);
    if (tagged) {
      if (k > 0) perKey.set(k, (perKey.get(k) ?? 0) + n);
      else keyed = false;
    }
    if (!keyFields.length) continue;
    const numbers = keys.keyValueNumbers(s.collection, k);
    if (!numbers) continue;
    for (const kf of keyFields) {
      const num = numbers[kf.at]!;
      if (num >= 0) kf.byNumber[num] = (kf.byNumber[num] ?? 0) + n;
    }
  }
  for (const kf of keyFields) {
    const names = keys.keyValueNames(s.collection, kf.at);
    kf.byNumber.forEach((n, num) => add(kf.field, names[num]!, n));
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
  const keysWithin = keyed && tagged ? [...perKey].filter(([, n]) => n > 0).map(([k]) => k).sort((a, b) => a - b) : undefined;
  return { found, facets, ...(keysWithin ? { keysWithin } : {}) };
}
/**
 * The documents of the terms (and keys, and array value) whose next slot's Lagos day is before each
 * of `days`, from the cube's day rows (migration 020): one row, n0, n1, ... For several terms, less
 * the documents counted more than once (overlapSql) whose next slot is before each window's bound.
 */
export function cubeWindowsSql(
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
function facet(field: string, rows: { value: string; count: number }[], max: number): FacetCount {
  const counts = [...rows]
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, max)
    .map((r) => ({ value: r.value, count: r.count, highlighted: r.value }));
  return { field_name: field, counts, stats: {} };
}

/**
 * The radius filter of a near-me search whose counts the cells can give (migration 039, decision
 * 032): one radius, no text, and otherwise what the cube counts for the empty term (facet key
 * filters, at most one array value, no array facet under it); under an availability filter
 * (cubeDay), neither an array filter nor an array facet (the cells' day rows are each key's
 * documents). Else undefined: counted over the documents within the radius.
 */
export function cellRadius(s: ParsedSearch, r: Resolved): FilterClause | undefined {
  const radii = s.filters.filter((f) => f.def.type === 'geopoint');
  if (radii.length !== 1 || s.words.length > 0 || r.keyIds?.length === 0) return undefined;
  const [lat, , km] = radii[0].values as number[];
  // Beyond a few hundred km the cells to list grow with the area (and no near-me search is that wide).
  if (!(km > 0 && km <= 300) || Math.abs(lat) > 60) return undefined;
  const rest: ParsedSearch = { ...s, filters: s.filters.filter((f) => f !== radii[0]) };
  // Array facets under a small field's value: its pair rows (migration 046) count them, the rest as without them.
  const paired = pairedFilter(rest) !== undefined;
  if (cubeTerms(paired ? { ...rest, facetBy: rest.facetBy.filter((f) => !CUBE_ARRAY_FIELDS[s.collection].includes(f)) } : rest, r) === undefined) return undefined;
  const tagged = rest.filters.some((f) => isTagFilter(s, f)) || s.facetBy.some((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  if (cubeDay(rest) && tagged) return undefined;
  return radii[0];
}

/**
 * The array fields whose values have pair rows in the cells (migration 046 search_cell_pair_rows: the
 * same fields): a document's one level, ownership or LGA, a few values a cell. Not services, many a
 * document and many a cell.
 */
export const CELL_PAIR_FIELDS: Record<CollectionName, readonly string[]> = { professionals: [], institutions: ['level', 'ownership', 'lga'] };

/** The search's array filter when it is one value of a field with pair rows and array facets are asked (else undefined). */
function pairedFilter(s: ParsedSearch): FilterClause | undefined {
  const t = pairedTag(s);
  return t && CELL_PAIR_FIELDS[s.collection].includes(t.field) ? t : undefined;
}

/**
 * The rows of the cells wholly inside a circle (every grid) under `conds`, what follows FROM: one
 * index descent per run of cells side by side in a row of a grid (their ids are consecutive: cellId),
 * lateral and fenced, as cubeRows reads keys. The bench's 100 near-me circles list 12,532 cells in
 * 3,657 runs. With a short key list (`perCell`) a descent per cell, each key looked up in it: over a
 * run, each key would step over the other keys' rows of every cell of the run.
 */
function cellRows(table: string, collection: CollectionName, cover: Pick<CellCover, 'sizes' | 'cells'>, p: Params, perCell: boolean): (conds: string) => string {
  const cells = cover.cells.map((cell, i) => [cover.sizes[i], cell]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const runs: number[][] = [];
  for (const [size, cell] of cells) {
    const last = runs[runs.length - 1];
    if (!perCell && last && last[0] === size && last[2] === cell - 1) last[2] = cell;
    else runs.push([size, cell, cell]);
  }
  const sizes = p.add(runs.map((r) => r[0]));
  const from = p.add(runs.map((r) => r[1]));
  const coll = p.add(collection);
  // A cell by equality: after a range on the cell, the index's later columns (the key) no longer position the scan.
  const to = perCell ? '' : `, ${p.add(runs.map((r) => r[2]))}::int[]`;
  const cell = perCell ? 'c.cell = listed.lo' : 'c.cell BETWEEN listed.lo AND listed.hi';
  return (conds) =>
    `unnest(${sizes}::smallint[], ${from}::int[]${to}) AS listed(size, lo${perCell ? '' : ', hi'}) CROSS JOIN LATERAL (SELECT * FROM ${table} c
      WHERE c.collection = ${coll}::text AND c.size = listed.size AND ${cell} AND ${conds} OFFSET 0) AS c`;
}

/**
 * `found` and the facet counts of the cells wholly inside a circle (countQuery's rows): per key, its
 * documents (or, under an array filter, that value's); per array value asked, over every key (key 0
 * rows) or the search's keys. Under an availability filter, each key's documents from the day rows.
 */
export function cellCountQuery(s: ParsedSearch, r: Resolved, cover: Pick<CellCover, 'sizes' | 'cells'>): SqlQuery {
  const p = new Params();
  const tagFilter = s.filters.find((f) => isTagFilter(s, f));
  const day = cubeDay(s);
  const keys = keysCond(p, r.keyIds);
  const arrays = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
  const paired = day ? undefined : pairedFilter(s);
  if (paired) {
    // Under a small field's value (cellRadius): its pair rows (046), read once a run of cells at a time (a tag's rows of a
    // grid lie in cell order), the search's keys among them: each key's documents are its pairs with the value itself,
    // each facet value's its pairs with that value. (Each key's rows of the value in search_cube_cells lie among every
    // other array's rows of the key: 5.2 ms for a level within 34 km of Lagos, where the documents were counted in 2.1.)
    const pairs = cellRows('search_cube_cell_pairs', s.collection, cover, p, false);
    const field = `${p.add(paired.field)}::text`;
    const text = `WITH t AS MATERIALIZED (SELECT key_id, arr_field, arr_value, count FROM ${pairs(`c.tag = ${p.add(tag(paired.field, paired.values[0]))}::text${keys}
        AND arr_field = ANY(${p.add([...new Set([paired.field, ...arrays])])}::text[])`)})
      SELECT key_id AS k, '' AS f, '' AS v, sum(count)::int AS n FROM t WHERE arr_field = ${field} AND arr_value = ${p.add(String(paired.values[0]))}::text GROUP BY key_id
      UNION ALL SELECT 0, arr_field, arr_value, sum(count)::int FROM t WHERE arr_field = ANY(${p.add(arrays)}::text[]) GROUP BY arr_field, arr_value`;
    return { text, values: p.values, prepare: cellsPreparable(r.keyIds) };
  }
  const rows = cellRows(day ? 'search_cube_cell_days' : 'search_cube_cells', s.collection, cover, p, shortKeys(r.keyIds));
  const parts = day
    ? [`SELECT key_id AS k, '' AS f, '' AS v, sum(count)::int AS n FROM ${rows(`day < ${p.add(day)}::date${keys}`)} GROUP BY key_id`]
    : [`SELECT key_id AS k, '' AS f, '' AS v, sum(count)::int AS n FROM ${rows(`${tagFilter ? `key_id <> 0 AND ${ownRows(p, tagFilter)}` : ownRows(p, undefined)}${keys}`)} GROUP BY key_id`];
  if (arrays.length && !day && !tagFilter) {
    // Key 0's value rows (no key list) are a cell's first after its keys' rows: a descent per cell finds them;
    // over a run, every key's rows of each cell would be stepped over (2,504 rows for 83 runs read 13.5 ms
    // against 8.8 for 247 cells, 2026-11-26).
    const values = r.keyIds === undefined ? cellRows('search_cube_cells', s.collection, cover, p, true) : rows;
    parts.push(`SELECT 0, arr_field, arr_value, sum(count)::int FROM ${values(`${keys ? keys.slice(' AND '.length) : 'key_id = 0'}
      AND arr_field <> '' AND arr_field = ANY(${p.add(arrays)}::text[])`)} GROUP BY arr_field, arr_value`);
  }
  return { text: parts.join(' UNION ALL '), values: p.values, prepare: cellsPreparable(r.keyIds) };
}

/** Up to this many keys, each key's rows of a cell are index descents; past it, a cell's rows are read and the keys hashed. */
const CELL_KEYS_MAX = 16;

/**
 * A key list's condition on cell rows. A few keys are looked up in each cell's index range; many
 * (a professional type over every city: hundreds) would be that many descents per cell (146 ms for
 * one search at 500,000, 2026-11-26), so the column is hidden (`+ 0`) and the list, a constant in a
 * statement planned for its values (cellsPreparable), is hashed while each cell's rows are read.
 */
function keysCond(p: Params, keyIds: readonly number[] | undefined): string {
  if (!keyIds) return '';
  return keyIds.length > CELL_KEYS_MAX ? ` AND key_id + 0 = ANY(${p.add(keyIds)}::int[])` : ` AND key_id = ANY(${p.add(keyIds)}::int[])`;
}

/** A key list looked up key by key in each cell (keysCond). */
const shortKeys = (keyIds: readonly number[] | undefined): boolean => keyIds !== undefined && keyIds.length <= CELL_KEYS_MAX;

/** Whether a cell statement may be prepared: not with a long key list (keysCond). */
export const cellsPreparable = (keyIds: readonly number[] | undefined): boolean => keyIds === undefined || keyIds.length <= CELL_KEYS_MAX;

/** The count-only windows `days` (Lagos days, cubeDay) over the cells wholly inside a circle: one row, n0, n1, ... */
export function cellWindowsSql(p: Params, collection: CollectionName, cover: Pick<CellCover, 'sizes' | 'cells'>, keyIds: readonly number[] | undefined, days: string[]): string {
  const bounds = days.map((d) => `${p.add(d)}::date`);
  const rows = cellRows('search_cube_cell_days', collection, cover, p, shortKeys(keyIds));
  const keys = keysCond(p, keyIds);
  return `SELECT ${bounds.map((d, i) => `coalesce(sum(count) FILTER (WHERE day < ${d}), 0)::int AS n${i}`).join(', ')}
    FROM ${rows(`day < GREATEST(${bounds.join(', ')})${keys}`)}`;
}

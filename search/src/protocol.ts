// The Typesense search parameters we accept, parsed and checked against the
// collection schemas. Both engines and the multi_search endpoint go through here,
// so a search that one engine refuses the other refuses too.
import { SearchParamsError, type SearchRequest } from './engine';
import { fieldOf, isCollectionName, isFilterable, schemas, type CollectionName, type FieldDef } from './schema';

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 10;
export const MAX_FACET_VALUES = 100;
/**
 * The search page's instantsearch sends one search plus one per chosen
 * disjunctive facet (at most 5); twice that is room enough. Each search inside
 * counts against the per-address search limit (api/src/plugins/rate-limit.ts).
 */
export const MAX_SEARCHES = 10;
/**
 * No search serves hits beyond the first MAX_HITS (as hosted search services
 * cap them): a page deep in an offset costs the database the whole offset, and
 * nobody reads the thousandth result of a directory.
 */
export const MAX_HITS = 1000;

/** Why a page reaches beyond the first MAX_HITS hits (perPageName: what the client calls per_page), or undefined. */
export function pagingProblem(page: number, perPage: number, perPageName = 'per_page'): string | undefined {
  if (page * perPage <= MAX_HITS) return undefined;
  return `Only the first ${MAX_HITS} results can be fetched: \`page\` times \`${perPageName}\` must be at most ${MAX_HITS}. Narrow the search instead.`;
}

export type FilterOp = '=' | '!=' | ':' | '!' | '>' | '>=' | '<' | '<=';

export interface FilterClause {
  field: string;
  def: FieldDef;
  op: FilterOp;
  values: (string | number | boolean)[];
}

export interface SortClause {
  field: string; // '_text_match' or a sortable field
  desc: boolean;
  /** For a geopoint field (`location(lat, lng):asc`): the point distances are measured from. */
  point?: { lat: number; lng: number };
  /**
   * Where documents without the field go (Typesense `field(missing_values: first|last):dir`).
   * Typesense's default for numbers, and ours, is last whatever the direction.
   */
  missing: 'first' | 'last';
}

export interface ParsedSearch {
  collection: CollectionName;
  q: string;
  /** Lower-cased words of q; empty for '*' or ''. */
  words: string[];
  queryBy: string[];
  filters: FilterClause[];
  facetBy: string[];
  sort: SortClause[];
  page: number;
  perPage: number;
  maxFacetValues: number;
  facetQuery?: { field: string; prefix: string };
}

/** Parameters the adapter may send that change nothing in our answers. */
const IGNORED_PARAMS = new Set([
  'highlight_full_fields',
  'highlight_fields',
  'highlight_start_tag',
  'highlight_end_tag',
  'highlight_affix_num_tokens',
  'snippet_threshold',
  'exhaustive_search',
  'use_cache',
  'cache_ttl',
  'enable_overrides',
  'prioritize_exact_match',
  'num_typos',
  'typo_tokens_threshold',
  'prefix',
]);
const KNOWN_PARAMS = new Set([
  'collection',
  'q',
  'query_by',
  'filter_by',
  'facet_by',
  'sort_by',
  'page',
  'per_page',
  'max_facet_values',
  'facet_query',
  ...IGNORED_PARAMS,
]);

/** Hausa's hooked letters, typed as plain ones on most phones' keyboards (Typesense's tokenizer folds them too: iconv's transliteration). */
const HOOKED = /[ɓɗƙƴ]/g;
const PLAIN: Record<string, string> = { ɓ: 'b', ɗ: 'd', ƙ: 'k', ƴ: 'y' };

/** Normalises free text into search words: lower case, accents, Hausa's hooks (ɗ as d) and punctuation removed. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(HOOKED, (c) => PLAIN[c]!)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/**
 * Issue 48: a document's name as words (searchWords, joined by single spaces): a professional's first
 * and last name (the card's "Dr." left out), an institution's name. The PostgreSQL engine keeps it as
 * name_key (its exact-name tier); both engines' `named` compare it with what a patient typed.
 */
export function nameKey(collection: CollectionName, doc: Record<string, unknown>): string {
  const text = (...parts: unknown[]) => searchWords(parts.filter((v) => typeof v === 'string').join(' ')).join(' ');
  return (collection === 'professionals' && text(doc.firstName, doc.lastName)) || text(doc.name);
}

function intParam(raw: unknown, name: string, min: number, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  // Only text is read as a number: Number() throws on an object like {"toString": 1} (a 500, found by test/fuzz).
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min) throw new SearchParamsError(`Parameter ${name} must be a whole number of at least ${min}`);
  return n;
}

function fieldList(collection: CollectionName, raw: string | undefined, what: string, ok: (d: FieldDef | undefined) => boolean): string[] {
  if (!raw) return [];
  const names = raw
    .split(',')
    .map((s) => s.trim())
    // Typesense facet options such as `city(sort_by: _alpha:asc)` are not supported.
    .filter(Boolean);
  for (const n of names) {
    if (!ok(fieldOf(collection, n))) throw new SearchParamsError(`Could not find a ${what} field named \`${n}\` in the schema.`);
  }
  return [...new Set(names)];
}

// ---------------------------------------------------------------- filter_by

/**
 * Parses the filter_by subset: conditions joined by `&&`, each `field:=value`,
 * `field:=[a,b]`, `field:value` (case-insensitive), `field:!=[...]`, or a
 * number comparison `field:>=4`. Values may be quoted in backticks (they may then
 * contain commas, `&&` and brackets). No `||` and no parentheses.
 */
export function parseFilter(collection: CollectionName, input: string | undefined): FilterClause[] {
  const text = (input ?? '').trim();
  if (!text) return [];
  const clauses: FilterClause[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new SearchParamsError(`Could not parse the filter query: ${why}.`);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  /** Whether the value just read was in backticks (Typesense takes those for strings only). */
  let quotedValue = false;
  const readValue = (stops: string): string => {
    skipSpace();
    quotedValue = text[i] === '`';
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) fail('unclosed backtick');
      const v = text.slice(i + 1, end);
      i = end + 1;
      skipSpace();
      return v;
    }
    let start = i;
    while (i < text.length && !stops.includes(text[i]) && !text.startsWith('&&', i) && !text.startsWith('||', i)) i++;
    const v = text.slice(start, i).trim();
    if (!v) fail('empty value');
    return v;
  };

  while (i < text.length) {
    skipSpace();
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*:/.exec(text.slice(i));
    if (!m) fail(text[i] === '(' ? 'parentheses are not supported' : `expected a field at "${text.slice(i, i + 20)}"`);
    const field = m![1];
    i += m![0].length;
    const def = fieldOf(collection, field);
    if (!isFilterable(def)) throw new SearchParamsError(`Could not find a filter field named \`${field}\` in the schema.`);
    skipSpace();
    if (def!.type === 'geopoint') {
      // Typesense's radius filter: `location:(lat, lng, 25 km)` (or mi). Polygons are not supported.
      const close = text.indexOf(')', i);
      if (text[i] !== '(' || close < 0) fail(`\`${field}\` takes (lat, lng, radius km)`);
      clauses.push({ field, def: def!, op: ':', values: parseGeoRadius(field, text.slice(i + 1, close)) });
      i = close + 1;
      skipSpace();
      if (i >= text.length) break;
      if (text.startsWith('&&', i)) {
        i += 2;
        continue;
      }
      fail(`unexpected "${text.slice(i, i + 20)}"`);
    }
    let op: FilterOp = ':';
    for (const candidate of ['>=', '<=', '!=', '=', '>', '<', '!'] as const) {
      if (text.startsWith(candidate, i)) {
        op = candidate;
        i += candidate.length;
        break;
      }
    }
    skipSpace();
    const raw: string[] = [];
    // Typesense 27.1 reads a number or a boolean bare: a backticked one is refused ("Not an int32",
    // "must be `true` or `false`"), so it is refused here too and both engines answer alike.
    const bare = def!.type !== 'string' && def!.type !== 'string[]';
    const noQuotes = () => {
      if (bare && quotedValue) fail(`\`${field}\` takes ${def!.type === 'bool' ? 'true or false' : 'numbers'} without backticks`);
    };
    if (text[i] === '[') {
      i++;
      for (;;) {
        raw.push(readValue(',]'));
        noQuotes();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          break;
        }
        fail('unclosed list');
      }
    } else {
      raw.push(readValue(''));
      noQuotes();
    }
    const values = raw.map((v) => {
      if (def!.type === 'int32' || def!.type === 'float') return filterNumber(field, def!, v);
      // An int32[] field (issue 45's openSlots, closedDays) takes its elements' numbers.
      if (def!.type === 'int32[]') return filterNumber(field, { ...def!, type: 'int32' }, v);
      if (def!.type === 'bool') {
        if (v !== 'true' && v !== 'false') fail(`\`${field}\` takes true or false`);
        return v === 'true';
      }
      return v;
    });
    if ((op === '>' || op === '>=' || op === '<' || op === '<=') && (def!.type === 'string' || def!.type === 'string[]' || def!.type === 'bool')) {
      fail(`\`${field}\` cannot be compared with ${op}`);
    }
    if ((op === '>' || op === '>=' || op === '<' || op === '<=') && values.length !== 1) fail('a comparison takes one value');
    clauses.push({ field, def: def!, op, values });
    skipSpace();
    if (i >= text.length) break;
    if (text.startsWith('&&', i)) {
      i += 2;
      continue;
    }
    fail(text.startsWith('||', i) ? '`||` is not supported' : `unexpected "${text.slice(i, i + 20)}"`);
  }
  if (clauses.length > 20) fail('too many conditions');
  return clauses;
}

/**
 * A number of a filter on a numeric field, read as Typesense 27.1 reads it (src/filter.cpp
 * validate_numerical_filter_value): an int32 field takes what StringUtils::is_integer takes (digits
 * after an optional sign: `4.5`, `1e1`, `0x10` are "Not an int32.") within int32's range ("exceeds the
 * range of an int32."); an int64 field (nextSlot) what is_int64_t takes (strtoll: digits, out-of-range
 * values saturate); a float field what is_float takes (std::stof: decimals, exponents, hex).
 */
function filterNumber(field: string, def: FieldDef, v: string): number {
  const refuse = (why: string): never => {
    throw new SearchParamsError(`Error with filter field \`${field}\`: ${why}`);
  };
  if (def.type === 'float') {
    const n = stofNumber(v);
    if (n === undefined) refuse('Not a float.');
    return n!;
  }
  if (!INTEGER_TEXT.test(v)) refuse(def.int64 ? 'Not an int64.' : 'Not an int32.');
  const n = Number(v);
  if (!def.int64 && (n < -(2 ** 31) || n > 2 ** 31 - 1)) refuse(`\`${v}\` exceeds the range of an int32.`);
  // strtoll saturates: a value past int64's range filters as its bound would.
  return Math.max(-(2 ** 63), Math.min(2 ** 63, n));
}

/** StringUtils::is_integer (include/string_utils.h): a digit or a sign first, then base-10 digits to the end. */
const INTEGER_TEXT = /^[+-]?\d+$/;
/** What std::stof reads whole (StringUtils::is_float): decimal with an optional exponent, or hexadecimal. */
const STOF_TEXT = /^\s*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[+-]?\d+)?)$/i;
/** The largest float (FLT_MAX): std::stof throws out_of_range past it, so is_float is false. */
const FLOAT_MAX = 3.4028234663852886e38;

/**
 * A number as std::stof reads it, or undefined where StringUtils::is_float is false. `inf` and `nan`
 * (which stof also reads) are refused here: no filter of ours has a use for them.
 */
export function stofNumber(v: string): number | undefined {
  if (!STOF_TEXT.test(v)) return undefined;
  const t = v.trim();
  const sign = t.startsWith('-') ? -1 : 1;
  const body = t.replace(/^[+-]/, '');
  let n: number;
  if (/^0x/i.test(body)) {
    const [, mant, exp] = /^0x([0-9a-f.]*)(?:p([+-]?\d+))?$/i.exec(body)!;
    const [whole, frac = ''] = mant.split('.');
    n = (parseInt(whole || '0', 16) + (frac ? parseInt(frac, 16) / 16 ** frac.length : 0)) * 2 ** Number(exp ?? 0);
  } else n = Number(body);
  n *= sign;
  return Number.isFinite(n) && Math.abs(n) <= FLOAT_MAX ? n : undefined;
}

/** A point's coordinates, checked: [lat, lng] in degrees. */
function geoPoint(what: string, latText: string | undefined, lngText: string | undefined): [number, number] {
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!latText?.trim() || !lngText?.trim() || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new SearchParamsError(`${what}: a point is a latitude (-90 to 90) and a longitude (-180 to 180).`);
  }
  return [lat, lng];
}

const KM_PER_MILE = 1.609344;

/**
 * `lat, lng, 25 km` (or `mi`): [lat, lng, radius in km]. The radius is read as Typesense 27.1 reads it
 * (src/filter.cpp parse_geopoint_filter_value): the unit is the last two characters, `km` or `mi` in
 * lower case ("Unit must be either `km` or `mi`."), the number before it what std::stof reads
 * (`1e-7 km` is a radius). A radius of 0 or less finds nothing there; it is refused here, as before.
 */
function parseGeoRadius(field: string, inner: string): [number, number, number] {
  const parts = inner.split(',').map((x) => x.trim());
  if (parts.length === 3 && !/(km|mi)$/.test(parts[2])) throw new SearchParamsError('Unit must be either `km` or `mi`.');
  const radius = parts.length === 3 ? stofNumber(parts[2].slice(0, -2).trim()) : undefined;
  if (radius === undefined || !(radius > 0)) {
    throw new SearchParamsError(`Could not parse the filter query: \`${field}\` takes (lat, lng, radius km) with a radius above 0.`);
  }
  const [lat, lng] = geoPoint(`Could not parse the filter query on \`${field}\``, parts[0], parts[1]);
  return [lat, lng, radius * (parts[2].endsWith('mi') ? KM_PER_MILE : 1)];
}

/** A filter_by string for exact matches of the given values (Typesense syntax, values in backticks). */
export function exactFilter(field: string, values: readonly (string | number | boolean)[]): string {
  const quoted = values.map((v) => (typeof v === 'string' ? `\`${v.replace(/`/g, '')}\`` : String(v)));
  return `${field}:=[${quoted.join(',')}]`;
}

/** A case-insensitive match (`field:value`), for free text such as a typed city. */
export function looseFilter(field: string, value: string): string {
  return `${field}:\`${value.replace(/`/g, '')}\``;
}

// ---------------------------------------------------------------- sort_by

export function parseSort(collection: CollectionName, input: string | undefined): SortClause[] {
  const text = (input ?? '').trim();
  if (!text) return [{ field: '_text_match', desc: true, missing: 'last' }];
  // Commas inside parentheses belong to a clause (`location(6.5, 3.4):asc`).
  const parts = text.split(/,(?![^()]*\))/).map((s) => s.trim());
  if (parts.length > 3) throw new SearchParamsError('Only up to 3 sort_by fields can be specified.');
  return parts.map((p) => {
    // Typesense's geo sort: `location(lat, lng):asc`, the distance from the point.
    // Typesense requires the order (`:asc` or `:desc`; "Parameter `sort_by` is malformed" without it).
    const geo = /^([A-Za-z_][A-Za-z0-9_]*)\(([^,()]*),([^,()]*)\)\s*:\s*(asc|desc)$/i.exec(p);
    if (geo && fieldOf(collection, geo[1])?.type === 'geopoint') {
      const [lat, lng] = geoPoint(`Could not parse sort_by \`${p}\``, geo[2], geo[3]);
      return { field: geo[1], desc: geo[4]?.toLowerCase() === 'desc', missing: 'last' as const, point: { lat, lng } };
    }
    // `field:dir`, or `field(missing_values: first|last):dir` (Typesense's one sort option we take).
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\(\s*missing_values\s*:\s*(first|last)\s*\))?\s*:\s*(asc|desc)$/i.exec(p);
    if (!m) throw new SearchParamsError(`Could not parse sort_by \`${p}\`.`);
    const field = m[1];
    if (field !== '_text_match' && (!fieldOf(collection, field)?.sort || fieldOf(collection, field)?.type === 'geopoint')) {
      throw new SearchParamsError(`Could not find a field named \`${field}\` in the schema for sorting.`);
    }
    return { field, desc: m[3].toLowerCase() === 'desc', missing: (m[2]?.toLowerCase() ?? 'last') as 'first' | 'last' };
  });
}

// ---------------------------------------------------------------- the whole search

/**
 * Checks one search of a multi_search body: only our two collections, only the
 * parameters above, only fields of the schema, at most MAX_PER_PAGE per page.
 */
export function parseSearch(raw: unknown): ParsedSearch {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SearchParamsError('Each search must be an object.');
  const s = raw as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (!KNOWN_PARAMS.has(key)) throw new SearchParamsError(`Parameter \`${key}\` is not supported.`);
  }
  if (!isCollectionName(s.collection)) throw new SearchParamsError('`collection` must be professionals or institutions.');
  const collection = s.collection;
  for (const key of ['q', 'query_by', 'filter_by', 'facet_by', 'sort_by', 'facet_query'] as const) {
    if (s[key] !== undefined && typeof s[key] !== 'string') throw new SearchParamsError(`Parameter \`${key}\` must be text.`);
    if (typeof s[key] === 'string' && (s[key] as string).length > 1000) throw new SearchParamsError(`Parameter \`${key}\` is too long.`);
  }
  const q = ((s.q as string | undefined) ?? '*').trim().slice(0, 200);
  const queryBy = fieldList(collection, s.query_by as string | undefined, 'query_by', (d) => !!d?.search);
  const facetBy = fieldList(collection, s.facet_by as string | undefined, 'facet', (d) => !!d?.facet);
  const perPage = Math.min(intParam(s.per_page, 'per_page', 0, DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const page = intParam(s.page, 'page', 1, 1);
  const tooDeep = pagingProblem(page, perPage);
  if (tooDeep) throw new SearchParamsError(tooDeep);
  const maxFacetValues = Math.min(intParam(s.max_facet_values, 'max_facet_values', 1, 10), MAX_FACET_VALUES);
  let facetQuery: ParsedSearch['facetQuery'];
  if (typeof s.facet_query === 'string' && s.facet_query.trim()) {
    const idx = s.facet_query.indexOf(':');
    const field = idx > 0 ? s.facet_query.slice(0, idx).trim() : '';
    if (!facetBy.includes(field)) throw new SearchParamsError('facet_query must name one of the facet_by fields.');
    facetQuery = { field, prefix: s.facet_query.slice(idx + 1).trim().toLowerCase() };
  }
  return {
    collection,
    q: q || '*',
    words: q === '*' ? [] : searchWords(q),
    queryBy: queryBy.length ? queryBy : schemas[collection].queryBy,
    filters: parseFilter(collection, s.filter_by as string | undefined),
    facetBy,
    sort: parseSort(collection, s.sort_by as string | undefined),
    page,
    perPage,
    maxFacetValues,
    facetQuery,
  };
}

/**
 * The parameters to hand to an engine: only the known ones, with per_page capped
 * and defaults filled in (Typesense wants query_by).
 */
export function sanitizeSearch(raw: unknown): SearchRequest {
  const p = parseSearch(raw);
  const s = raw as Record<string, unknown>;
  const out: SearchRequest = {
    collection: p.collection,
    q: p.q,
    query_by: p.queryBy.join(','),
    page: p.page,
    per_page: p.perPage,
    max_facet_values: p.maxFacetValues,
  };
  if (typeof s.filter_by === 'string' && s.filter_by.trim()) out.filter_by = s.filter_by;
  if (p.facetBy.length) out.facet_by = p.facetBy.join(',');
  if (typeof s.sort_by === 'string' && s.sort_by.trim()) out.sort_by = s.sort_by;
  if (p.facetQuery) out.facet_query = s.facet_query as string;
  return out;
}

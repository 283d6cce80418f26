// Reading a FHIR search's query string (R4 "Search", 3.1.1): parameters with their modifiers,
// comma-separated values (OR) and repeated parameters (AND); the result parameters (_count,
// _summary, _include, _revinclude) and our paging cursor. Which parameters exist, and what SQL
// each becomes, is each resource's (fhir.repo.ts).
import { invalid, notSupported } from './fhir.errors';

/** Ids are PostgreSQL integers (fhir.repo.ts says the same). */
const MAX_ID = 2147483647;

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

/** One occurrence of a search parameter: its values are alternatives (OR). */
export interface Criterion {
  name: string;
  modifier?: string;
  values: string[];
}

/** A position in a result's stable order (resource key k1, k2): a page starts after or ends before it. */
export interface Cursor {
  dir: 'after' | 'before';
  k1: number;
  k2: number;
}

export interface SearchRequest {
  criteria: Criterion[];
  count: number;
  summaryCount: boolean;
  /** Bundle.total is given (not with _total=none). */
  withTotal: boolean;
  include: string[];
  revinclude: string[];
  cursor?: Cursor;
}

/** What a resource's search accepts: its parameters (with their modifiers), and its include links. */
export interface SearchSpec {
  params: Record<string, { modifiers?: readonly string[] }>;
  include: readonly string[];
  revinclude: readonly string[];
}

/** Parameters every search accepts that only shape the answer. */
const RESULT_PARAMS = new Set(['_count', '_summary', '_include', '_revinclude', '_cursor', '_format', '_total']);

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const CURSOR = /^([ab])(\d{1,10})\.(\d{1,10})$/;

export function encodeCursor(c: Cursor): string {
  return `${c.dir === 'after' ? 'a' : 'b'}${c.k1}.${c.k2}`;
}

/**
 * The search as asked. An unknown parameter, modifier or include is refused (400) unless the
 * client asked for lenient handling (`Prefer: handling=lenient`), when it is ignored; a known
 * parameter with a bad value is refused either way (R4 3.1.1.2 leaves that to the server).
 */
export function parseSearch(query: Record<string, string | string[] | undefined>, spec: SearchSpec, lenient: boolean): SearchRequest {
  const out: SearchRequest = { criteria: [], count: DEFAULT_COUNT, summaryCount: false, withTotal: true, include: [], revinclude: [] };
  const unknown = (message: string, name: string) => {
    if (!lenient) throw notSupported(message, name);
  };
  for (const [key, raw] of Object.entries(query)) {
    const values = list(raw);
    if (RESULT_PARAMS.has(key)) {
      readResultParam(out, key, values, spec, unknown);
      continue;
    }
    const [name, modifier] = key.split(':', 2) as [string, string | undefined];
    const param = spec.params[name];
    if (!param) {
      unknown(`Unknown search parameter "${name}"`, name);
      continue;
    }
    if (modifier !== undefined && !param.modifiers?.includes(modifier)) {
      unknown(`The search parameter "${name}" has no modifier "${modifier}" here`, key);
      continue;
    }
    for (const v of values) {
      const alternatives = splitValues(v).map((s) => s.trim());
      if (alternatives.some((s) => s === '')) throw invalid(`The search parameter "${key}" needs a value`, key);
      out.criteria.push({ name, modifier, values: alternatives });
    }
  }
  return out;
}

/**
 * A parameter's value split at its commas (alternatives, OR), with R4's escapes (3.1.1.1.13):
 * `\,` is a comma inside a value ("ENT (Ear\, Nose & Throat)"), `\$` a dollar, `\\` a backslash;
 * any other backslash stays as written (`\|` is left to the token's own reading).
 */
export function splitValues(value: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const next = value[i + 1];
    if (c === '\\' && (next === ',' || next === '$' || next === '\\')) {
      current += next;
      i++;
    } else if (c === ',') {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

function readResultParam(
  out: SearchRequest,
  key: string,
  values: string[],
  spec: SearchSpec,
  unknown: (message: string, name: string) => void,
): void {
  const last = values[values.length - 1] ?? '';
  switch (key) {
    case '_count': {
      if (!/^\d{1,6}$/.test(last)) throw invalid('_count must be a whole number', '_count');
      // R4 lets a server return fewer than asked: more than MAX_COUNT is served as MAX_COUNT.
      out.count = Math.min(Number(last), MAX_COUNT);
      if (out.count === 0) out.summaryCount = true;
      return;
    }
    case '_summary':
      if (last === 'count') out.summaryCount = true;
      else if (last !== 'false') unknown(`_summary=${last} is not supported (only count)`, '_summary');
      return;
    case '_total':
      // An estimate is the exact count; none spares the count (a scan of the matches) for clients that page without it.
      if (!['none', 'estimate', 'accurate'].includes(last)) throw invalid('_total must be none, estimate or accurate', '_total');
      out.withTotal = last !== 'none';
      return;
    case '_format':
      if (!['json', 'application/json', 'application/fhir+json'].includes(last)) {
        throw notSupported('Only JSON is served (_format=json)', '_format');
      }
      return;
    case '_cursor': {
      const m = CURSOR.exec(last);
      if (!m || Number(m[2]) > MAX_ID || Number(m[3]) > MAX_ID) throw invalid('_cursor is not a cursor this server gave', '_cursor');
      out.cursor = { dir: m[1] === 'a' ? 'after' : 'before', k1: Number(m[2]), k2: Number(m[3]) };
      return;
    }
    case '_include':
    case '_revinclude':
      for (const v of values) {
        const allowed = key === '_include' ? spec.include : spec.revinclude;
        if (!allowed.includes(v)) {
          unknown(`${key}=${v} is not supported here`, key);
          continue;
        }
        (key === '_include' ? out.include : out.revinclude).push(v);
      }
      return;
  }
}

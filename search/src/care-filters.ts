// Issue 45: "open now" in a search. `openNow:=true` is a virtual filter of multi_search (and what the REST
// searches and query understanding ask for): the API replaces it, at the moment of the search (WAT), by
// the filter on the documents' real fields (contracts openNowFilter), before either engine or the answer
// cache sees the search. The filter is the same for every instant of a quarter hour, so cached answers
// are keyed by the quarter hour and never say "open" once the quarter has passed.
import { documentOpenState, openNowFilter } from '@ilera/contracts';
import { SearchParamsError } from './engine';

/** The virtual field. */
export const OPEN_NOW = 'openNow';

/** filter_by's clauses split on `&&` outside backticks (as parseFilter reads them). */
function clauses(filterBy: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < filterBy.length; i++) {
    if (filterBy[i] === '`') quoted = !quoted;
    else if (!quoted && filterBy.startsWith('&&', i)) {
      out.push(filterBy.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  out.push(filterBy.slice(start));
  return out;
}

const OPEN_NOW_CLAUSE = /^\s*openNow\s*:\s*(=\s*)?(\[\s*)?(true|false)?(\s*\])?\s*$/;

/**
 * filter_by with each `openNow:=true` (or `openNow:true`, `openNow:=[true]`) in place, read at `at`.
 * `openNow` with anything else is refused (a 400 naming it). Unchanged without it.
 */
export function withOpenNow(filterBy: string | undefined, at: Date): string | undefined {
  if (!filterBy || !/\bopenNow\s*:/.test(filterBy)) return filterBy;
  return clauses(filterBy)
    .map((c) => {
      if (!/^\s*openNow\s*:/.test(c)) return c;
      const m = OPEN_NOW_CLAUSE.exec(c);
      if (!m || m[3] !== 'true' || !!m[2] !== !!m[4]) throw new SearchParamsError('Could not parse the filter query: `openNow` takes `openNow:=true` only.');
      return ` ${openNowFilter(at)} `;
    })
    .join('&&')
    .trim();
}

/** The document fields that say the hours (answered as openNow, opensAt, closesAt instead). */
const HOURS_FIELDS = ['openSlots', 'closedDays', 'hoursValidUntil'];

/**
 * A hit's document as the API answers it: open now (true, false, or null when unknown), the next change
 * (opensAt / closesAt, ISO in WAT) worked out at `at` from the document's hours, which are left out.
 * Cached answers hold documents; this runs on the way out, so it is never stale. Always a new object,
 * which the caller may add to (answerDocument's nextSlotAt).
 */
export function withOpenState<D extends Record<string, unknown>>(doc: D, at: Date): D {
  if (!HOURS_FIELDS.some((f) => f in doc)) return { ...doc, openNow: null };
  const state = documentOpenState(doc as never, at);
  // A new object without the hours (the same fields in the same order as a copy with them deleted):
  // `delete` would turn every hit into a slow dictionary object for the JSON writer (issue 47).
  const out: Record<string, unknown> = {};
  for (const f in doc) if (!HOURS_FIELDS.includes(f)) out[f] = doc[f];
  out.openNow = state.openNow;
  if (state.opensAt) out.opensAt = state.opensAt;
  if (state.closesAt) out.closesAt = state.closesAt;
  return out as D;
}

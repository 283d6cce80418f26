// Search area: answers from the configured search engine (never from the
// profile tables), in the shape of D13: { hits, found, page, perPage, facets }.
import {
  adminSpecialties,
  allSpecialties,
  careServices,
  locationToCityState,
  nigerianStates,
  normalizeState,
  stateFilterValues,
  availabilityFilter,
  availabilityWindows,
  lagosIsoOfSeconds,
  lagosToday,
  lgasNamed,
  type AvailabilityWindow,
  type InstitutionSearchQuery,
  type ProfessionalSearchQuery,
} from '@ilera/contracts';
import {
  distanceKm,
  exactFilter,
  filteredFields,
  nearFilter,
  nearSort,
  type Near,
  isSearchError,
  looseFilter,
  MAX_SEARCHES,
  pagingProblem,
  sanitizeSearch,
  SearchParamsError,
  sortBy,
  type CollectionName,
  type SearchEngine,
  type SearchError,
  type SearchRequest,
  type SearchResult,
  type Understood,
  type Understanding,
  type RegisterWards,
  asNamed,
  understandNamed,
  withOpenNow,
  withOpenState,
  OPEN_NOW,
} from '@ilera/search';
import { AppError, BadRequestError } from '../../errors';
import { BUSY_MESSAGE, RETRY_AFTER_SECONDS } from '../../plugins/load-shedding';

export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchAnswer {
  hits: Record<string, unknown>[];
  found: number;
  page: number;
  perPage: number;
  facets: Record<string, FacetValue[]>;
  /** What the query text was understood to ask for: each applied as a filter, or (issue 48, `suggested`) only offered. */
  understood: Understood[];
}

/** One filterable facet: the name clients use, the document field, and the filter it sets. */
interface FacetFilter {
  key: string;
  field: string;
  filter?: string;
}

const FACET_VALUES = 50;

/** The stored spelling of a known value (case-insensitive), or undefined. */
function canonical(value: string, known: readonly string[]): string | undefined {
  const lower = value.toLowerCase();
  return known.find((k) => k.toLowerCase() === lower);
}

/** A known value matches exactly (indexed); anything else is matched case-insensitively. */
function valueFilter(field: string, value: string | undefined, known: readonly string[]): string | undefined {
  if (!value) return undefined;
  const exact = canonical(value, known);
  return exact ? exactFilter(field, [exact]) : looseFilter(field, value);
}

/** The "Verified licence" facet: counts of true and false, and the filter when one is chosen. */
const verifiedFacet = (value: boolean | undefined): FacetFilter => ({
  key: 'isVerified',
  field: 'isVerified',
  filter: value === undefined ? undefined : `isVerified:=${value}`,
});

const knownStates = [...new Set([...stateFilterValues, ...nigerianStates.map(normalizeState)])];
const knownSpecialties = [...new Set([...allSpecialties, ...adminSpecialties])];

/** The landing page's location values (lagos-lagos, abuja-fct, ...) stand for a city and a state. */
function placeFilters(q: { city?: string; state?: string; location?: string }) {
  let { city, state } = q;
  if (q.location && !city && !state) {
    const place = locationToCityState(q.location);
    if (place) ({ city, state } = place);
    else city = q.location; // a typed place name
  }
  return {
    city: city ? looseFilter('city', city) : undefined,
    state: valueFilter('state', state ? normalizeState(state) : undefined, knownStates),
  };
}

/**
 * A hit as clients get it: the index keeps the next free slot as epoch seconds (nextSlot, what
 * filters and sorts use); the answer also says it as ISO 8601 in WAT (nextSlotAt). Issue 45: whether
 * it is open at `now` and the next change (openNow, opensAt, closesAt), worked out here from the
 * document's hours, after the answer cache: a cached answer never says "open" once it has closed.
 */
function answerDocument<D extends Record<string, unknown>>(document: D, now: Date): D {
  // withOpenState's object is new: isApproved and nextSlotAt are set on it, not on more copies (issue 47).
  const doc: Record<string, unknown> = withOpenState(document, now);
  // Issue 48 (D22, decision 041 addendum): an unclaimed register listing is not approved by our team. Its
  // document keeps `isApproved: true` in the index (the field says the document may be shown, and the
  // engine's scoped search key is limited to it); what a client reads says `isApproved: false` beside `listed`.
  if (doc.listed === true && doc.isApproved === true) doc.isApproved = false;
  if (typeof doc.nextSlot === 'number') doc.nextSlotAt = lagosIsoOfSeconds(doc.nextSlot);
  return doc as D;
}

/**
 * Issue 45: filters the REST searches apply to every search of a request (their counts included), as the
 * radius is, and the fields understood words may ask for without a facet. "cheap" is the fee order.
 */
const CARE_FIELDS = new Set([OPEN_NOW, 'open24Hours', 'freeAtPointOfCare', 'consultationFeeNaira']);
const FEE_SORT = 'fee';

/** An LGA as the register spells it (any case or punctuation); several states may share the name. */
function lgaFilter(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const names = [...new Set(lgasNamed(value).map((l) => l.name))];
  return exactFilter('lga', names.length ? names : [value]);
}

/**
 * A near-me search's radius filter (applied to every search of the request, as the availability
 * window is) and its order when sorting by distance: nearest first, then rating (D23).
 */
function nearScope(query: { near?: { lat: number; lng: number }; radius: number; sort: string }, sort: string | undefined): { near?: Near; filter?: string; sort: string } {
  if (query.sort === 'distance' && !query.near) {
    const why = 'sort=distance needs near=LAT,LNG (where to measure from).';
    throw new BadRequestError(why, { sort: why });
  }
  if (!query.near) return { sort: sort! };
  const near: Near = { ...query.near, radiusKm: query.radius };
  return { near, filter: nearFilter(near), sort: query.sort === 'distance' ? `${nearSort(near)},rating:desc` : sort! };
}

/**
 * The engine could not answer (down, timed out, overloaded, or its collection missing): what load
 * shedding answers (503, Retry-After, its message), so the search page shows "Search is busy".
 */
function searchBusy(): AppError {
  return new AppError(503, BUSY_MESSAGE, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

function unavailable(err: unknown): never {
  if (err instanceof AppError) throw err;
  throw searchBusy();
}

/**
 * A per-search error that is the server's trouble, not the request's: 5xx, a timeout (408), or 404
 * (the collection is not there, e.g. a fresh Typesense before the first reindex). Anything else
 * (400, 422) is a genuinely bad search.
 */
const serverSide = (e: SearchError) => e.code >= 500 || e.code === 404 || e.code === 408;

/** The availability windows' filters on one Lagos day: each bound is a Lagos midnight, the same all day. */
let dayWindows: { day: string; filters: Map<AvailabilityWindow, string> } | undefined;

/** The windows' filters at `now`, worked out once a day instead of four times a search (issue 47). */
function windowFilters(now: Date): (w: AvailabilityWindow) => string {
  const day = lagosToday(now);
  if (dayWindows?.day !== day) dayWindows = { day, filters: new Map() };
  const { filters } = dayWindows;
  return (w) => {
    let filter = filters.get(w);
    if (filter === undefined) filters.set(w, (filter = availabilityFilter(w, now)));
    return filter;
  };
}

/**
 * A search with facet counts that ignore each facet's own filter (what a
 * filter panel needs: choosing Doctor still shows how many nurses there are),
 * as instantsearch does: the main search, plus one facet-only search per
 * filtered facet.
 */
async function facetedSearch(
  engine: SearchEngine,
  collection: CollectionName,
  typed: string,
  explicit: FacetFilter[],
  page: number,
  perPage: number,
  sort: string,
  availability?: AvailabilityWindow,
  near?: Near,
  wards?: RegisterWards,
  care: { filters: string[]; fields: string[]; feeSort?: string } = { filters: [], fields: [] },
  given?: Understanding,
  retry = false,
): Promise<SearchAnswer> {
  // What the text names becomes the facet's filter, exactly as if it had been chosen
  // (so its facet counts, too, ignore it); an explicit filter wins.
  const chosen = new Set([...explicit.filter((f) => f.filter).map((f) => f.field), ...care.fields]);
  // Issue 48: unless the words name a provider, which they then find (understandNamed).
  const understanding = given ?? (await understandNamed(engine, collection, typed, chosen, wards));
  const { q, understood, filters } = understanding;
  // Issue 45: "open now", "24 hours", "free" filter every search; "cheap" orders by fee unless an order was chosen.
  const fixed = [...care.filters];
  understood.forEach((u, i) => {
    if (filters[i] && CARE_FIELDS.has(u.field)) fixed.push(filters[i]);
    if (u.field === 'sort' && u.value === FEE_SORT && !u.suggested && care.feeSort) sort = care.feeSort;
  });
  const facets = explicit.map((f) => {
    const i = understood.findIndex((u) => u.field === f.field);
    return i < 0 ? f : { ...f, filter: filters[i] };
  });
  // A field the text names that this search does not count otherwise (an LGA or a ward's LGA when the
  // register's facets are off) is filtered all the same, and counted as a chosen facet is.
  understood.forEach((u, i) => {
    if (filters[i] && !CARE_FIELDS.has(u.field) && !facets.some((f) => f.field === u.field)) facets.push({ key: u.field, field: u.field, filter: filters[i] });
  });
  const tooDeep = pagingProblem(page, perPage, 'perPage');
  if (tooDeep) throw new BadRequestError(tooDeep, { page: tooDeep });
  // Issue 17: "available within" is a range on the indexed next free slot, applied to every search
  // (its own counts below ignore it, as each facet's counts ignore that facet's filter).
  // One instant for the whole request: the windows and "open now" (issue 45) are read at it.
  const now = new Date();
  const windowFilter = windowFilters(now);
  const chosenWindow = availability ? windowFilter(availability) : undefined;
  // A near-me search's radius holds for every count too: the facets count what is near.
  const radius = near ? nearFilter(near) : undefined;
  // "Open now" is read at `now` (WAT): the same filter for the whole quarter hour (withOpenNow).
  const scope = [...(radius ? [radius] : []), ...fixed].map((f) => withOpenNow(f, now)!);
  const allFilters = [...facets.map((f) => f.filter), ...scope, chosenWindow].filter((f): f is string => !!f);
  const facetFilters = (except?: FacetFilter) => [...facets.filter((f) => f !== except && f.filter).map((f) => f.filter!), ...scope];
  const joined = (except?: FacetFilter) => [...facetFilters(except), chosenWindow].filter(Boolean).join(' && ');
  const main: SearchRequest = {
    collection,
    q: q || '*',
    filter_by: allFilters.join(' && ') || undefined,
    facet_by: facets.filter((f) => !f.filter).map((f) => f.field).join(',') || undefined,
    max_facet_values: FACET_VALUES,
    sort_by: sort,
    page,
    per_page: perPage,
  };
  const extra = facets
    .filter((f) => f.filter)
    .map<SearchRequest>((f) => ({
      collection,
      q: q || '*',
      filter_by: joined(f) || undefined,
      facet_by: f.field,
      max_facet_values: FACET_VALUES,
      per_page: 0,
    }));
  // The availability counts: how many match the other filters with a free slot before each window's end.
  const windows = availabilityWindows.map<SearchRequest>((w) => ({
    collection,
    q: q || '*',
    filter_by: [...facetFilters(), windowFilter(w)].join(' && '),
    per_page: 0,
  }));
  let results: (SearchResult | SearchError)[];
  try {
    if (retry) {
      // Issue 47: searched again as typed (below), the page's search goes first alone: most such words find
      // nothing as typed either (95 of 96 in the bench's query log), and then their facets and windows, which
      // the caller would throw away, are not counted.
      const [head] = await engine.multiSearch([main]);
      if (!isSearchError(head) && head.found === 0) return { hits: [], found: 0, page, perPage, facets: {}, understood };
      results = [head, ...(await engine.multiSearch([...extra, ...windows]))];
    } else {
      results = await engine.multiSearch([main, ...extra, ...windows]);
    }
  } catch (err) {
    unavailable(err);
  }
  // A failed window's count is unknown, not 0: it fails the answer as any other search does.
  const failed = results.find(isSearchError);
  if (failed && serverSide(failed)) throw searchBusy();
  if (failed) throw new BadRequestError(failed.error);
  const windowCounts = (results.splice(1 + extra.length) as SearchResult[]).map((r, i) => ({ value: availabilityWindows[i]!, count: r.found }));
  const [first, ...rest] = results as SearchResult[];
  // Issue 48: understood filters that left nothing: the words searched as typed, the filters only offered, when that finds something.
  if (first.found === 0 && !understanding.named && filters.some(Boolean)) {
    const asTyped = await facetedSearch(engine, collection, typed, explicit, page, perPage, sort, availability, near, wards, care, asNamed(understanding, typed), true);
    if (asTyped.found > 0) return asTyped;
  }
  const counts = new Map<string, FacetValue[]>();
  for (const r of [first, ...rest]) {
    for (const fc of r.facet_counts) counts.set(fc.field_name, fc.counts.map((c) => ({ value: c.value, count: c.count })));
  }
  return {
    // Whenever `near` is given, each hit says how far it is (km, one decimal).
    hits: first.hits.map((h) => (near ? { ...answerDocument(h.document, now), distanceKm: distanceKm(h, near) } : answerDocument(h.document, now))),
    found: first.found,
    page,
    perPage,
    facets: { ...Object.fromEntries(facets.map((f) => [f.key, counts.get(f.field) ?? []])), availability: windowCounts },
    understood,
  };
}

/** What both kinds' searches share; `kindFacets` are the facets before place and verification. */
function searchProviders(
  engine: SearchEngine,
  collection: CollectionName,
  query: ProfessionalSearchQuery | InstitutionSearchQuery,
  sort: string | undefined,
  kindFacets: FacetFilter[],
  registerFacets: FacetFilter[] = [],
  wards?: RegisterWards,
): Promise<SearchAnswer> {
  const place = placeFilters(query);
  const scope = nearScope(query, sort);
  // The register's facets are counted when a search is about a place near the patient: the LGA's
  // values are read per facet key from the cube, and every search counting them cost a professionals'
  // search 17 ms more at 100,000 (bench/explain, 2026-11-26).
  const nearFacets = !!(query.near || query.lga || ('ownership' in query && query.ownership) || ('level' in query && query.level));
  const care = careScope(query);
  return facetedSearch(
    engine,
    collection,
    query.query ?? '',
    [
      ...kindFacets,
      ...careFacets(query),
      { key: 'city', field: 'city', filter: place.city },
      { key: 'state', field: 'state', filter: place.state },
      ...(nearFacets ? [{ key: 'lga', field: 'lga', filter: lgaFilter(query.lga) }, ...registerFacets] : []),
      verifiedFacet(query.verified),
    ],
    query.page,
    query.perPage,
    scope.sort,
    query.availability,
    scope.near,
    wards,
    { ...care, feeSort: query.sort === 'relevance' ? sortBy[collection].fee : undefined },
  );
}

/** Issue 45: the care filters of a REST search that have no facet (each applies to every count). */
function careScope(query: ProfessionalSearchQuery | InstitutionSearchQuery): { filters: string[]; fields: string[] } {
  const out: [string, string][] = [];
  if (query.openNow) out.push([OPEN_NOW, `${OPEN_NOW}:=true`]);
  if (query.open24h) out.push(['open24Hours', 'open24Hours:=true']);
  if (query.free) out.push(['freeAtPointOfCare', 'freeAtPointOfCare:=true']);
  if (query.maxFee !== undefined) out.push(['consultationFeeNaira', `consultationFeeNaira:<=${query.maxFee}`]);
  return { fields: out.map(([f]) => f), filters: out.map(([, f]) => f) };
}

/**
 * Issue 45: the plans and services facets, each with its filter when chosen: `plan` (with `primary`, on
 * the primary plans) and every `service` asked for (all of them, each an exact value when canonical).
 */
function careFacets(query: ProfessionalSearchQuery | InstitutionSearchQuery): FacetFilter[] {
  const services = query.service ?? [];
  return [
    { key: 'plan', field: 'plans', filter: query.plan ? exactFilter(query.primary ? 'primaryPlans' : 'plans', [query.plan]) : undefined },
    { key: 'service', field: 'services', filter: services.length ? services.map((v) => valueFilter('services', v, careServices)!).join(' && ') : undefined },
  ];
}

/** `wards`: the register's ward names, read as places (register-wards.ts); without them, none are. */
export function searchProfessionals(engine: SearchEngine, query: ProfessionalSearchQuery, wards?: RegisterWards): Promise<SearchAnswer> {
  return searchProviders(engine, 'professionals', query, query.sort === 'distance' ? undefined : sortBy.professionals[query.sort], [
    { key: 'professionalType', field: 'professionalType', filter: query.professionalType && exactFilter('professionalType', [query.professionalType]) },
    { key: 'specialty', field: 'specialty', filter: valueFilter('specialty', query.specialty, knownSpecialties) },
    // Issue 50: the languages they consult in (codes).
    { key: 'language', field: 'languages', filter: query.language && exactFilter('languages', [query.language]) },
  ], [], wards);
}

export function searchInstitutions(engine: SearchEngine, query: InstitutionSearchQuery, wards?: RegisterWards): Promise<SearchAnswer> {
  return searchProviders(engine, 'institutions', query, query.sort === 'distance' ? undefined : sortBy.institutions[query.sort], [
    { key: 'type', field: 'type', filter: query.type && exactFilter('type', [query.type]) },
  ], [
    { key: 'ownership', field: 'ownership', filter: query.ownership && exactFilter('ownership', [query.ownership]) },
    { key: 'level', field: 'level', filter: query.level && exactFilter('level', [query.level]) },
  ], wards);
}

/**
 * POST /api/search/multi_search: the Typesense protocol subset that the
 * typesense-instantsearch-adapter sends. Each search is checked (collection,
 * parameters, fields, per_page <= 50) before it reaches the engine; a bad one
 * gets Typesense's per-search error, as Typesense itself would answer.
 */
export async function multiSearch(engine: SearchEngine, body: unknown, wards?: RegisterWards): Promise<{ results: (SearchResult | SearchError)[] }> {
  const searches = (body as { searches?: unknown })?.searches;
  if (!body || typeof body !== 'object' || !Array.isArray(searches)) {
    throw new BadRequestError('The body must be {"searches": [...]}');
  }
  if (searches.length === 0 || searches.length > MAX_SEARCHES) {
    throw new BadRequestError(`Send between 1 and ${MAX_SEARCHES} searches`);
  }
  const understood: Understood[][] = [];
  // Issue 45: the virtual `openNow:=true` is read now (WAT), before the engine and the answer cache.
  const now = new Date();
  /** The engine's search: the words left as text, the request's filters and the understood ones. */
  const request = (search: SearchRequest, u: Understanding): SearchRequest => {
    // "cheap": cheapest first, when the search asks for no order of its own.
    const cheap = !search.sort_by && u.understood.some((x) => x.field === 'sort' && x.value === FEE_SORT && !x.suggested);
    return {
      ...search,
      q: u.q || '*',
      filter_by: withOpenNow([search.filter_by, ...u.filters].filter(Boolean).join(' && ') || undefined, now),
      ...(cheap ? { sort_by: sortBy[search.collection].fee } : {}),
    };
  };
  // Issue 48: the words of each search understood, unless they name a provider (one look-up for the searches sharing them).
  const seen = new Map<string, Promise<Understanding>>();
  const read: ({ search: SearchRequest; u: Understanding } | undefined)[] = [];
  const checked = await Promise.all(searches.map(async (s, i): Promise<SearchRequest | SearchError> => {
    try {
      const raw = s && typeof s === 'object' ? (s as Record<string, unknown>) : undefined;
      const asked = typeof raw?.filter_by === 'string' ? raw.filter_by : undefined;
      const search = sanitizeSearch(raw && asked !== undefined ? { ...raw, filter_by: withOpenNow(asked, now) } : s);
      const u = await understandNamed(engine, search.collection, search.q, filteredFields(asked), wards, seen);
      understood[i] = u.understood;
      read[i] = { search, u };
      return request(search, u);
    } catch (err) {
      if (err instanceof SearchParamsError) return { code: 400, error: err.message };
      throw err;
    }
  }));
  const valid = checked.filter((c): c is SearchRequest => !isSearchError(c as SearchError));
  let answers: (SearchResult | SearchError)[] = [];
  try {
    answers = valid.length ? await engine.multiSearch(valid) : [];
  } catch (err) {
    unavailable(err);
  }
  // Issue 48: words whose understood filters left nothing to show are searched as typed, the filters
  // only offered, when that finds something: every search of the same words (the page's counts too).
  const answerOf = new Map<number, number>();
  checked.forEach((c, i) => !isSearchError(c as SearchError) && answerOf.set(i, answerOf.size));
  const wordsOf = (i: number) => `${read[i]!.search.collection}\0${read[i]!.search.q}`;
  const emptied = new Set(
    [...answerOf].filter(([i, a]) => {
      const r = answers[a];
      const u = read[i]!.u;
      return !u.named && u.filters.some(Boolean) && valid[a].per_page !== 0 && r && !isSearchError(r) && r.found === 0;
    }).map(([i]) => wordsOf(i)),
  );
  if (emptied.size) {
    const again = [...answerOf].filter(([i]) => emptied.has(wordsOf(i)));
    const asTyped = again.map(([i]) => asNamed(read[i]!.u, read[i]!.search.q));
    // Issue 47: the searches with a page first; the count-only ones only when one of those finds something as
    // typed (most find nothing, and then no answer is replaced: their counts were thrown away).
    const paged = again.map((_, k) => k).filter((k) => valid[again[k][1]].per_page !== 0);
    const counting = again.map((_, k) => k).filter((k) => valid[again[k][1]].per_page === 0);
    const second: (SearchResult | SearchError)[] = [];
    const searchAgain = async (ks: number[]) => {
      if (ks.length === 0) return;
      const got = await engine.multiSearch(ks.map((k) => request(read[again[k][0]]!.search, asTyped[k])));
      ks.forEach((k, j) => (second[k] = got[j]));
    };
    try {
      await searchAgain(paged);
      if (paged.some((k) => !isSearchError(second[k]) && (second[k] as SearchResult).found > 0)) await searchAgain(counting);
    } catch (err) {
      unavailable(err);
    }
    const found = new Set(again.filter(([, a], k) => valid[a].per_page !== 0 && !isSearchError(second[k]) && (second[k] as SearchResult).found > 0).map(([i]) => wordsOf(i)));
    again.forEach(([i, a], k) => {
      if (!found.has(wordsOf(i))) return;
      answers[a] = second[k];
      understood[i] = asTyped[k].understood;
    });
  }
  // The search page's client shows a whole 503 as "Search is busy"; a per-search 5xx or 404 would read as a failed search.
  if (answers.some((a) => isSearchError(a) && serverSide(a))) throw searchBusy();
  let next = 0;
  return {
    results: checked.map((c, i) => {
      if (isSearchError(c as SearchError)) return c as SearchError;
      const answer = answers[next++];
      if (isSearchError(answer)) return answer;
      // The client sees its own words back, and what they were understood as.
      const typed = String((searches[i] as { q?: unknown }).q ?? '');
      const hits = answer.hits.map((h) => ({ ...h, document: answerDocument(h.document, now) }));
      return { ...answer, hits, request_params: { ...answer.request_params, q: typed }, understood: understood[i] };
    }),
  };
}

import {
  availabilityFilter,
  careServices,
  PAYER_SLUG_RE,
  availabilityWindows,
  DEFAULT_RADIUS_KM,
  locationToCityState,
  MAX_RADIUS_KM,
  normalizeState,
  professionalTypes,
  searchSortBy,
  type AvailabilityWindow,
  type ProfessionalType,
  type SearchCollection,
} from '@ilera/contracts';
import type { SearchType } from './search-params';
import { ANY_PLAN, planOf } from './plan-filter';

export type SearchSort = 'relevance' | 'rating' | 'experience' | 'fee' | 'soonest' | 'distance';

/** A point in degrees: the patient's device, for a search near them (issue 33, D23). */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Everything a search is: the page's address holds all of it (q, type,
 * filters, page, sort), so a search can be shared, reloaded and walked back
 * with the browser's Back button.
 */
export interface SearchState {
  type: SearchType;
  q: string;
  professionalType?: ProfessionalType;
  specialty?: string;
  institutionType?: string;
  service?: string;
  city?: string;
  state?: string;
  /** Only providers with a verified licence (issue 18). */
  verified?: boolean;
  /** Issue 17: a next free slot before the end of today, 3 days or a week. */
  availability?: AvailabilityWindow;
  /** Issue 33: only providers within `radius` km of this point (`near=LAT,LNG`); 'distance' sorts by it. */
  near?: LatLng;
  radius?: number;
  /** The place `near` is the centre of, when the patient typed one instead of sharing the device's location. */
  place?: string;
  /** Issue 45: open at the moment of the search (WAT), or open 24 hours. */
  openNow?: boolean;
  open24h?: boolean;
  /**
   * Issue 45: takes this health plan (a payer's slug), as its primary (capitation) provider with `primary`.
   * 'any' says the patient chose no plan although "My plan" would preselect one.
   */
  plan?: string;
  primary?: boolean;
  /** Issue 45: offers every one of these care services (contracts' careServices). */
  services?: string[];
  /** Issue 45: a consultation fee of at most this many naira. */
  maxFee?: number;
  /** Issue 50: professionals who consult in this language (a code of contracts' consultationLanguages: 'ha'). */
  language?: string;
  page: number;
  sort: SearchSort;
}

export const RESULTS_PER_PAGE = 10;
/**
 * Issue 35: a data saver's pages of results are half as long (half the cards, photos and bytes
 * to download per page). The same number as the skeleton cards shown while a page loads.
 */
export const DATA_SAVER_RESULTS_PER_PAGE = 5;
export const resultsPerPage = (dataSaver: boolean) => (dataSaver ? DATA_SAVER_RESULTS_PER_PAGE : RESULTS_PER_PAGE);
/**
 * The API serves the first 1,000 results of a search and no further (MAX_HITS in
 * search/src/protocol.ts), as hosted search services do; a deeper page is refused.
 */
export const MAX_RESULTS = 1000;
/** The last page the API serves with `perPage` results a page (100 normally, 200 for a data saver). */
export const maxPages = (perPage: number = RESULTS_PER_PAGE) => Math.floor(MAX_RESULTS / perPage);

const text = (params: URLSearchParams, key: string): string | undefined => {
  const v = params.get(key)?.trim();
  return v && v.toLowerCase() !== 'all' ? v : undefined;
};

export { planOf };
const readPlan = (v: string | null) => (v && (v === ANY_PLAN || PAYER_SLUG_RE.test(v)) && v.length <= 60 ? v : undefined);

/** Reads the address. Landing and dashboard links send `location` (lagos-lagos, ...): it becomes city and state. */
export function readSearchState(params: URLSearchParams): SearchState {
  const type: SearchType = params.get('type') === 'institutions' ? 'institutions' : 'professionals';
  let city = text(params, 'city');
  let state = text(params, 'state');
  const location = text(params, 'location');
  if (location && !city && !state) {
    const place = locationToCityState(location);
    if (place) ({ city, state } = place);
  }
  const pt = text(params, 'professionalType');
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const near = readNear(params.get('near'));
  const radius = Number(params.get('radius'));
  const plan = readPlan(params.get('plan'));
  const services = [...new Set(params.getAll('services'))].filter((v) => careServices.includes(v));
  const maxFee = Number(params.get('maxFee'));
  return {
    type,
    q: params.get('q')?.trim() ?? '',
    professionalType: type === 'professionals' && (professionalTypes as readonly string[]).includes(pt ?? '') ? (pt as ProfessionalType) : undefined,
    specialty: type === 'professionals' ? text(params, 'specialty') : undefined,
    institutionType: type === 'institutions' ? text(params, 'institutionType') : undefined,
    service: type === 'institutions' ? text(params, 'service') : undefined,
    city,
    state: state ? normalizeState(state) : undefined,
    verified: params.get('verified') === 'true' || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    availability: (availabilityWindows as readonly string[]).includes(params.get('availability') ?? '')
      ? (params.get('availability') as AvailabilityWindow)
      : undefined,
    near,
    place: near ? text(params, 'place')?.slice(0, 100) : undefined,
    radius: near && Number.isFinite(radius) && radius > 0 && radius <= MAX_RADIUS_KM && radius !== DEFAULT_RADIUS_KM ? radius : undefined,
    openNow: params.get('openNow') === 'true' || undefined,
    open24h: params.get('open24h') === 'true' || undefined,
    plan,
    primary: (plan && plan !== ANY_PLAN && params.get('primary') === 'true') || undefined,
    services: services.length ? services : undefined,
    maxFee: Number.isInteger(maxFee) && maxFee >= 0 && params.has('maxFee') ? maxFee : undefined,
    // A code's shape only: the list stays out of the search page's first load (an unknown code finds no one).
    language: type === 'professionals' && /^[a-z]{2,3}$/.test(params.get('language') ?? '') ? params.get('language')! : undefined,
    sort:
      sort === 'rating' || sort === 'soonest' || sort === 'fee' || (sort === 'experience' && type === 'professionals') || (sort === 'distance' && near)
        ? sort
        : 'relevance',
  };
}

/** The API's default and largest radius (km) of a search near a point. */
export { DEFAULT_RADIUS_KM, MAX_RADIUS_KM };

/** `near=6.5244,3.3792`: a point, or undefined when it is not one. */
function readNear(value: string | null): LatLng | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!m) return undefined;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

/** A coordinate as the address and the engines get it: 4 decimals (about 11 m), enough to find what is near. */
const coordinate = (n: number) => String(Math.round(n * 1e4) / 1e4);
const nearText = (p: LatLng) => `${coordinate(p.lat)},${coordinate(p.lng)}`;

/** The address of a search state, defaults left out. */
export function writeSearchState(s: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') out.set(key, String(value));
  };
  set('q', s.q);
  if (s.type === 'institutions') set('type', 'institutions');
  set('professionalType', s.professionalType);
  set('specialty', s.specialty);
  set('institutionType', s.institutionType);
  set('service', s.service);
  set('city', s.city);
  set('state', s.state);
  if (s.verified) set('verified', 'true');
  set('availability', s.availability);
  if (s.near) set('near', nearText(s.near));
  if (s.near) set('radius', s.radius);
  if (s.near) set('place', s.place);
  if (s.openNow) set('openNow', 'true');
  if (s.open24h) set('open24h', 'true');
  set('plan', s.plan);
  if (s.primary && s.plan && s.plan !== ANY_PLAN) set('primary', 'true');
  for (const service of s.services ?? []) out.append('services', service);
  set('maxFee', s.maxFee);
  set('language', s.language);
  if (s.sort !== 'relevance' && (s.sort !== 'distance' || s.near)) set('sort', s.sort);
  if (s.page > 1) set('page', s.page);
  return out;
}

export const collectionOf = (s: SearchState): SearchCollection => s.type;

/** Issue 45: lowest consultation fee first, for a kind whose own sorts (contracts' searchSortBy) have none. */
const FEE_SORT = 'consultationFeeNaira:asc,rating:desc';

/** instantsearch's index name: the collection, with `/sort/<sort_by>` for a non-default order (adapter syntax). */
export function indexNameOf(s: SearchState): string {
  // Nearest first: Typesense's geo sort on the documents' location, then the best rated (D23).
  if (s.sort === 'distance' && s.near) return `${s.type}/sort/location(${coordinate(s.near.lat)}, ${coordinate(s.near.lng)}):asc,rating:desc`;
  const sorts: Record<string, string> = { fee: FEE_SORT, ...(searchSortBy[s.type] as Record<string, string>) };
  return s.sort === 'relevance' || !sorts[s.sort] ? s.type : `${s.type}/sort/${sorts[s.sort]}`;
}

/** The facets each collection's filter panel counts; typed city text is a filter of its own. */
export const facetFields = {
  professionals: { category: 'professionalType', sub: 'specialty' },
  institutions: { category: 'type', sub: 'services' },
} as const;

/** instantsearch search parameters (the Configure widget) for a state, `perPage` results a page (resultsPerPage). */
export function searchParametersOf(s: SearchState, perPage: number = RESULTS_PER_PAGE) {
  const { category, sub } = facetFields[s.type];
  const categoryValue = s.type === 'professionals' ? s.professionalType : s.institutionType;
  const subValue = s.type === 'professionals' ? s.specialty : s.service;
  const refinements: Record<string, string[]> = {
    [category]: categoryValue ? [categoryValue] : [],
    [sub]: subValue ? [subValue] : [],
    state: s.state ? [s.state] : [],
    city: [],
    isVerified: s.verified ? ['true'] : [],
  };
  return {
    query: s.q,
    hitsPerPage: perPage,
    // An address past the last page served (a shared or typed ?page=101) shows that last page,
    // with the note that says why, instead of a refused search. The server renderer and the
    // browser both read this, so they draw the same page.
    page: Math.min(s.page, maxPages(perPage)) - 1,
    maxValuesPerFacet: 50,
    // Disjunctive: each facet's counts ignore its own choice, so the other
    // choices stay visible with their counts.
    disjunctiveFacets: [category, sub, 'state', 'city', 'isVerified'],
    disjunctiveFacetsRefinements: refinements,
    filters: filtersOf(s, s.availability),
    // Issue 17: the filters of each availability window's count, the other choices kept
    // (api/availability-counts.ts sends them with the search and takes them out of its answer).
    [AVAILABILITY_COUNTS]: Object.fromEntries(availabilityWindows.map((w) => [w, filtersOf(s, w)])),
  };
}

/** The search parameter that carries the availability counts' filters to the search client. */
export const AVAILABILITY_COUNTS = 'availabilityCountFilters';

/**
 * The filters beside the facet choices: a typed city matches case-insensitively
 * (Typesense `field:value`); availability is a range on the index's next free slot
 * (epoch seconds), ending at a Lagos midnight (issue 17); near a point is Typesense's
 * radius filter on the documents' location (issue 33), whose hits carry their distance.
 */
function filtersOf(s: SearchState, availability: AvailabilityWindow | undefined): string {
  return [
    s.city ? `city:${quoted(s.city)}` : '',
    availability ? availabilityFilter(availability) : '',
    s.near ? `location:(${coordinate(s.near.lat)}, ${coordinate(s.near.lng)}, ${s.radius ?? DEFAULT_RADIUS_KM} km)` : '',
    ...careFilters(s),
  ]
    .filter(Boolean)
    .join(' && ');
}

const quoted = (v: string) => `\`${v.replace(/`/g, '')}\``;

/**
 * Issue 45's filters, in the multi_search syntax the API takes: `openNow:=true` is virtual (the API turns
 * it into the open slots and closed days at the moment of the search, WAT); a health plan is a payer's
 * slug in `plans` (or `primaryPlans`); each care service must be there (one clause each: all of them);
 * the fee is the consultation fee in naira.
 */
function careFilters(s: SearchState): string[] {
  const plan = planOf(s);
  return [
    s.openNow ? 'openNow:=true' : '',
    s.open24h ? 'open24Hours:=true' : '',
    plan ? `${s.primary ? 'primaryPlans' : 'plans'}:=[${quoted(plan)}]` : '',
    ...(s.services ?? []).map((v) => `services:=[${quoted(v)}]`),
    s.maxFee !== undefined ? `consultationFeeNaira:<=${s.maxFee}` : '',
    // Issue 50: a language they consult in.
    s.language ? `languages:=[${quoted(s.language)}]` : '',
  ].filter(Boolean);
}

export const hasCareFilters = (s: SearchState): boolean => Boolean(s.openNow || s.open24h || planOf(s) || s.services?.length || s.maxFee !== undefined || s.language);

/** What "Clear filters" sets for issue 45's filters (and issue 50's language): "My plan" comes back by itself (the patient's own choice). */
export const clearCareFilters: Partial<SearchState> = { openNow: undefined, open24h: undefined, plan: undefined, primary: undefined, services: undefined, maxFee: undefined, language: undefined };

/**
 * Where the server's first answer for a search waits in the query cache (decision 015):
 * entry-server.tsx puts instantsearch's server state there, the browser hydrates it
 * with the rest of the cache, and the search page starts from it for this very search
 * and this very page length (issue 35: a data saver's 5): a results area the browser draws
 * after the footer's switch changed the length must search again, not show the server's page.
 */
export const searchServerStateKey = (s?: SearchState, perPage?: number) =>
  s ? ['ssr', 'search', indexNameOf(s), writeSearchState(s).toString(), perPage] : ['ssr', 'search'];

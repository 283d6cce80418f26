// One search interface, two engines (PRODUCT.md design card). Searches use
// Typesense's own parameters and answers, so the Typesense engine is a thin
// pass-through and the PostgreSQL engine answers in the same shape.
import type { CollectionName, SearchDocument } from './schema';

/** The Typesense search parameters we support (the subset the instantsearch adapter sends). */
export interface SearchParams {
  q: string;
  query_by?: string;
  filter_by?: string;
  facet_by?: string;
  sort_by?: string;
  /** 1-based. */
  page?: number;
  per_page?: number;
  max_facet_values?: number;
  /** `field:prefix`: narrows the facet values of `field` (searchable facets). */
  facet_query?: string;
}

export interface SearchRequest extends SearchParams {
  collection: CollectionName;
}

export interface FacetCount {
  field_name: string;
  counts: { value: string; count: number; highlighted: string }[];
  stats: Record<string, number>;
}

export interface SearchHit<D = SearchDocument> {
  document: D;
  highlights: unknown[];
  text_match?: number;
  /** Metres from the point of a search's geo filter or sort, by geopoint field (Typesense's own answer). */
  geo_distance_meters?: Record<string, number>;
}

export interface SearchResult<D = SearchDocument> {
  found: number;
  out_of?: number;
  page: number;
  search_time_ms: number;
  request_params: { collection_name: string; q: string; per_page: number };
  hits: SearchHit<D>[];
  facet_counts: FacetCount[];
}

/** A search the engine refused (Typesense answers these inside multi_search's results). */
export interface SearchError {
  code: number;
  error: string;
}

/**
 * Issue 47: an engine may note a result's size as its JSON would count it, from text it already holds (the
 * PostgreSQL engine: its documents' jsonb text, a little longer than JSON.stringify writes), so that the
 * answer cache bounds its size without writing every answer out once more. Results not noted are measured
 * by JSON.stringify, as before.
 */
export const resultSizes = new WeakMap<object, number>();

export function isSearchError(r: SearchResult | SearchError): r is SearchError {
  return typeof (r as SearchError).error === 'string';
}

/** Writes into one collection: an engine, or the new collection of a rebuild. */
export type SearchWriter = Pick<SearchEngine, 'upsert' | 'delete'>;

/** Writes what changed during a rebuild, through the writer given. */
export type CatchUp = (writer: SearchWriter) => Promise<void>;

/** A name asked of `SearchEngine.named`: words as nameKey writes them (searchWords, single spaces). */
export interface NameAsked {
  key: string;
  /** A name that starts with the key and a space counts too. */
  prefix: boolean;
}

export interface SearchEngine {
  readonly kind: 'postgres' | 'typesense';
  /** Creates the collections (and their aliases) when missing. */
  ensureCollections(): Promise<void>;
  /** Inserts or replaces whole documents. Throws DocumentRejectedError for a document the engine refuses. */
  upsert(collection: CollectionName, docs: SearchDocument[]): Promise<void>;
  /** Removes documents; ids that are not there are ignored. */
  delete(collection: CollectionName, ids: string[]): Promise<void>;
  multiSearch(searches: SearchRequest[]): Promise<(SearchResult | SearchError)[]>;
  /**
   * Issue 48: which of the names asked name a document of the collection: its name key (nameKey) is
   * the key, or, with `prefix`, starts with it and a space. Query understanding asks before it lets
   * filters drawn from a patient's words hide what they named; an index lookup, not a search.
   */
  named(collection: CollectionName, names: readonly NameAsked[]): Promise<boolean[]>;
  /** Every document of a collection (search:check compares them with PostgreSQL). */
  exportAll(collection: CollectionName): Promise<SearchDocument[]>;
  /**
   * Rebuilds a collection from scratch: readers see the old collection until the
   * new one is complete (one transaction, or a Typesense alias switch). `catchUp`, when given,
   * is handed a writer into the new collection once it is filled and before readers see it, to
   * write what changed while it was being filled (reindexAll: the search events since it began).
   * PostgreSQL's rebuild, one transaction whose rows a concurrent write waits for, does not need it
   * and ignores it; reindexAll replays once more through the engine after, for both.
   */
  replaceAll(collection: CollectionName, batches: AsyncIterable<SearchDocument[]>, catchUp?: CatchUp): Promise<number>;
  close(): Promise<void>;
}

/**
 * A near-me search (D23, issue 33): a point and a radius. Both engines take it as Typesense's own
 * syntax on the `location` geopoint (nearFilter, nearSort), and each hit then carries its distance
 * in `geo_distance_meters.location` (distanceKm).
 */
export interface Near {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** The sort the API calls `distance`: nearest first. */
export const DISTANCE_SORT = 'distance';

const coordinate = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** `location:(lat, lng, R km)`: the documents within R km of the point. */
export const nearFilter = (n: Near): string => `location:(${coordinate(n.lat)}, ${coordinate(n.lng)}, ${n.radiusKm} km)`;

/** `location(lat, lng):asc`: nearest first. */
export const nearSort = (n: Pick<Near, 'lat' | 'lng'>): string => `location(${coordinate(n.lat)}, ${coordinate(n.lng)}):asc`;

/** The great-circle distance in km between two points (haversine, on the mean earth radius). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A hit's distance in km, one decimal (the API's `distanceKm`): the engine's geo_distance_meters,
 * else (an engine answers it only for some orders) measured from `from` to the document's location;
 * undefined for a document without one.
 */
export function distanceKm(hit: Pick<SearchHit, 'geo_distance_meters' | 'document'>, from?: { lat: number; lng: number }): number | undefined {
  const m = hit.geo_distance_meters?.location;
  if (typeof m === 'number' && Number.isFinite(m)) return Math.round(m / 100) / 10;
  const at = hit.document.location;
  if (!from || !Array.isArray(at) || typeof at[0] !== 'number' || typeof at[1] !== 'number') return undefined;
  return Math.round(haversineKm(from, { lat: at[0], lng: at[1] }) * 10) / 10;
}

/** Thrown for a search with bad parameters (unknown field, bad filter): a 400 for clients. */
export class SearchParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchParamsError';
  }
}

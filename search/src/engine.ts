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

export function isSearchError(r: SearchResult | SearchError): r is SearchError {
  return typeof (r as SearchError).error === 'string';
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
  /** Every document of a collection (search:check compares them with PostgreSQL). */
  exportAll(collection: CollectionName): Promise<SearchDocument[]>;
  /**
   * Rebuilds a collection from scratch: readers see the old collection until the
   * new one is complete (one transaction, or a Typesense alias switch).
   */
  replaceAll(collection: CollectionName, batches: AsyncIterable<SearchDocument[]>): Promise<number>;
  close(): Promise<void>;
}

/** Thrown for a search with bad parameters (unknown field, bad filter): a 400 for clients. */
export class SearchParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchParamsError';
  }
}

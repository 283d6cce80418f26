// The search index as clients see it (ours: the spec does not show it): the two
// collections' names, the fields free text looks at, and the sort orders, as
// Typesense parameters. The search engines (search/) and the search page's
// instantsearch adapter (web/) both read them from here.

export const searchCollections = ['professionals', 'institutions'] as const;
export type SearchCollection = (typeof searchCollections)[number];

/** query_by of each collection, most important field first. */
export const searchQueryBy: Record<SearchCollection, readonly string[]> = {
  professionals: ['name', 'specialty', 'institution', 'city', 'state', 'bio'],
  institutions: ['name', 'typeLabel', 'services', 'city', 'state', 'description'],
};

/** Sort orders offered to people, as Typesense sort_by strings (D10: relevance first, then rating). */
export const searchSortBy = {
  professionals: {
    relevance: '_text_match:desc,rating:desc,reviewCount:desc',
    rating: 'rating:desc,reviewCount:desc',
    experience: 'yearsOfExperience:desc,rating:desc',
    fee: 'consultationFee:asc,rating:desc',
    // Issue 17: the next free slot first; providers without one come last (Typesense's
    // `missing_values: last`, which the PostgreSQL engine reads as NULLS LAST).
    soonest: 'nextSlot(missing_values: last):asc,rating:desc',
  },
  institutions: {
    relevance: '_text_match:desc,rating:desc,reviewCount:desc',
    rating: 'rating:desc,reviewCount:desc',
    // Issue 45: the consultation fee from the care facts; unknown fees last.
    fee: 'consultationFeeNaira:asc,rating:desc',
    soonest: 'nextSlot(missing_values: last):asc,rating:desc',
  },
} as const;

// The health plan of a search (issue 45), apart from search-state.ts: the filters' lazily loaded part
// (care/components/CareFilters.tsx) needs only this, and a module it shares with the search page goes to
// the chunk the profiles load too (scripts/chunk-groups.ts).

/** The "no plan" choice in the address, when "My plan" would otherwise preselect one. */
export const ANY_PLAN = 'any';

/** The health plan a search is filtered on (a payer's slug), if any. */
export const planOf = (s: { plan?: string }): string | undefined => (s.plan && s.plan !== ANY_PLAN ? s.plan : undefined);

/**
 * The /search page's address: the one place other screens (landing, header, cards)
 * learn how to link to a search. The search page reads the same parameters.
 */
export const searchTypeOptions = [
  { value: 'professionals', label: 'Professionals' },
  { value: 'institutions', label: 'Institutions' },
] as const;

export type SearchType = (typeof searchTypeOptions)[number]['value'];

export interface SearchLinkParams {
  q?: string;
  type?: SearchType;
  location?: string;
  professionalType?: string;
  specialty?: string;
  institutionType?: string;
  service?: string;
}

/** `/search?...` with empty values left out. */
export function searchUrl(params: SearchLinkParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) query.set(key, text);
  }
  const qs = query.toString();
  return qs ? `/search?${qs}` : '/search';
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';

export interface InstitutionChoice {
  id: string;
  name: string;
  typeLabel?: string;
  city?: string;
  state?: string;
}

/** GET /api/institutions/search?query=: listed institutions by name, for the request form. */
export async function findInstitutions(name: string): Promise<InstitutionChoice[]> {
  const answer = await getJson<{ hits: InstitutionChoice[] }>(`/api/institutions/search?${new URLSearchParams({ query: name, perPage: '10' })}`);
  return answer.hits;
}

export function findInstitutionsQueryOptions(name: string) {
  return queryOptions({ queryKey: ['/api/institutions/search', 'affiliation', name], queryFn: () => findInstitutions(name) });
}

export function useFindInstitutions(name: string) {
  return useQuery({ ...findInstitutionsQueryOptions(name), enabled: name.trim().length >= 2 });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Institution } from '@ilera/contracts';

/** GET /api/institutions/{id}: public for approved profiles (D1), else 404 except to the owner and admins. */
export function getInstitution(id: string | number): Promise<Institution> {
  return getJson<Institution>(`/api/institutions/${id}`);
}

export function institutionQueryOptions(id: string | number) {
  return queryOptions({ queryKey: ['/api/institutions', String(id)], queryFn: () => getInstitution(id) });
}

export function useInstitution(id: string | number) {
  return useQuery(institutionQueryOptions(id));
}

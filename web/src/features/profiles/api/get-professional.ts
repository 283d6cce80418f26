import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Professional } from '@ilera/contracts';

/** GET /api/professionals/{id}: public for approved profiles (D1), else 404 except to the owner and admins. */
export function getProfessional(id: string | number): Promise<Professional> {
  return getJson<Professional>(`/api/professionals/${id}`);
}

export function professionalQueryOptions(id: string | number) {
  return queryOptions({ queryKey: ['/api/professionals', String(id)], queryFn: () => getProfessional(id) });
}

export function useProfessional(id: string | number) {
  return useQuery(professionalQueryOptions(id));
}

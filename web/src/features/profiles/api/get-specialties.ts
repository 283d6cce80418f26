import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';

export interface Specialty {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
}

/** GET /api/specialties: the reference list (id and name). */
export function getSpecialties(): Promise<Specialty[]> {
  return getJson<Specialty[]>('/api/specialties');
}

export function specialtiesQueryOptions() {
  return queryOptions({ queryKey: ['/api/specialties'], queryFn: getSpecialties });
}

export function useSpecialties() {
  return useQuery(specialtiesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AdminProfessional } from './types';

/** GET /api/admin/pending-professionals. */
export function getPendingProfessionals(): Promise<AdminProfessional[]> {
  return getJson<AdminProfessional[]>('/api/admin/pending-professionals');
}

export function pendingProfessionalsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/pending-professionals'], queryFn: getPendingProfessionals });
}

export function usePendingProfessionals() {
  return useQuery(pendingProfessionalsQueryOptions());
}

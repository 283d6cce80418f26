import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AdminProfessional } from './types';

/** GET /api/admin/approved-professionals. */
export function getApprovedProfessionals(): Promise<AdminProfessional[]> {
  return getJson<AdminProfessional[]>('/api/admin/approved-professionals');
}

export function approvedProfessionalsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/approved-professionals'], queryFn: getApprovedProfessionals });
}

export function useApprovedProfessionals() {
  return useQuery(approvedProfessionalsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AdminInstitution } from './types';

/** GET /api/admin/pending-institutions. */
export function getPendingInstitutions(): Promise<AdminInstitution[]> {
  return getJson<AdminInstitution[]>('/api/admin/pending-institutions');
}

export function pendingInstitutionsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/pending-institutions'], queryFn: getPendingInstitutions });
}

export function usePendingInstitutions() {
  return useQuery(pendingInstitutionsQueryOptions());
}

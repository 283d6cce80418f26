import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AdminInstitution } from './types';

/** GET /api/admin/approved-institutions. */
export function getApprovedInstitutions(): Promise<AdminInstitution[]> {
  return getJson<AdminInstitution[]>('/api/admin/approved-institutions');
}

export function approvedInstitutionsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/approved-institutions'], queryFn: getApprovedInstitutions });
}

export function useApprovedInstitutions() {
  return useQuery(approvedInstitutionsQueryOptions());
}

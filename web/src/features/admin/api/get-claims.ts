import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClaimsPage, ClaimStatus } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

export const CLAIMS_PER_PAGE = 25;

/** GET /api/admin/claims?status=&page=: the queue (pending, oldest first) or the decided claims (issue 33). */
export function getAdminClaims(status: ClaimStatus, page: number): Promise<AdminClaimsPage> {
  return getJson<AdminClaimsPage>(`/api/admin/claims?status=${status}&page=${page}&perPage=${CLAIMS_PER_PAGE}`);
}

/** Every page of every status shares this prefix (for invalidation). */
export const adminClaimsQueryPrefix = ['/api/admin/claims'] as const;

export function adminClaimsQueryOptions(status: ClaimStatus, page: number) {
  return queryOptions({ queryKey: [...adminClaimsQueryPrefix, status, page], queryFn: () => getAdminClaims(status, page) });
}

export function useAdminClaims(status: ClaimStatus, page: number) {
  return useQuery({ ...adminClaimsQueryOptions(status, page), placeholderData: keepPreviousData });
}

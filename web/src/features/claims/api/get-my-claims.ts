import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

/** GET /api/claims: the signed-in institution account's claims, newest first. */
export function getMyClaims(): Promise<Claim[]> {
  return getJson<Claim[]>('/api/claims');
}

export function myClaimsQueryOptions() {
  return queryOptions({ queryKey: ['/api/claims'], queryFn: getMyClaims });
}

export function useMyClaims(enabled: boolean) {
  return useQuery({ ...myClaimsQueryOptions(), enabled });
}

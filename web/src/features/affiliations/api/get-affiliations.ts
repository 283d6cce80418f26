import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Affiliation } from '@ilera/contracts';
import { AFFILIATIONS_KEY } from './types';

/** GET /api/affiliations: the signed-in side's requests and links. */
export function getAffiliations(): Promise<Affiliation[]> {
  return getJson<Affiliation[]>('/api/affiliations');
}

export function affiliationsQueryOptions() {
  return queryOptions({ queryKey: [AFFILIATIONS_KEY], queryFn: getAffiliations });
}

export function useAffiliations() {
  return useQuery(affiliationsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';

/**
 * Live counts of approved, public profiles for the landing page's category cards (D2).
 * GET /api/directory/counts (public).
 */
export interface DirectoryCounts {
  doctor: number;
  pharmacist: number;
  nurse: number;
  specialties: Record<string, number>;
}

export function getDirectoryCounts(): Promise<DirectoryCounts> {
  return getJson<DirectoryCounts>('/api/directory/counts');
}

export function directoryCountsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/directory/counts'],
    queryFn: getDirectoryCounts,
  });
}

export function useDirectoryCounts() {
  return useQuery(directoryCountsQueryOptions());
}

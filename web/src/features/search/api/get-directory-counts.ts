import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryCounts } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

/**
 * Live counts of approved, public profiles for the landing page's category cards (D2).
 * GET /api/directory/counts (public).
 */
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

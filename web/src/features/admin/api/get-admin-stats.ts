import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AdminStats } from '@ilera/contracts';

/** GET /api/admin/stats: the four counts (plus pending per kind, for the tab labels). */
export function getAdminStats(): Promise<AdminStats> {
  return getJson<AdminStats>('/api/admin/stats');
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/stats'], queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';

/** GET /api/admin/stats (admin area): made only for admins (spec §6). */
export interface AdminStats {
  totalProfessionals: number;
  totalInstitutions: number;
  pendingApprovals: number;
  totalAppointments: number;
}

export function getAdminStats(): Promise<AdminStats> {
  return getJson<AdminStats>('/api/admin/stats');
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/stats'], queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

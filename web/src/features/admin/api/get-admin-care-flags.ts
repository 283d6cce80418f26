import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCareFlagsAnswer } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

export type AdminCareFlags = z.infer<typeof adminCareFlagsAnswer>;

/** GET /api/admin/care-flags (issue 45): every provider whose published fee or plan patients' reports contradict. */
export function getAdminCareFlags(): Promise<AdminCareFlags> {
  return getJson('/api/admin/care-flags');
}

export function adminCareFlagsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/care-flags'], queryFn: getAdminCareFlags });
}

export function useAdminCareFlags() {
  return useQuery(adminCareFlagsQueryOptions());
}

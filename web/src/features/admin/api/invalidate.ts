import type { QueryClient } from '@tanstack/react-query';
import { adminStatsQueryOptions } from './get-admin-stats';
import { adminListsQueryPrefix } from './get-admin-list';
import { auditLogQueryPrefix } from './get-audit-log';

/** After any admin action: the lists, the counts and the activity log are refreshed (spec §7). */
export function invalidateAdminData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      adminStatsQueryOptions().queryKey,
      adminListsQueryPrefix,
      auditLogQueryPrefix,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

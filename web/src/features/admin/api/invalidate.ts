import type { QueryClient } from '@tanstack/react-query';
import { adminStatsQueryOptions } from './get-admin-stats';
import { approvedInstitutionsQueryOptions } from './get-approved-institutions';
import { approvedProfessionalsQueryOptions } from './get-approved-professionals';
import { auditLogQueryPrefix } from './get-audit-log';
import { pendingInstitutionsQueryOptions } from './get-pending-institutions';
import { pendingProfessionalsQueryOptions } from './get-pending-professionals';

/** After any admin action: the lists, the counts and the activity log are refreshed (spec §7). */
export function invalidateAdminData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      adminStatsQueryOptions().queryKey,
      pendingProfessionalsQueryOptions().queryKey,
      approvedProfessionalsQueryOptions().queryKey,
      pendingInstitutionsQueryOptions().queryKey,
      approvedInstitutionsQueryOptions().queryKey,
      auditLogQueryPrefix,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

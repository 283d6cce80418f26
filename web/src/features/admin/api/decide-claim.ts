import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { adminClaimsQueryPrefix } from './get-claims';
import { invalidateAdminData } from './invalidate';

export interface ClaimDecisionInput {
  id: number;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** POST /api/admin/claims/{id}/approve | reject (issue 33); a rejection's reason is its only body. */
export function decideClaim({ id, decision, reason }: ClaimDecisionInput): Promise<{ success: true; status: string; rejectedClaimIds: number[] }> {
  const url = `/api/admin/claims/${id}/${decision}`;
  return reason?.trim() ? apiJson('POST', url, { reason: reason.trim() }) : apiJson('POST', url, {});
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    // The queue, the lists, the counts and the activity log refresh, whatever the outcome (409: decided meanwhile).
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminClaimsQueryPrefix }), invalidateAdminData(queryClient)]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

export type ReviewAction = 'approve' | 'reject' | 'withdraw' | 'reopen';
export type ReviewKind = 'professional' | 'institution';

export interface ReviewInput {
  action: ReviewAction;
  kind: ReviewKind;
  id: number;
  /** Reject only: optional (D5). */
  reason?: string;
}

/**
 * The approval calls: POST /api/admin/{approve|reject|withdraw|reopen}-{professional|institution}/{id}
 * (reopen, ours: a rejected application goes back to the pending queue).
 * The spec's client sends them without a body; a rejection reason, when given, is the only body.
 */
export function reviewProfile({ action, kind, id, reason }: ReviewInput): Promise<{ success: true; status: string }> {
  const url = `/api/admin/${action}-${kind}/${id}`;
  return action === 'reject' && reason?.trim() ? apiJson('POST', url, { reason: reason.trim() }) : apiJson('POST', url);
}

export function useReviewProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewProfile,
    // Lists refresh afterwards, whatever the outcome (a 409 means someone else acted first).
    onSettled: () => invalidateAdminData(queryClient),
  });
}

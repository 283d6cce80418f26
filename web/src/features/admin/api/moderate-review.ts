import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { auditLogQueryPrefix } from './get-audit-log';
import { moderationQueryPrefix } from './get-moderation-queue';

export type ModerationAction = 'hide' | 'restore' | 'dismiss';

/** POST /api/admin/moderation/reviews/{id}/{hide|restore|dismiss}; hide carries the reason its author is shown. */
export function moderateReview({ action, id, reason }: { action: ModerationAction; id: number; reason?: string }) {
  const url = `/api/admin/moderation/reviews/${id}/${action}`;
  return action === 'hide' ? apiJson('POST', url, { reason }) : apiJson('POST', url);
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    // Both tabs and the activity log, whatever the outcome (a 409 means another moderator acted first).
    onSettled: () =>
      Promise.all([moderationQueryPrefix, auditLogQueryPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

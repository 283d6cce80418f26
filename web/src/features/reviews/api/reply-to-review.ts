import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyReviewInput, ReviewReply } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { reviewsQueryOptions } from '../../profiles/api/get-reviews';
import type { ProviderKind } from '../../profiles/api/types';

/** POST /api/reviews/{id}/reply: the reviewed provider's one public reply (D27). */
export function replyToReview(reviewId: number, input: ReplyReviewInput): Promise<{ reviewId: number; reply: ReviewReply }> {
  return apiJson('POST', `/api/reviews/${reviewId}/reply`, input);
}

export function useReplyToReview(kind: ProviderKind, providerId: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, ...input }: ReplyReviewInput & { reviewId: number }) => replyToReview(reviewId, input),
    // The reply shows under the review at once (both orders of the list share the key's start).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions(kind, providerId).queryKey }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, ReportReviewInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** POST /api/reviews/{id}/reports: the signed-in user's report (one per review, D27). */
export function reportReview(reviewId: number, input: ReportReviewInput): Promise<MessageAnswer> {
  return apiJson<MessageAnswer>('POST', `/api/reviews/${reviewId}/reports`, input);
}

export function useReportReview() {
  // A report changes nothing anyone sees: nothing to refresh.
  return useMutation({ mutationFn: ({ reviewId, ...input }: ReportReviewInput & { reviewId: number }) => reportReview(reviewId, input) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { reviewsQueryOptions } from '../../profiles/api/get-reviews';
import { refreshProviderQueries } from '../../profiles/api/refresh';

/** POST /api/reviews: creates the signed-in user's review of a provider, or replaces their earlier one. */
export function createReview(input: CreateReviewInput): Promise<Review> {
  return apiJson<Review>('POST', '/api/reviews', input);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // Spec §2: success refreshes the reviews list; the profile's average and count change too.
    onSuccess: async (_review, input) => {
      const [kind, id] = input.professionalId != null ? (['professional', input.professionalId] as const) : (['institution', input.institutionId] as const);
      if (id == null) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewsQueryOptions(kind, id).queryKey }), refreshProviderQueries(queryClient, kind)]);
    },
  });
}

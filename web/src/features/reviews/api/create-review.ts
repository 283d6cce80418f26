import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { professionalReviewsQueryOptions } from '../../profiles/api/get-professional-reviews';
import { institutionReviewsQueryOptions } from '../../profiles/api/get-institution-reviews';
import { refreshInstitutionQueries, refreshProfessionalQueries } from '../../profiles/api/refresh';
import type { Review } from '../../profiles/api/types';

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
      if (input.professionalId != null) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: professionalReviewsQueryOptions(input.professionalId).queryKey }),
          refreshProfessionalQueries(queryClient),
        ]);
      } else if (input.institutionId != null) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: institutionReviewsQueryOptions(input.institutionId).queryKey }),
          refreshInstitutionQueries(queryClient),
        ]);
      }
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Review } from './types';

/**
 * GET /api/reviews/professional/{id}, newest first. The write-review dialog
 * refreshes it by invalidating `professionalReviewsQueryOptions(id).queryKey`.
 */
export function getProfessionalReviews(id: string | number): Promise<Review[]> {
  return getJson<Review[]>(`/api/reviews/professional/${id}`);
}

export function professionalReviewsQueryOptions(id: string | number) {
  return queryOptions({ queryKey: ['/api/reviews/professional', String(id)], queryFn: () => getProfessionalReviews(id) });
}

export function useProfessionalReviews(id: string | number, enabled = true) {
  return useQuery({ ...professionalReviewsQueryOptions(id), enabled });
}

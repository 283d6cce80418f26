import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Review, ReviewOrder } from './types';

/**
 * GET /api/reviews/professional/{id}, newest first. The write-review dialog
 * refreshes it by invalidating `professionalReviewsQueryOptions(id).queryKey`.
 */
export function getProfessionalReviews(id: string | number, sort: ReviewOrder = 'newest'): Promise<Review[]> {
  return getJson<Review[]>(`/api/reviews/professional/${id}${sort === 'verified' ? '?sort=verified' : ''}`);
}

/** The verified-first list's key extends the default one, so invalidating the default refreshes both. */
export function professionalReviewsQueryOptions(id: string | number, sort: ReviewOrder = 'newest') {
  const queryKey = sort === 'verified' ? ['/api/reviews/professional', String(id), sort] : ['/api/reviews/professional', String(id)];
  return queryOptions({ queryKey, queryFn: () => getProfessionalReviews(id, sort) });
}

export function useProfessionalReviews(id: string | number, enabled = true, sort: ReviewOrder = 'newest') {
  return useQuery({ ...professionalReviewsQueryOptions(id, sort), enabled, placeholderData: (previous) => previous });
}

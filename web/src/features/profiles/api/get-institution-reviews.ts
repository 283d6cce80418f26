import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Review, ReviewOrder } from './types';

/**
 * GET /api/reviews/institution/{id}, newest first. The write-review dialog
 * refreshes it by invalidating `institutionReviewsQueryOptions(id).queryKey`.
 */
export function getInstitutionReviews(id: string | number, sort: ReviewOrder = 'newest'): Promise<Review[]> {
  return getJson<Review[]>(`/api/reviews/institution/${id}${sort === 'verified' ? '?sort=verified' : ''}`);
}

/** The verified-first list's key extends the default one, so invalidating the default refreshes both. */
export function institutionReviewsQueryOptions(id: string | number, sort: ReviewOrder = 'newest') {
  const queryKey = sort === 'verified' ? ['/api/reviews/institution', String(id), sort] : ['/api/reviews/institution', String(id)];
  return queryOptions({ queryKey, queryFn: () => getInstitutionReviews(id, sort) });
}

export function useInstitutionReviews(id: string | number, enabled = true, sort: ReviewOrder = 'newest') {
  return useQuery({ ...institutionReviewsQueryOptions(id, sort), enabled, placeholderData: (previous) => previous });
}

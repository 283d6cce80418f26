import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Review } from './types';

/**
 * GET /api/reviews/institution/{id}, newest first. The write-review dialog
 * refreshes it by invalidating `institutionReviewsQueryOptions(id).queryKey`.
 */
export function getInstitutionReviews(id: string | number): Promise<Review[]> {
  return getJson<Review[]>(`/api/reviews/institution/${id}`);
}

export function institutionReviewsQueryOptions(id: string | number) {
  return queryOptions({ queryKey: ['/api/reviews/institution', String(id)], queryFn: () => getInstitutionReviews(id) });
}

export function useInstitutionReviews(id: string | number, enabled = true) {
  return useQuery({ ...institutionReviewsQueryOptions(id), enabled });
}

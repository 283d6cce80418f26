import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Review } from '@ilera/contracts';
import type { ProviderKind, ReviewOrder } from './types';

/**
 * GET /api/reviews/{professional|institution}/{id}, newest first. The write-review
 * dialog refreshes it by invalidating `reviewsQueryOptions(kind, id).queryKey`.
 */
export function getReviews(kind: ProviderKind, id: string | number, sort: ReviewOrder = 'newest'): Promise<Review[]> {
  return getJson<Review[]>(`/api/reviews/${kind}/${id}${sort === 'verified' ? '?sort=verified' : ''}`);
}

/** The verified-first list's key extends the default one, so invalidating the default refreshes both. */
export function reviewsQueryOptions(kind: ProviderKind, id: string | number, sort: ReviewOrder = 'newest') {
  const queryKey = sort === 'verified' ? [`/api/reviews/${kind}`, String(id), sort] : [`/api/reviews/${kind}`, String(id)];
  return queryOptions({ queryKey, queryFn: () => getReviews(kind, id, sort) });
}

export function useReviews(kind: ProviderKind, id: string | number, enabled = true, sort: ReviewOrder = 'newest') {
  return useQuery({ ...reviewsQueryOptions(kind, id, sort), enabled, placeholderData: (previous) => previous });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCareSuggestionsAnswer } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

export type AdminCareSuggestionsPage = z.infer<typeof adminCareSuggestionsAnswer>;
export type AdminCareSuggestion = AdminCareSuggestionsPage['items'][number];
export type CareSuggestionStatus = AdminCareSuggestion['status'];

export const CARE_SUGGESTIONS_PER_PAGE = 25;

/** GET /api/admin/care-suggestions?status=&page=: suggested edits (issue 45), the queue oldest first or decided ones newest first. */
export function getAdminCareSuggestions(status: CareSuggestionStatus, page: number): Promise<AdminCareSuggestionsPage> {
  return getJson(`/api/admin/care-suggestions?status=${status}&page=${page}&perPage=${CARE_SUGGESTIONS_PER_PAGE}`);
}

/** Every page of every status shares this prefix (for invalidation). */
export const adminCareSuggestionsQueryPrefix = ['/api/admin/care-suggestions'] as const;

export function adminCareSuggestionsQueryOptions(status: CareSuggestionStatus, page: number) {
  return queryOptions({ queryKey: [...adminCareSuggestionsQueryPrefix, status, page], queryFn: () => getAdminCareSuggestions(status, page) });
}

export function useAdminCareSuggestions(status: CareSuggestionStatus, page: number) {
  return useQuery({ ...adminCareSuggestionsQueryOptions(status, page), placeholderData: keepPreviousData });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminTranslationSuggestionsAnswer, TranslationSuggestionMarkInput, TranslationSuggestionStatus } from '@ilera/contracts';
import { apiJson, getJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

export type AdminTranslationSuggestionsPage = z.infer<typeof adminTranslationSuggestionsAnswer>;
export type AdminTranslationSuggestion = AdminTranslationSuggestionsPage['items'][number];

export const TRANSLATION_SUGGESTIONS_PER_PAGE = 25;

/** Every page of every filter shares this prefix (for invalidation). */
const prefix = ['/api/admin/translation-suggestions'] as const;

/** GET /api/admin/translation-suggestions?status=&locale=&page= (issue 50): newest first. */
export function useAdminTranslationSuggestions(status: TranslationSuggestionStatus, locale: string, page: number) {
  const query = new URLSearchParams({ status, page: String(page), perPage: String(TRANSLATION_SUGGESTIONS_PER_PAGE), ...(locale ? { locale } : {}) });
  return useQuery({
    queryKey: [...prefix, status, locale, page],
    queryFn: () => getJson<AdminTranslationSuggestionsPage>(`/api/admin/translation-suggestions?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/admin/translation-suggestions/{id}/status: done or dismissed, audited. */
export function useMarkTranslationSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & TranslationSuggestionMarkInput) =>
      apiJson<AdminTranslationSuggestion>('PUT', `/api/admin/translation-suggestions/${id}/status`, { status }),
    // Whatever the outcome (409: marked meanwhile), the list and the activity log refresh.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: prefix }), invalidateAdminData(queryClient)]),
  });
}

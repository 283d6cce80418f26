import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextPreferences, TextPreferencesInput } from '@ilera/contracts';
import { apiJson, getJson } from '../../../lib/api';
import { accountQueryOptions } from './get-account';

export type { TextPreferences };

/** GET /api/account/text-preferences (issue 36, D24): channel, WhatsApp consent, mobile number. */
export function textPreferencesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/account/text-preferences'],
    queryFn: () => getJson<TextPreferences>('/api/account/text-preferences'),
  });
}

export function useTextPreferences(enabled = true) {
  return useQuery({ ...textPreferencesQueryOptions(), enabled });
}

/** PUT /api/account/text-preferences: the channel, and the mobile number when given (the account's phone). */
export function useUpdateTextPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TextPreferencesInput) => apiJson<TextPreferences>('PUT', '/api/account/text-preferences', input),
    onSuccess: (answer, input) => {
      queryClient.setQueryData(textPreferencesQueryOptions().queryKey, answer);
      if (input.mobile !== undefined) return queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { adminCareSuggestionsQueryPrefix, type AdminCareSuggestion } from './get-care-suggestions';
import { invalidateAdminData } from './invalidate';

export interface CareSuggestionDecisionInput {
  id: number;
  decision: 'approve' | 'reject';
  note?: string;
}

/**
 * POST /api/admin/care-suggestions/{id}/approve | reject (issue 45), audited. An approval records the
 * decision only: the admin then corrects the facts on the provider's page.
 */
export function decideCareSuggestion({ id, decision, note }: CareSuggestionDecisionInput): Promise<AdminCareSuggestion> {
  return apiJson('POST', `/api/admin/care-suggestions/${id}/${decision}`, note?.trim() ? { note: note.trim() } : {});
}

export function useDecideCareSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCareSuggestion,
    // Whatever the outcome (409: decided meanwhile), the queue and the activity log refresh.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminCareSuggestionsQueryPrefix }), invalidateAdminData(queryClient)]),
  });
}

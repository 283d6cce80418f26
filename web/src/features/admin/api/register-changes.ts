import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterChangeField, RegisterChangesPage } from '@ilera/contracts';
import { apiJson, getJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

export const REGISTER_CHANGES_PER_PAGE = 25;

/** Every page shares this prefix (for invalidation). */
export const registerChangesQueryPrefix = ['/api/admin/register-changes'] as const;

/** GET /api/admin/register-changes?page=: claimed listings whose newer register fields wait (issue 33). */
export function registerChangesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...registerChangesQueryPrefix, page],
    queryFn: () => getJson<RegisterChangesPage>(`/api/admin/register-changes?page=${page}&perPage=${REGISTER_CHANGES_PER_PAGE}`),
  });
}

export function useRegisterChanges(page: number) {
  return useQuery({ ...registerChangesQueryOptions(page), placeholderData: keepPreviousData });
}

export type RegisterChangeDecisionInput = { institutionId: number; decision: 'apply'; fields: RegisterChangeField[] } | { institutionId: number; decision: 'dismiss' };

/** POST /api/admin/register-changes/{institutionId}/apply (the fields to take) | dismiss. */
export function decideRegisterChange(input: RegisterChangeDecisionInput): Promise<{ success: true; applied: RegisterChangeField[] }> {
  const url = `/api/admin/register-changes/${input.institutionId}/${input.decision}`;
  return apiJson('POST', url, input.decision === 'apply' ? { fields: input.fields } : {});
}

export function useDecideRegisterChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRegisterChange,
    // Whatever the outcome (404: decided meanwhile), the list and the activity log refresh.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: registerChangesQueryPrefix }), invalidateAdminData(queryClient)]),
  });
}

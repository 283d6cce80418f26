import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareFactsAnswer, CareFactsInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { refreshProviderQueries } from '../../profiles/api/refresh';
import type { ProviderKind } from '../../profiles/api/types';

/**
 * PUT /api/professionals/{id}/care or /api/institutions/{id}/care (issue 45): the owner's or an admin's
 * care facts; each group given is replaced and confirmed now. Never sends an approved profile back to review.
 */
export function saveCare(kind: ProviderKind, id: number, body: CareFactsInput): Promise<CareFactsAnswer> {
  return apiJson<CareFactsAnswer>('PUT', `/api/${kind}s/${id}/care`, body);
}

export function useSaveCare(kind: ProviderKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareFactsInput) => saveCare(kind, id, body),
    onSuccess: () => refreshProviderQueries(queryClient, kind),
  });
}

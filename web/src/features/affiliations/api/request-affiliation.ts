import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAffiliationInput, Affiliation } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { refreshAffiliationQueries } from './invalidate';

/** POST /api/affiliations {institutionId, role}: a professional asks to join. */
export function requestAffiliation(input: CreateAffiliationInput): Promise<Affiliation> {
  return apiJson('POST', '/api/affiliations', input);
}

export function useRequestAffiliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestAffiliation, onSuccess: () => refreshAffiliationQueries(queryClient) });
}

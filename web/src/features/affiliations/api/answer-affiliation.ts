import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { refreshAffiliationQueries } from './invalidate';
import type { Affiliation } from '@ilera/contracts';

/** PUT /api/affiliations/{id} {status}: the institution confirms or declines. */
export function answerAffiliation({ id, status }: { id: number; status: 'confirmed' | 'declined' }): Promise<Affiliation> {
  return apiJson('PUT', `/api/affiliations/${id}`, { status });
}

export function useAnswerAffiliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerAffiliation, onSuccess: () => refreshAffiliationQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { refreshAffiliationQueries } from './invalidate';

/** DELETE /api/affiliations/{id}: either side ends a link or withdraws a request. */
export async function endAffiliation(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/affiliations/${id}`);
}

export function useEndAffiliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endAffiliation, onSuccess: () => refreshAffiliationQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedProvider, SavedProviderKind } from '@ilera/contracts';
import { apiJson, apiRequest } from '../../../lib/api';
import { savedProvidersQueryOptions } from './get-saved-providers';

export interface SavedTarget {
  kind: SavedProviderKind;
  id: number;
}

/** PUT /api/saved-providers/{kind}/{id} answers the whole list; DELETE answers 204. */
export async function setSaved({ kind, id }: SavedTarget, saved: boolean): Promise<SavedProvider[] | null> {
  const url = `/api/saved-providers/${kind}/${id}`;
  if (saved) return apiJson<SavedProvider[]>('PUT', url);
  await apiRequest('DELETE', url);
  return null;
}

export function useToggleSaved() {
  const queryClient = useQueryClient();
  const { queryKey } = savedProvidersQueryOptions();
  return useMutation({
    mutationFn: ({ target, saved }: { target: SavedTarget; saved: boolean }) => setSaved(target, saved),
    onSuccess: (list) => {
      if (list) queryClient.setQueryData(queryKey, list);
      else void queryClient.invalidateQueries({ queryKey });
    },
  });
}

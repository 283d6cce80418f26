import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { refreshProviderQueries } from './refresh';

export type PhotoOwner = 'professional' | 'institution';

/** PUT /api/professionals/photo or /api/institutions/photo: a URL, or null to remove the photo. */
export function updatePhoto(owner: PhotoOwner, profileImageUrl: string | null): Promise<unknown> {
  const path = owner === 'professional' ? '/api/professionals/photo' : '/api/institutions/photo';
  return apiJson('PUT', path, { profileImageUrl });
}

export function useUpdatePhoto(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileImageUrl: string | null) => updatePhoto(owner, profileImageUrl),
    onSuccess: () =>
      refreshProviderQueries(queryClient, owner),
  });
}

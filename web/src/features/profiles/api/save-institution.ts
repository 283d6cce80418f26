import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstitutionProfileInput, Institution } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { refreshProviderQueries } from './refresh';

/** POST /api/institutions: a new profile, pending review. */
export function createInstitution(body: InstitutionProfileInput): Promise<Institution> {
  return apiJson<Institution>('POST', '/api/institutions', body);
}

/** PUT /api/institutions/{id}: the owner's (or an admin's) edit. */
export function updateInstitution(id: number, body: InstitutionProfileInput): Promise<Institution> {
  return apiJson<Institution>('PUT', `/api/institutions/${id}`, body);
}

export function useSaveInstitution(existingId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionProfileInput) =>
      existingId === undefined ? createInstitution(body) : updateInstitution(existingId, body),
    onSuccess: () => refreshProviderQueries(queryClient, 'institution'),
  });
}

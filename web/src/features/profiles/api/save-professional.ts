import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalProfileInput, Professional } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { refreshProviderQueries } from './refresh';

/** POST /api/professionals: a new profile, pending review. */
export function createProfessional(body: ProfessionalProfileInput): Promise<Professional> {
  return apiJson<Professional>('POST', '/api/professionals', body);
}

/** PUT /api/professionals/{id}: the owner's (or an admin's) edit. */
export function updateProfessional(id: number, body: ProfessionalProfileInput): Promise<Professional> {
  return apiJson<Professional>('PUT', `/api/professionals/${id}`, body);
}

/** Creates when there is no profile yet, else updates it. */
export function useSaveProfessional(existingId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfessionalProfileInput) =>
      existingId === undefined ? createProfessional(body) : updateProfessional(existingId, body),
    onSuccess: () => refreshProviderQueries(queryClient, 'professional'),
  });
}

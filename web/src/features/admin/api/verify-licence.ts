import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

/** POST /api/admin/professionals/{id}/licences/verify (issue 18, ours): the licence of one country checked. */
export function verifyLicence({ id, country }: { id: number; country: string }): Promise<{ success: true; isVerified: boolean }> {
  return apiJson('POST', `/api/admin/professionals/${id}/licences/verify`, { country });
}

export function useVerifyLicence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyLicence, onSettled: () => invalidateAdminData(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';
import type { ReviewKind } from './review-profile';

/**
 * POST /api/admin/{professionals|institutions}/{id}/licences/verify (issue 18, ours): a
 * professional's licence or an institution's registration of one country checked.
 */
export function verifyLicence({ kind, id, country }: { kind: ReviewKind; id: number; country: string }): Promise<{ success: true; isVerified: boolean }> {
  return apiJson('POST', `/api/admin/${kind}s/${id}/licences/verify`, { country });
}

export function useVerifyLicence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyLicence, onSettled: () => invalidateAdminData(queryClient) });
}

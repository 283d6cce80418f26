import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, CreateClaimInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { myClaimsQueryOptions } from './get-my-claims';

/** POST /api/institutions/{id}/claims (issue 33): the signed-in institution claims a register listing. */
export function createClaim({ institutionId, ...body }: CreateClaimInput & { institutionId: number }): Promise<Claim> {
  return apiJson<Claim>('POST', `/api/institutions/${institutionId}/claims`, body);
}

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myClaimsQueryOptions().queryKey }),
  });
}

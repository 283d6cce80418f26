import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

/** POST /api/account/sign-out-everywhere: every session of the user ends, this one included. */
export function signOutEverywhere(): Promise<{ success: boolean; message: string }> {
  return apiJson('POST', '/api/account/sign-out-everywhere');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}

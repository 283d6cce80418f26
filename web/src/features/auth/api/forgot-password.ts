import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ success: boolean; message: string }> {
  return apiJson('POST', '/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

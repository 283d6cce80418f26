import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** POST /api/auth/reset-password with {token, newPassword}. */
export function resetPassword(input: ResetPasswordInput): Promise<{ success: boolean; message: string }> {
  return apiJson('POST', '/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

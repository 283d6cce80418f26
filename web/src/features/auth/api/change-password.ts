import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** PUT /api/auth/change-password. The server re-issues this browser's cookie; other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<{ success: boolean; message: string }> {
  return apiJson('PUT', '/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

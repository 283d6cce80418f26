import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** DELETE /api/account with the password (D21). */
export function deleteAccount(input: DeleteAccountInput): Promise<{ success: boolean; message: string }> {
  return apiJson('DELETE', '/api/account', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

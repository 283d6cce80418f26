import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

/** PUT /api/admin/change-password: a real change (D4); the server keeps this session and ends the others. */
export function changeAdminPassword(input: ChangePasswordInput): Promise<{ success: true; message: string }> {
  return apiJson('PUT', '/api/admin/change-password', input);
}

export function useChangeAdminPassword() {
  return useMutation({ mutationFn: changeAdminPassword });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginInput, PublicUser as AdminUser } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { currentUserQueryOptions } from '../../auth/api/use-auth';
import { adminUserQueryOptions } from './get-admin-user';

/** POST /api/admin/login. */
export function adminLogin(input: AdminLoginInput): Promise<{ success: true; user: AdminUser }> {
  return apiJson('POST', '/api/admin/login', input);
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(adminUserQueryOptions().queryKey, user);
      // The header reads the same session.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

/** POST /api/admin/logout. The page clears the query cache once it has left the dashboard. */
export function adminLogout(): Promise<{ success: true }> {
  return apiJson('POST', '/api/admin/logout');
}

export function useAdminLogout() {
  return useMutation({ mutationFn: adminLogout });
}

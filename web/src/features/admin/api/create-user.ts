import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserFormValues } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

export interface CreatedUser {
  success: true;
  user: { id: string; email: string; firstName: string; lastName: string; userType: string };
  professionalId?: number;
  institutionId?: number;
}

/** POST /api/admin/create-user: the form fields plus countriesOfPractice and licenseNumbers. */
export function createUser(input: AdminCreateUserFormValues): Promise<CreatedUser> {
  return apiJson('POST', '/api/admin/create-user', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateAdminData(queryClient) });
}

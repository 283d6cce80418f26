import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserFormValues, RegisterAnswer } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './invalidate';

/** POST /api/admin/create-user: the form fields plus countriesOfPractice and licenseNumbers. */
export function createUser(input: AdminCreateUserFormValues): Promise<Omit<RegisterAnswer, 'message'>> {
  return apiJson('POST', '/api/admin/create-user', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateAdminData(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { currentUserQueryOptions, type User } from './use-auth';

/** POST /api/auth/login: answers the user (with userType), also spread at the top level. */
export function login(input: LoginInput): Promise<{ user: User } & User> {
  return apiJson('POST', '/api/auth/login', input);
}

/** Signs in, then refreshes the current user (spec §7: "refreshed after login"). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, answer.user);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { currentUserQueryOptions } from '../../auth/api/use-auth';
import { accountQueryOptions, type Account } from './get-account';

/** PUT /api/account: name and phone. */
export function updateAccount(input: UpdateAccountInput): Promise<Account> {
  return apiJson('PUT', '/api/account', input);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryOptions().queryKey, account);
      // The header's name and avatar come from the current user.
      return queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { User } from '../../auth/api/use-auth';

/** GET /api/account: the signed-in user's own account (issue 14): the user, with phone and creation date. */
export interface Account extends User {
  phone: string | null;
  createdAt: string;
}

export function getAccount(): Promise<Account> {
  return getJson<Account>('/api/account');
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: ['/api/account'], queryFn: getAccount });
}

export function useAccount(enabled = true) {
  return useQuery({ ...accountQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Account } from '@ilera/contracts';

export type { Account };

export function getAccount(): Promise<Account> {
  return getJson<Account>('/api/account');
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: ['/api/account'], queryFn: getAccount });
}

export function useAccount(enabled = true) {
  return useQuery({ ...accountQueryOptions(), enabled });
}

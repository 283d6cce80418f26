import type { QueryClient } from '@tanstack/react-query';
import type { ProviderKind } from './types';

/**
 * Spec §7: after a change a provider's profile queries are refreshed: the public
 * profile (/api/professionals/{id}) and the owner's (/api/professionals/user/{id}),
 * or the institution's. Also the current user, whose type changes when a patient
 * sets up a profile.
 */
export function refreshProviderQueries(queryClient: QueryClient, kind: ProviderKind): Promise<void> {
  const prefix = `/api/${kind}s`;
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return typeof head === 'string' && (head.startsWith(prefix) || head === '/api/auth/user');
    },
  });
}

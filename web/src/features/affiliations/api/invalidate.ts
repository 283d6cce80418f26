import type { QueryClient } from '@tanstack/react-query';
import { AFFILIATIONS_KEY } from './types';

/** A link changes the requests list and what both profiles show. */
export function refreshAffiliationQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return typeof head === 'string' && (head === AFFILIATIONS_KEY || head.startsWith('/api/professionals') || head.startsWith('/api/institutions'));
    },
  });
}

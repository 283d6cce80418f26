import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: after a change the professional profile queries are refreshed: the
 * public profile (/api/professionals/{id}) and the owner's (/api/professionals/user/{id}).
 * Also the current user, whose type changes when a patient sets up a profile.
 */
export function refreshProfessionalQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return typeof head === 'string' && (head.startsWith('/api/professionals') || head === '/api/auth/user');
    },
  });
}

export function refreshInstitutionQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return typeof head === 'string' && (head.startsWith('/api/institutions') || head === '/api/auth/user');
    },
  });
}

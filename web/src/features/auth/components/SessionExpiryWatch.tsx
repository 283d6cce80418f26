import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../../lib/api';
import { handleUnauthorized } from '../api/server-errors';
import { currentUserQueryOptions } from '../api/use-auth';

/**
 * A session that ends while a page is open (signed out elsewhere, password changed,
 * expired): the first query answered 401 says so. The user was signed in, so the
 * page's queries are now broken: forget the user, and send them to sign in and back
 * (issue 14). A signed-out visitor's 401s are the page's own business.
 */
export function SessionExpiryWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const userKey = currentUserQueryOptions().queryKey;
    let redirecting = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (redirecting || event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isUnauthorizedError(event.action.error)) return;
      if (!queryClient.getQueryData(userKey)) return;
      redirecting = true;
      queryClient.setQueryData(userKey, null);
      handleUnauthorized();
    });
  }, [queryClient]);
  return null;
}

import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, UserType } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

export type { UserType };

/** The current user as GET /api/auth/user returns it (spec accounts §3, User). */
export type User = PublicUser;

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (a 401 gives null, not an error). */
export function getCurrentUser(): Promise<User | null> {
  return getJson<User>('/api/auth/user', { on401: 'returnNull' });
}

/** The only place the current-user query key is written; login/logout invalidate through it. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    retry: false,
  });
}

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

const subscribeToNothing = () => () => {};

/**
 * Signed in = a non-empty current-user answer (spec §3/§4).
 *
 * A server-drawn page is drawn signed out (the server's render knows no current user): while React takes
 * such a page over (hydration, which lasts until each lazily loaded part has come), every part sees what the
 * server saw, the session check not answered yet, even when its answer came first (on a slow network a
 * page's code can come after it). Otherwise a part whose code came late is drawn signed in against HTML drawn
 * signed out: React throws that part's HTML away and draws it again (a hydration mismatch). React's own rule
 * for a store read on the server does this: `getServerSnapshot` in hydration, the store's value at once after.
 */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const asTheServerDrewIt = useSyncExternalStore(subscribeToNothing, () => false, () => true);
  if (asTheServerDrewIt) return { user: null, isLoading: true, isAuthenticated: false };
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** Log out is a full-page navigation (spec §7): the server clears the session and redirects. */
export function logout(): void {
  window.location.assign('/api/logout');
}

/** Initial for the avatar: first letter of the first name, else of the e-mail, else "U". */
export function userInitial(user: Pick<User, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || '';
  return source ? source.charAt(0).toUpperCase() : 'U';
}

export function userDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

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

/** Signed in = a non-empty current-user answer (spec §3/§4). */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
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

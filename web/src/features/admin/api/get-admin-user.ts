import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser as AdminUser } from '@ilera/contracts';

/**
 * GET /api/admin/user: the signed-in admin, or null for anyone else (401 signed
 * out, 403 signed in without the admin role). Spec §7/§9: cached 5 minutes, no retry.
 */
export async function getAdminUser(): Promise<AdminUser | null> {
  const res = await fetch('/api/admin/user', { credentials: 'include' });
  if (res.status === 401 || res.status === 403) return null;
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
  return (await res.json()) as AdminUser;
}

export function adminUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/user'],
    queryFn: getAdminUser,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useAdminUser() {
  return useQuery(adminUserQueryOptions());
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { AdminInstitution, AdminProfessional } from '@ilera/contracts';

export type ListStatus = 'pending' | 'approved' | 'rejected';
export type ListKind = 'professional' | 'institution';
export interface ListParams {
  q: string;
  page: number;
}

/** Entries per page of an admin tab. */
export const ADMIN_LIST_PER_PAGE = 20;

type Item<K extends ListKind> = K extends 'professional' ? AdminProfessional : AdminInstitution;

/**
 * GET /api/admin/{pending|approved|rejected}-{professionals|institutions}: the spec's
 * list, paged and searched by name or e-mail; the total is the X-Total-Count header.
 */
export async function getAdminList<K extends ListKind>(
  status: ListStatus,
  kind: K,
  { q, page }: ListParams,
): Promise<{ items: Item<K>[]; total: number }> {
  const params = new URLSearchParams({ page: String(page), perPage: String(ADMIN_LIST_PER_PAGE) });
  if (q.trim()) params.set('q', q.trim());
  const res = await apiRequest('GET', `/api/admin/${status}-${kind}s?${params}`);
  const items = (await res.json()) as Item<K>[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

/** Every admin list's key starts with this: an admin action refreshes them all. */
export const adminListsQueryPrefix = ['/api/admin/lists'] as const;

export function adminListQueryOptions<K extends ListKind>(status: ListStatus, kind: K, params: ListParams) {
  return queryOptions({
    queryKey: [...adminListsQueryPrefix, status, kind, params],
    queryFn: () => getAdminList(status, kind, params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminList<K extends ListKind>(status: ListStatus, kind: K, params: ListParams) {
  return useQuery(adminListQueryOptions(status, kind, params));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AuditPage } from '@ilera/contracts';

export const AUDIT_PER_PAGE = 25;

/** GET /api/admin/audit?page=&perPage=: newest first. */
export function getAuditLog(page: number): Promise<AuditPage> {
  return getJson<AuditPage>(`/api/admin/audit?page=${page}&perPage=${AUDIT_PER_PAGE}`);
}

export function auditLogQueryOptions(page: number) {
  return queryOptions({ queryKey: ['/api/admin/audit', page], queryFn: () => getAuditLog(page) });
}

/** Every page of the log shares this prefix (for invalidation). */
export const auditLogQueryPrefix = ['/api/admin/audit'] as const;

export function useAuditLog(page: number) {
  return useQuery({ ...auditLogQueryOptions(page), placeholderData: keepPreviousData });
}

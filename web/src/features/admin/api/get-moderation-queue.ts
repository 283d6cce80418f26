import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { ModerationPage } from '@ilera/contracts';

export const MODERATION_PER_PAGE = 20;
export type ModerationStatus = 'reported' | 'hidden';

/** GET /api/admin/moderation?status=&page=: reported reviews (open reports) or hidden ones, newest first. */
export function getModerationQueue(status: ModerationStatus, page: number): Promise<ModerationPage> {
  return getJson<ModerationPage>(`/api/admin/moderation?status=${status}&page=${page}&perPage=${MODERATION_PER_PAGE}`);
}

/** Every page of both tabs shares this prefix (for invalidation). */
export const moderationQueryPrefix = ['/api/admin/moderation'] as const;

export function moderationQueryOptions(status: ModerationStatus, page: number) {
  return queryOptions({ queryKey: [...moderationQueryPrefix, status, page], queryFn: () => getModerationQueue(status, page) });
}

export function useModerationQueue(status: ModerationStatus, page: number) {
  return useQuery({ ...moderationQueryOptions(status, page), placeholderData: keepPreviousData });
}

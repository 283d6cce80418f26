import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { isNotFoundError } from './not-found';
import type { Institution } from '@ilera/contracts';

/** GET /api/institutions/user/{userId}: the signed-in user's own institution, or null when they have none yet. */
export async function getMyInstitution(userId: string | number): Promise<Institution | null> {
  try {
    return await getJson<Institution>(`/api/institutions/user/${userId}`);
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function myInstitutionQueryOptions(userId: string | number) {
  return queryOptions({ queryKey: ['/api/institutions/user', String(userId)], queryFn: () => getMyInstitution(userId) });
}

export function useMyInstitution(userId: string | number | undefined, enabled = true) {
  return useQuery({ ...myInstitutionQueryOptions(userId ?? ''), enabled: enabled && userId !== undefined });
}

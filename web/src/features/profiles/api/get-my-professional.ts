import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { isNotFoundError } from './not-found';
import type { Professional } from '@ilera/contracts';

/** GET /api/professionals/user/{userId}: the signed-in user's own profile, or null when they have none yet. */
export async function getMyProfessional(userId: string | number): Promise<Professional | null> {
  try {
    return await getJson<Professional>(`/api/professionals/user/${userId}`);
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function myProfessionalQueryOptions(userId: string | number) {
  return queryOptions({ queryKey: ['/api/professionals/user', String(userId)], queryFn: () => getMyProfessional(userId) });
}

export function useMyProfessional(userId: string | number | undefined, enabled = true) {
  return useQuery({ ...myProfessionalQueryOptions(userId ?? ''), enabled: enabled && userId !== undefined });
}

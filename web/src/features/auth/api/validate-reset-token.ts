import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetTokenAnswer } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

type ResetTokenValidity = z.infer<typeof resetTokenAnswer>;

/** GET /api/auth/validate-reset-token/{token} → {valid, message}. */
export function getResetTokenValidity(token: string): Promise<ResetTokenValidity> {
  return getJson<ResetTokenValidity>(`/api/auth/validate-reset-token/${encodeURIComponent(token)}`);
}

export function resetTokenValidityQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/auth/validate-reset-token', token],
    queryFn: () => getResetTokenValidity(token),
    enabled: token.length > 0,
    // A link's validity changes (used, expired): check it each time the page opens.
    gcTime: 0,
  });
}

export function useResetTokenValidity(token: string) {
  return useQuery(resetTokenValidityQueryOptions(token));
}

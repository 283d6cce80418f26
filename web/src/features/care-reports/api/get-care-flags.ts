import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CareFlag } from '@ilera/contracts';
import { getJson } from '../../../lib/api';
import type { ProviderKind } from '../../profiles/api/types';

export type { CareFlag };

/**
 * GET /api/{professionals|institutions}/{id}/care-flags (issue 45): the owner's (or an admin's) view of
 * published facts that patients' reports contradict. Computed when asked, so a corrected fee clears it.
 */
export function getCareFlags(kind: ProviderKind, id: number): Promise<{ flags: CareFlag[] }> {
  return getJson(`/api/${kind}s/${id}/care-flags`);
}

export function careFlagsQueryOptions(kind: ProviderKind, id: number) {
  return queryOptions({ queryKey: [`/api/${kind}s`, String(id), 'care-flags'], queryFn: () => getCareFlags(kind, id) });
}

export function useCareFlags(kind: ProviderKind, id: number) {
  return useQuery(careFlagsQueryOptions(kind, id));
}

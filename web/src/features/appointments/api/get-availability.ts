import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { AvailabilityDay } from '@ilera/contracts';
import { providerPath as basePath, type ProviderTarget } from './types';

/**
 * GET /api/professionals/{id}/availability?date=YYYY-MM-DD (or /api/institutions/...): which
 * 30-minute slots (Lagos time) can still be booked. Nothing about who booked.
 */
export function getAvailability(target: ProviderTarget, date: string): Promise<AvailabilityDay> {
  return getJson<AvailabilityDay>(`${basePath(target)}/availability?date=${encodeURIComponent(date)}`);
}

export function availabilityQueryOptions(target: ProviderTarget, date: string) {
  return queryOptions({
    queryKey: [basePath(target), 'availability', date],
    queryFn: () => getAvailability(target, date),
    // Slots change as other patients book: re-read whenever the dialog shows a day again.
    staleTime: 0,
  });
}

export function useAvailability(target: ProviderTarget | null, date: string) {
  return useQuery({
    ...availabilityQueryOptions(target ?? { professionalId: 0 }, date),
    enabled: target !== null && date !== '',
  });
}

export function isAvailabilityKey(key: readonly unknown[]): boolean {
  return key[1] === 'availability';
}

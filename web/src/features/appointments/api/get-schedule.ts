import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingMode, WeeklyHours } from '@ilera/contracts';
import { getJson } from '../../../lib/api';
import type { ProviderTarget } from './types';

/** A provider's booking mode, weekly hours and the next 7 days' free slots (issue 17). */
export interface ProviderSchedule {
  bookingMode: BookingMode;
  weeklyHours: WeeklyHours;
  days: { date: string; times: string[] }[];
}

const basePath = (t: ProviderTarget) =>
  t.professionalId != null ? `/api/professionals/${t.professionalId}` : `/api/institutions/${t.institutionId}`;

/** GET /api/professionals/{id}/schedule (or /api/institutions/...). */
export function getSchedule(target: ProviderTarget): Promise<ProviderSchedule> {
  return getJson<ProviderSchedule>(`${basePath(target)}/schedule`);
}

export function scheduleQueryOptions(target: ProviderTarget) {
  return queryOptions({
    // Under the provider's path, like the availability key: a booking invalidates both.
    queryKey: [basePath(target), 'availability', 'schedule'],
    queryFn: () => getSchedule(target),
    staleTime: 0,
  });
}

export function useSchedule(target: ProviderTarget) {
  return useQuery(scheduleQueryOptions(target));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleView } from '@ilera/contracts';
import { getJson } from '../../../lib/api';
import { providerPath as basePath, type ProviderTarget } from './types';

/** GET /api/professionals/{id}/schedule (or /api/institutions/...): booking mode, weekly hours and the next 7 days' free slots (issue 17). */
export function getSchedule(target: ProviderTarget): Promise<ScheduleView> {
  return getJson<ScheduleView>(`${basePath(target)}/schedule`);
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

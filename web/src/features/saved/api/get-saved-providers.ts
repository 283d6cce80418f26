import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedProvider } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

export type { SavedProvider };

/** GET /api/saved-providers: the signed-in patient's bookmarks (issue 35); the service worker keeps a copy for offline reading. */
export function getSavedProviders(): Promise<SavedProvider[]> {
  return getJson<SavedProvider[]>('/api/saved-providers');
}

export function savedProvidersQueryOptions() {
  return queryOptions({ queryKey: ['/api/saved-providers'], queryFn: getSavedProviders });
}

/** Only patients have saved providers (others would get 403). */
export function useSavedProviders(enabled: boolean) {
  return useQuery({ ...savedProvidersQueryOptions(), enabled });
}

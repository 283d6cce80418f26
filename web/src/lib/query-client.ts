import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api';

/** Spec §7: a plain query is a GET to the path built by joining its key parts with '/'. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.join('/'), { on401: 'throw' });

// Spec §7 data-fetching defaults: never stale, no refetch on interval or focus, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payer } from '@ilera/contracts';
import { getJson } from '../../../lib/api';


/** GET /api/payers (issue 45): the health plans a filter, "My plan" or a provider's plans offer (public). */
export function getPayers(): Promise<Payer[]> {
  return getJson<Payer[]>('/api/payers');
}

export function payersQueryOptions() {
  // The list changes when an admin edits it: an hour is fresh enough for names and choices.
  return queryOptions({ queryKey: ['/api/payers'], queryFn: getPayers, staleTime: 60 * 60 * 1000 });
}

export function usePayers(enabled = true) {
  return useQuery({ ...payersQueryOptions(), enabled });
}

/** Payer slug -> name ('nhia' -> 'NHIA'); empty until the list has come. */
export function usePayerNames(): Map<string, string> {
  const { data } = usePayers();
  return useMemo(() => new Map((data ?? []).map((p) => [p.slug, p.name])), [data]);
}

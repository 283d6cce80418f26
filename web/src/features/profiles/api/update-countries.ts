import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { refreshProfessionalQueries } from './refresh';

/** PUT /api/professionals/countries with a bare JSON list of country names (spec §7). */
export function updateCountries(countries: string[]): Promise<unknown> {
  return apiJson('PUT', '/api/professionals/countries', countries);
}

export function useUpdateCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountries,
    // Spec §7: the professional profile queries are then refreshed.
    onSuccess: () => refreshProfessionalQueries(queryClient),
  });
}

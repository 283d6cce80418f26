import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { refreshProviderQueries } from './refresh';

export interface CountriesUpdate {
  countries: string[];
  countryLicenses: { country: string; licenseNumber: string; council?: string | null; expiresOn?: string | null }[];
}

/**
 * PUT /api/professionals/countries. The spec sends a bare list of country names; we send
 * the licences with them (issue 14), so every country keeps its licence.
 */
export function updateCountries(update: CountriesUpdate): Promise<unknown> {
  return apiJson('PUT', '/api/professionals/countries', update);
}

export function useUpdateCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountries,
    // Spec §7: the professional profile queries are then refreshed.
    onSuccess: () => refreshProviderQueries(queryClient, 'professional'),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';

/** GET/PUT/DELETE /api/account/ussd-pin (issue 49): whether a USSD PIN is set, for which number, whether it is locked. */
export interface UssdPin {
  set: boolean;
  phone: string | null;
  lockedUntil: string | null;
}

const key = ['/api/account/ussd-pin'];

export function useUssdPin() {
  return useQuery({ queryKey: key, queryFn: () => getJson<UssdPin>('/api/account/ussd-pin') });
}

/** Sets the PIN ({pin, password}) or, with null, removes it. */
export function useSaveUssdPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pin: string; password: string } | null) =>
      input ? apiJson<UssdPin>('PUT', '/api/account/ussd-pin', input) : apiJson<UssdPin>('DELETE', '/api/account/ussd-pin'),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

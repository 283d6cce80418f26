import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAppointmentInput, Appointment } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { isAvailabilityKey } from './get-availability';
import { isAppointmentsKey } from './types';

/** POST /api/appointments. The patient is the session's user (never sent). */
export function createAppointment(input: CreateAppointmentInput): Promise<Appointment> {
  return apiJson<Appointment>('POST', '/api/appointments', input);
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    // Settled, not only success: after a 409 the taken slot must show as taken.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => isAppointmentsKey(q.queryKey) || isAvailabilityKey(q.queryKey) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentStatus, Appointment } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { isAvailabilityKey } from './get-availability';
import { isAppointmentsKey } from './types';

/** PUT /api/appointments/{id}/status. */
export function updateAppointmentStatus(vars: { id: number; status: AppointmentStatus }): Promise<Appointment> {
  return apiJson<Appointment>('PUT', `/api/appointments/${vars.id}/status`, { status: vars.status });
}

export function useUpdateAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentStatus,
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => isAppointmentsKey(q.queryKey) || isAvailabilityKey(q.queryKey) }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import type { Appointment } from '@ilera/contracts';

/**
 * The appointment lists (spec §7): a patient's own, or a provider's.
 * GET /api/appointments/patient/{userId} | /professional/{id} | /institution/{id}.
 */
export type AppointmentsOwner =
  | { kind: 'patient'; id: string | number }
  | { kind: 'professional'; id: string | number }
  | { kind: 'institution'; id: string | number };

export function getAppointments(owner: AppointmentsOwner): Promise<Appointment[]> {
  return getJson<Appointment[]>(`/api/appointments/${owner.kind}/${owner.id}`);
}

export function appointmentsQueryOptions(owner: AppointmentsOwner) {
  return queryOptions({
    queryKey: [`/api/appointments/${owner.kind}`, String(owner.id)],
    queryFn: () => getAppointments(owner),
  });
}

export function useAppointments(owner: AppointmentsOwner | null) {
  return useQuery({
    ...appointmentsQueryOptions(owner ?? { kind: 'patient', id: '' }),
    enabled: owner !== null && String(owner.id) !== '',
  });
}

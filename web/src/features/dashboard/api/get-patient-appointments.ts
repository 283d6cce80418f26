import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

/** GET /api/appointments/patient/{userId}, as the dashboard reads it (appointments area). */

export function getPatientAppointments(userId: string | number): Promise<Appointment[]> {
  return getJson<Appointment[]>(`/api/appointments/patient/${userId}`);
}

export function patientAppointmentsQueryOptions(userId: string | number) {
  return queryOptions({
    queryKey: ['/api/appointments/patient', String(userId)],
    queryFn: () => getPatientAppointments(userId),
  });
}

export function usePatientAppointments(userId: string | number) {
  return useQuery(patientAppointmentsQueryOptions(userId));
}

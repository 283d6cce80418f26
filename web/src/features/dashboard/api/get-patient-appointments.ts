import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';

/** What the dashboard reads of GET /api/appointments/patient/{userId} (appointments area). */
export interface PatientAppointment {
  id: number;
  appointmentDate: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | string;
  professional: { specialty: string; title: string; user: { firstName: string | null; lastName: string | null } } | null;
  institution: { name: string; type: string } | null;
}

export function getPatientAppointments(userId: string | number): Promise<PatientAppointment[]> {
  return getJson<PatientAppointment[]>(`/api/appointments/patient/${userId}`);
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

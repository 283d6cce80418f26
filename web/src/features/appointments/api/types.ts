import type { AppointmentStatus, AppointmentType } from '@ilera/contracts';

/** An appointment as the list calls answer it (spec §3 appointment, §7). Times are ISO instants. */
export interface Appointment {
  id: number;
  patientId: string;
  professionalId: number | null;
  institutionId: number | null;
  appointmentType: AppointmentType;
  appointmentDate: string;
  status: AppointmentStatus;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  reasonForVisit: string | null;
  createdAt: string;
  updatedAt: string;
  professional: {
    id: number;
    title: string;
    specialty: string;
    professionalType: string;
    user: { firstName: string | null; lastName: string | null };
  } | null;
  institution: { id: number; name: string; type: string } | null;
}

/** Which provider a booking or an availability call is for: exactly one id. */
export type ProviderTarget = { professionalId: number; institutionId?: undefined } | { institutionId: number; professionalId?: undefined };

/** Every appointment query key starts with '/api/appointments': one predicate refreshes them all. */
export function isAppointmentsKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('/api/appointments');
}

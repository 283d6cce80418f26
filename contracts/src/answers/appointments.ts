// Answers of the appointment, availability, schedule and affiliation calls.
import { z } from 'zod';
import { appointmentStatuses, appointmentTypes, professionalTypes, timeSlots } from '../lists.js';
import { bookingModes } from '../availability.js';
import { AFFILIATION_STATUSES } from '../schemas/affiliations.js';
import { instant, personName } from './common.js';

/** An appointment (spec §3): POST /api/appointments, PUT .../status. Times are ISO instants. */
export const appointmentAnswer = z.object({
  id: z.number().int(),
  /** Null once the patient deleted their account (D21): the visit stays with its date and type. */
  patientId: z.string().nullable(),
  professionalId: z.number().int().nullable(),
  institutionId: z.number().int().nullable(),
  appointmentType: z.enum(appointmentTypes),
  appointmentDate: instant,
  status: z.enum(appointmentStatuses),
  patientName: z.string(),
  patientEmail: z.string(),
  patientPhone: z.string(),
  reasonForVisit: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});

/** An appointment as the list calls answer it, with whom it is with (spec §3, §7). */
export const appointmentListItemAnswer = appointmentAnswer.extend({
  professional: z
    .object({
      id: z.number().int(),
      title: z.string(),
      specialty: z.string(),
      professionalType: z.string(),
      user: personName,
    })
    .nullable(),
  institution: z.object({ id: z.number().int(), name: z.string(), type: z.string() }).nullable(),
  /** The patient's own list only: they already sent "How was your visit?" for it (issue 45). */
  careReported: z.boolean().optional(),
});
export type Appointment = z.infer<typeof appointmentListItemAnswer>;
export const appointmentListAnswer = z.array(appointmentListItemAnswer);

/** GET /api/{professionals|institutions}/{id}/availability: each slot of a day, bookable or not (never by whom). */
export const availabilityAnswer = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
});
export type AvailabilityDay = z.infer<typeof availabilityAnswer>;

const timeSlotSchema = z.enum(timeSlots);

/** One range of time off (issue 17); dates are 'YYYY-MM-DD'. */
export const timeOffAnswer = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffAnswer>;

/** GET/PUT .../schedule: booking mode, weekly hours and the next days' free slots. */
export const scheduleAnswer = z.object({
  bookingMode: z.enum(bookingModes),
  weeklyHours: z.array(z.object({ start: timeSlotSchema, end: timeSlotSchema }).nullable()),
  /** The next days (today first) with their free slot times. */
  days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
  /** Only for the owner and admins: the public sees days off as days without slots. */
  timeOff: z.array(timeOffAnswer).optional(),
});
export type ScheduleView = z.infer<typeof scheduleAnswer>;

/** One request or link between a professional and an institution (D20). */
export const affiliationAnswer = z.object({
  id: z.number().int(),
  status: z.enum(AFFILIATION_STATUSES),
  role: z.string().nullable(),
  startDate: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  professional: personName.extend({
    id: z.number().int(),
    title: z.string(),
    specialty: z.string(),
    professionalType: z.enum(professionalTypes),
  }),
  institution: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
});
export type Affiliation = z.infer<typeof affiliationAnswer>;
export const affiliationListAnswer = z.array(affiliationAnswer);

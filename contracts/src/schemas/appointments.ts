// Booking and appointment requests (directory-and-appointments.md §2 Dialogs, §5, §7).
// D11: times are Africa/Lagos; clients send ISO strings with an offset.
import { z } from 'zod';
import { appointmentStatuses, appointmentTypes } from '../lists.js';
import { LOCALES } from '../locales.js';
import { isBeforeLagosToday, isIsoDate, isSlotTime, slotOf } from '../rules.js';
import { TARGET_MESSAGE, emailField, enumField, hasExactlyOneTarget, targetIdField } from './common.js';

export const DATE_AND_TIME_MESSAGE = 'Please select both date and time for your appointment.';
export const SLOT_MESSAGE = 'Please choose one of the available time slots'; // ours
export const PAST_DATE_MESSAGE = 'Please choose today or a later date'; // ours
export const BOOKING_LOCALE_MESSAGE = `The page's language must be one of ${LOCALES.join(', ')}`; // ours
export const APPOINTMENT_TYPE_MESSAGE = 'Please choose an appointment type'; // ours
export const PATIENT_NAME_MESSAGE = 'Patient name is required'; // ours
export const PATIENT_PHONE_MESSAGE = 'Patient phone is required'; // ours
export const REASON_FOR_VISIT_MESSAGE = 'Reason for visit must be at most 2000 characters'; // ours
// What the API answers a booking it refuses (api/src/modules/appointments/appointments.service.ts); here so that the
// web can say them in the page's language (issue 50).
export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available';
export const PAST_TIME_MESSAGE = 'This time has already passed. Please choose a later time'; // ours
export const OWN_PROFILE_BOOKING_MESSAGE = 'You cannot book an appointment with your own profile'; // ours
export const DIRECTORY_ONLY_MESSAGE = 'This provider does not take online bookings. Please call them to book'; // ours
export const DAY_OFF_MESSAGE = 'This provider is not available on this day. Please choose another date'; // ours
export const OUTSIDE_HOURS_MESSAGE = 'This time is outside the working hours. Please choose one of the available time slots'; // ours

const appointmentTypeField = enumField(appointmentTypes, APPOINTMENT_TYPE_MESSAGE);
const patientFields = {
  patientName: z.string().trim().min(1, { message: PATIENT_NAME_MESSAGE }).max(200),
  patientEmail: emailField('Please enter a valid email address'),
  patientPhone: z.string().trim().min(1, { message: PATIENT_PHONE_MESSAGE }).max(30),
  reasonForVisit: z
    .string()
    .trim()
    .max(2000, { message: REASON_FOR_VISIT_MESSAGE })
    .nullable()
    .optional(),
};

/** Body of POST /api/appointments. Whether the date is before today is the server's check (it needs "now"). */
export const createAppointmentFields = z.object({
  appointmentType: appointmentTypeField,
  ...patientFields,
  appointmentDate: z
    .string({ required_error: DATE_AND_TIME_MESSAGE })
    .datetime({ offset: true, message: DATE_AND_TIME_MESSAGE })
    .refine((v) => slotOf(v) !== null, { message: SLOT_MESSAGE }),
  professionalId: targetIdField,
  institutionId: targetIdField,
  /**
   * Ours (issue 50, decision 049): the language of the page the booking is made from, which the web sends.
   * The booking's texts and mail are in it when the account has no language saved; the account's wins.
   */
  locale: enumField(LOCALES, BOOKING_LOCALE_MESSAGE).optional(),
});

export const createAppointmentSchema = createAppointmentFields.refine(hasExactlyOneTarget, {
  message: TARGET_MESSAGE,
  path: ['professionalId'],
});
export type CreateAppointmentInput = z.infer<typeof createAppointmentSchema>;

/**
 * The booking dialog. Date and time are Lagos wall-clock values; combine them with
 * lagosTimestamp(date, time) for the call. The past-date check reads the clock when parsing.
 */
export const bookingFormSchema = z
  .object({
    appointmentType: appointmentTypeField,
    date: z.string().min(1, { message: DATE_AND_TIME_MESSAGE }),
    time: z.string().min(1, { message: DATE_AND_TIME_MESSAGE }),
    ...patientFields,
  })
  .superRefine((v, ctx) => {
    if (v.date && !isIsoDate(v.date)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: DATE_AND_TIME_MESSAGE, path: ['date'] });
    } else if (v.date && isBeforeLagosToday(v.date)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PAST_DATE_MESSAGE, path: ['date'] });
    }
    if (v.time && !isSlotTime(v.time)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SLOT_MESSAGE, path: ['time'] });
    }
  });
export type BookingFormInput = z.infer<typeof bookingFormSchema>;

/** Body of PUT /api/appointments/{id}/status. */
export const appointmentStatusSchema = z.object({
  status: enumField(appointmentStatuses, 'Please choose a valid status'), // ours
});
export type AppointmentStatusInput = z.infer<typeof appointmentStatusSchema>;

/** Query of the appointment lists: an optional status. */
export const appointmentListQuerySchema = z.object({
  status: enumField(appointmentStatuses, 'Please choose a valid status').optional(), // ours
});

export const INVALID_DATE_MESSAGE = 'Please choose a valid date'; // ours

/** Query of GET /api/{professionals|institutions}/{id}/availability: one day, 'YYYY-MM-DD'. */
export const availabilityQuerySchema = z.object({
  date: z
    .string({ required_error: INVALID_DATE_MESSAGE, invalid_type_error: INVALID_DATE_MESSAGE })
    .refine(isIsoDate, { message: INVALID_DATE_MESSAGE }),
});

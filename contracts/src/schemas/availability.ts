// Working hours, booking mode and time off requests (issue 17; ours: the spec has no such screen).
import { z } from 'zod';
import { bookingModes } from '../availability.js';
import { isSlotTime, isIsoDate } from '../rules.js';
import { enumField } from './common.js';

export const HOURS_MESSAGE = 'Please choose hours on the 09:00-16:30 slot grid, the start no later than the end'; // ours
export const WEEK_MESSAGE = 'Please give the hours of all seven days, Monday first'; // ours
export const TIME_OFF_DATES_MESSAGE = 'Please choose a start date and an end date on or after it'; // ours
export const TIME_OFF_PAST_MESSAGE = 'Time off must end today or later'; // ours
export const TIME_OFF_LENGTH_MESSAGE = 'Time off can be at most 366 days at a time'; // ours

const slot = z.string().refine(isSlotTime, { message: HOURS_MESSAGE });
const dayHours = z
  .object({ start: slot, end: slot })
  .refine((d) => d.start <= d.end, { message: HOURS_MESSAGE, path: ['end'] })
  .nullable();

/** Body of PUT /api/{professionals|institutions}/{id}/schedule. */
export const scheduleSchema = z.object({
  bookingMode: enumField(bookingModes, 'Please choose a booking mode'), // ours
  weeklyHours: z
    .array(dayHours, { required_error: WEEK_MESSAGE, invalid_type_error: WEEK_MESSAGE })
    .length(7, { message: WEEK_MESSAGE }),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

const isoDate = z.string({ required_error: TIME_OFF_DATES_MESSAGE }).refine(isIsoDate, { message: TIME_OFF_DATES_MESSAGE });

/** Body of POST /api/{professionals|institutions}/{id}/time-off. Whether it ends in the past is the server's check. */
export const timeOffSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    note: z.string().trim().max(200, { message: 'Note must be at most 200 characters' }).optional(), // ours
  })
  .refine((t) => !isIsoDate(t.startDate) || !isIsoDate(t.endDate) || t.startDate <= t.endDate, {
    message: TIME_OFF_DATES_MESSAGE,
    path: ['endDate'],
  })
  .refine(
    (t) =>
      !isIsoDate(t.startDate) ||
      !isIsoDate(t.endDate) ||
      Date.parse(t.endDate) - Date.parse(t.startDate) <= 365 * 24 * 3600 * 1000,
    { message: TIME_OFF_LENGTH_MESSAGE, path: ['endDate'] },
  );
export type TimeOffInput = z.infer<typeof timeOffSchema>;

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AppointmentStatus, AppointmentType, ProfileStatus } from '@ilera/contracts';

/**
 * Issue 50: contracts' labels (the spec's English, which the API and the tests read) in the signed-in pages'
 * catalog (dashboard.po), for those pages to show in the page's language. English is word for word contracts'.
 */
export const profileStatusMessages: Record<ProfileStatus, MessageDescriptor> = {
  pending: msg`Pending Approval`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

export const appointmentStatusMessages: Record<AppointmentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  confirmed: msg`Confirmed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** "You don't have any confirmed appointments." and "The appointment is now confirmed.": one sentence per status. */
export const noAppointmentsMessages: Record<AppointmentStatus, MessageDescriptor> = {
  pending: msg`You don't have any pending appointments.`,
  confirmed: msg`You don't have any confirmed appointments.`,
  completed: msg`You don't have any completed appointments.`,
  cancelled: msg`You don't have any cancelled appointments.`,
};

export const statusNowMessages: Record<AppointmentStatus, MessageDescriptor> = {
  pending: msg`The appointment is now pending.`,
  confirmed: msg`The appointment is now confirmed.`,
  completed: msg`The appointment is now completed.`,
  cancelled: msg`The appointment is now cancelled.`,
};

export const appointmentTypeMessages: Record<AppointmentType, MessageDescriptor> = {
  consultation: msg`Consultation`,
  'follow-up': msg`Follow-up`,
  procedure: msg`Procedure`,
  'check-up': msg`Check-up`,
  emergency: msg`Emergency`,
};

/** The week's days, as the care facts form names them (contracts' careWeekdayLabels: the spec's English). */
export const weekdayMessages: Record<string, MessageDescriptor> = {
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
};

import { emit } from '@ilera/db';
import type { Processor, WorkerContext } from './context';
import type { Queues } from './queues';
import { loadAppointmentForMail, reminderMail } from './appointment-mail';
import { queuePatientText } from './channels/appointment-texts';
import { CARE_RECONFIRM_PATTERN, CARE_RECONFIRM_SCHEDULER_ID, runCareReconfirm } from './care-reconfirm.worker';

/** The patient is reminded this long before a confirmed appointment. */
export const REMINDER_LEAD_MS = 24 * 3600 * 1000;
/** And again by text this long before (issue 36); text only, the mail has gone the day before. */
export const SECOND_REMINDER_LEAD_MS = 2 * 3600 * 1000;
/** A 24-hour reminder sent this recently (a booking made for the same day) makes the 2-hour one redundant. */
const SECOND_REMINDER_GAP_MS = 3 * 3600 * 1000;
/** How often the reconciliation re-creates reminder jobs that Redis lost. */
export const RECONCILE_EVERY_MS = 3600 * 1000;
/** Reconciliation looks at appointments starting within this window (index appointments_reminder_due_idx). */
export const RECONCILE_HORIZON_MS = 48 * 3600 * 1000;
/** A reminder job that fires a little before its time (clock skew) still sends. */
const EARLY_TOLERANCE_MS = 60 * 1000;
export const RECONCILE_SCHEDULER_ID = 'reminders-reconcile';

export type Clock = () => Date;
export interface ReminderOptions {
  /** "Now" for every decision; tests pass a controllable clock. */
  clock?: Clock;
}

/** One job per appointment and start time: re-adding it (reconcile, retries) is a no-op. BullMQ refuses ':'. */
export function reminderJobId(appointmentId: number, appointmentDate: Date): string {
  return `reminder-${appointmentId}-${Math.floor(appointmentDate.getTime() / 1000)}`;
}

export function reminderDueAt(appointmentDate: Date): Date {
  return new Date(appointmentDate.getTime() - REMINDER_LEAD_MS);
}

export function secondReminderJobId(appointmentId: number, appointmentDate: Date): string {
  return `reminder2h-${appointmentId}-${Math.floor(appointmentDate.getTime() / 1000)}`;
}

/** The 2-hour text reminder's delayed job ('send-2h'); like the 24-hour one, one per appointment and time. */
export async function scheduleSecondReminder(queues: Queues, appointment: { id: number; appointmentDate: Date }, now: Date): Promise<void> {
  if (appointment.appointmentDate.getTime() <= now.getTime()) return;
  const jobId = secondReminderJobId(appointment.id, appointment.appointmentDate);
  const existing = await queues.reminders.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (state !== 'completed' && state !== 'failed') return;
    await existing.remove();
  }
  await queues.reminders.add(
    'send-2h',
    { appointmentId: appointment.id, appointmentDate: appointment.appointmentDate.toISOString() },
    { jobId, delay: Math.max(0, appointment.appointmentDate.getTime() - SECOND_REMINDER_LEAD_MS - now.getTime()) },
  );
}

/**
 * Puts the reminder of a confirmed appointment on the reminders queue as a delayed job.
 * With `replaceFinished`, a job of that id that already ran (without sending: the
 * caller checked reminder_sent_at) is replaced, since BullMQ ignores an id it still holds.
 */
export async function scheduleReminder(
  queues: Queues,
  appointment: { id: number; appointmentDate: Date },
  now: Date,
  options: { replaceFinished?: boolean } = {},
): Promise<'scheduled' | 'exists' | 'past'> {
  if (appointment.appointmentDate.getTime() <= now.getTime()) return 'past';
  await scheduleSecondReminder(queues, appointment, now);
  const jobId = reminderJobId(appointment.id, appointment.appointmentDate);
  const existing = await queues.reminders.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (!options.replaceFinished || (state !== 'completed' && state !== 'failed')) return 'exists';
    await existing.remove();
  }
  await queues.reminders.add(
    'send',
    { appointmentId: appointment.id, appointmentDate: appointment.appointmentDate.toISOString() },
    { jobId, delay: Math.max(0, reminderDueAt(appointment.appointmentDate).getTime() - now.getTime()) },
  );
  return 'scheduled';
}

export type SendResult = 'sent' | 'missing' | 'not-confirmed' | 'already-sent' | 'early' | 'past' | 'moved';

/**
 * Sends one reminder if, now, it should go: the appointment is still confirmed, still
 * at the time the job was made for, due, not yet begun, and not reminded before.
 * The row lock, the mail event (outbox) and reminder_sent_at commit together, so a
 * job that runs twice (worker restart, stalled job, reconcile) sends once.
 */
export async function sendReminder(
  ctx: WorkerContext,
  appointmentId: number,
  expectedDate: string | undefined,
  now: Date,
): Promise<SendResult> {
  return ctx.sql.begin(async (tx) => {
    const [row] = await tx<{ status: string; appointmentDate: Date; reminderSentAt: Date | null }[]>`
      SELECT status, appointment_date, reminder_sent_at FROM appointments WHERE id = ${appointmentId} FOR UPDATE`;
    if (!row) return 'missing';
    if (row.status !== 'confirmed') return 'not-confirmed';
    if (row.reminderSentAt) return 'already-sent';
    if (expectedDate && new Date(expectedDate).getTime() !== row.appointmentDate.getTime()) return 'moved';
    if (now.getTime() < reminderDueAt(row.appointmentDate).getTime() - EARLY_TOLERANCE_MS) return 'early';
    if (now.getTime() >= row.appointmentDate.getTime()) return 'past';
    const appointment = await loadAppointmentForMail(tx, appointmentId);
    if (!appointment) return 'missing';
    await emit(tx, 'mail.send', { ...reminderMail(appointment, now, ctx.config.appUrl) });
    // The text, held over the quiet hours; added before the commit under a fixed id, so a rolled-back
    // transaction's retry adds nothing new.
    await queuePatientText(ctx.queues, appointment, 'reminder-24h', `text-${reminderJobId(appointmentId, row.appointmentDate)}`, ctx.config.appUrl, now);
    await tx`UPDATE appointments SET reminder_sent_at = ${now} WHERE id = ${appointmentId}`;
    return 'sent';
  }) as Promise<SendResult>;
}

/** The 2-hour text reminder: as sendReminder, with its own column (reminder_2h_sent_at) and no mail. */
export async function sendSecondReminder(ctx: WorkerContext, appointmentId: number, expectedDate: string | undefined, now: Date): Promise<SendResult | 'recent'> {
  return ctx.sql.begin(async (tx) => {
    const [row] = await tx<{ status: string; appointmentDate: Date; reminderSentAt: Date | null; reminder2hSentAt: Date | null }[]>`
      SELECT status, appointment_date, reminder_sent_at, reminder_2h_sent_at FROM appointments WHERE id = ${appointmentId} FOR UPDATE`;
    if (!row) return 'missing';
    if (row.status !== 'confirmed') return 'not-confirmed';
    if (row.reminder2hSentAt) return 'already-sent';
    if (expectedDate && new Date(expectedDate).getTime() !== row.appointmentDate.getTime()) return 'moved';
    if (now.getTime() < row.appointmentDate.getTime() - SECOND_REMINDER_LEAD_MS - EARLY_TOLERANCE_MS) return 'early';
    if (now.getTime() >= row.appointmentDate.getTime()) return 'past';
    const recent = row.reminderSentAt && now.getTime() - row.reminderSentAt.getTime() < SECOND_REMINDER_GAP_MS;
    if (!recent) {
      const appointment = await loadAppointmentForMail(tx, appointmentId);
      if (!appointment) return 'missing';
      await queuePatientText(ctx.queues, appointment, 'reminder-2h', `text-${secondReminderJobId(appointmentId, row.appointmentDate)}`, ctx.config.appUrl, now);
    }
    await tx`UPDATE appointments SET reminder_2h_sent_at = ${now} WHERE id = ${appointmentId}`;
    return recent ? 'recent' : 'sent';
  }) as Promise<SendResult | 'recent'>;
}

/**
 * Re-creates the reminder job of every confirmed, not yet reminded appointment
 * starting within the horizon: a Redis that lost its data (or a job that fired
 * too early) is repaired within the hour.
 */
export async function reconcileReminders(ctx: WorkerContext, now: Date): Promise<{ checked: number; scheduled: number }> {
  const rows = await ctx.sql<{ id: number; appointmentDate: Date }[]>`
    SELECT id, appointment_date FROM appointments
    WHERE status = 'confirmed' AND reminder_sent_at IS NULL
      AND appointment_date > ${now} AND appointment_date <= ${new Date(now.getTime() + RECONCILE_HORIZON_MS)}
    ORDER BY appointment_date`;
  let scheduled = 0;
  for (const row of rows) {
    if ((await scheduleReminder(ctx.queues, row, now, { replaceFinished: true })) === 'scheduled') scheduled++;
  }
  // The 2-hour texts whose 24-hour reminder has gone (appointments_patient_phone_e164_idx does not cover this; the window is small).
  const second = await ctx.sql<{ id: number; appointmentDate: Date }[]>`
    SELECT id, appointment_date FROM appointments
    WHERE status = 'confirmed' AND reminder_sent_at IS NOT NULL AND reminder_2h_sent_at IS NULL
      AND appointment_date > ${now} AND appointment_date <= ${new Date(now.getTime() + RECONCILE_HORIZON_MS)}`;
  for (const row of second) await scheduleSecondReminder(ctx.queues, row, now);
  return { checked: rows.length, scheduled };
}

/** The hourly repeatable 'reconcile' job and the daily 'care-reconfirm' (one scheduler each, however many workers start). */
export async function ensureReminderSchedule(queues: Queues): Promise<void> {
  await queues.reminders.upsertJobScheduler(
    RECONCILE_SCHEDULER_ID,
    { every: RECONCILE_EVERY_MS },
    { name: 'reconcile', data: {}, opts: { removeOnComplete: { count: 24 }, removeOnFail: { count: 100 } } },
  );
  // Issue 45: owners re-confirm their care facts every 90 days (care-reconfirm.worker.ts), checked daily.
  await queues.reminders.upsertJobScheduler(
    CARE_RECONFIRM_SCHEDULER_ID,
    { pattern: CARE_RECONFIRM_PATTERN, tz: 'Africa/Lagos' },
    { name: 'care-reconfirm', data: {}, opts: { removeOnComplete: { count: 14 }, removeOnFail: { count: 100 } } },
  );
}

export function createReminderProcessor(options: ReminderOptions = {}): Processor {
  const clock = options.clock ?? (() => new Date());
  return async (job, ctx) => {
    if (job.name === 'care-reconfirm') {
      const result = await runCareReconfirm(ctx, clock());
      ctx.log('care facts re-confirmation reminders', result);
      return result;
    }
    if (job.name === 'reconcile') {
      const result = await reconcileReminders(ctx, clock());
      ctx.log('reminders reconciled', result);
      return result;
    }
    const appointmentId = Number(job.data?.appointmentId);
    if (!Number.isInteger(appointmentId)) return 'missing';
    const send = job.name === 'send-2h' ? sendSecondReminder : sendReminder;
    const result = await send(ctx, appointmentId, job.data?.appointmentDate, clock());
    // Ids only: never the patient's name, e-mail or phone.
    ctx.log('reminder', { appointmentId, result });
    return result;
  };
}

/** Appointment reminders, 24 hours before a confirmed appointment. */
export const reminderProcessor: Processor = createReminderProcessor();

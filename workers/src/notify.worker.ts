import type { Processor } from './context';
import type { MailJob } from './mail.worker';
import {
  bookedPatientMail,
  bookedProviderMail,
  cancelledProviderMail,
  loadAppointmentForMail,
  statusPatientMail,
} from './appointment-mail';
import { scheduleReminder, type Clock } from './reminder.worker';
import { queuePatientText, queueProviderText } from './channels/appointment-texts';

export interface NotifyOptions {
  clock?: Clock;
}

/**
 * Appointment notifications ('appointment.booked', 'appointment.status' events from
 * the outbox). Thin events: the appointment is re-read. Mail jobs take ids derived
 * from the outbox row (`mail-<outboxId>-patient`), so a retried notify job adds each
 * mail once. A confirmation also schedules the 24-hour reminder.
 */
export function createNotifyProcessor(options: NotifyOptions = {}): Processor {
  const clock = options.clock ?? (() => new Date());
  return async (job, ctx) => {
    const appointmentId = Number(job.data?.appointmentId);
    if (!Number.isInteger(appointmentId)) return 'ignored';
    const a = await loadAppointmentForMail(ctx.sql, appointmentId);
    if (!a) return 'missing';
    const now = clock();
    const key = String(job.data?.outboxId ?? job.id);
    const mails: [string, MailJob | null][] = [];
    // Texts (issue 36): the patient by SMS or WhatsApp beside the mail, the provider by SMS for a new request.
    const appUrl = ctx.config.appUrl;
    // D24 (issue 48): a text answering the patient's own action goes at once, any other waits out the quiet hours.
    const patientText = (kind: 'booked' | 'confirmed' | 'cancelled', ownAction: boolean) =>
      queuePatientText(ctx.queues, a, kind, `text-${key}-patient`, appUrl, now, ownAction);

    if (job.name === 'appointment.booked') {
      // Cancelled before we got here: the cancellation's own mail says it all.
      if (a.status === 'cancelled') return 'stale';
      // What the booking was when it was made: a request, or an instant booking (issue 17) confirmed at once.
      // The event says it; one written before it did (none since issue 50) falls back to the status now.
      const bookedAs = job.data?.status === 'pending' || job.data?.status === 'confirmed' ? job.data.status : a.status;
      // A request the provider answered before we got here: "received, we will text you when it is confirmed"
      // is no longer true, and the provider has seen it. The answer's own event tells both (decision 042's rule
      // for held news: what is no longer true is not sent); this job never sends that answer's message twice.
      if (bookedAs === 'pending' && a.status !== 'pending') return 'stale';
      // Instant booking: the patient hears "confirmed" and the reminder is due.
      const instant = bookedAs === 'confirmed';
      mails.push(['patient', instant ? statusPatientMail(a, now, ctx.config.appUrl) : bookedPatientMail(a, now, ctx.config.appUrl)]);
      mails.push(['provider', bookedProviderMail(a, ctx.config.appUrl)]);
      if (instant && !a.reminderSentAt) await scheduleReminder(ctx.queues, a, now);
      // The patient just booked: their answer goes at once; the provider's request waits for 07:00 WAT at night.
      await patientText(instant ? 'confirmed' : 'booked', true);
      await queueProviderText(ctx.queues, a, `text-${key}-provider`, appUrl, now);
    } else if (job.name === 'appointment.status') {
      // A later change has its own event: mail only the state the appointment is in.
      if (job.data?.status !== a.status) return 'stale';
      mails.push(['patient', statusPatientMail(a, now, ctx.config.appUrl)]);
      // The provider hears of a cancellation they did not make themselves.
      if (a.status === 'cancelled' && job.data?.by === 'patient') {
        mails.push(['provider', cancelledProviderMail(a, ctx.config.appUrl)]);
      }
      if (a.status === 'confirmed' && !a.reminderSentAt) {
        await scheduleReminder(ctx.queues, a, now);
      }
      if (a.status === 'confirmed' || a.status === 'cancelled') await patientText(a.status, job.data?.by === 'patient');
    } else {
      return 'ignored';
    }

    for (const [who, mail] of mails) {
      if (mail) await ctx.queues.mail.add('mail.send', mail, { jobId: `mail-${key}-${who}` });
    }
    ctx.log('appointment notified', { appointmentId, event: job.name, mails: mails.filter(([, m]) => m).length });
    return 'sent';
  };
}

/** Appointment notifications to the patient and the provider. */
export const notifyProcessor: Processor = createNotifyProcessor();

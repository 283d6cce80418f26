// Which texts an appointment event queues, to whom and when (issue 36, D24).
import { toE164 } from '@ilera/contracts';
import type { Queues } from '../queues';
import type { AppointmentForMail } from '../appointment-mail';
import { afterQuietHours, patientText, providerRequestText, type PatientText } from './texts';
import type { TextJob } from './processor';
import { recipientLocale } from '../messages';

/** A reminder that the quiet hours would push this close to the start is not sent (the other reminder was). */
const LATEST_BEFORE_START_MS = 30 * 60 * 1000;

const link = (appUrl: string) => `${appUrl}/appointments`;

/** The patient's channel: WhatsApp only after their explicit opt-in, none if they chose none, else SMS. */
function patientChannel(a: AppointmentForMail): 'sms' | 'whatsapp' | null {
  if (a.patientTextChannel === 'none') return null;
  return a.patientTextChannel === 'whatsapp' && a.patientWhatsappOptedIn ? 'whatsapp' : 'sms';
}

/**
 * Queues one text to the patient under `jobId`. D24 (issue 48): a text that answers the patient's
 * own action just taken (`ownAction`: the booking they made, the cancellation they sent) goes at
 * once; every other one (a provider's confirmation or cancellation, a reminder) waits out the quiet
 * hours (21:00-07:00 WAT). Returns what happened.
 */
export async function queuePatientText(
  queues: Queues,
  a: AppointmentForMail,
  kind: PatientText['kind'],
  jobId: string,
  appUrl: string,
  now: Date,
  ownAction = false,
): Promise<'queued' | 'no-channel' | 'no-phone' | 'too-late'> {
  const channel = patientChannel(a);
  if (!channel) return 'no-channel';
  const to = a.patientPhoneE164 ?? toE164(a.patientPhone);
  if (!to) return 'no-phone';
  const reminder = kind === 'reminder-24h' || kind === 'reminder-2h';
  const at = ownAction && !reminder ? now : afterQuietHours(now);
  if (reminder && at.getTime() >= a.appointmentDate.getTime() - LATEST_BEFORE_START_MS) return 'too-late';
  const delay = at.getTime() - now.getTime();
  // In the patient account's language (issue 50, decision 049).
  const locale = recipientLocale(a.patientLanguage);
  const text = patientText({ kind, providerName: a.providerName, appointmentDate: a.appointmentDate, link: link(appUrl), locale }, to, channel);
  const job: TextJob = { ...text, kind, appointmentId: a.id, ...(delay > 0 && !reminder ? { held: true } : {}) };
  await queues.texts.add('text.send', job, { jobId, delay });
  return 'queued';
}

/**
 * A new request (or instant booking) to the provider by SMS, if their profile has a phone we can
 * text. It answers no action of the provider's: it waits out the quiet hours (D24, issue 48).
 */
export async function queueProviderText(queues: Queues, a: AppointmentForMail, jobId: string, appUrl: string, now: Date): Promise<boolean> {
  const to = toE164(a.providerPhone);
  if (!to) return false;
  const delay = afterQuietHours(now).getTime() - now.getTime();
  const job: TextJob = {
    // In the provider account's own language, whatever the patient's.
    ...providerRequestText(a.appointmentDate, a.status === 'confirmed', to, link(appUrl), recipientLocale(a.providerLanguage)),
    kind: 'provider-request',
    appointmentId: a.id,
    ...(delay > 0 ? { held: true } : {}),
  };
  await queues.texts.add('text.send', job, { jobId, delay });
  return true;
}

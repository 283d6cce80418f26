// Replies to our texts (issue 36, D24): 1/YES, 2/CANCEL, STOP, START, from the number a
// booking was made with. A cancellation goes through the web's own rules (changeStatus).
import { emit, type Sql } from '@ilera/db';
import type { Locale } from '@ilera/contracts/locales';
import { smsBody, smsWhen } from '@ilera/workers/channels/texts';
import { message, recipientLocale, type TextMessageId } from '@ilera/workers/messages';
import { loadSessionUser } from '../../plugins/session';
import { changeStatus } from '../appointments/appointments.service';
import { folded, START_WORDS, STOP_WORDS } from '../ussd/sms-words';
import { phoneAccount } from '../ussd/ussd.account';

export type ReplyChannel = 'sms' | 'whatsapp';
export type ReplyOutcome = 'stopped' | 'started' | 'attending' | 'cancelled' | 'pending' | 'none' | 'help';

/**
 * The language of the answer to a number (issue 50, decision 049): that of the account that booked with
 * it most recently, else the language of the page that booking was made from (as that booking's own texts);
 * a number nobody booked with, that of the account whose mobile it is (as USSD and SMS search answer it);
 * English when none.
 */
async function numberLocale(sql: Sql, phone: string): Promise<Locale> {
  const [row] = await sql<{ language: string | null }[]>`
    SELECT coalesce(u.language, a.booking_locale) AS language FROM appointments a JOIN users u ON u.id = a.patient_id
    WHERE a.patient_phone_e164 = ${phone} ORDER BY a.created_at DESC, a.id DESC LIMIT 1`;
  return recipientLocale(row ? row.language : (await phoneAccount(sql, phone)).language);
}

/**
 * What a reply means: STOP and START are the carriers' words, and each language's (DAINA, DURO, KWUSI; FARA,
 * BERE, MALITE: sms-words.ts, with or without marks); 1 and 2 are what our texts offer.
 */
function intent(text: string): 'stop' | 'start' | 'yes' | 'cancel' | null {
  const word = text.trim().toUpperCase().replace(/[.!]+$/, '');
  if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT'].includes(word) || STOP_WORDS.has(folded(word))) return 'stop';
  if (['START', 'UNSTOP', 'SUBSCRIBE'].includes(word) || START_WORDS.has(folded(word))) return 'start';
  if (['1', 'YES', 'Y'].includes(word)) return 'yes';
  if (['2', 'CANCEL', 'NO'].includes(word)) return 'cancel';
  return null;
}

interface Upcoming {
  id: number;
  status: 'pending' | 'confirmed';
  patientId: string;
  appointmentDate: Date;
  providerName: string;
}

/** The number's next booking that can still change (index appointments_patient_phone_e164_idx). */
async function nextAppointment(sql: Sql, phone: string, now: Date): Promise<Upcoming | null> {
  const [row] = await sql<Upcoming[]>`
    SELECT a.id, a.status, a.patient_id, a.appointment_date,
      CASE WHEN a.professional_id IS NOT NULL THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name) ELSE i.name END AS provider_name
    FROM appointments a
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    WHERE a.patient_phone_e164 = ${phone} AND a.status IN ('pending', 'confirmed') AND a.appointment_date > ${now}
    ORDER BY a.appointment_date
    LIMIT 1`;
  return row ?? null;
}

/**
 * Applies one reply and queues its answer (through the outbox, as every message goes).
 * A cancellation's answer is the 'cancelled' text the status event sends anyway.
 */
export async function handleReply(sql: Sql, phone: string, text: string, channel: ReplyChannel, appUrl: string, now = new Date()): Promise<ReplyOutcome> {
  const link = `${appUrl}/appointments`;
  const locale = await numberLocale(sql, phone);
  // An SMS in GSM-7, fitted to one segment; WhatsApp's free text (within its 24 hours) keeps every letter.
  const say = (id: Extract<TextMessageId, `sms.reply-${string}`>, values: Record<string, string> = {}, provider?: string) =>
    channel === 'whatsapp'
      ? message(locale, id, { ...values, ...(provider === undefined ? {} : { provider }) })
      : smsBody(locale, id, values, provider);
  const answer = (body: string) => emit(sql, 'text.send', { to: phone, body, channel, kind: 'reply' });
  const wants = intent(text);
  if (wants === 'stop') {
    await sql`
      INSERT INTO text_opt_outs (phone_e164, opted_out_at) VALUES (${phone}, ${now})
      ON CONFLICT (phone_e164) DO UPDATE SET opted_out_at = EXCLUDED.opted_out_at, opted_in_at = NULL`;
    await answer(say('sms.reply-stop'));
    return 'stopped';
  }
  if (wants === 'start') {
    await sql`UPDATE text_opt_outs SET opted_in_at = ${now} WHERE phone_e164 = ${phone} AND opted_in_at IS NULL`;
    await answer(say('sms.reply-start'));
    return 'started';
  }
  if (!wants) {
    await answer(say('sms.reply-help', { link }));
    return 'help';
  }
  const next = await nextAppointment(sql, phone, now);
  if (!next) {
    await answer(say('sms.reply-none', { link }));
    return 'none';
  }
  if (wants === 'cancel') {
    const patient = await loadSessionUser(sql, next.patientId);
    if (!patient) return 'none';
    await changeStatus(sql, patient, next.id, 'cancelled', () => now);
    return 'cancelled';
  }
  if (next.status === 'pending') {
    await answer(say('sms.reply-pending', { when: smsWhen(next.appointmentDate, locale), link }, next.providerName));
    return 'pending';
  }
  await sql`UPDATE appointments SET attendance_confirmed_at = ${now} WHERE id = ${next.id}`;
  await answer(say('sms.reply-attending', { when: smsWhen(next.appointmentDate, locale), link }, next.providerName));
  return 'attending';
}

// ---------------------------------------------------------------- delivery reports

export type DeliveryStatus = 'delivered' | 'read' | 'failed';

/**
 * What a provider's delivery report means for us, or null for a step on the way ('Sent',
 * 'Buffered', WhatsApp's 'sent'). Africa's Talking: Success is delivered; Failed, Rejected,
 * AbsentSubscriber and Expired are final failures. WhatsApp: delivered, read, failed.
 */
export function deliveryStatus(channel: ReplyChannel, status: string): DeliveryStatus | null {
  if (channel === 'sms') {
    if (status === 'Success') return 'delivered';
    return ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'].includes(status) ? 'failed' : null;
  }
  return status === 'delivered' || status === 'read' || status === 'failed' ? status : null;
}

/**
 * Records a delivery report on the text the provider names (its message id). Reports can
 * arrive out of order and more than once: a status never goes back (read > delivered > failed).
 * The error is kept only as a provider code (a word or a number), never a wording that could
 * quote the number. Returns whether a text of ours was found.
 */
export async function recordDelivery(
  sql: Sql,
  channel: ReplyChannel,
  providerMessageId: string,
  status: DeliveryStatus,
  error: string | null,
  now = new Date(),
): Promise<boolean> {
  const code = error && /^[A-Za-z0-9_]{1,40}$/.test(error) ? error : null;
  const rows = await sql`
    UPDATE text_messages SET delivery_status = ${status}, delivery_reported_at = ${now}, delivery_error = ${status === 'failed' ? code : null}
    WHERE channel = ${channel} AND provider_message_id = ${providerMessageId}
      AND CASE delivery_status WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 WHEN 'failed' THEN 1 ELSE 0 END
        < CASE ${status}::text WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 ELSE 1 END
    RETURNING id`;
  if (rows.length > 0) return true;
  const [known] = await sql`SELECT 1 FROM text_messages WHERE channel = ${channel} AND provider_message_id = ${providerMessageId}`;
  return Boolean(known);
}

import type { Config, Sql } from '@ilera/db';
import type { Processor } from '../context';
import { createTextSenders } from './index';
import type { TextKind } from './texts';
import { PermanentTextError, type TextChannel, type TextMessage, type TextSender } from './types';

/** A job on the texts queue. Its id is stable (derived from the event), so a retried event adds it once. */
export interface TextJob extends TextMessage {
  kind: TextKind;
  appointmentId?: number;
  /** Issue 48: news of an appointment held over the quiet hours (D24); dropped if no longer true when it is due. */
  held?: true;
}

/**
 * Whether held news is still true of the appointment's status when it is due (issue 48), and whether a
 * request's "received" is when it goes at all: "we will text you when it is confirmed" is false once the
 * provider has answered, whose own text says it (issue 50).
 */
const STILL_TRUE: Partial<Record<TextKind, (status: string) => boolean>> = {
  booked: (s) => s === 'pending',
  confirmed: (s) => s === 'confirmed',
  cancelled: (s) => s === 'cancelled',
  'provider-request': (s) => s === 'pending' || s === 'confirmed',
};

const REMINDERS: readonly TextKind[] = ['reminder-24h', 'reminder-2h'];
/**
 * Texts one number is sent in 24 hours at most, answers to its own replies aside: a patient with
 * several bookings gets their news, a loop or a booking spree cannot run up a bill (issue 36).
 */
export const DAILY_TEXT_CAP = 8;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether a text (other than an answer to the number's own reply) may go to `to` now: not after its
 * STOP, nor past the daily cap. The texts worker decides with it, and so do the USSD and SMS searches
 * before they promise a text.
 */
export async function textRefusal(sql: Sql, to: string, now: Date): Promise<'opted-out' | 'capped' | null> {
  const [out] = await sql`SELECT 1 FROM text_opt_outs WHERE phone_e164 = ${to} AND opted_in_at IS NULL`;
  if (out) return 'opted-out';
  const [{ n }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM text_messages
    WHERE to_e164 = ${to} AND created_at > ${new Date(now.getTime() - DAY_MS)} AND status = 'sent' AND kind <> 'reply'`;
  return n >= DAILY_TEXT_CAP ? 'capped' : null;
}

export interface TextProcessorOptions {
  senders?: Partial<Record<TextChannel, TextSender>>;
  clock?: () => Date;
}

/**
 * Sends one text, once: a STOP'd number gets nothing (but the answer to its STOP); a
 * reminder held over the quiet hours is dropped if the appointment was cancelled or moved
 * meanwhile, and so is held news no longer true (a confirmation cancelled before 07:00); WhatsApp falls back to SMS when it is off. Each job has one text_messages row:
 * a job run again after its text went (stalled worker, retry) finds the row 'sent'. A
 * provider's refusal for good is recorded 'failed' and not retried; an outage is thrown,
 * and BullMQ retries with back-off (queues.ts); after the last attempt the row is 'failed'
 * and the job waits in BullMQ's failed set (npm run outbox -- --failed; --retry sends it again). Logs carry ids, never the number or the text.
 */
export function createTextProcessor(config: Config, options: TextProcessorOptions = {}): Processor {
  const senders = options.senders ?? createTextSenders(config);
  const clock = options.clock ?? (() => new Date());
  return async (job, ctx) => {
    const data = job.data as TextJob;
    const channel: TextChannel = data.channel === 'whatsapp' && senders.whatsapp ? 'whatsapp' : 'sms';
    const send = senders[channel];
    if (!send) return 'off';
    if (data.kind !== 'reply') {
      const refused = await textRefusal(ctx.sql, data.to, clock());
      if (refused === 'capped') ctx.log('text capped', { job: String(job.id), kind: data.kind, appointmentId: data.appointmentId });
      if (refused) return refused;
    }
    if (REMINDERS.includes(data.kind) && data.appointmentId) {
      const [a] = await ctx.sql<{ status: string; appointmentDate: Date }[]>`
        SELECT status, appointment_date FROM appointments WHERE id = ${data.appointmentId}`;
      if (!a || a.status !== 'confirmed' || a.appointmentDate.getTime() <= clock().getTime()) return 'stale';
    }
    const stillTrue = (data.held || data.kind === 'booked') && data.appointmentId ? STILL_TRUE[data.kind] : undefined;
    if (stillTrue) {
      const [a] = await ctx.sql<{ status: string }[]>`SELECT status FROM appointments WHERE id = ${data.appointmentId!}`;
      if (!a || !stillTrue(a.status)) return 'stale';
    }
    const key = String(job.id);
    const [row] = await ctx.sql<{ status: string }[]>`
      INSERT INTO text_messages (job_id, channel, kind, to_e164, appointment_id, created_at)
      VALUES (${key}, ${channel}, ${data.kind}, ${data.to}, ${data.appointmentId ?? null}, ${clock()})
      ON CONFLICT (job_id) DO UPDATE SET channel = EXCLUDED.channel,
        -- A failed job an operator retries (npm run outbox -- --retry) tries again.
        status = CASE WHEN text_messages.status = 'failed' THEN 'sending' ELSE text_messages.status END
      RETURNING status`;
    if (row!.status === 'sent') return 'already-sent';
    try {
      // WhatsApp needs the template for a message we start; SMS and a reply within 24 hours take the body.
      const template = channel === 'whatsapp' && data.kind !== 'reply' ? data.template : undefined;
      const sent = await send({ to: data.to, body: data.body, channel, template }, key);
      await ctx.sql`
        UPDATE text_messages SET status = 'sent', sent_at = ${clock()}, provider_message_id = ${sent.providerMessageId ?? null},
          cost = ${sent.cost ?? null}
        WHERE job_id = ${key}`;
      ctx.log('text sent', { job: key, channel, kind: data.kind, appointmentId: data.appointmentId });
      return 'sent';
    } catch (err) {
      if (!(err instanceof PermanentTextError)) {
        // The last attempt: the text is failed (BullMQ keeps the job in its failed set, npm run outbox -- --failed).
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await ctx.sql`UPDATE text_messages SET status = 'failed' WHERE job_id = ${key}`;
        throw err;
      }
      await ctx.sql`UPDATE text_messages SET status = 'failed' WHERE job_id = ${key}`;
      ctx.log('text refused', { job: key, channel, kind: data.kind, error: err.message });
      return 'refused';
    }
  };
}

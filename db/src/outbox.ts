import type { Db } from './client';

/**
 * Topics of the transactional outbox. Thin events: the worker re-reads
 * PostgreSQL, so a payload only names what changed.
 */
export type OutboxTopic =
  | 'search.professional'
  | 'search.institution'
  | 'mail.send'
  | 'appointment.booked'
  | 'appointment.status';

/** Writes an event in the caller's transaction: it commits, or vanishes, with the change. */
export async function emit(tx: Db, topic: OutboxTopic | string, payload: Record<string, unknown>): Promise<void> {
  await tx`INSERT INTO outbox (topic, payload) VALUES (${topic}, ${tx.json(payload as never)})`;
}

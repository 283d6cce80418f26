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

/** An event the relay set aside: failed (no queue takes it) or abandoned (too many failed attempts). */
export interface SetAsideEvent {
  id: string;
  topic: string;
  state: 'failed' | 'abandoned';
  attempts: number;
  error: string | null;
  at: Date;
}

/** Set-aside events, oldest first. Never the payload: it holds people's addresses and names. */
export async function listSetAside(sql: Db): Promise<SetAsideEvent[]> {
  return sql<SetAsideEvent[]>`
    SELECT id::text, topic, CASE WHEN failed_at IS NOT NULL THEN 'failed' ELSE 'abandoned' END AS state,
      attempts, last_error AS error, coalesce(failed_at, abandoned_at) AS at
    FROM outbox
    WHERE processed_at IS NULL AND (failed_at IS NOT NULL OR abandoned_at IS NOT NULL)
    ORDER BY id`;
}

/**
 * Hands set-aside events back to the relay with a fresh count of attempts: all of
 * them, or those of `ids`. Returns the ids re-driven; an id that is not set aside
 * (unknown, waiting, processed) is left alone.
 */
export async function redriveSetAside(sql: Db, ids?: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    UPDATE outbox SET failed_at = NULL, abandoned_at = NULL, attempts = 0, locked_until = NULL, last_error = NULL
    WHERE processed_at IS NULL AND (failed_at IS NOT NULL OR abandoned_at IS NOT NULL)
      ${ids ? sql`AND id = ANY(${ids}::bigint[])` : sql``}
    RETURNING id::text`;
  // The relay wakes on this channel (an INSERT trigger sends it) instead of waiting for its poll.
  if (rows.length) await sql`SELECT pg_notify('outbox', 'redrive')`;
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

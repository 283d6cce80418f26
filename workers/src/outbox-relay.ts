import type { Sql } from '@ilera/db';
import type { Queues } from './queues';
import type { QueueName } from './queues';
import { routeOutboxRow } from './outbox-routes';

export interface RelayOptions {
  batchSize?: number;
  pollMs?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

interface OutboxRow {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Moves committed outbox rows to BullMQ (PRODUCT.md D16).
 * - Claims a batch with a lease (FOR UPDATE SKIP LOCKED), so several relays
 *   never hand out the same row while the lease runs.
 * - The job id is `ob-<outbox id>`: if a relay dies after queue.add and before
 *   marking the row, the next claim re-adds it and BullMQ drops the duplicate
 *   (addBulk included; test/crash-workers.test.ts kills a process in that window).
 * - processed_at is set only after BullMQ accepted the job; after maxAttempts the row
 *   is set aside in abandoned_at. A row no queue takes (unknown topic, payload that
 *   does not fit its topic) is set aside at once in failed_at with its error, and
 *   the rest of the batch goes on. `npm run outbox -- --failed` lists both.
 * - Wakes on NOTIFY outbox (sent by a trigger at commit) and polls as a fallback.
 */
export class OutboxRelay {
  private running = false;
  private timer?: NodeJS.Timeout;
  private wake?: () => void;
  private loop?: Promise<void>;
  private unlisten?: () => Promise<void>;
  /** Rows the last drain claimed: a full batch means more are waiting. */
  private claimed = 0;
  private readonly o: Required<RelayOptions>;

  constructor(
    private readonly sql: Sql,
    private readonly queues: Queues,
    options: RelayOptions = {},
  ) {
    this.o = {
      batchSize: options.batchSize ?? 100,
      pollMs: options.pollMs ?? 1000,
      leaseSeconds: options.leaseSeconds ?? 30,
      maxAttempts: options.maxAttempts ?? 10,
      log: options.log ?? (() => {}),
    };
  }

  /**
   * Claims and relays one batch; returns how many rows it handed to BullMQ.
   * Search events are claimed first: a burst of booking mails must not hold an
   * approval back from the search (D15's 2 seconds). Each queue gets its rows
   * in one addBulk, and the rows are marked in one statement.
   */
  async drainOnce(): Promise<number> {
    const rows = await this.sql<OutboxRow[]>`
      UPDATE outbox SET locked_until = now() + make_interval(secs => ${this.o.leaseSeconds}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE processed_at IS NULL AND abandoned_at IS NULL AND failed_at IS NULL
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY topic NOT LIKE 'search.%', id
        FOR UPDATE SKIP LOCKED
        LIMIT ${this.o.batchSize})
      RETURNING id::text, topic, payload, attempts`;
    this.claimed = rows.length;
    const byQueue = new Map<QueueName, OutboxRow[]>();
    const unroutable: { row: OutboxRow; error: string }[] = [];
    for (const row of rows.sort((x, y) => Number(x.id) - Number(y.id))) {
      const route = routeOutboxRow(row.topic, row.payload);
      if (!route.ok) {
        unroutable.push({ row, error: route.error });
        continue;
      }
      if (!byQueue.has(route.queue)) byQueue.set(route.queue, []);
      byQueue.get(route.queue)!.push(row);
    }
    if (unroutable.length) {
      // Retrying cannot help a row no queue takes: set aside now, the batch flows on.
      await this.sql`
        UPDATE outbox SET failed_at = now(), locked_until = NULL, last_error = f.error
        FROM unnest(${unroutable.map((u) => u.row.id)}::bigint[], ${unroutable.map((u) => u.error)}::text[]) AS f(id, error)
        WHERE outbox.id = f.id`;
      for (const { row, error } of unroutable) this.o.log('outbox event failed', { id: row.id, topic: row.topic, error });
    }
    let done = 0;
    for (const [q, group] of byQueue) {
      try {
        await this.queues[q].addBulk(
          group.map((row) => ({ name: row.topic, data: { ...row.payload, outboxId: row.id }, opts: { jobId: `ob-${row.id}` } })),
        );
        await this.sql`UPDATE outbox SET processed_at = now(), locked_until = NULL, last_error = NULL WHERE id = ANY(${group.map((r) => r.id)}::bigint[])`;
        done += group.length;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        for (const row of group) {
          const abandon = row.attempts >= this.o.maxAttempts;
          await this.sql`
            UPDATE outbox SET last_error = ${message}, locked_until = NULL,
              abandoned_at = CASE WHEN ${abandon} THEN now() ELSE NULL END
            WHERE id = ${row.id}`;
          this.o.log('outbox relay failed', { id: row.id, topic: row.topic, abandon });
        }
      }
    }
    return done;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const sub = await this.sql.listen('outbox', () => this.wake?.());
      this.unlisten = () => sub.unlisten();
    } catch {
      /* polling alone still works */
    }
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.claimed = 0;
      try {
        await this.drainOnce();
      } catch (err) {
        this.o.log('outbox relay error', { error: err instanceof Error ? err.message : String(err) });
      }
      if (this.claimed === this.o.batchSize || !this.running) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.o.pollMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.unlisten?.().catch(() => {});
  }
}

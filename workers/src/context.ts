import type { Job } from 'bullmq';
import type { Config, Sql } from '@ilera/db';
import type { Queues } from './queues';

export interface WorkerContext {
  sql: Sql;
  config: Config;
  queues: Queues;
  log: (msg: string, extra?: Record<string, unknown>) => void;
}

/** A queue's job handler. It must be idempotent: BullMQ delivers at least once. */
export type Processor = (job: Job, ctx: WorkerContext) => Promise<unknown>;

/**
 * An error message fit for logs and the operator's list: an SMTP server's refusal
 * quotes the recipient ("550 5.1.1 <ada@example.ng>: Recipient address rejected").
 */
export function withoutAddresses(message: string): string {
  return message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');
}

import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';

/** Queue names; REDIS_PREFIX goes in BullMQ's `prefix`, so deployments can share one Redis. */
export const queueNames = {
  index: 'index',
  mail: 'mail',
  notify: 'notify',
  reminders: 'reminders',
  maintenance: 'maintenance',
  // SMS and WhatsApp (workers/src/channels, issue 36).
  texts: 'texts',
} as const;
export type QueueName = (typeof queueNames)[keyof typeof queueNames];

/**
 * Transient failures (SMTP hiccup, engine 503) retry with exponential backoff;
 * failed jobs are kept a week: the failed set is the dead-letter queue.
 */
export const defaultJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Jobs each queue's worker runs at once (per process). The index worker's waiting jobs are
 * written together in set-based batches of at most INDEX_BATCH profiles, INDEX_LANES batches at
 * once (index.worker.ts; each lane uses two connections while it writes). One more batch's worth
 * of jobs lets the next batch gather while the lanes write. Not more: BullMQ's worker fetches
 * jobs one by one until it holds `concurrency` of them before it hands more than one to the
 * processor, so a large concurrency delays the first batch of a burst (measured at 200: jobs
 * active but not processed for 1.7 s; docs/PERFORMANCE.md, "Next slot after a burst").
 * It is also how many index jobs a killed process can leave to run again.
 */
export const INDEX_BATCH = 30;
export const INDEX_LANES = 3;
export const workerConcurrency: Record<QueueName, number> = {
  index: (INDEX_LANES + 1) * INDEX_BATCH,
  mail: 5,
  notify: 5,
  reminders: 5,
  maintenance: 5,
  texts: 5,
};

export function createRedis(url: string): Redis {
  // BullMQ workers need maxRetriesPerRequest null (blocking commands).
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

export type Queues = Record<QueueName, Queue> & { close(): Promise<void> };

export function createQueues(connection: ConnectionOptions, prefix: string): Queues {
  const make = (name: QueueName) => new Queue(name, { connection, prefix, defaultJobOptions });
  const queues = {
    index: make(queueNames.index),
    mail: make(queueNames.mail),
    notify: make(queueNames.notify),
    reminders: make(queueNames.reminders),
    maintenance: make(queueNames.maintenance),
    texts: make(queueNames.texts),
  };
  return {
    ...queues,
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    },
  };
}

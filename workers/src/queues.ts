import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';

/** Queue names; REDIS_PREFIX goes in BullMQ's `prefix`, so deployments can share one Redis. */
export const queueNames = {
  index: 'index',
  mail: 'mail',
  notify: 'notify',
  reminders: 'reminders',
  maintenance: 'maintenance',
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
  };
  return {
    ...queues,
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    },
  };
}

import { Worker, type ConnectionOptions, type WorkerOptions } from 'bullmq';
import type { Registry } from 'prom-client';
import pino from 'pino';
import type { Config, Sql } from '@ilera/db';
import { withoutAddresses, type Processor, type WorkerContext } from './context';
import { createMailSender, type MailJob } from './mail.worker';
import { engineFor, indexProcessor } from './index.worker';
import { notifyProcessor } from './notify.worker';
import { ensureReminderSchedule, reminderProcessor } from './reminder.worker';
import { ensureMaintenanceSchedule, maintenanceProcessor } from './maintenance.worker';
import { createTextProcessor } from './channels/processor';
import { OutboxRelay, type RelayOptions } from './outbox-relay';
import { createQueues, queueNames, workerConcurrency, type QueueName, type Queues } from './queues';
import { createMetricsRegistry, registerWorkerMetrics } from './metrics';

export interface StartWorkersOptions {
  sql: Sql;
  config: Config;
  connection: ConnectionOptions;
  queues?: Queues;
  relay?: RelayOptions;
  /** Replace or add processors (tests). */
  processors?: Partial<Record<QueueName, Processor>>;
  /** Jobs each worker runs at once; by default each queue's own (queues.ts). */
  concurrency?: number;
  /** BullMQ worker settings (tests shorten lock and stall intervals). */
  workerOptions?: Partial<WorkerOptions>;
  /** Where the JSON log lines go (pino, at config.logLevel): stdout unless given (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Where the workers' metrics go (scripts/start.ts shares one with the API); a registry of their own by default. */
  metrics?: Registry;
}

export interface RunningWorkers {
  relay: OutboxRelay;
  workers: Worker[];
  queues: Queues;
  /** Queue depth, outbox backlog, index lag, failures (workers/src/metrics.ts). */
  metrics: Registry;
  stop(): Promise<void>;
}

export function defaultProcessors(config: Config): Record<QueueName, Processor> {
  const send = createMailSender(config);
  return {
    [queueNames.index]: indexProcessor,
    [queueNames.mail]: async (job, ctx) => {
      const result = await send(job as never as Parameters<typeof send>[0]);
      // Never the address, subject or body: only where the message went.
      ctx.log('mail sent', { job: job.id, file: result.file ? result.file : undefined });
      return result;
    },
    [queueNames.notify]: notifyProcessor,
    [queueNames.reminders]: reminderProcessor,
    [queueNames.maintenance]: maintenanceProcessor,
    [queueNames.texts]: createTextProcessor(config),
  } as Record<QueueName, Processor>;
}

/** Starts the outbox relay and one BullMQ worker per queue. */
export async function startWorkers(o: StartWorkersOptions): Promise<RunningWorkers> {
  const queues = o.queues ?? createQueues(o.connection, o.config.redisPrefix);
  // pino, as the API logs, at LOG_LEVEL: what happened at info, failures at warn, a broken worker at error.
  // Written synchronously, as console.log to a pipe was: pino's default stdout stream writes later, and a process
  // killed (SIGKILL, OOM) loses its last lines, the ones that say what it was doing (test/crash-workers.test.ts).
  const logger = pino({ level: o.config.logLevel }, o.logStream ?? pino.destination({ dest: 1, sync: true }));
  const log: WorkerContext['log'] = (msg, extra) => logger.info(extra ?? {}, msg);
  const warn: WorkerContext['log'] = (msg, extra) => logger.warn(extra ?? {}, msg);
  const ctx: WorkerContext = { sql: o.sql, config: o.config, queues, log };
  const processors = { ...defaultProcessors(o.config), ...o.processors };
  const workers = Object.entries(processors).map(
    ([name, fn]) =>
      new Worker(name, (job) => fn(job, ctx), {
        connection: o.connection,
        prefix: o.config.redisPrefix,
        concurrency: o.concurrency ?? workerConcurrency[name as QueueName] ?? 5,
        // A job whose worker died is handed out again once its lock lapses (lockDuration, renewed
        // every half of it while the job runs) and the next stalled check (stalledInterval) sees
        // it: 10 + 5 s at most, not BullMQ's default 30 s lock (test/crash-workers.test.ts).
        lockDuration: 10000,
        stalledInterval: 5000,
        maxStalledCount: 5,
        ...o.workerOptions,
      }),
  );
  for (const w of workers) {
    w.on('failed', (job, err) => warn('job failed', { queue: w.name, job: job?.id, attempts: job?.attemptsMade, error: withoutAddresses(err.message) }));
    w.on('error', (err) => logger.error({ queue: w.name, error: err.message }, 'worker error'));
  }
  const metrics = o.metrics ?? createMetricsRegistry(o.config);
  const measured = registerWorkerMetrics(metrics, { sql: o.sql, queues });
  measured.watch(workers);
  // The relay logs only what did not get through.
  const relay = new OutboxRelay(o.sql, queues, { log: warn, ...o.relay });
  await relay.start();
  // The hourly reminder reconciliation (an upsert: one scheduler however many processes start).
  await ensureReminderSchedule(queues);
  await ensureMaintenanceSchedule(queues);
  // Typesense's collections brought to this release's schema as the workers start (issue 46: fields added,
  // a changed one rebuilt; search/src/typesense-engine.ts), in the background: a failure is logged, and
  // the first write tries again.
  if (o.config.typesenseUrl) {
    engineFor(ctx)
      .ensureCollections()
      .catch((err: unknown) => warn('search collections not ready', { error: withoutAddresses(String((err as Error)?.message ?? err)) }));
  }
  return {
    relay,
    workers,
    queues,
    metrics,
    async stop() {
      // Stop feeding first, then let each worker finish its current job.
      await relay.stop();
      await Promise.all(workers.map((w) => w.close()));
      await measured.stop();
      if (!o.queues) await queues.close();
    },
  };
}

export type { MailJob };

/**
 * `npm run outbox -- --failed`: the events that did not get through, without their
 * payloads: outbox rows the relay set aside (failed: no queue takes them; abandoned:
 * too many failed attempts), and jobs in BullMQ's failed sets (the dead-letter queue:
 * the job's own retries ran out).
 * `npm run outbox -- --retry [id ...]`: hands them back: all, or those ids (an outbox id,
 * or a job id such as mail-812-patient).
 * Database: DATABASE_URL, else the embedded PostgreSQL under DATA_DIR; Redis: REDIS_URL,
 * else the one a running app started under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import type { Job } from 'bullmq';
import { createSql, listSetAside, loadConfig, redriveSetAside, resolveDatabase, type Config } from '@ilera/db';
import { withoutAddresses } from './context';
import { createQueues, createRedis, queueNames, type Queues } from './queues';
import { runningRedis } from './redis-runtime';

const USAGE = 'Usage: npm run outbox -- --failed\n       npm run outbox -- --retry [id ...]';
/** The failed set is kept 7 days (defaultJobOptions); a page this long holds it on any sane day. */
const MAX_FAILED_JOBS = 1000;

type Command = { kind: 'list' } | { kind: 'retry'; ids?: string[] } | { kind: 'usage'; error?: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { failed: { type: 'boolean' }, retry: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    return { kind: 'usage', error: (err as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'usage' };
  if (values.failed && values.retry) return { kind: 'usage', error: 'Give --failed or --retry, not both.' };
  if (values.failed) {
    return positionals.length ? { kind: 'usage', error: `--failed takes no ids (got ${positionals.join(' ')}).` } : { kind: 'list' };
  }
  if (values.retry) {
    const bad = positionals.filter((p) => !/^[1-9]\d{0,18}$/.test(p) && !/^[A-Za-z][\w.-]{0,200}$/.test(p));
    if (bad.length) return { kind: 'usage', error: `Not an outbox or job id: ${bad.join(', ')}` };
    return { kind: 'retry', ids: positionals.length ? positionals : undefined };
  }
  return { kind: 'usage', error: 'Give --failed or --retry.' };
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

interface FailedJob {
  queue: string;
  job: Job;
}

async function failedJobs(queues: Queues): Promise<FailedJob[]> {
  const lists = await Promise.all(
    Object.values(queueNames).map(async (queue) =>
      (await queues[queue].getFailed(0, MAX_FAILED_JOBS - 1)).map((job) => ({ queue, job })),
    ),
  );
  return lists.flat().sort((a, b) => (a.job.finishedOn ?? 0) - (b.job.finishedOn ?? 0));
}

/** BullMQ's queues on the app's Redis, or null (and why) when it does not answer. */
async function openQueues(config: Config): Promise<{ queues: Queues; close(): Promise<void> } | null> {
  const url = await runningRedis(config);
  if (!url) {
    console.error(`Redis (${new URL(config.redisUrl).host}) does not answer: BullMQ's failed jobs are not included.`);
    return null;
  }
  const redis = createRedis(url);
  const queues = createQueues(redis, config.redisPrefix);
  return {
    queues,
    async close() {
      await queues.close();
      redis.disconnect();
    },
  };
}

async function main(): Promise<number> {
  const command = parseCommand(process.argv.slice(2));
  if (command.kind === 'usage') {
    if (command.error) console.error(command.error);
    console.error(USAGE);
    return command.error ? 2 : 0;
  }
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 1 });
  const bull = await openQueues(config);
  try {
    if (command.kind === 'list') {
      const events = await listSetAside(sql);
      console.log('Outbox events set aside:');
      console.log(
        events.length
          ? table(
              ['id', 'topic', 'state', 'attempts', 'when', 'error'],
              events.map((e) => [e.id, e.topic, e.state, String(e.attempts), e.at.toISOString(), withoutAddresses(e.error ?? '')]),
            )
          : 'none',
      );
      if (bull) {
        const jobs = await failedJobs(bull.queues);
        console.log('\nFailed jobs:');
        console.log(
          jobs.length
            ? table(
                ['queue', 'job', 'name', 'attempts', 'when', 'error'],
                jobs.map(({ queue, job }) => [
                  queue,
                  String(job.id),
                  job.name,
                  String(job.attemptsMade),
                  new Date(job.finishedOn ?? job.timestamp).toISOString(),
                  withoutAddresses(job.failedReason ?? ''),
                ]),
              )
            : 'none',
        );
      }
      return bull ? 0 : 1;
    }

    const redriven = await redriveSetAside(sql, command.ids?.filter((id) => /^\d+$/.test(id)));
    // What is not a set-aside row may be a failed job: its own id, or the relay's ob-<outbox id>.
    const retried: string[] = [];
    if (bull) {
      const wanted = command.ids?.filter((id) => !redriven.includes(id));
      for (const { job } of await failedJobs(bull.queues)) {
        const id = String(job.id);
        if (wanted && !wanted.includes(id) && !wanted.some((w) => `ob-${w}` === id)) continue;
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        retried.push(id);
      }
    }
    const missed = (command.ids ?? []).filter((id) => !redriven.includes(id) && !retried.includes(id) && !retried.includes(`ob-${id}`));
    if (redriven.length) console.log(`Re-driven ${redriven.length} outbox event(s): ${redriven.join(', ')}`);
    if (retried.length) console.log(`Retried ${retried.length} failed job(s): ${retried.join(', ')}`);
    if (!redriven.length && !retried.length && !command.ids) console.log('Nothing failed or abandoned.');
    if (missed.length) console.error(`Not failed or abandoned (left alone): ${missed.join(', ')}`);
    return missed.length || !bull ? 1 : 0;
  } finally {
    await bull?.close();
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`outbox failed: ${err.message}`);
    process.exit(1);
  },
);

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, freePort, type TestContext } from '../../test/support';

/** `npm run outbox` as an operator runs it, against this file's database. */
const root = path.resolve(__dirname, '../..');

/**
 * The command of package.json's "outbox" script (`tsx <file>`), run as node with tsx's loader: the same
 * file and arguments as `npm run outbox -- <args>`, without npm's process and tsx's CLI process (each
 * about half a CPU second a run).
 */
const [outboxTsx, ...outboxScript] = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.outbox as string).split(' ');

function outboxCli(
  args: string[],
  c: TestContext,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...outboxScript, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: c.dbUrl, REDIS_URL: c.config.redisUrl, REDIS_PREFIX: c.config.redisPrefix, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The output's sections (split at blank lines), each a list of rows of cells. */
const sections = (stdout: string) =>
  stdout
    .trim()
    .split(/\n\s*\n/)
    .map((sec) => sec.split('\n').map((l) => l.split(/\s{2,}/)));

let ctx: TestContext;
let failedId: string;
let abandonedId: string;
let processedId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const insert = async (topic: string, payload: object, rest: Record<string, unknown>) =>
    (
      await ctx.sql`
        INSERT INTO outbox ${ctx.sql({ topic, payload: ctx.sql.json(payload as never), ...rest } as never)} RETURNING id::text`
    )[0]!.id as string;
  failedId = await insert(
    'no.such.topic',
    { to: 'ngozi.eze@example.ng', name: 'Ngozi Eze' },
    { attempts: 1, failedAt: '2026-03-10T09:00:00+01:00', lastError: 'No queue for topic "no.such.topic"' },
  );
  abandonedId = await insert(
    'mail.send',
    { to: 'chidi.okafor@example.ng', subject: 'Your appointment is confirmed', text: 'Dear Chidi Okafor' },
    { attempts: 10, abandonedAt: '2026-03-10T09:15:00+01:00', lastError: 'Connection is closed.' },
  );
  processedId = await insert('search.professional', { id: 1 }, { attempts: 1, processedAt: '2026-03-10T09:20:00+01:00' });
});
afterAll(async () => ctx.close());

// Each run starts node and tsx's loader: seconds apiece on a loaded machine.
describe('npm run outbox', { timeout: 90000 }, () => {
  it('is package.json\'s "outbox" script, tsx running workers/src/outbox-cli.ts', () => {
    expect([outboxTsx, ...outboxScript]).toEqual(['tsx', 'workers/src/outbox-cli.ts']);
  });

  it('--failed lists failed and abandoned events with id, topic, attempts, error and time, and no personal data', async () => {
    const r = await outboxCli(['--failed'], ctx);
    expect(r.code, r.stderr).toBe(0);
    const [outbox, jobs] = sections(r.stdout);
    expect(outbox).toEqual([
      ['Outbox events set aside:'],
      ['id', 'topic', 'state', 'attempts', 'when', 'error'],
      [failedId, 'no.such.topic', 'failed', '1', '2026-03-10T08:00:00.000Z', 'No queue for topic "no.such.topic"'],
      [abandonedId, 'mail.send', 'abandoned', '10', '2026-03-10T08:15:00.000Z', 'Connection is closed.'],
    ]);
    expect(jobs).toEqual([['Failed jobs:'], ['none']]);
    expect(r.stdout + r.stderr).not.toMatch(/ngozi|chidi|example\.ng|Okafor|Eze/i);
  });

  it('--retry <ids> re-drives those events: the relay delivers the abandoned mail; unknown ids are reported', async () => {
    const r = await outboxCli(['--retry', abandonedId, processedId, '999999'], ctx);
    expect(r.stdout.trim()).toBe(`Re-driven 1 outbox event(s): ${abandonedId}`);
    expect(r.stderr.trim()).toBe(`Not failed or abandoned (left alone): ${processedId}, 999999`);
    expect(r.code).toBe(1);
    const [row] = await ctx.sql`SELECT attempts, abandoned_at, last_error FROM outbox WHERE id = ${abandonedId}`;
    expect(row).toEqual({ attempts: 0, abandonedAt: null, lastError: null });

    await ctx.startWorkers();
    // The relay marks the row after BullMQ took the job, which the mail worker may finish first.
    await eventually(async () => (await ctx.sql`SELECT processed_at FROM outbox WHERE id = ${abandonedId}`)[0]!.processedAt, 15000);
    await eventually(async () => (await ctx.queues.mail.getJobState(`ob-${abandonedId}`)) === 'completed', 15000);
    const eml = await readFile(path.join(ctx.config.dataDir, 'outbox', `ob-${abandonedId}.eml`), 'utf8');
    expect(eml).toContain('To: chidi.okafor@example.ng');

    const after = await outboxCli(['--failed'], ctx);
    expect(sections(after.stdout)[0]!.slice(2).map((l) => l[0])).toEqual([failedId]);
  });

  it('--retry without ids re-drives them all; a row no queue takes is failed again by the relay', async () => {
    const r = await outboxCli(['--retry'], ctx);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`Re-driven 1 outbox event(s): ${failedId}`);
    const again = await eventually(async () => {
      const [row] = await ctx.sql`SELECT failed_at, attempts, last_error FROM outbox WHERE id = ${failedId}`;
      return row!.failedAt ? row : null;
    });
    expect(again).toMatchObject({ attempts: 1, lastError: 'No queue for topic "no.such.topic"' });
    expect(again!.failedAt.getTime()).toBeGreaterThan(new Date('2026-03-10T09:00:00+01:00').getTime());
  });

  it('refuses bad usage with a message and exit code 2', async () => {
    const cases: [string[], string][] = [
      [['--retry', '12abc'], 'Not an outbox or job id: 12abc'],
      [['--frobnicate'], "Unknown option '--frobnicate'"],
      [['--failed', '--retry'], 'Give --failed or --retry, not both.'],
      [[], 'Give --failed or --retry.'],
    ];
    const runs = await Promise.all(cases.map(([args]) => outboxCli(args, ctx)));
    cases.forEach(([args, message], i) => {
      expect(runs[i]!.code, args.join(' ')).toBe(2);
      expect(runs[i]!.stderr).toContain(message);
      expect(runs[i]!.stderr).toContain('Usage: npm run outbox -- --failed');
    });
  });
});

describe('npm run outbox and BullMQ failed jobs', { timeout: 90000 }, () => {
  let c: TestContext;
  let smtpPort: number;
  beforeAll(async () => {
    smtpPort = await freePort(); // an SMTP server that does not answer: every mail job fails
    c = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}` } });
    await c.startWorkers();
  });
  afterAll(async () => c.close());

  const failedJob = async (jobId: string) => {
    await c.queues.mail.add('mail.send', { to: 'amaka.nwosu@example.ng', subject: 'Hello', text: 'Hello' }, { jobId, attempts: 1 });
    await eventually(async () => (await c.queues.mail.getJobState(jobId)) === 'failed', 10000);
  };

  it('--failed lists jobs in the failed sets with queue, id, name, attempts, time and reason, and no address', async () => {
    await failedJob('mail-900-patient');
    const finishedOn = (await c.queues.mail.getJob('mail-900-patient'))!.finishedOn!;
    const r = await outboxCli(['--failed'], c);
    expect(r.code, r.stderr).toBe(0);
    expect(sections(r.stdout)).toEqual([
      [['Outbox events set aside:'], ['none']],
      [
        ['Failed jobs:'],
        ['queue', 'job', 'name', 'attempts', 'when', 'error'],
        ['mail', 'mail-900-patient', 'mail.send', '1', new Date(finishedOn).toISOString(), `connect ECONNREFUSED 127.0.0.1:${smtpPort}`],
      ],
    ]);
    expect(r.stdout).not.toContain('amaka');
  });

  it('--retry <job id> and --retry <outbox id> retry those failed jobs; the mail worker runs them again', async () => {
    await failedJob('ob-77');
    const r = await outboxCli(['--retry', 'mail-900-patient', '77'], c);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('Retried 2 failed job(s): mail-900-patient, ob-77');
    // Each ran once more (and failed again: the server still does not answer).
    for (const id of ['mail-900-patient', 'ob-77']) {
      await eventually(() => c.logs.filter((l) => l.includes('"job failed"') && l.includes(`"job":"${id}"`)).length === 2, 10000);
    }
  });

  it('without Redis, lists the outbox events and says the failed jobs are missing (exit code 1)', async () => {
    const closed = await freePort();
    const r = await outboxCli(['--failed'], c, { REDIS_URL: `redis://127.0.0.1:${closed}`, DATA_DIR: c.config.dataDir });
    expect(r.code).toBe(1);
    expect(sections(r.stdout)).toEqual([[['Outbox events set aside:'], ['none']]]);
    expect(r.stderr).toContain(`Redis (127.0.0.1:${closed}) does not answer: BullMQ's failed jobs are not included.`);
  });
});

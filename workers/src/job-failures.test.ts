import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '@ilera/db';
import { createTestContext, eventually, freePort, type TestContext } from '../../test/support';

/**
 * A job that keeps failing: the mail worker's SMTP server refuses connections.
 * BullMQ retries it 8 times with exponential backoff from 1 s, then keeps it in the
 * failed set (the dead-letter queue) with its reason. The backoff waits are skipped by
 * promoting the delayed job, as if its time had come.
 */
let ctx: TestContext;
let smtpPort: number;
beforeAll(async () => {
  smtpPort = await freePort(); // nothing listens there
  ctx = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}` } });
  await ctx.startWorkers();
});
afterAll(async () => ctx.close());

describe('a failing job', () => {
  it('retries 8 times with exponential backoff, then lands in the failed set with its reason', async () => {
    await ctx.sql.begin((tx) => emit(tx, 'mail.send', { to: 'folake.adewale@example.ng', subject: 'Your appointment', text: 'Hello' }));
    const [{ id }] = await ctx.sql`SELECT id::text FROM outbox WHERE topic = 'mail.send'`;
    const jobId = `ob-${id}`;
    const job = await eventually(async () => ctx.queues.mail.getJob(jobId), 10000);
    expect(job!.opts.attempts).toBe(8);
    expect(job!.opts.backoff).toEqual({ type: 'exponential', delay: 1000 });

    const reason = `connect ECONNREFUSED 127.0.0.1:${smtpPort}`;
    const delays: number[] = [];
    for (let attempt = 1; attempt < 8; attempt++) {
      // Failed attempt `attempt`, waiting for the next one.
      const waiting = await eventually(async () => {
        const j = await ctx.queues.mail.getJob(jobId);
        return j && j.attemptsMade === attempt && (await j.getState()) === 'delayed' ? j : null;
      }, 10000);
      expect(waiting!.failedReason).toBe(reason);
      delays.push(waiting!.delay);
      await waiting!.promote();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000]);

    const failed = await eventually(async () => {
      const j = await ctx.queues.mail.getJob(jobId);
      return j && (await j.getState()) === 'failed' ? j : null;
    }, 10000);
    expect(failed!.attemptsMade).toBe(8);
    expect(failed!.failedReason).toBe(reason);
    expect((await ctx.queues.mail.getFailed()).map((j) => j.id)).toEqual([jobId]);
    // The outbox row was handed over once; the failure is BullMQ's to keep, not the relay's.
    const [row] = await ctx.sql`SELECT processed_at, attempts FROM outbox WHERE id = ${id}`;
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(1);
    // Each failure is logged with the job and the reason, never the address.
    const logged = ctx.logs.filter((l) => l.includes('"job failed"') && l.includes(jobId));
    expect(logged).toHaveLength(8);
    expect(logged.join('\n')).toContain(reason);
    expect(logged.join('\n')).not.toContain('folake');
  });
});

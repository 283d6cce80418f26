import net from 'node:net';
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
      await eventually(async () => (await ctx.queues.mail.getJobState(jobId)) === 'delayed', 10000);
      const waiting = await ctx.queues.mail.getJob(jobId);
      expect(waiting!.attemptsMade).toBe(attempt);
      expect(waiting!.failedReason).toBe(reason);
      delays.push(waiting!.delay);
      await waiting!.promote();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000]);

    await eventually(async () => (await ctx.queues.mail.getJobState(jobId)) === 'failed', 10000);
    const failed = await ctx.queues.mail.getJob(jobId);
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

/** An SMTP server that refuses every recipient, quoting the address as real servers do. */
function refusingSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((sock) => {
    sock.write('220 smtp.example.ng ESMTP\r\n');
    let buf = '';
    sock.on('data', (d) => {
      buf += d;
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO' || verb === 'MAIL' || verb === 'RSET') sock.write('250 OK\r\n');
        else if (verb === 'RCPT') sock.write(`550 5.1.1 ${line.slice(8).trim()}: Recipient address rejected\r\n`);
        else if (verb === 'QUIT') sock.end('221 Bye\r\n');
        else sock.write('502 Not implemented\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

describe('a job refused with the address in the reason', () => {
  it('is logged without the address', async () => {
    const smtp = await refusingSmtp();
    const c = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      await c.startWorkers();
      await c.queues.mail.add('mail.send', { to: 'folake.adewale@example.ng', subject: 'Hello', text: 'Hello' }, { jobId: 'mail-901-patient', attempts: 1 });
      await eventually(async () => (await c.queues.mail.getJobState('mail-901-patient')) === 'failed', 10000);
      const failed = await c.queues.mail.getJob('mail-901-patient');
      expect(failed!.failedReason).toContain('550 5.1.1 <folake.adewale@example.ng>: Recipient address rejected');
      const logged = c.logs.filter((l) => l.includes('"job failed"') && l.includes('mail-901-patient'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('550 5.1.1 <<address>>: Recipient address rejected');
      expect(logged[0]).not.toContain('folake');
    } finally {
      await c.close();
      await smtp.close();
    }
  });
});

describe('the workers log with pino at LOG_LEVEL', () => {
  it('at warn, a failed job is logged (level 40) and a delivered mail (info) is not', async () => {
    const c = await createTestContext({ config: { logLevel: 'warn' } }); // mail goes to DATA_DIR/outbox
    try {
      await c.startWorkers({ processors: { index: async () => { throw new Error('index refused'); } } });
      await c.queues.index.add('profile.indexed', { kind: 'professional', id: 1 }, { jobId: 'index-warn-1', attempts: 1 });
      await c.queues.mail.add('mail.send', { to: 'x@example.ng', subject: 'Hello', text: 'Hello' }, { jobId: 'mail-warn-1' });
      await eventually(async () => (await c.queues.index.getJobState('index-warn-1')) === 'failed', 10000);
      await eventually(async () => (await c.queues.mail.getJobState('mail-warn-1')) === 'completed', 10000);
      const lines = c.logs.map((l) => JSON.parse(l) as { level: number; msg: string; job?: string });
      expect(lines.filter((l) => l.msg === 'job failed').map((l) => [l.job, l.level])).toEqual([['index-warn-1', 40]]);
      expect(lines.filter((l) => l.msg === 'mail sent')).toEqual([]);
    } finally {
      await c.close();
    }
  });
});

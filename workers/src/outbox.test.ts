import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { emit } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { OutboxRelay } from './outbox-relay';

/**
 * The event path of PRODUCT.md D16, with the real PostgreSQL, Redis, relay and
 * BullMQ workers. The processor records each effect under a unique key, as
 * every real processor must be idempotent. Crashes are real process kills:
 * test/crash-workers.test.ts.
 */
describe('outbox → BullMQ → worker', () => {
  let ctx: TestContext;
  const processors = {
    index: async (job: Job) => {
      await ctx.sql`INSERT INTO specialties (name) VALUES (${'effect-' + job.data.marker}) ON CONFLICT (name) DO NOTHING`;
    },
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const effects = async (marker: string) =>
    (await ctx.sql`SELECT count(*)::int AS n FROM specialties WHERE name = ${'effect-' + marker}`)[0].n as number;

  it('delivers an event committed with its change', async () => {
    await ctx.startWorkers({ processors });
    await ctx.sql.begin(async (tx) => {
      await tx`INSERT INTO specialties (name) VALUES ('Committed change')`;
      await emit(tx, 'search.professional', { id: 1, marker: 'committed' });
    });
    await eventually(async () => (await effects('committed')) === 1);
    // Marked once BullMQ took the job, which the worker may have finished first.
    await eventually(async () => (await ctx.sql`SELECT processed_at FROM outbox WHERE payload->>'marker' = 'committed'`)[0].processedAt);
    await ctx.workers!.stop();
    ctx.workers = undefined;
  });

  it('relays search events ahead of a backlog of other events, a batch in one go', async () => {
    await ctx.sql.begin(async (tx) => {
      for (let i = 0; i < 30; i++) await emit(tx, 'mail.send', { to: 'backlog@example.ng', subject: 'Backlog', text: 'Backlog', marker: `backlog-${i}` });
      await emit(tx, 'search.professional', { id: 1, marker: 'behind-the-backlog' });
    });
    const relay = new OutboxRelay(ctx.sql, ctx.queues, { batchSize: 10 });
    expect(await relay.drainOnce()).toBe(10);
    const [search] = await ctx.sql`SELECT processed_at FROM outbox WHERE payload->>'marker' = 'behind-the-backlog'`;
    expect(search.processedAt).toBeInstanceOf(Date);
    expect((await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE payload->>'marker' LIKE 'backlog-%' AND processed_at IS NOT NULL`)[0].n).toBe(9);
    // Oldest first among the rest; the whole backlog goes out.
    expect((await ctx.sql`SELECT processed_at FROM outbox WHERE payload->>'marker' = 'backlog-0'`)[0].processedAt).toBeInstanceOf(Date);
    while ((await relay.drainOnce()) > 0);
    expect((await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE payload->>'marker' LIKE 'backlog-%' AND processed_at IS NULL`)[0].n).toBe(0);
    expect(await ctx.queues.mail.getJob(`ob-${(await ctx.sql`SELECT id::text FROM outbox WHERE payload->>'marker' = 'backlog-29'`)[0].id}`)).toBeTruthy();
  });

  it('sets aside a row no queue takes, with its error, and relays the rows behind it', async () => {
    await ctx.sql.begin(async (tx) => {
      await emit(tx, 'no.such.topic', { id: 1, marker: 'unknown-topic' });
      await emit(tx, 'search.professional', { id: 'twelve', marker: 'bad-id' });
      await emit(tx, 'mail.send', { subject: 'Your appointment with Dr. Adaeze Okonkwo', text: 'Hello Chidi', marker: 'no-recipient' });
      for (let i = 0; i < 3; i++) await emit(tx, 'search.professional', { id: i === 1 ? '1' : 1, marker: `behind-the-bad-${i}` });
    });
    await ctx.startWorkers({ processors });
    // The worker takes several jobs at once: the three may finish in any order.
    await eventually(async () => (await effects('behind-the-bad-0')) + (await effects('behind-the-bad-1')) + (await effects('behind-the-bad-2')) === 3);
    expect(await effects('behind-the-bad-0')).toBe(1);
    expect(await effects('behind-the-bad-1')).toBe(1); // an id as a digit string is routed too
    expect(await effects('behind-the-bad-2')).toBe(1);
    const rows = await ctx.sql`
      SELECT payload->>'marker' AS marker, failed_at, processed_at, abandoned_at, last_error, attempts
      FROM outbox WHERE payload->>'marker' IN ('unknown-topic', 'bad-id', 'no-recipient') ORDER BY id`;
    expect(rows.map((r) => [r.marker, r.lastError])).toEqual([
      ['unknown-topic', 'No queue for topic "no.such.topic"'],
      ['bad-id', 'Bad payload for search.professional: payload.id: Expected number, received string'],
      ['no-recipient', 'Bad payload for mail.send: payload.to: Required'],
    ]);
    for (const r of rows) {
      expect(r.failedAt).toBeInstanceOf(Date);
      expect([r.processedAt, r.abandonedAt, r.attempts]).toEqual([null, null, 1]);
    }
    // Set aside once: later drains neither claim them again nor stall on them.
    await new Promise((r) => setTimeout(r, 500));
    const again = await ctx.sql`SELECT attempts FROM outbox WHERE payload->>'marker' IN ('unknown-topic', 'bad-id', 'no-recipient')`;
    expect(again.map((r) => r.attempts)).toEqual([1, 1, 1]);
    // The log names the row and the fault, never what the payload says about people.
    const failedLines = ctx.logs.filter((l) => l.includes('outbox event failed'));
    expect(failedLines).toHaveLength(3);
    expect(failedLines.join('\n')).not.toMatch(/Adaeze|Chidi/);
    await ctx.workers!.stop();
    ctx.workers = undefined;
  });

  it('sends nothing for a rolled-back change', async () => {
    await ctx
      .sql.begin(async (tx) => {
        await tx`INSERT INTO specialties (name) VALUES ('Rolled back change')`;
        await emit(tx, 'search.professional', { id: 1, marker: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => {});
    expect((await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE payload->>'marker' = 'rolled-back'`)[0].n).toBe(0);
    const relay = new OutboxRelay(ctx.sql, ctx.queues);
    expect(await relay.drainOnce()).toBe(0);
    expect((await ctx.sql`SELECT count(*)::int AS n FROM specialties WHERE name = 'Rolled back change'`)[0].n).toBe(0);
  });
});

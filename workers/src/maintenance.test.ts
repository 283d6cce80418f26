import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createMaintenanceProcessor } from './maintenance.worker';

/**
 * Processed outbox rows carry personal data (mail addresses and bodies): the
 * workers delete them a week after they were processed, by an hourly job
 * scheduler. The purge's clock stands at a fixed instant; every row's time is
 * written out.
 */
const NOW = '2026-03-10T09:00:00+01:00';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers({ processors: { maintenance: createMaintenanceProcessor({ clock: () => new Date(NOW) }) } });
});
afterAll(async () => ctx.close());

async function row(marker: string, times: Record<string, string | null>) {
  await ctx.sql`
    INSERT INTO outbox (topic, payload, created_at, processed_at, failed_at, abandoned_at, locked_until)
    VALUES ('mail.send', ${ctx.sql.json({ to: `${marker}@example.ng`, subject: 'Hello', text: 'Hello', marker })},
      ${times.created ?? '2026-02-01T08:00:00+01:00'}, ${times.processed ?? null}, ${times.failed ?? null},
      ${times.abandoned ?? null}, ${times.locked ?? null})`;
}
const markersLeft = async () =>
  (await ctx.sql`SELECT payload->>'marker' AS m FROM outbox ORDER BY id`).map((r) => r.m as string);

describe('outbox retention', () => {
  it('is an hourly job scheduler in the workers', async () => {
    const scheduler = await ctx.queues.maintenance.getJobScheduler('outbox-purge');
    expect(scheduler?.name).toBe('outbox-purge');
    expect(Number(scheduler?.every)).toBe(3600000);
  });

  it('deletes rows processed more than 7 days ago and keeps the rest', async () => {
    // 7 days before 2026-03-10 09:00 WAT is 2026-03-03 09:00 WAT.
    await row('processed-8-days-ago', { processed: '2026-03-02T09:00:00+01:00' });
    await row('processed-7-days-1-minute-ago', { processed: '2026-03-03T08:59:00+01:00' });
    await row('processed-6-days-23-hours-59-minutes-ago', { processed: '2026-03-03T09:01:00+01:00' });
    await row('processed-yesterday', { created: '2026-03-09T08:00:00+01:00', processed: '2026-03-09T08:00:01+01:00' });
    await row('failed-a-month-ago', { failed: '2026-02-01T08:00:01+01:00' });
    await row('abandoned-a-month-ago', { abandoned: '2026-02-01T09:00:00+01:00' });
    // Waiting under another relay's lease: not processed, so not purged (and not relayed by this test's relay).
    await row('waiting-since-february', { locked: '2999-01-01T00:00:00Z' });

    await ctx.queues.maintenance.add('outbox-purge', {}, { jobId: 'purge-now' });
    await eventually(async () => (await (await ctx.queues.maintenance.getJob('purge-now'))?.getState()) === 'completed', 10000);

    expect(await markersLeft()).toEqual([
      'processed-6-days-23-hours-59-minutes-ago',
      'processed-yesterday',
      'failed-a-month-ago',
      'abandoned-a-month-ago',
      'waiting-since-february',
    ]);
    expect(ctx.logs.some((l) => l.includes('"outbox purged"'))).toBe(true);
  });

  it("deletes what USSD sessions did once a day has passed, and keeps the last day's", async () => {
    // The purge's clock: 2026-03-10 09:00 WAT; a day before is 2026-03-09 09:00 WAT.
    await ctx.sql`
      INSERT INTO ussd_actions (session_id, action, done_at) VALUES
        ('ATUid_old', 'cancelled:41', '2026-03-09T08:59:00+01:00'),
        ('ATUid_old', 'text:emergency', '2026-03-01T10:00:00+01:00'),
        ('ATUid_recent', 'confirmed:42', '2026-03-09T09:01:00+01:00'),
        ('ATUid_now', 'text:place', '2026-03-10T08:59:00+01:00')`;
    await ctx.queues.maintenance.add('outbox-purge', {}, { jobId: 'purge-ussd' });
    await eventually(async () => (await (await ctx.queues.maintenance.getJob('purge-ussd'))?.getState()) === 'completed', 10000);
    const left = await ctx.sql`SELECT session_id || ' ' || action AS a FROM ussd_actions ORDER BY done_at`;
    expect(left.map((r) => r.a)).toEqual(['ATUid_recent confirmed:42', 'ATUid_now text:place']);
    expect((await ctx.queues.maintenance.getJob('purge-ussd'))!.returnvalue).toMatchObject({ ussdActions: 2 });
  });

  it('deletes a backlog larger than one statement deletes', async () => {
    await ctx.sql`
      INSERT INTO outbox (topic, payload, created_at, processed_at)
      SELECT 'search.professional', jsonb_build_object('id', g), '2026-01-05T10:00:00+01:00', '2026-01-05T10:00:01+01:00'
      FROM generate_series(1, 12000) g`;
    await ctx.queues.maintenance.add('outbox-purge', {}, { jobId: 'purge-backlog' });
    await eventually(async () => (await (await ctx.queues.maintenance.getJob('purge-backlog'))?.getState()) === 'completed', 20000);
    expect((await ctx.queues.maintenance.getJob('purge-backlog'))!.returnvalue).toEqual({ deleted: 12000, ussdActions: 0 });
    expect((await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at < '2026-03-03T09:00:00+01:00'`)[0].n).toBe(0);
  });
});

import type { Sql } from '@ilera/db';
import { rollOverNextSlots } from '@ilera/search';
import { engineFor } from './index.worker';
import type { Processor } from './context';
import type { Queues } from './queues';
import type { Clock } from './reminder.worker';
import { LICENCE_CHECK_EVERY_MS, LICENCE_SCHEDULER_ID, runLicenceExpiry } from './licence.worker';
import { BULK_REINDEX_TOPIC, reindexBulk } from './care-reindex';

/** Processed outbox rows are kept this long for investigation, then deleted: they carry personal data. */
export const OUTBOX_RETENTION_DAYS = 7;
export const OUTBOX_PURGE_SCHEDULER_ID = 'outbox-purge';
const PURGE_EVERY_MS = 3600 * 1000;
/** Deleted per statement, so a large first purge never holds a long lock on the outbox. */
const PURGE_BATCH = 5000;

/**
 * Deletes outbox rows processed more than OUTBOX_RETENTION_DAYS before `now`.
 * Rows never processed (waiting, failed, abandoned) are kept: the operator
 * still has to see them (`npm run outbox -- --failed`).
 */
export async function purgeProcessedOutbox(sql: Sql, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86400_000);
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM outbox WHERE id IN (
        SELECT id FROM outbox WHERE processed_at < ${cutoff} ORDER BY processed_at LIMIT ${PURGE_BATCH})`;
    deleted += result.count;
    if (result.count < PURGE_BATCH) return deleted;
  }
}

/**
 * What a USSD session did once (ussd_actions: a text sent, an appointment cancelled or confirmed) is
 * needed only while the provider may still post that session's steps again (a session lasts minutes:
 * carriers end it after about 180 s); it says which appointments a session changed, so it goes after a day.
 */
export const USSD_ACTIONS_RETENTION_HOURS = 24;
export async function purgeUssdActions(sql: Sql, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - USSD_ACTIONS_RETENTION_HOURS * 3600_000);
  return (await sql`DELETE FROM ussd_actions WHERE done_at < ${cutoff}`).count;
}

/** Issue 17: at midnight in Lagos a new day enters every provider's 14-day window and yesterday's slots pass. */
export const NEXT_SLOT_ROLLOVER_SCHEDULER_ID = 'next-slot-rollover';

/** The hourly purge and licence check and the nightly roll-over (upserts: one scheduler each however many worker processes start). */
export async function ensureMaintenanceSchedule(queues: Queues): Promise<void> {
  await queues.maintenance.upsertJobScheduler(
    NEXT_SLOT_ROLLOVER_SCHEDULER_ID,
    { pattern: '0 0 * * *', tz: 'Africa/Lagos' },
    { name: 'next-slot-rollover', data: {}, opts: { removeOnComplete: { count: 14 }, removeOnFail: { count: 100 } } },
  );
  await queues.maintenance.upsertJobScheduler(
    OUTBOX_PURGE_SCHEDULER_ID,
    { every: PURGE_EVERY_MS },
    { name: 'outbox-purge', data: {}, opts: { removeOnComplete: { count: 24 }, removeOnFail: { count: 100 } } },
  );
  await queues.maintenance.upsertJobScheduler(
    LICENCE_SCHEDULER_ID,
    { every: LICENCE_CHECK_EVERY_MS },
    { name: 'licence-expiry', data: {}, opts: { removeOnComplete: { count: 24 }, removeOnFail: { count: 100 } } },
  );
}

export function createMaintenanceProcessor(options: { clock?: Clock } = {}): Processor {
  const clock = options.clock ?? (() => new Date());
  return async (job, ctx) => {
    if (job.name === 'next-slot-rollover') {
      const reindexed = await rollOverNextSlots(ctx.sql, engineFor(ctx), clock());
      ctx.log('next free slots rolled over', { reindexed });
      return { reindexed };
    }
    if (job.name === 'licence-expiry') {
      const result = await runLicenceExpiry(ctx, clock());
      ctx.log('licences checked', result);
      return result;
    }
    if (job.name === BULK_REINDEX_TOPIC) {
      const reindexed = await reindexBulk(ctx.sql, engineFor(ctx), job.data);
      ctx.log('providers reindexed in bulk', { reindexed });
      return { reindexed };
    }
    if (job.name !== 'outbox-purge') return 'ignored';
    const deleted = await purgeProcessedOutbox(ctx.sql, clock());
    const ussdActions = await purgeUssdActions(ctx.sql, clock());
    ctx.log('outbox purged', { deleted, ussdActions });
    return { deleted, ussdActions };
  };
}

export const maintenanceProcessor: Processor = createMaintenanceProcessor();

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLagos, lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { readMails } from '../../test/mail';
import { createNotifyProcessor } from './notify.worker';
import {
  RECONCILE_EVERY_MS,
  RECONCILE_SCHEDULER_ID,
  createReminderProcessor,
  reminderDueAt,
  reminderJobId,
} from './reminder.worker';

/**
 * Reminders 24 hours before a confirmed appointment, with the real API, relay,
 * BullMQ and mail worker. The clock the reminder code reads is ours to move; BullMQ's
 * own timer is "moved" by promoting the delayed job, as its time would have come.
 */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

let now = new Date();
const clock = () => now;
const processors = { notify: createNotifyProcessor({ clock }), reminders: createReminderProcessor({ clock }) };

let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;

async function restartWorkers() {
  await ctx.workers?.stop();
  ctx.workers = undefined;
  await ctx.startWorkers({ processors });
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers({ processors });
  patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
  pro = await createProfessional(ctx.sql, { title: 'Dr.' });
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => ctx.close());

async function bookAndConfirm(date: string, time: string): Promise<{ id: number; at: Date }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: {
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze.patient@example.ng',
      patientPhone: '0803 123 4567',
      appointmentDate: lagosTimestamp(date, time),
      professionalId: pro.id,
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const confirm = await ctx.app.inject({
    method: 'PUT',
    url: `/api/appointments/${id}/status`,
    headers: { cookie: proCookie },
    payload: { status: 'confirmed' },
  });
  expect(confirm.statusCode).toBe(200);
  return { id, at: new Date(lagosTimestamp(date, time)) };
}

const jobState = async (jobId: string) => {
  const job = await ctx.queues.reminders.getJob(jobId);
  return job ? job.getState() : 'none';
};

/** Reminder mails the patient has received for the appointment at `at`. */
const remindersFor = async (at: Date) =>
  (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter(
    (m) => m.subject.startsWith('Reminder:') && m.subject.includes(formatLagos(at, 'datetime')),
  );

/** Every event relayed and every mail written: nothing more can arrive. */
async function settled() {
  await eventually(async () => {
    const [{ n }] = await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL AND abandoned_at IS NULL AND failed_at IS NULL`;
    const mail = await ctx.queues.mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const notify = await ctx.queues.notify.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return n === 0 && Object.values(mail).every((c) => c === 0) && Object.values(notify).every((c) => c === 0);
  }, 10000);
}

describe('appointment reminders', () => {
  it('registers the hourly reconciliation', async () => {
    const scheduler = await ctx.queues.reminders.getJobScheduler(RECONCILE_SCHEDULER_ID);
    expect(scheduler?.name).toBe('reconcile');
    expect(Number(scheduler?.every)).toBe(RECONCILE_EVERY_MS);
  });

  it('sends the reminder 24 hours before, exactly once across worker restarts and redelivery', async () => {
    now = new Date();
    const { id, at } = await bookAndConfirm(lagosDate(3), '10:00');
    const jobId = reminderJobId(id, at);
    // A delayed job with a deterministic id, due 24 h before the appointment.
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    const job = (await ctx.queues.reminders.getJob(jobId))!;
    expect(job.opts.delay).toBeGreaterThan(24 * 3600 * 1000);

    await restartWorkers();
    // The clock reaches the reminder time; BullMQ's timer fires (promote).
    now = new Date(reminderDueAt(at).getTime() + 5 * 60 * 1000);
    await job.promote();
    await eventually(async () => (await remindersFor(at)).length === 1, 10000);
    const [mail] = await remindersFor(at);
    expect(mail!.to).toContain('adaeze.patient@example.ng');
    expect(mail!.text).toContain('West Africa Time (WAT)');
    expect(mail!.attachments[0]!.content).toContain('DTSTART;TZID=Africa/Lagos:');
    const [row] = await ctx.sql`SELECT reminder_sent_at FROM appointments WHERE id = ${id}`;
    expect(row!.reminderSentAt).toBeInstanceOf(Date);

    // The worker restarts; the same reminder is delivered again (at-least-once) and the
    // reconciliation runs: nothing more is sent.
    await restartWorkers();
    await ctx.queues.reminders.add('send', job.data, { jobId: `redelivered-${id}` });
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await jobState(`redelivered-${id}`)) === 'completed', 10000);
    await eventually(async () => (await jobState(`reconcile-test-${id}`)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(`redelivered-${id}`))!.returnvalue).toBe('already-sent');
    await settled();
    expect(await remindersFor(at)).toHaveLength(1);
  });

  it('sends none for an appointment cancelled before its reminder time', async () => {
    now = new Date();
    const { id, at } = await bookAndConfirm(lagosDate(4), '11:00');
    const jobId = reminderJobId(id, at);
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}/status`,
      headers: { cookie: patientCookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);

    now = new Date(reminderDueAt(at).getTime() + 60 * 1000);
    await (await ctx.queues.reminders.getJob(jobId))!.promote();
    await eventually(async () => (await jobState(jobId)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(jobId))!.returnvalue).toBe('not-confirmed');
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await jobState(`reconcile-test-${id}`)) === 'completed', 10000);
    await settled();
    expect(await remindersFor(at)).toHaveLength(0);
    const [row] = await ctx.sql`SELECT reminder_sent_at FROM appointments WHERE id = ${id}`;
    expect(row!.reminderSentAt).toBeNull();
  });

  it('re-creates a reminder that Redis lost, at the hourly reconciliation', async () => {
    now = new Date();
    const { id, at } = await bookAndConfirm(lagosDate(5), '15:30');
    const jobId = reminderJobId(id, at);
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    await (await ctx.queues.reminders.getJob(jobId))!.remove();
    expect(await jobState(jobId)).toBe('none');

    now = new Date(reminderDueAt(at).getTime() + 60 * 1000);
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await remindersFor(at)).length === 1, 10000);
    await settled();
    expect(await remindersFor(at)).toHaveLength(1);
  });

  it('does not remind before the time: a job that fires early sends nothing yet', async () => {
    now = new Date();
    const { id, at } = await bookAndConfirm(lagosDate(6), '12:00');
    const jobId = reminderJobId(id, at);
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    await (await ctx.queues.reminders.getJob(jobId))!.promote();
    await eventually(async () => (await jobState(jobId)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(jobId))!.returnvalue).toBe('early');
    // Its time comes: the reconciliation replaces the spent job and the reminder goes.
    now = new Date(reminderDueAt(at).getTime() + 60 * 1000);
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await remindersFor(at)).length === 1, 10000);
  });
});

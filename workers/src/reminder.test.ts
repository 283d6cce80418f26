import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { bookingBody, createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { readMails } from '../../test/mail';
import { createNotifyProcessor } from './notify.worker';
import { createReminderProcessor } from './reminder.worker';

/**
 * Reminders 24 hours before a confirmed appointment, with the real API, relay,
 * BullMQ and mail worker. The clock the workers read is ours to move; BullMQ's own
 * timer is "moved" by promoting the delayed job, as its time would have come.
 * Every time is written out (Lagos is UTC+01:00 all year). The year is 2099 because
 * the booking API reads the real clock and refuses a past date; the workers' clock
 * stands in March 2099.
 */
const CONFIRMED_AT = '2099-03-10T09:00:00+01:00';

let now = new Date(CONFIRMED_AT);
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

async function bookAndConfirm(appointmentDate: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: bookingBody(pro.id, appointmentDate),
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
  return id;
}

const jobState = async (jobId: string) => {
  const job = await ctx.queues.reminders.getJob(jobId);
  return job ? job.getState() : 'none';
};

/** Reminder mails the patient has received for the appointment shown as `when` (e.g. 'Thu, 12 Mar 2099, 10:00 WAT'). */
const remindersFor = async (when: string) =>
  (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.subject.startsWith('Reminder:') && m.subject.endsWith(when));
const reminderSentAt = async (id: number) =>
  ((await ctx.sql`SELECT reminder_sent_at FROM appointments WHERE id = ${id}`)[0]!.reminderSentAt as Date | null)?.toISOString() ?? null;

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
    const scheduler = await ctx.queues.reminders.getJobScheduler('reminders-reconcile');
    expect(scheduler?.name).toBe('reconcile');
    expect(Number(scheduler?.every)).toBe(3600000);
  });

  it('sends the reminder 24 hours before, exactly once across worker restarts and redelivery', async () => {
    now = new Date(CONFIRMED_AT);
    const id = await bookAndConfirm('2099-03-12T10:00:00+01:00');
    // Due 2099-03-11 10:00 WAT, 25 hours after the confirmation: a delayed job whose id
    // names the appointment and its start (2099-03-12T09:00:00Z = 4076989200 s).
    const jobId = `reminder-${id}-4076989200`;
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    const job = (await ctx.queues.reminders.getJob(jobId))!;
    expect(job.opts.delay).toBe(25 * 3600 * 1000);

    await restartWorkers();
    // 2099-03-11 10:05 WAT: five minutes past the reminder time; BullMQ's timer fires (promote).
    now = new Date('2099-03-11T10:05:00+01:00');
    await job.promote();
    const when = 'Thu, 12 Mar 2099, 10:00 WAT';
    await eventually(async () => (await remindersFor(when)).length === 1, 10000);
    const [mail] = await remindersFor(when);
    expect(mail!.subject).toBe(`Reminder: your appointment with Dr. Chinedu Okafor, ${when}`);
    expect(mail!.to).toContain('adaeze.patient@example.ng');
    expect(mail!.text).toContain('West Africa Time (WAT)');
    expect(mail!.attachments[0]!.content).toContain('DTSTART;TZID=Africa/Lagos:20990312T100000');
    expect(await reminderSentAt(id)).toBe('2099-03-11T09:05:00.000Z');

    // The worker restarts; the same reminder is delivered again (at-least-once) and the
    // reconciliation runs: nothing more is sent.
    await restartWorkers();
    await ctx.queues.reminders.add('send', job.data, { jobId: `redelivered-${id}` });
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await jobState(`redelivered-${id}`)) === 'completed', 10000);
    await eventually(async () => (await jobState(`reconcile-test-${id}`)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(`redelivered-${id}`))!.returnvalue).toBe('already-sent');
    await settled();
    expect(await remindersFor(when)).toHaveLength(1);
  });

  it('sends none for an appointment cancelled before its reminder time', async () => {
    now = new Date(CONFIRMED_AT);
    const id = await bookAndConfirm('2099-03-13T11:00:00+01:00');
    const jobId = `reminder-${id}-4077079200`;
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}/status`,
      headers: { cookie: patientCookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);

    // 2099-03-12 11:01 WAT: the reminder's time has come, for an appointment no longer confirmed.
    now = new Date('2099-03-12T11:01:00+01:00');
    await (await ctx.queues.reminders.getJob(jobId))!.promote();
    await eventually(async () => (await jobState(jobId)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(jobId))!.returnvalue).toBe('not-confirmed');
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await jobState(`reconcile-test-${id}`)) === 'completed', 10000);
    await settled();
    expect(await remindersFor('Fri, 13 Mar 2099, 11:00 WAT')).toHaveLength(0);
    expect(await reminderSentAt(id)).toBeNull();
  });

  it('re-creates a reminder that Redis lost, at the hourly reconciliation', async () => {
    now = new Date(CONFIRMED_AT);
    const id = await bookAndConfirm('2099-03-14T15:30:00+01:00');
    const jobId = `reminder-${id}-4077181800`;
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    await (await ctx.queues.reminders.getJob(jobId))!.remove();
    expect(await jobState(jobId)).toBe('none');

    // 2099-03-13 15:31 WAT, a minute past the reminder time: the reconciliation finds it missing.
    now = new Date('2099-03-13T15:31:00+01:00');
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    const when = 'Sat, 14 Mar 2099, 15:30 WAT';
    await eventually(async () => (await remindersFor(when)).length === 1, 10000);
    await settled();
    expect(await remindersFor(when)).toHaveLength(1);
    expect(await reminderSentAt(id)).toBe('2099-03-13T14:31:00.000Z');
  });

  it('does not remind before the time: a job that fires early sends nothing yet', async () => {
    now = new Date(CONFIRMED_AT);
    const id = await bookAndConfirm('2099-03-15T12:00:00+01:00');
    const jobId = `reminder-${id}-4077255600`;
    await eventually(async () => (await jobState(jobId)) === 'delayed', 10000);
    // 2099-03-14 11:58 WAT: two minutes before the reminder time (one minute of clock skew is tolerated).
    now = new Date('2099-03-14T11:58:00+01:00');
    await (await ctx.queues.reminders.getJob(jobId))!.promote();
    await eventually(async () => (await jobState(jobId)) === 'completed', 10000);
    expect((await ctx.queues.reminders.getJob(jobId))!.returnvalue).toBe('early');
    expect(await reminderSentAt(id)).toBeNull();
    // 2099-03-14 12:01 WAT: the reconciliation replaces the spent job and the reminder goes.
    now = new Date('2099-03-14T12:01:00+01:00');
    await ctx.queues.reminders.add('reconcile', {}, { jobId: `reconcile-test-${id}` });
    await eventually(async () => (await remindersFor('Sun, 15 Mar 2099, 12:00 WAT')).length === 1, 10000);
    expect(await reminderSentAt(id)).toBe('2099-03-14T11:01:00.000Z');
  });
});

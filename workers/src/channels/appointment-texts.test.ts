import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../test/support';
import { bookingBody, createProfessional, createUser, login, type TestUser } from '../../../test/factories';
import { readMails } from '../../../test/mail';
import { createNotifyProcessor } from '../notify.worker';
import { createReminderProcessor } from '../reminder.worker';
import { createTextProcessor } from './processor';

/**
 * Texts with the real API, relay, BullMQ and workers, and the development channel (JSON
 * files in DATA_DIR/sms). The workers' clock is ours (the year is 2099: the booking API
 * reads the real clock); BullMQ's timer is "moved" by promoting a delayed job.
 */
let now = new Date('2099-03-10T09:00:00+01:00');
const clock = () => now;

let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers({
    processors: {
      notify: createNotifyProcessor({ clock }),
      reminders: createReminderProcessor({ clock }),
      texts: createTextProcessor(ctx.config, { clock }),
    },
  });
  patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
  pro = await createProfessional(ctx.sql, { title: 'Dr.' });
  await ctx.sql`UPDATE professionals SET phone = '+234 701 234 5678' WHERE id = ${pro.id}`;
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => ctx.close());

interface TextFile {
  file: string;
  to: string;
  body: string;
  channel: string;
  template: { name: string; params: string[] } | null;
}

async function texts(channel = 'sms'): Promise<TextFile[]> {
  const dir = path.join(ctx.config.dataDir, channel);
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (file) => ({ file, ...JSON.parse(await readFile(path.join(dir, file), 'utf8')) })));
}

async function settled() {
  await eventually(async () => {
    const [{ n }] = await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL AND abandoned_at IS NULL AND failed_at IS NULL`;
    const counts = await Promise.all(
      [ctx.queues.mail, ctx.queues.notify, ctx.queues.texts].map((q) => q.getJobCounts('waiting', 'active', 'prioritized')),
    );
    return n === 0 && counts.every((c) => Object.values(c).every((v) => v === 0));
  }, 10000);
}

async function book(appointmentDate: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: { ...bookingBody(pro.id, appointmentDate), reasonForVisit: 'Severe chest pain since Monday' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function setStatus(id: number, status: string, cookie = proCookie) {
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: { cookie }, payload: { status } });
  expect(res.statusCode).toBe(200);
}

const forAppointment = async (id: number) => {
  const rows = await ctx.sql<{ jobId: string }[]>`SELECT job_id FROM text_messages WHERE appointment_id = ${id} AND status = 'sent' ORDER BY id`;
  const all = await texts();
  return rows.map((r) => all.find((t) => t.file === `${r.jobId}.json`)!);
};

function checkText(t: TextFile) {
  expect(t.body.length).toBeLessThanOrEqual(160);
  expect(t.body).not.toMatch(/chest|pain|consultation|Adaeze|Okonkwo/i);
}

describe('texts about an appointment', () => {
  it('books, confirms, reminds 24 h and 2 h before: one SMS each, in E.164, no clinical text', async () => {
    now = new Date('2099-03-10T09:00:00+01:00');
    const id = await book('2099-03-12T10:00:00+01:00');
    await settled();
    // The patient's and the provider's texts are sent at once, in either order.
    let sent = (await forAppointment(id)).sort((a, b) => b.to.localeCompare(a.to));
    expect(sent.map((t) => t.to)).toEqual(['+2348031234567', '+2347012345678']);
    expect(sent[0]!.body).toBe(
      `Ilera: your request to see Dr. Chinedu Okafor on Thu, 12 Mar, 10:00 WAT is received. We will text you when it is confirmed. ${ctx.config.appUrl}/appointments`,
    );
    expect(sent[1]!.body).toBe(`Ilera: new appointment request for Thu, 12 Mar, 10:00 WAT. Please confirm or decline: ${ctx.config.appUrl}/appointments`);
    expect((await ctx.sql`SELECT patient_phone_e164 FROM appointments WHERE id = ${id}`)[0]!.patientPhoneE164).toBe('+2348031234567');

    await setStatus(id, 'confirmed');
    await settled();
    sent = await forAppointment(id);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.body).toContain('is confirmed. Reply 2 to cancel.');

    // 24 hours before (10:05 WAT the day before): the mail and one text.
    now = new Date('2099-03-11T10:05:00+01:00');
    await (await ctx.queues.reminders.getJob(`reminder-${id}-4076989200`))!.promote();
    await eventually(async () => (await forAppointment(id)).length === 4, 10000);
    // 2 hours before (08:05 WAT): a text only.
    now = new Date('2099-03-12T08:05:00+01:00');
    await (await ctx.queues.reminders.getJob(`reminder2h-${id}-4076989200`))!.promote();
    await eventually(async () => (await forAppointment(id)).length === 5, 10000);
    await settled();
    sent = await forAppointment(id);
    expect(sent[3]!.body).toBe(`Ilera reminder: Dr. Chinedu Okafor, Thu, 12 Mar, 10:00 WAT. Reply 1 if you will come, 2 to cancel. ${ctx.config.appUrl}/appointments`);
    expect(sent[4]!.body).toContain('is at 10:00 WAT, in 2 hours.');
    sent.forEach(checkText);
    expect((await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(1);
  });

  it('holds a reminder due in the quiet hours until 07:00 WAT', async () => {
    // Confirmed at 22:00 WAT for 10:00 the next morning: the 24-hour reminder is due at once,
    // its mail goes now, its text waits until 07:00 WAT (nine hours).
    now = new Date('2099-03-15T22:00:00+01:00');
    const id = await book('2099-03-16T10:00:00+01:00');
    await setStatus(id, 'confirmed');
    const start = Math.floor(new Date('2099-03-16T10:00:00+01:00').getTime() / 1000);
    const jobId = `text-reminder-${id}-${start}`;
    await eventually(async () => (await (await ctx.queues.texts.getJob(jobId))?.getState()) === 'delayed', 10000);
    expect((await ctx.queues.texts.getJob(jobId))!.opts.delay).toBe(9 * 3600 * 1000);
    // At 07:00 the text goes (BullMQ's timer, promoted).
    now = new Date('2099-03-16T07:00:00+01:00');
    await (await ctx.queues.texts.getJob(jobId))!.promote();
    await eventually(async () => (await forAppointment(id)).some((t) => t.body.startsWith('Ilera reminder:')), 10000);
  });

  it('drops a held reminder text when the appointment is cancelled before 07:00', async () => {
    now = new Date('2099-03-17T23:00:00+01:00');
    const id = await book('2099-03-18T11:00:00+01:00');
    await setStatus(id, 'confirmed');
    const jobId = `text-reminder-${id}-${Math.floor(Date.parse('2099-03-18T11:00:00+01:00') / 1000)}`;
    await eventually(async () => (await (await ctx.queues.texts.getJob(jobId))?.getState()) === 'delayed', 10000);
    await setStatus(id, 'cancelled', patientCookie);
    await settled();
    // The cancellation itself: one text, to the patient's E.164 number, nothing clinical.
    const cancelled = (await forAppointment(id)).filter((t) => t.body.includes('is cancelled'));
    expect(cancelled.map((t) => t.to)).toEqual(['+2348031234567']);
    cancelled.forEach(checkText);
    now = new Date('2099-03-18T07:00:00+01:00');
    const job = (await ctx.queues.texts.getJob(jobId))!;
    await job.promote();
    await eventually(async () => (await job.getState()) === 'completed', 10000);
    expect((await ctx.queues.texts.getJob(jobId))!.returnvalue).toBe('stale');
    expect((await forAppointment(id)).some((t) => t.body.startsWith('Ilera reminder:'))).toBe(false);
  });

  it('sends nothing more to a number that opted out (STOP); the mail still goes', async () => {
    now = new Date('2099-03-20T09:00:00+01:00');
    const id = await book('2099-03-22T10:00:00+01:00');
    await settled();
    await ctx.sql`INSERT INTO text_opt_outs (phone_e164, opted_out_at) VALUES ('+2348031234567', now())`;
    await setStatus(id, 'cancelled', patientCookie);
    await settled();
    const sent = await forAppointment(id);
    expect(sent.map((t) => t.to).sort()).toEqual(['+2347012345678', '+2348031234567']);
    const mails = await readMails(ctx.config.dataDir, ctx.queues.mail);
    expect(mails.some((m) => m.subject.startsWith('Appointment cancelled') && m.text.includes('Sun, 22 Mar 2099'))).toBe(true);
    await ctx.sql`DELETE FROM text_opt_outs`;
  });

  it('sends a number at most 8 texts in 24 hours', async () => {
    now = new Date('2099-03-25T09:00:00+01:00');
    // Eight texts went to the patient's number between 2099-03-24 10:00 and 17:00 WAT.
    for (let i = 0; i < 8; i++) {
      await ctx.sql`
        INSERT INTO text_messages (job_id, channel, kind, to_e164, status, created_at, sent_at)
        VALUES (${`earlier-${i}`}, 'sms', 'booked', '+2348031234567', 'sent', ${new Date(Date.parse('2099-03-24T10:00:00+01:00') + i * 3600e3)}, now())`;
    }
    const first = await book('2099-03-27T10:00:00+01:00');
    await settled();
    // The provider's text goes; the patient's ninth does not.
    expect((await forAppointment(first)).map((t) => t.to)).toEqual(['+2347012345678']);
    // At 10:30 WAT the first of the eight is more than 24 hours old: one more may go.
    now = new Date('2099-03-25T10:30:00+01:00');
    const second = await book('2099-03-27T11:00:00+01:00');
    await settled();
    expect((await forAppointment(second)).map((t) => t.to).sort()).toEqual(['+2347012345678', '+2348031234567']);
  });
});

/**
 * D24's quiet hours (issue 48): a text answering the recipient's own action just taken goes at
 * once; every other text waits for 07:00 WAT.
 */
const PATIENT = '+2348031234567';
const PROVIDER = '+2347012345678';

/** The delayed text jobs of an appointment, by recipient: how long each waits. */
async function held(id: number): Promise<Record<string, number>> {
  const jobs = await ctx.queues.texts.getDelayed();
  return Object.fromEntries(jobs.filter((j) => j.data.appointmentId === id).map((j) => [j.data.to, j.opts.delay]));
}

async function promoteHeld(id: number, to: string): Promise<string> {
  const job = (await ctx.queues.texts.getDelayed()).find((j) => j.data.appointmentId === id && j.data.to === to)!;
  await job.promote();
  await eventually(async () => ['completed', 'failed'].includes(await job.getState()), 15000);
  return (await ctx.queues.texts.getJob(job.id!))!.returnvalue as string;
}

describe('quiet hours 21:00-07:00 WAT (D24)', () => {
  it("a booking at 02:00: the patient's answer goes at once, the provider's new-request SMS at 07:00", async () => {
    now = new Date('2099-04-10T02:00:00+01:00');
    const id = await book('2099-04-12T10:00:00+01:00');
    await settled();
    expect((await forAppointment(id)).map((t) => t.to)).toEqual([PATIENT]);
    expect(await held(id)).toEqual({ [PROVIDER]: 5 * 3600 * 1000 });

    now = new Date('2099-04-10T07:00:00+01:00');
    expect(await promoteHeld(id, PROVIDER)).toBe('sent');
    const sent = await forAppointment(id);
    expect(sent.map((t) => t.to)).toEqual([PATIENT, PROVIDER]);
    expect(sent[1]!.body).toContain('new appointment request for Sun, 12 Apr, 10:00 WAT');
  });

  it("a confirmation the provider makes at 23:00 reaches the patient at 07:00; the patient's own cancellation goes at once", async () => {
    now = new Date('2099-04-11T12:00:00+01:00');
    const id = await book('2099-04-14T10:00:00+01:00');
    await settled();
    expect((await forAppointment(id)).map((t) => t.to).sort()).toEqual([PROVIDER, PATIENT].sort());

    now = new Date('2099-04-11T23:00:00+01:00');
    await setStatus(id, 'confirmed');
    await settled();
    expect(await held(id)).toEqual({ [PATIENT]: 8 * 3600 * 1000 });
    expect(await forAppointment(id)).toHaveLength(2);
    now = new Date('2099-04-12T07:00:00+01:00');
    expect(await promoteHeld(id, PATIENT)).toBe('sent');
    expect((await forAppointment(id)).at(-1)!.body).toContain('is confirmed');

    // 23:30 the next night: the patient cancels; the answer to what they just did is not held.
    now = new Date('2099-04-12T23:30:00+01:00');
    await setStatus(id, 'cancelled', patientCookie);
    await settled();
    const sent = await forAppointment(id);
    expect(sent).toHaveLength(4);
    expect(sent.at(-1)).toMatchObject({ to: PATIENT });
    expect(sent.at(-1)!.body).toContain('is cancelled');
    expect(await held(id)).toEqual({});
  });

  it("held news that is no longer true at 07:00 is dropped (a provider's confirmation cancelled by the patient in the night)", async () => {
    now = new Date('2099-04-15T22:00:00+01:00');
    const id = await book('2099-04-18T10:00:00+01:00');
    await settled();
    await setStatus(id, 'confirmed');
    await settled();
    expect(Object.keys(await held(id)).sort()).toEqual([PATIENT, PROVIDER].sort());
    now = new Date('2099-04-15T22:30:00+01:00');
    await setStatus(id, 'cancelled', patientCookie);
    await settled();
    expect((await forAppointment(id)).map((t) => t.body.includes('is cancelled'))).toEqual([false, true]);

    now = new Date('2099-04-16T07:00:00+01:00');
    expect(await promoteHeld(id, PATIENT)).toBe('stale');
    expect(await promoteHeld(id, PROVIDER)).toBe('stale');
    // Sent: the answer to the booking and to the cancellation, both the patient's own; nothing else, nothing to the provider.
    const kinds = await ctx.sql<{ kind: string; toE164: string }[]>`SELECT kind, to_e164 FROM text_messages WHERE appointment_id = ${id} AND status = 'sent' ORDER BY id`;
    expect(kinds.map((k) => [k.kind, k.toE164])).toEqual([['booked', PATIENT], ['cancelled', PATIENT]]);
  });
});

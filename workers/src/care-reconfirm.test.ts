import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createInstitution, createProfessional, createRegisterListing } from '../../test/factories';
import { readMails } from '../../test/mail';
import { createReminderProcessor } from './reminder.worker';

/**
 * Issue 45: owners re-confirm their care facts every 90 days. The daily 'care-reconfirm' job on the
 * reminders queue, with the real relay, BullMQ, mail and text workers; its clock stands where each step
 * puts it (Lagos is UTC+01:00 all year). A mail and a text (held over the quiet hours) once per 90 days.
 */
let now = new Date('2099-06-01T10:00:00+01:00');
let ctx: TestContext;
let run = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers({ processors: { reminders: createReminderProcessor({ clock: () => now }) } });
});
afterAll(async () => ctx.close());

async function runJob(at: string) {
  now = new Date(at);
  const jobId = `care-reconfirm-test-${++run}`;
  await ctx.queues.reminders.add('care-reconfirm', {}, { jobId });
  await eventually(async () => (await (await ctx.queues.reminders.getJob(jobId))?.getState()) === 'completed', 15000);
  return (await ctx.queues.reminders.getJob(jobId))!.returnvalue as { due: number; reminded: number; texted: number };
}

/** Care facts of a provider confirmed at `at` (hours and fees; plans by an import earlier). */
async function confirmedAt(column: 'professional_id' | 'institution_id', id: number, at: string) {
  await ctx.sql`
    INSERT INTO care_facts (${ctx.sql(column)}, opening_hours, hours_set_by, hours_confirmed_at, fees, fees_set_by, fees_confirmed_at,
      plans_set_by, plans_confirmed_at)
    VALUES (${id}, ${ctx.sql.json({ open24Hours: true, week: [], closures: [] })}, 'provider', ${at},
      ${ctx.sql.json({ consultationNaira: 5000, freeAtPointOfCare: false })}, 'provider', ${at}, 'import', '2099-01-01T09:00:00+01:00')
    ON CONFLICT (${ctx.sql(column)}) DO UPDATE SET hours_confirmed_at = EXCLUDED.hours_confirmed_at, fees_confirmed_at = EXCLUDED.fees_confirmed_at`;
}

const mailsTo = async (email: string) =>
  (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(email) && m.subject.startsWith('Please confirm'));

async function textsTo(e164: string) {
  const dir = path.join(ctx.config.dataDir, 'sms');
  const names = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(names.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; body: string }));
  return all.filter((t) => t.to === e164 && t.body.includes('confirm'));
}

describe('care facts re-confirmation', () => {
  it('mails and texts an owner whose facts are past 90 days, once every 90 days', async () => {
    const doctor = await createProfessional(ctx.sql, { title: 'Dr.', user: { firstName: 'Chinedu', lastName: 'Reconfirmovic' } });
    const fresh = await createInstitution(ctx.sql, { name: 'Fresh Facts Clinic' });
    const listing = await createRegisterListing(ctx.sql, { name: 'Unowned PHC' });
    // Confirmed 1 March 2099: 92 days before 1 June. The other two: a fresh owner, and a listing (no owner).
    await confirmedAt('professional_id', doctor.id, '2099-03-01T09:00:00+01:00');
    await confirmedAt('institution_id', fresh.id, '2099-05-20T09:00:00+01:00');
    await confirmedAt('institution_id', listing.id, '2099-01-01T09:00:00+01:00');

    expect(await runJob('2099-06-01T10:00:00+01:00')).toEqual({ due: 1, reminded: 1, texted: 1 });
    const mails = await eventually(async () => {
      const m = await mailsTo(doctor.user.email);
      return m.length ? m : undefined;
    }, 10000).then((m) => m!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hello Chinedu,');
    expect(mails[0]!.text).toContain('Dr. Chinedu Reconfirmovic');
    expect(mails[0]!.text).toContain('last confirmed on 1 March 2099');
    expect(mails[0]!.text).toContain(`${ctx.config.appUrl}/profile-setup`);
    // The profile's phone (0803 123 4567) gets the text at once (10:00 is outside the quiet hours).
    const texts = await eventually(async () => {
      const t = await textsTo('+2348031234567');
      return t.length ? t : undefined;
    }, 10000).then((t) => t!);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Ilera: please check and confirm the opening hours, health plans and fees of Dr\. Chinedu Reconfirmovic\. http/);
    const [facts] = await ctx.sql`SELECT reminded_at FROM care_facts WHERE professional_id = ${doctor.id}`;
    expect(facts!.remindedAt.toISOString()).toBe('2099-06-01T09:00:00.000Z');

    // The next days: nothing again, though the facts are still old (the job run twice sends once too).
    // The next day: nothing again, though the facts are still old (the job run twice sends once too).
    expect(await runJob('2099-06-02T10:00:00+01:00')).toEqual({ due: 0, reminded: 0, texted: 0 });
    // 29 August: the clinic's facts (20 May) are past 90 days; the doctor was reminded 89 days ago.
    await runJob('2099-08-29T10:00:00+01:00');
    expect(await remindedOn()).toEqual({ doctor: '2099-06-01', fresh: '2099-08-29', listing: null });
    // 90 days after the reminder, still not confirmed: reminded again.
    await runJob('2099-08-31T10:00:00+01:00');
    expect(await remindedOn()).toEqual({ doctor: '2099-08-31', fresh: '2099-08-29', listing: null });
    await eventually(async () => (await mailsTo(doctor.user.email)).length === 2, 10000);

    // Confirmed since: no reminder until its facts are 90 days old again.
    await confirmedAt('professional_id', doctor.id, '2099-11-15T09:00:00+01:00');
    await runJob('2100-02-01T10:00:00+01:00');
    expect((await remindedOn()).doctor).toBe('2099-08-31');
    await runJob('2100-02-14T10:00:00+01:00');
    expect((await remindedOn()).doctor).toBe('2100-02-14');

    async function remindedOn() {
      const day = async (column: string, id: number) => {
        const [row] = await ctx.sql<{ day: string | null }[]>`
          SELECT to_char(reminded_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD') AS day FROM care_facts WHERE ${ctx.sql(column)} = ${id}`;
        return row!.day;
      };
      return { doctor: await day('professional_id', doctor.id), fresh: await day('institution_id', fresh.id), listing: await day('institution_id', listing.id) };
    }
  });

  it('holds the text over the quiet hours (21:00-07:00 WAT); the mail goes at once', async () => {
    const inst = await createInstitution(ctx.sql, { name: 'Night Owl Hospital' });
    await confirmedAt('institution_id', inst.id, '2099-01-01T09:00:00+01:00');
    // The first test's providers are out of the way: reminded (as if) lately.
    await ctx.sql`UPDATE care_facts SET reminded_at = '2100-02-28' WHERE institution_id IS DISTINCT FROM ${inst.id}`;
    expect(await runJob('2100-03-01T22:30:00+01:00')).toMatchObject({ reminded: 1, texted: 1 });
    const jobs = await ctx.queues.texts.getJobs(['delayed']);
    const held = jobs.find((j) => j.data.kind === 'care-reconfirm' && j.data.body.includes('Night Owl Hospital'));
    expect(held).toBeDefined();
    // 22:30 -> 07:00 the next morning: 8.5 hours.
    expect(held!.opts.delay).toBe(8.5 * 3600_000);
    await eventually(async () => (await mailsTo(inst.user.email)).length === 1, 10000);
  });

  it('is scheduled daily at 10:00 WAT on the reminders queue', async () => {
    const schedulers = await ctx.queues.reminders.getJobSchedulers();
    expect(schedulers.find((s) => s.key === 'care-reconfirm')).toMatchObject({ name: 'care-reconfirm', pattern: '0 10 * * *', tz: 'Africa/Lagos' });
  });
});

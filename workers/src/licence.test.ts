import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { bookingBody, createInstitution, createProfessional, createUser, login } from '../../test/factories';
import { readMails, type ReadMail } from '../../test/mail';
import { createMaintenanceProcessor } from './maintenance.worker';

/**
 * The hourly licence job (issue 18) with the real relay, BullMQ, index and mail
 * workers, for a professional's licence and an institution's registration alike.
 * Its clock stands where each step puts it; every time is written out (Lagos is
 * UTC+01:00 all year). Both Nigerian ones expire on 30 April 2099 (their last valid
 * day); 2099 because the booking API reads the real clock.
 */
let now = new Date('2099-03-01T09:00:00+01:00');
let ctx: TestContext;
let pro: { id: number; user: { email: string } };
let inst: { id: number; user: { email: string } };
let run = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers({ processors: { maintenance: createMaintenanceProcessor({ clock: () => now }) } });
  pro = await createProfessional(ctx.sql, { isVerified: true, expiresOn: '2099-04-30', user: { lastName: 'Licencetestovic' } });
  inst = await createInstitution(ctx.sql, { isVerified: true, expiresOn: '2099-04-30', name: 'Licencetestovic Specialist Hospital' });
  await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('search.professional', ${ctx.sql.json({ id: pro.id })})`;
  await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('search.institution', ${ctx.sql.json({ id: inst.id })})`;
  await eventually(async () => (await searchHit())?.isVerified === true, 5000);
  await eventually(async () => (await institutionHit())?.isVerified === true, 5000);
});
afterAll(async () => ctx.close());

async function runJob(at: string) {
  now = new Date(at);
  const jobId = `licence-check-${++run}`;
  await ctx.queues.maintenance.add('licence-expiry', {}, { jobId });
  await eventually(async () => (await (await ctx.queues.maintenance.getJob(jobId))?.getState()) === 'completed', 10000);
}

async function searchHit(): Promise<{ id: string; isVerified: boolean } | undefined> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?query=Licencetestovic' });
  return (res.json().hits as { id: string; isVerified: boolean }[]).find((h) => String(h.id) === String(pro.id));
}
async function institutionHit(): Promise<{ id: string; isVerified: boolean } | undefined> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/institutions/search?query=Licencetestovic' });
  return (res.json().hits as { id: string; isVerified: boolean }[]).find((h) => String(h.id) === String(inst.id));
}
const profile = async () => (await ctx.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}` })).json();
const institution = async () => (await ctx.app.inject({ method: 'GET', url: `/api/institutions/${inst.id}` })).json();
const subjects = async (to = pro.user.email) =>
  (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(to)).map((m) => m.subject);

describe('licence expiry job', () => {
  it('is an hourly job scheduler in the workers', async () => {
    const scheduler = await ctx.queues.maintenance.getJobScheduler('licence-expiry');
    expect(scheduler?.name).toBe('licence-expiry');
    expect(Number(scheduler?.every)).toBe(3600000);
  });

  it('mails 30 days and 7 days before expiry, each once even when the job runs twice', async () => {
    await runJob('2099-03-31T08:00:00+01:00'); // 30 days before 30 April
    await runJob('2099-03-31T09:00:00+01:00');
    await eventually(async () => (await subjects()).length === 1, 5000);
    expect(await subjects()).toEqual(['Your Nigeria licence expires in 30 days']);

    await runJob('2099-04-23T08:00:00+01:00'); // 7 days before
    await runJob('2099-04-23T09:00:00+01:00');
    await eventually(async () => (await subjects()).length === 2, 5000);
    expect((await subjects()).sort()).toEqual(['Your Nigeria licence expires in 30 days', 'Your Nigeria licence expires in 7 days']);
    const mail = (await readMails(ctx.config.dataDir, ctx.queues.mail)).find((m) => m.subject.endsWith('in 7 days'))!;
    expect(mail.text).toContain('LIC-Nigeria (MDCN)');
    expect(mail.text).toContain('Thu, 30 Apr 2099');
    // Still valid: the badge stays and bookings are open.
    expect((await profile()).isVerified).toBe(true);

    // The institution's registration, the same days.
    await eventually(async () => (await subjects(inst.user.email)).length === 2, 5000);
    expect((await subjects(inst.user.email)).sort()).toEqual([
      'Your Nigeria registration expires in 30 days',
      'Your Nigeria registration expires in 7 days',
    ]);
    const instMail = (await readMails(ctx.config.dataDir, ctx.queues.mail)).find(
      (m) => m.to.includes(inst.user.email) && m.subject.endsWith('in 7 days'),
    )!;
    expect(instMail.text).toContain('REG-Nigeria (HEFAMAA)');
    expect(instMail.text).toContain('Thu, 30 Apr 2099');
    expect((await institution()).isVerified).toBe(true);
  });

  it('on expiry mails once, clears "Verified" in the profile and within 2 seconds in the search, and stops new bookings', async () => {
    await runJob('2099-04-30T23:30:00+01:00'); // the last valid day: nothing changes
    expect((await profile()).isVerified).toBe(true);

    await runJob('2099-05-01T00:30:00+01:00'); // the day after
    await runJob('2099-05-01T01:30:00+01:00');
    const p = await profile();
    expect(p.isVerified).toBe(false);
    expect(p.licenceRenewalPending).toBe(true);
    await eventually(async () => (await searchHit())?.isVerified === false, 2000);
    await eventually(async () => (await institutionHit())?.isVerified === false, 2000);

    await eventually(async () => (await subjects()).length === 3, 5000);
    expect((await subjects()).filter((s) => s === 'Your Nigeria licence has expired')).toHaveLength(1);

    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      payload: bookingBody(pro.id, '2099-06-10T10:00:00+01:00'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not currently accepting bookings: licence renewal pending');

    // The institution alike: badge gone in the profile and the search, one expiry mail, bookings refused.
    const i = await institution();
    expect(i.isVerified).toBe(false);
    expect(i.licenceRenewalPending).toBe(true);
    await eventually(async () => (await subjects(inst.user.email)).length === 3, 5000);
    expect((await subjects(inst.user.email)).filter((s) => s === 'Your Nigeria registration has expired')).toHaveLength(1);
    const { institutionId: _none, professionalId: _pro, ...rest } = bookingBody(pro.id, '2099-06-10T10:00:00+01:00') as Record<string, unknown>;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      payload: { ...rest, institutionId: inst.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not currently accepting bookings: licence renewal pending');
  });
  it("writes the notices in the owner's account language (issue 50): Hausa and Igbo word for word, English as it was", async () => {
    const hausa = await createProfessional(ctx.sql, { isVerified: true, expiresOn: '2099-09-30', user: { firstName: 'Aminu', lastName: 'Lasisi' } });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${hausa.user.id}`;
    const igbo = await createInstitution(ctx.sql, { isVerified: true, expiresOn: '2099-09-30', name: 'Ebube Hospital', user: { firstName: 'Obi' } });
    await ctx.sql`UPDATE users SET language = 'ig' WHERE id = ${igbo.user.id}`;
    const english = await createProfessional(ctx.sql, { isVerified: true, expiresOn: '2099-09-30', user: { firstName: 'Tolu' } });
    const mailTo = async (email: string, count: number) =>
      (await eventually(async () => {
        const mails = (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(email));
        return mails.length >= count && mails;
      }, 5000)) as ReadMail[];

    await runJob('2099-09-23T08:00:00+01:00'); // 7 days before 30 September
    const [ha7] = await mailTo(hausa.user.email, 1);
    expect(ha7!.subject).toBe('Lasisinku na Nigeria zai ƙare nan da kwanaki 7');
    expect(ha7!.text.replace(/\s+/g, ' ').trim()).toBe(
      'Sannu Aminu, Bayanan Ilera sun nuna cewa lasisinku na Nigeria LIC-Nigeria (MDCN) zai ƙare ranar Laraba 30 Satumba, 2099. ' +
        'Idan ya ƙare, bayananku za su rasa alamar "An tabbatar", kuma idan babu wani lasisi na Najeriya mai aiki, ba za a ƙara yin sabbin alƙawura ba. ' +
        `Bayan kun sabunta, ku shigar da sabuwar ranar ƙarewa a ƙarƙashin Ƙasashen Aiki a dashbod ɗinku: ${ctx.config.appUrl}/ Ƙungiyar Ilera`,
    );
    const [ig7] = await mailTo(igbo.user.email, 1);
    expect(ig7!.subject).toBe('Ndebanye aha Nigeria gị ga-agwụ n’ime ụbọchị 7');
    expect(ig7!.text.replace(/\s+/g, ' ')).toContain(
      'Ndewo Obi, Ndekọ Ilera gosiri na ndebanye aha Nigeria gị REG-Nigeria (HEFAMAA) ga-agwụ na Wenezdee, 30 Septemba 2099.',
    );
    const [en7] = await mailTo(english.user.email, 1);
    expect(en7!.subject).toBe('Your Nigeria licence expires in 7 days');
    expect(en7!.text.replace(/\s+/g, ' ').trim()).toBe(
      "Hello Tolu, Ilera's record of your Nigeria licence LIC-Nigeria (MDCN) shows that it expires on Wed, 30 Sep 2099. " +
        'Once it expires, your profile loses the "Verified" badge, and without another current Nigerian licence it stops taking new bookings. ' +
        `After renewing, enter the new expiry date under Countries of Practice on your dashboard: ${ctx.config.appUrl}/ The Ilera team`,
    );

    await runJob('2099-10-01T08:00:00+01:00'); // expired
    const expired = (await mailTo(hausa.user.email, 2)).find((m) => m.subject !== ha7!.subject)!;
    expect(expired.subject).toBe('Lasisinku na Nigeria ya ƙare');
    expect(expired.text.replace(/\s+/g, ' ')).toContain(
      'Bayanan Ilera sun nuna cewa lasisinku na Nigeria LIC-Nigeria (MDCN) ya ƙare ranar Laraba 30 Satumba, 2099. Bayananku ba sa nuna alamar "An tabbatar" kuma.',
    );
    expect((await mailTo(igbo.user.email, 2)).map((m) => m.subject)).toContain('Ndebanye aha Nigeria gị agwụla');
  });
});

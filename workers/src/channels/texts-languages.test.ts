import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../../test/support';
import { bookingBody, createProfessional, createUser, login, type TestUser } from '../../../test/factories';
import { readMails } from '../../../test/mail';
import { readSentTexts, startCloudApi } from '../../../test/texts';
import { createNotifyProcessor } from '../notify.worker';
import { createTextProcessor } from './processor';

/**
 * Issue 50, decision 049: each recipient's texts and mail in their own account's language, with the
 * real API, relay, BullMQ and workers; SMS through the development channel's files (DATA_DIR/sms), WhatsApp
 * through a local server speaking the Cloud API's protocol (checked as outage.test.ts does), mail through
 * the mail worker's .eml files. The workers' clock is 09:00 WAT (no quiet hours); the appointments are in 2099.
 */
const now = new Date('2099-03-10T09:00:00+01:00');
let ctx: TestContext;
let cloudApi: Awaited<ReturnType<typeof startCloudApi>>;
let pro: { id: number; user: TestUser };
let proCookie: string;

beforeAll(async () => {
  cloudApi = await startCloudApi(loadConfig({}).texts);
  ctx = await createTestContext({ config: { texts: cloudApi.texts } });
  await ctx.startWorkers({ processors: { notify: createNotifyProcessor({ clock: () => now }), texts: createTextProcessor(ctx.config, { clock: () => now }) } });
  // The provider reads Yorùbá.
  pro = await createProfessional(ctx.sql, { title: 'Dr.' });
  await ctx.sql`UPDATE professionals SET phone = '+234 701 234 5678' WHERE id = ${pro.id}`;
  await ctx.sql`UPDATE users SET language = 'yo' WHERE id = ${pro.user.id}`;
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => {
  await ctx.close();
  await cloudApi.close();
});

async function patient(language: string | null, phone: string, channel: 'sms' | 'whatsapp' = 'sms') {
  const user = await createUser(ctx.sql, { firstName: 'Aisha', lastName: 'Bello' });
  await ctx.sql`UPDATE users SET language = ${language}, text_channel = ${channel},
    whatsapp_opted_in_at = ${channel === 'whatsapp' ? new Date() : null} WHERE id = ${user.id}`;
  return { user, phone, cookie: await login(ctx.app, user.email, user.password) };
}

async function book(p: { cookie: string; phone: string; user: TestUser }, date: string, locale?: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: p.cookie },
    // `locale`: the language of the page booked from, as the web sends it.
    payload: { ...bookingBody(pro.id, date), patientPhone: p.phone, patientEmail: p.user.email, ...(locale ? { locale } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function confirm(id: number) {
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: { cookie: proCookie }, payload: { status: 'confirmed' } });
  expect(res.statusCode).toBe(200);
}

const sms = async (to: string) => (await readSentTexts(ctx.config.dataDir, 'sms')).filter((t) => t.to === to);
const mailsTo = async (to: string) => (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to === to);
const link = () => `${ctx.config.appUrl}/appointments`;

describe('texts and mail in each account language', () => {
  it('a Hausa patient gets the booking and the confirmation in Hausa by SMS and e-mail; the Yorùbá provider gets theirs in Yorùbá', async () => {
    const aisha = await patient('ha', '0803 555 0101');
    const id = await book(aisha, '2099-03-12T10:00:00+01:00');
    await eventually(async () => (await sms('+2348035550101')).length === 1 && (await sms('+2347012345678')).length >= 1, 15000);
    // Hausa, in GSM-7: "alƙawari" is written "alkawari", Thursday is "Alh" (Alhamis, CLDR's Hausa).
    expect((await sms('+2348035550101'))[0]!.body).toBe(
      `Ilera: mun karbi bukatarku ta ganin Dr. Chinedu Okafor ranar Alh, Mar 12, 10:00 WAT. Za mu aiko muku sako idan an tabbatar. ${link()}`,
    );
    // The provider's new-request text is in Yorùbá (their account's), marks stripped for GSM-7.
    expect((await sms('+2347012345678')).at(-1)!.body).toBe(
      `Ilera: ibeere ipade tuntun fun 12 Osu Erena, Ojobo, 10:00 WAT. E jowo e gba a tabi ko o: ${link()}`,
    );
    await eventually(async () => (await mailsTo(aisha.user.email)).length === 1 && (await mailsTo(pro.user.email)).length >= 1, 15000);
    const [booked] = await mailsTo(aisha.user.email);
    // E-mail carries the language's own letters (ƙ, ɓ).
    expect(booked!.subject).toBe('An nemi alƙawari: Dr. Chinedu Okafor, Alhamis 12 Maris, 2099, 10:00 WAT');
    expect(booked!.text).toContain('Sannu Adaeze Okonkwo,\n\nMun karɓi buƙatarku ta alƙawari.');
    expect(booked!.text).toContain('Iri: Ganin likita\nMatsayi: Yana jira');
    expect(booked!.text).not.toMatch(/Your appointment|Hello/);
    const toProvider = (await mailsTo(pro.user.email)).at(-1)!;
    expect(toProvider.subject).toBe('Ìbéèrè ìpàdé tuntun: Ọjọ́bọ, 12 Oṣù Ẹrẹ̀nà 2099, 10:00 WAT');
    expect(toProvider.text).toContain('Ẹ ní ìbéèrè ìpàdé tuntun.');

    await confirm(id);
    await eventually(async () => (await sms('+2348035550101')).length === 2, 15000);
    expect((await sms('+2348035550101')).map((t) => t.body)).toContain(
      `Ilera: an tabbatar da alkawarinku da Dr. Chinedu Okafor ranar Alh, Mar 12, 10:00 WAT. Ku tura 2 don soke shi. ${link()}`,
    );
    await eventually(async () => (await mailsTo(aisha.user.email)).length === 2, 15000);
    const subjects = (await mailsTo(aisha.user.email)).map((m) => m.subject);
    expect(subjects).toContain('An tabbatar da alƙawari: Dr. Chinedu Okafor, Alhamis 12 Maris, 2099, 10:00 WAT');
  });

  it('a Hausa patient on WhatsApp gets the Hausa template (language ha) with the time in Hausa', async () => {
    const musa = await patient('ha', '0803 555 0202', 'whatsapp');
    const id = await book(musa, '2099-03-13T11:00:00+01:00');
    // The request's message is sent before the provider confirms: a confirmation that came first would make
    // "received" no longer true, and it would not be sent (texts-race.test.ts); this test is about both languages.
    await eventually(async () => cloudApi.sent.filter((m) => m.to === '2348035550202').length === 1, 15000);
    await confirm(id);
    await eventually(async () => cloudApi.sent.filter((m) => m.to === '2348035550202').length === 2, 15000);
    const sent = cloudApi.sent.filter((m) => m.to === '2348035550202');
    expect(sent.map((m) => [m.template.name, m.template.language.code]).sort()).toEqual([
      ['ilera_appointment_confirmed', 'ha'],
      ['ilera_appointment_received', 'ha'],
    ]);
    // The two jobs may be sent in either order: the request's template is found by its name.
    const received = sent.find((m) => m.template.name === 'ilera_appointment_received')!;
    expect(received.template.components[0]!.parameters.map((p) => p.text)).toEqual(['Dr. Chinedu Okafor', 'Jum, Mar 13, 11:00 WAT', link()]);
    expect(await sms('+2348035550202')).toEqual([]);
  });

  it("an account without a language that books from a Hausa page gets that booking's texts and mail in Hausa; an account's own language wins", async () => {
    const halima = await patient(null, '0803 555 0404');
    const id = await book(halima, '2099-03-17T10:00:00+01:00', 'ha');
    expect((await ctx.sql`SELECT booking_locale FROM appointments WHERE id = ${id}`)[0]!.bookingLocale).toBe('ha');
    await eventually(async () => (await sms('+2348035550404')).length === 1, 15000);
    expect((await sms('+2348035550404'))[0]!.body).toMatch(/^Ilera: mun karbi bukatarku ta ganin Dr\. Chinedu Okafor ranar .+ 10:00 WAT\. Za mu aiko muku sako idan an tabbatar\. /);
    await eventually(async () => (await mailsTo(halima.user.email)).length === 1, 15000);
    const [mail] = await mailsTo(halima.user.email);
    expect(mail!.subject).toMatch(/^An nemi alƙawari: Dr\. Chinedu Okafor, /);
    expect(mail!.text).toContain('Mun karɓi buƙatarku ta alƙawari.');

    // A Pidgin account booking from the same Hausa page: its own language.
    const emeka = await patient('pcm', '0803 555 0505');
    await book(emeka, '2099-03-17T10:30:00+01:00', 'ha');
    await eventually(async () => (await sms('+2348035550505')).length === 1, 15000);
    expect((await sms('+2348035550505'))[0]!.body).toMatch(/^Ilera: we don receive your request to see Dr\. Chinedu Okafor for /);
  });

  it("refuses a page language that is not one of the site's with 400 naming `locale`", async () => {
    const p = await patient(null, '0803 555 0606');
    for (const locale of ['fr', 'HA', 'ha-NG', '', 7]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie: p.cookie },
        payload: { ...bookingBody(pro.id, '2099-03-18T10:00:00+01:00'), locale },
      });
      expect(res.statusCode, String(locale)).toBe(400);
      expect(res.json().fields).toEqual({ locale: 'The page\'s language must be one of en, ha, yo, ig, pcm' });
    }
    expect(await ctx.sql`SELECT 1 FROM appointments WHERE patient_id = ${p.user.id}`).toHaveLength(0);
  });

  it('an account without a language gets English, word for word as before', async () => {
    const tunde = await patient(null, '0803 555 0303');
    await book(tunde, '2099-03-16T09:30:00+01:00');
    await eventually(async () => (await sms('+2348035550303')).length === 1, 15000);
    expect((await sms('+2348035550303'))[0]!.body).toBe(
      `Ilera: your request to see Dr. Chinedu Okafor on Mon, 16 Mar, 09:30 WAT is received. We will text you when it is confirmed. ${link()}`,
    );
    await eventually(async () => (await mailsTo(tunde.user.email)).length === 1, 15000);
    const [mail] = await mailsTo(tunde.user.email);
    expect(mail!.subject).toBe('Appointment requested: Dr. Chinedu Okafor, Mon, 16 Mar 2099, 09:30 WAT');
    expect(mail!.text).toContain('Hello Adaeze Okonkwo,\n\nYour appointment request has been received.');
  });
});

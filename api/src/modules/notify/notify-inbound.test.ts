import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { bookingBody, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

/** Replies to our texts, with the real API, relay, queues and workers and the file channels. */
let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;
const SECRET = 'inbound-secret-for-tests';
const APP_SECRET = 'whatsapp-app-secret';

beforeAll(async () => {
  ctx = await createTestContext({
    config: { texts: { ...loadConfig({}).texts, inboundSecret: SECRET, whatsappAppSecret: APP_SECRET, whatsappVerifyToken: 'verify-me' } },
  });
  await ctx.startWorkers();
  patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
  pro = await createProfessional(ctx.sql, { title: 'Dr.' });
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => ctx.close());

async function bookAndConfirm(appointmentDate: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie: patientCookie }, payload: bookingBody(pro.id, appointmentDate) });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const confirm = await ctx.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: { cookie: proCookie }, payload: { status: 'confirmed' } });
  expect(confirm.statusCode).toBe(200);
  return id;
}

const sms = (text: string, secret = SECRET) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/notify/inbound/sms?secret=${secret}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // Africa's Talking's incoming-message callback.
    payload: new URLSearchParams({ from: '+2348031234567', to: '12345', text, date: '2099-03-10 09:00:00', id: 'abc', linkId: '' }).toString(),
  });

async function smsFiles(): Promise<{ to: string; body: string }[]> {
  const dir = path.join(ctx.config.dataDir, 'sms');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8'))));
}
const received = async (part: string) => (await smsFiles()).filter((t) => t.to === '+2348031234567' && t.body.includes(part));
const statusOf = async (id: number) => (await ctx.sql`SELECT status FROM appointments WHERE id = ${id}`)[0]!.status;

describe('replies to our texts', () => {
  it('refuses a callback without the shared secret', async () => {
    expect((await sms('2', 'wrong')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/notify/inbound/sms', payload: 'from=%2B2348031234567&text=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(401);
  });

  it('YES confirms attendance, CANCEL cancels the next booking and frees its slot', async () => {
    const id = await bookAndConfirm('2099-04-14T10:00:00+01:00');
    const yes = await sms('yes');
    expect(yes.json()).toEqual({ ok: true, outcome: 'attending' });
    expect((await ctx.sql`SELECT attendance_confirmed_at FROM appointments WHERE id = ${id}`)[0]!.attendanceConfirmedAt).not.toBeNull();
    await eventually(async () => (await received('expects you on Tue, 14 Apr, 10:00 WAT')).length === 1, 10000);

    expect((await sms('CANCEL')).json()).toEqual({ ok: true, outcome: 'cancelled' });
    expect(await statusOf(id)).toBe('cancelled');
    const day = (await ctx.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}/availability?date=2099-04-14` })).json();
    expect(day.slots.find((s: { time: string }) => s.time === '10:00')).toEqual({ time: '10:00', available: true });
    // The answer is the cancellation's own text (and mail), once.
    await eventually(async () => (await received('on Tue, 14 Apr, 10:00 WAT is cancelled')).length === 1, 10000);
  });

  it('STOP stops every later text for good; START lets them through again', async () => {
    expect((await sms('STOP')).json().outcome).toBe('stopped');
    await eventually(async () => (await received('no more texts')).length === 1, 10000);
    const id = await bookAndConfirm('2099-04-15T10:00:00+01:00');
    await eventually(async () => (await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL`)[0]!.n === 0, 10000);
    for (const queue of [ctx.queues.notify, ctx.queues.texts]) {
      await eventually(async () => Object.values(await queue.getJobCounts('waiting', 'active')).every((n) => n === 0), 10000);
    }
    expect(await received('15 Apr')).toEqual([]);
    expect((await sms('START')).json().outcome).toBe('started');
    expect((await ctx.sql`SELECT opted_in_at FROM text_opt_outs WHERE phone_e164 = '+2348031234567'`)[0]!.optedInAt).not.toBeNull();
    expect((await sms('2')).json().outcome).toBe('cancelled');
    expect(await statusOf(id)).toBe('cancelled');
    await eventually(async () => (await received('on Wed, 15 Apr, 10:00 WAT is cancelled')).length === 1, 10000);
  });

  it('a CANCEL reply frees the slot, and search shows it as the next free slot within 2 s', async () => {
    // A provider off today, so its next free slot is tomorrow 09:00 WAT whatever the hour the test runs.
    const slotPro = await createProfessional(ctx.sql, { user: { firstName: 'Kemi', lastName: 'Replyslot' } });
    const slotCookie = await login(ctx.app, slotPro.user.email, slotPro.user.password);
    const lagosDay = (days: number) => new Date(Date.now() + 3600_000 + days * 86400_000).toISOString().slice(0, 10);
    const epoch = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`) / 1000;
    const [today, tomorrow] = [lagosDay(0), lagosDay(1)];
    const off = await ctx.app.inject({ method: 'POST', url: `/api/professionals/${slotPro.id}/time-off`, headers: { cookie: slotCookie }, payload: { startDate: today, endDate: today } });
    expect(off.statusCode).toBe(201);
    const nextSlot = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?q=Replyslot' });
      const hit = res.json().hits.find((h: { lastName?: string; document?: { lastName?: string } }) => (h.document ?? h).lastName === 'Replyslot');
      return hit ? ((hit.document ?? hit).nextSlot ?? null) : undefined;
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie: patientCookie }, payload: bookingBody(slotPro.id, `${tomorrow}T09:00:00+01:00`) });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: { cookie: slotCookie }, payload: { status: 'confirmed' } })).statusCode).toBe(200);
    await eventually(async () => (await nextSlot()) === epoch(tomorrow, '09:30'), 10000);

    // The number's next booking is this one (the others are in 2099).
    expect((await sms('CANCEL')).json()).toEqual({ ok: true, outcome: 'cancelled' });
    expect(await statusOf(id)).toBe('cancelled');
    await eventually(async () => (await nextSlot()) === epoch(tomorrow, '09:00'), 2000).catch(async (e) => {
      throw new Error(`search shows ${await nextSlot()} instead of ${epoch(tomorrow, '09:00')} 2 s after the CANCEL; ${e}`);
    });
  });

  it('takes WhatsApp replies signed with the app secret (X-Hub-Signature-256)', async () => {
    const id = await bookAndConfirm('2099-04-16T10:00:00+01:00');
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from: '2348031234567', id: 'wamid.1', timestamp: '4080000000', type: 'text', text: { body: '2' } }] } }] }],
    });
    const post = (signature: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/notify/inbound/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body });
    expect((await post('sha256=00')).statusCode).toBe(401);
    expect(await statusOf(id)).toBe('confirmed');
    const good = await post(`sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`);
    expect(good.json()).toEqual({ ok: true, outcomes: ['cancelled'] });
    expect(await statusOf(id)).toBe('cancelled');
    const challenge = await ctx.app.inject({ method: 'GET', url: '/api/notify/inbound/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=42' });
    expect(challenge.body).toBe('42');
  });

  it("answers in the language of the account that booked with the number (issue 50): Hausa, GSM-7", async () => {
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${patient.id}`;
    await bookAndConfirm('2099-04-17T10:00:00+01:00');
    expect((await sms('1')).json().outcome).toBe('attending');
    // "Thank you. The doctor expects you on Friday (Jummaʼa) 17 April."
    await eventually(async () => (await received('Ilera: mun gode. Dr. Chinedu Okafor yana jiranku ranar Jum, Afi 17, 10:00 WAT.')).length === 1, 10000);
    expect((await sms('hello')).json().outcome).toBe('help');
    await eventually(async () => (await received('Ilera: ku tura 1 don tabbatar za ku zo alkawarinku na gaba')).length === 1, 10000);
    await ctx.sql`UPDATE users SET language = NULL WHERE id = ${patient.id}`;
  });

  it("STOP and START are answered with the recipient's own words for them (issue 50): Igbo KWUSI and MALITE, the English ones still read", async () => {
    await ctx.sql`UPDATE users SET language = 'ig' WHERE id = ${patient.id}`;
    // The Igbo word stops the texts; the answer (GSM-7: marks dropped) names MALITE to start them again, not START.
    expect((await sms('kwụsị')).json().outcome).toBe('stopped');
    await eventually(async () => (await received('Zaa MALITE ka ozi laghachi.')).length === 1, 10000);
    const [stopped] = await received('Zaa MALITE');
    expect(stopped!.body).toMatch(/^Ilera: i gaghi enweta ozi ozo n.aka anyi\. Email gbasara oge ihu dokita gi ga-aga n.ihu\. Zaa MALITE ka ozi laghachi\.$/);
    expect(stopped!.body).not.toContain('START');
    // The carriers' English START still starts them; the answer names KWUSI to end them.
    expect((await sms('START')).json().outcome).toBe('started');
    await eventually(async () => (await received('Zaa KWUSI ka o kwusi.')).length === 1, 10000);
    expect((await received('Zaa KWUSI ka o kwusi.')).map((t) => t.body)).toEqual(['Ilera: ozi gbasara oge ihu dokita gi aloghachila. Zaa KWUSI ka o kwusi.']);
    // HELP's answer names KWUSI too.
    expect((await sms('hello')).json().outcome).toBe('help');
    await eventually(async () => (await received('2 ka ikagbuo ya, KWUSI ka ozi kwusi.')).length === 1, 10000);
    await ctx.sql`UPDATE users SET language = NULL WHERE id = ${patient.id}`;
  });
});

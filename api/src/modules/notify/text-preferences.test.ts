import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { bookingBody, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';
import { createNotifyProcessor } from '@ilera/workers/notify.worker';
import { afterQuietHours } from '@ilera/workers/channels/texts';

/** A patient's choice of texts (Account settings), and what it changes, with the real workers. */
let ctx: TestContext;
let patient: TestUser;
let cookie: string;
let pro: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  // D24 (issue 48): a text answering no action of its recipient (the provider's new request) waits out the
  // quiet hours; here every text must go as the test runs, whatever the hour: the workers' clock is past them.
  await ctx.startWorkers({ processors: { notify: createNotifyProcessor({ clock: () => afterQuietHours(new Date()) }) } });
  patient = await createUser(ctx.sql, {});
  pro = await createProfessional(ctx.sql, {});
  // The factory gives the professional the patient's number; the provider's SMS must be told apart.
  await ctx.sql`UPDATE professionals SET phone = '0701 234 5678' WHERE id = ${pro.id}`;
  cookie = await login(ctx.app, patient.email, patient.password);
});
afterAll(async () => ctx.close());

const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'PUT', url: '/api/account/text-preferences', headers, payload: payload as object });

async function files(channel: string): Promise<{ to: string; body: string; template: { name: string; params: string[] } | null }[]> {
  const dir = path.join(ctx.config.dataDir, channel);
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8'))));
}

async function book(date: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie }, payload: bookingBody(pro.id, date) });
  expect(res.statusCode).toBe(201);
}

describe('text preferences', () => {
  it('answers 401 signed out and 400 naming the field for a wrong choice', async () => {
    expect((await put({ textChannel: 'sms' }, {})).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/text-preferences' })).statusCode).toBe(401);
    const bad = await put({ textChannel: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ textChannel: 'Choose SMS, WhatsApp or no texts' });
  });

  it('sets the mobile number for texts, kept as typed; refuses one no provider can text, naming the field', async () => {
    for (const mobile of ['0803 12', '0803 123 4567 890', 'call me', 7]) {
      const res = await put({ textChannel: 'sms', mobile });
      expect(res.statusCode, String(mobile)).toBe(400);
      expect(res.json().fields).toEqual({ mobile: 'Enter a mobile number we can text, e.g. 0803 123 4567' });
    }
    expect((await ctx.sql`SELECT phone FROM users WHERE id = ${patient.id}`)[0]!.phone).toBe('0803 123 4567');
    const ok = await put({ textChannel: 'sms', mobile: ' +234 805 000 1111 ' });
    expect(ok.json()).toMatchObject({ textChannel: 'sms', mobile: '+234 805 000 1111' });
    // The account's phone is the same number (Your details).
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json().phone).toBe('+234 805 000 1111');
    // Without mobile, the number stays.
    expect((await put({ textChannel: 'sms' })).json().mobile).toBe('+234 805 000 1111');
    await put({ textChannel: 'sms', mobile: '0803 123 4567' });
  });

  it('SMS by default; WhatsApp only after the opt-in, recorded with its time; none sends no text', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/account/text-preferences', headers: { cookie } });
    expect(start.json()).toEqual({ textChannel: 'sms', mobile: '0803 123 4567', whatsappOptedInAt: null, phone: null, optedOut: false });

    const opted = await put({ textChannel: 'whatsapp' });
    expect(opted.statusCode).toBe(200);
    expect(opted.json().whatsappOptedInAt).not.toBeNull();
    await book('2099-06-02T10:00:00+01:00');
    await eventually(async () => (await files('whatsapp')).length === 1, 10000);
    const [wa] = await files('whatsapp');
    expect(wa!.to).toBe('+2348031234567');
    expect(wa!.template?.name).toBe('ilera_appointment_received');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/text-preferences', headers: { cookie } })).json().phone).toBe('+2348031234567');

    const none = await put({ textChannel: 'none' });
    expect(none.json()).toMatchObject({ textChannel: 'none', whatsappOptedInAt: null });
    const smsBefore = (await files('sms')).filter((t) => t.to === '+2348031234567').length;
    await book('2099-06-03T10:00:00+01:00');
    // The provider's SMS for the second booking shows the event was handled.
    await eventually(async () => (await files('sms')).filter((t) => t.body.includes('3 Jun')).length === 1, 10000);
    expect((await files('sms')).filter((t) => t.to === '+2348031234567').length).toBe(smsBefore);
    expect(await files('whatsapp')).toHaveLength(1);
  });

  it('deleting the account erases the E.164 number and the texts sent to it (D21)', async () => {
    await eventually(async () => (await ctx.sql`SELECT count(*)::int AS n FROM text_messages WHERE to_e164 = '+2348031234567'`)[0]!.n > 0, 10000);
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { password: patient.password } });
    expect(res.statusCode).toBe(200);
    expect(await ctx.sql`SELECT id FROM appointments WHERE patient_phone_e164 IS NOT NULL`).toEqual([]);
    expect(await ctx.sql`SELECT id FROM text_messages WHERE to_e164 = '+2348031234567'`).toEqual([]);
  });
});

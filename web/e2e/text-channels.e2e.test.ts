import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lagosDateTimeParts } from '@ilera/contracts';
import { eventually } from '../../test/support';
import { createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { browserSuite, signInAsAdmin, toast } from '../../test/browser';
import { createNotifyProcessor } from '@ilera/workers/notify.worker';
import { afterQuietHours } from '@ilera/workers/channels/texts';

/**
 * Issue 36 (D24) in Chromium, with the real API, relay, queues and workers and the file
 * channels (DATA_DIR/sms, DATA_DIR/whatsapp): a patient opts into WhatsApp reminders in
 * Account settings, another at booking; the choice is stored, and the next booking's
 * confirmation goes out as a WhatsApp template, not an SMS.
 */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

interface TextFile {
  to: string;
  body: string;
  channel: string;
  template: { name: string; params: string[] } | null;
}

describe('text channels (browser)', { timeout: 180_000 }, () => {
  let amaka: TestUser;
  let tunde: TestUser;
  let pro: { id: number; user: TestUser };
  let admin: TestUser;

  // D24 (issue 48): the provider's confirmation and new-request texts wait out the quiet hours; here they
  // must go as the test runs, whatever the hour: the notify worker's clock is past them.
  const suite = browserSuite({ workers: { processors: { notify: createNotifyProcessor({ clock: () => afterQuietHours(new Date()) }) } } }, async (ctx) => {
    amaka = await createUser(ctx.sql, { firstName: 'Amaka', lastName: 'Eze', phone: '0803 123 4567' });
    tunde = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare', phone: '0812 345 6789' });
    pro = await createProfessional(ctx.sql, { title: 'Dr.', user: { firstName: 'Chinedu', lastName: 'Okafor' } });
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Admin' });
    // The provider's new-request SMS goes to a number of its own.
    await ctx.sql`UPDATE professionals SET phone = '0701 234 5678' WHERE id = ${pro.id}`;
  });

  async function texts(channel: 'sms' | 'whatsapp'): Promise<TextFile[]> {
    const dir = path.join(suite.ctx.config.dataDir, channel);
    const names = await readdir(dir).catch(() => [] as string[]);
    return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as TextFile));
  }
  const to = async (channel: 'sms' | 'whatsapp', e164: string) => (await texts(channel)).filter((t) => t.to === e164);

  /** What the API has stored for the user (GET /api/account/text-preferences). */
  async function stored(user: TestUser) {
    const cookie = await login(suite.ctx.app, user.email, user.password);
    return (await suite.ctx.app.inject({ method: 'GET', url: '/api/account/text-preferences', headers: { cookie } })).json();
  }

  async function confirm(appointmentId: number) {
    const cookie = await login(suite.ctx.app, pro.user.email, pro.user.password);
    const res = await suite.ctx.app.inject({ method: 'PUT', url: `/api/appointments/${appointmentId}/status`, headers: { cookie }, payload: { status: 'confirmed' } });
    expect(res.statusCode).toBe(200);
  }

  const latestAppointment = async (patientId: string) =>
    (await suite.ctx.sql<{ id: number; patientPhone: string }[]>`SELECT id, patient_phone FROM appointments WHERE patient_id = ${patientId} ORDER BY id DESC LIMIT 1`)[0]!;

  /** Fills the booking dialog but the phone, which Account settings' mobile number fills. */
  async function fillBooking(page: Page, date: string, time: string) {
    await page.goto(`/professional/${pro.id}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Book Appointment with Dr. Chinedu Okafor').waitFor();
    await dialog.getByRole('textbox', { name: /^Appointment Type/ }).click();
    await page.getByRole('option', { name: 'Consultation', exact: true }).click();
    await dialog.getByLabel(/^Date/).fill(date);
    await dialog.getByRole('radio', { name: `${time} WAT`, exact: true }).click();
    return dialog;
  }

  it('a patient sets their mobile number and opts into WhatsApp in Account settings; their next booking is confirmed on WhatsApp', async () => {
    const { page, context } = await suite.pageAs(amaka);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Text messages' });
    const mobile = section.getByLabel('Mobile Number');
    await mobile.waitFor();
    expect(await mobile.inputValue()).toBe('0803 123 4567');
    // SMS by default (D24); WhatsApp only by choosing it.
    expect(await section.getByRole('radio', { name: 'SMS' }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: 'WhatsApp' }).isChecked()).toBe(false);

    // A number no text can reach: the server's message under the field, nothing stored.
    await mobile.fill('0803 123 4567 890');
    await section.getByRole('radio', { name: 'WhatsApp' }).check();
    await section.getByRole('button', { name: 'Save Text Settings' }).click();
    await section.getByText('Enter a mobile number we can text, e.g. 0803 123 4567').waitFor();
    expect(await mobile.getAttribute('aria-invalid')).toBe('true');
    expect(await stored(amaka)).toMatchObject({ textChannel: 'sms', mobile: '0803 123 4567', whatsappOptedInAt: null });

    await mobile.fill('0706 555 0101');
    await section.getByRole('button', { name: 'Save Text Settings' }).click();
    await toast(page, 'Text Settings Saved').waitFor();
    await section.getByText(/^WhatsApp chosen on /).waitFor();
    // Your details shows the same number (one phone per account).
    await expect.poll(() => page.getByRole('region', { name: 'Your details' }).getByLabel(/^Phone/).inputValue()).toBe('0706 555 0101');
    const prefs = await stored(amaka);
    expect(prefs).toMatchObject({ textChannel: 'whatsapp', mobile: '0706 555 0101' });
    expect(prefs.whatsappOptedInAt).not.toBeNull();

    // Booking: the phone comes from Account settings, and the dialog says where reminders go.
    const dialog = await fillBooking(page, lagosDate(3), '10:00');
    await dialog.getByText('Your confirmations and reminders come on WhatsApp (Account settings).').waitFor();
    await expect.poll(() => dialog.getByLabel(/^Patient Phone/).inputValue()).toBe('0706 555 0101');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await toast(page, 'Appointment Booked').waitFor();
    await context.close();

    const booking = await latestAppointment(amaka.id);
    expect(booking.patientPhone).toBe('0706 555 0101');
    // The request's template goes before the provider confirms: a confirmation that came first would make
    // "received" no longer true, and it would not be sent (workers/src/channels/texts-race.test.ts).
    await eventually(async () => (await to('whatsapp', '+2347065550101')).some((t) => t.template?.name === 'ilera_appointment_received'), 15000);
    await confirm(booking.id);
    await eventually(async () => (await to('whatsapp', '+2347065550101')).some((t) => t.template?.name === 'ilera_appointment_confirmed'), 15000);
    const sent = await to('whatsapp', '+2347065550101');
    expect(sent.map((t) => t.template?.name).sort()).toEqual(['ilera_appointment_confirmed', 'ilera_appointment_received']);
    expect(sent.every((t) => t.channel === 'whatsapp' && t.template!.params[0] === 'Dr. Chinedu Okafor')).toBe(true);
    expect(await to('sms', '+2347065550101')).toEqual([]);
  });

  it('a patient opts into WhatsApp reminders at booking, for this and future appointments', async () => {
    expect((await stored(tunde)).textChannel).toBe('sms');
    const { page, context } = await suite.pageAs(tunde);
    const dialog = await fillBooking(page, lagosDate(4), '11:00');
    await expect.poll(() => dialog.getByLabel(/^Patient Phone/).inputValue()).toBe('0812 345 6789');
    const optIn = dialog.getByRole('checkbox', { name: 'Send my reminders on WhatsApp, for this and future appointments' });
    expect(await optIn.isChecked()).toBe(false);
    await optIn.check();
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await toast(page, 'Appointment Booked').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Stored: the API says WhatsApp, with the consent's time.
    const prefs = await stored(tunde);
    expect(prefs.textChannel).toBe('whatsapp');
    expect(prefs.whatsappOptedInAt).not.toBeNull();
    // This booking's own text already went on WhatsApp.
    await eventually(async () => (await to('whatsapp', '+2348123456789')).some((t) => t.template?.name === 'ilera_appointment_received'), 15000);

    // The next booking: the dialog knows, and its confirmation goes out on WhatsApp.
    const next = await fillBooking(page, lagosDate(5), '11:30');
    await next.getByText('Your confirmations and reminders come on WhatsApp (Account settings).').waitFor();
    expect(await next.getByRole('checkbox').count()).toBe(0);
    await next.getByRole('button', { name: 'Book Appointment' }).click();
    await toast(page, 'Appointment Booked').waitFor();
    await context.close();
    await confirm((await latestAppointment(tunde.id)).id);
    await eventually(async () => (await to('whatsapp', '+2348123456789')).some((t) => t.template?.name === 'ilera_appointment_confirmed'), 15000);
    const confirmed = (await to('whatsapp', '+2348123456789')).filter((t) => t.template?.name === 'ilera_appointment_confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.template!.params[1]).toMatch(/, 11:30 WAT$/);
    expect(await to('sms', '+2348123456789')).toEqual([]);
  });

  it("an administrator sees the texts' totals per channel in the dashboard's Texts tab", async () => {
    // The texts above: WhatsApp to both patients, SMS to the provider; one SMS reported delivered.
    const [sms] = await suite.ctx.sql<{ jobId: string }[]>`SELECT job_id FROM text_messages WHERE channel = 'sms' ORDER BY id LIMIT 1`;
    await suite.ctx.sql`UPDATE text_messages SET provider_message_id = 'ATXid_1', cost = 'NGN 2.2000', delivery_status = 'delivered' WHERE job_id = ${sms!.jobId}`;
    const cookie = await login(suite.ctx.app, admin.email, admin.password);
    const api = (await suite.ctx.app.inject({ method: 'GET', url: '/api/admin/texts?days=7', headers: { cookie } })).json();
    const byChannel = Object.fromEntries(api.channels.map((c: { channel: string }) => [c.channel, c]));
    expect(byChannel.whatsapp.sent).toBeGreaterThanOrEqual(4);
    expect(byChannel.sms).toMatchObject({ delivered: 1, cost: { NGN: '2.2000' } });

    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: 'Texts' }).click();
    await page.getByText('7 days', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Texts by channel' });
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    const cells = async (name: string) => (await row(name).getByRole('cell').allTextContents()).map((t) => t.trim());
    await expect.poll(() => cells('WhatsApp')).toEqual(
      ['WhatsApp', byChannel.whatsapp.total, byChannel.whatsapp.sent, 0, 0, 0, 0, 'not reported'].map(String),
    );
    await expect.poll(() => cells('SMS')).toEqual(['SMS', byChannel.sms.total, byChannel.sms.sent, 0, 1, 0, 0, 'NGN 2.2000'].map(String));
    expect(await page.content()).not.toMatch(/\+234\d|ATXid/);
    await context.close();
  });
});

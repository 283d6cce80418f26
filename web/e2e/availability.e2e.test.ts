import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../test/support';
import { createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { launchBrowser, newPage } from '../../test/browser';

/**
 * Issue 17 in Chromium: a patient filters by availability, sees a card's next free slot,
 * taps it and books that very slot.
 */
describe('next available slot (browser)', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let base: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let patient: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    patient = await createUser(ctx.sql, { firstName: 'Amaka', lastName: 'Eze' });
    await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Dermatology', user: { firstName: 'Folake', lastName: 'Nextslot' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    base = await ctx.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
  });

  it('a patient filters "Available today", taps the card\'s next slot and books it', async () => {
    const { page, context } = await newPage(browser.browser, base);
    const cookie = await login(ctx.app, patient.email, patient.password);
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: base }]);

    // The last slot of the day is 16:30 WAT: late in the day no one is free "today", so the
    // journey then uses the next window. The provider works every day from 09:00.
    const lagos = new Date(Date.now() + 3600_000);
    const lateInDay = lagos.getUTCHours() * 60 + lagos.getUTCMinutes() >= 16 * 60;
    await page.goto('/search?q=Nextslot');
    await page.getByRole('heading', { name: 'Dr. Folake Nextslot' }).waitFor();
    await page.getByLabel('Availability').selectOption({ label: lateInDay ? 'Within 3 days' : 'Available today' });
    const card = page.getByRole('article', { name: 'Dr. Folake Nextslot' });
    const slot = card.getByRole('link', { name: /^Next available: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/ });
    await slot.waitFor();
    const [, time] = /, (\d{2}:\d{2})$/.exec((await slot.textContent())!)!;

    await slot.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Book Appointment with Dr. Folake Nextslot').waitFor();
    // The tapped slot is already chosen.
    expect(await dialog.getByRole('radio', { name: `${time} WAT`, exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Appointment Type/ }).click();
    await page.getByRole('option', { name: 'Consultation', exact: true }).click();
    await dialog.getByLabel(/^Patient Phone/).fill('0803 123 4567');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Appointment Booked').waitFor();
    const [row] = await ctx.sql`SELECT to_char(appointment_date AT TIME ZONE 'Africa/Lagos', 'HH24:MI') AS time FROM appointments`;
    expect(row!.time).toBe(time);
    await context.close();
  });
});

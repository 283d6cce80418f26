import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated } from '../../test/browser';

/**
 * Issue 17 in Chromium: a patient filters by availability, sees a card's next free slot,
 * taps it and books that very slot.
 */
describe('next available slot (browser)', { timeout: 120_000 }, () => {
  let patient: TestUser;
  /** Whether today's last slot (16:30 WAT) had begun when the index was built: then no one is free "today". */
  let lastSlotGone = false;

  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Amaka', lastName: 'Eze' });
    await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Dermatology', user: { firstName: 'Folake', lastName: 'Nextslot' } });
    // For the filter's counts: four providers named Slotwise, free at known distances from today.
    const lagosWeekday = (new Date(Date.now() + 3600_000).getUTCDay() + 6) % 7; // Monday 0, as the hours are listed
    const onlyOn = (daysAhead: number) => Array.from({ length: 7 }, (_, d) => (d === (lagosWeekday + daysAhead) % 7 ? (['09:00', '16:30'] as [string, string]) : null));
    const slotwise = (firstName: string, o: Parameters<typeof createProfessional>[1]) =>
      createProfessional(ctx.sql, { specialty: 'Cardiology', ...o, user: { firstName, lastName: 'Slotwise' } });
    await slotwise('Ada', {}); // every day: today, or tomorrow once today's last slot has passed
    await slotwise('Bayo', { weeklyHours: onlyOn(1) }); // tomorrow
    await slotwise('Chidi', { weeklyHours: onlyOn(5), specialty: 'Dermatology' }); // in 5 days
    await slotwise('Dupe', { bookingMode: 'directory' }); // no online booking
    const lagosNow = new Date(Date.now() + 3600_000);
    lastSlotGone = lagosNow.getUTCHours() * 60 + lagosNow.getUTCMinutes() >= 16 * 60 + 30;
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('a patient filters "Available today", taps the card\'s next slot and books it', async () => {
    const { page, context } = await suite.pageAs(patient);

    // The last slot of the day is 16:30 WAT: late in the day no one is free "today", so the
    // journey then uses the next window. The provider works every day from 09:00.
    const lagos = new Date(Date.now() + 3600_000);
    const lateInDay = lagos.getUTCHours() * 60 + lagos.getUTCMinutes() >= 16 * 60;
    await page.goto('/search?q=Nextslot');
    await page.getByRole('heading', { name: 'Dr. Folake Nextslot' }).waitFor();
    // The page arrives drawn by the server (issue 16): its controls work once React has taken it over.
    await hydrated(page.getByLabel('Availability'));
    await page.getByLabel('Availability').selectOption(lateInDay ? '3days' : 'today'); // the labels carry counts
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
    const [row] = await suite.ctx.sql`SELECT to_char(appointment_date AT TIME ZONE 'Africa/Lagos', 'HH24:MI') AS time FROM appointments`;
    expect(row!.time).toBe(time);
    await context.close();
  });

  it('the Availability filter shows how many are free in each window, under the other filters', async () => {
    const { page, context } = await suite.page();
    const today = lastSlotGone ? 0 : 1;
    const filter = page.getByLabel('Availability');
    // Polled: the select is drawn again when the app takes over the filters and when counts come back
    // (a CI run read its options between the two and found none).
    const options = async (expected: string[]) => {
      await expect.poll(() => filter.locator('option').allTextContents()).toEqual(expected);
    };

    await page.goto('/search?q=Slotwise');
    await page.getByRole('heading', { name: 'Dr. Dupe Slotwise' }).waitFor();
    await options(['Any time', `Available today (${today})`, 'Within 3 days (2)', 'This week (3)']);

    // Choosing a window keeps the other windows' counts (they ignore the window chosen).
    await filter.selectOption({ label: 'Within 3 days (2)' });
    await page.getByRole('status').filter({ hasText: '2 results found' }).waitFor();
    await options(['Any time', `Available today (${today})`, 'Within 3 days (2)', 'This week (3)']);

    // Another filter narrows them: of the dermatologists, one is free this week, none sooner.
    await page.getByLabel('Specialty').selectOption('Dermatology');
    await options(['Any time', 'Available today (0)', 'Within 3 days (0)', 'This week (1)']);
    await context.close();
  });
});

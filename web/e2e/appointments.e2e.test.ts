import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatLagosDate, lagosDateTimeParts } from '@ilera/contracts';
import { createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/**
 * Booking and reviewing in Chromium, in a New York browser zone: every time must
 * still show in WAT. Journeys of issue 6: book on a profile, the slot then shows taken,
 * the professional confirms on /appointments, the patient sees it confirmed on the
 * dashboard; a review appears with the new average and the "Verified visit" mark.
 */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

describe('appointments and reviews (browser)', { timeout: 120_000 }, () => {
  let patient: TestUser;
  let otherPatient: TestUser;
  let pro: { id: number; user: TestUser };
  const date = lagosDate(3);

  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
    otherPatient = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare' });
    pro = await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Cardiology', user: { firstName: 'Chinedu', lastName: 'Okafor' } });
  });

  const dialog = (page: Page) => page.getByRole('dialog');

  async function openBooking(page: Page) {
    await page.goto(`/professional/${pro.id}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await dialog(page).getByText('Book Appointment with Dr. Chinedu Okafor').waitFor();
  }

  it('a patient books a slot, and the slot then shows taken to the next patient', async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    await openBooking(page);
    const d = dialog(page);
    // Defaults from the signed-in user.
    expect(await d.getByLabel('Patient Name').inputValue()).toBe('Adaeze Okonkwo');
    expect(await d.getByLabel('Patient Email').inputValue()).toBe(patient.email);

    // Date and time are required: the spec's toast.
    await d.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Please select both date and time for your appointment.').waitFor();

    await d.getByRole('textbox', { name: /^Appointment Type/ }).click();
    await page.getByRole('option', { name: 'Consultation', exact: true }).click();
    await d.getByLabel(/^Date/).fill(date);
    await d.getByRole('radio', { name: '10:00 WAT', exact: true }).click();
    await d.getByLabel(/^Patient Phone/).fill('0803 123 4567');
    await d.getByLabel('Reason for Visit').fill('Palpitations after exercise');
    await d.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Appointment Booked').waitFor();
    await page.getByText('Your appointment has been successfully booked!').waitFor();
    await d.waitFor({ state: 'hidden' });
    await context.close();

    const other = await suite.pageAs(otherPatient);
    await openBooking(other.page);
    await dialog(other.page).getByLabel(/^Date/).fill(date);
    const taken = dialog(other.page).getByRole('radio', { name: '10:00 WAT, unavailable' });
    await taken.waitFor();
    expect(await taken.isDisabled()).toBe(true);
    expect(await dialog(other.page).getByRole('radio', { name: '10:30 WAT', exact: true }).isDisabled()).toBe(false);
    await other.context.close();
  });

  it('the professional confirms it on /appointments; the patient sees it confirmed on the dashboard', async () => {
    const { page, context } = await suite.pageAs(pro.user);
    await page.goto('/appointments');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Appointment with Dr. Chinedu Okafor' });
    await card.getByText('Adaeze Okonkwo').waitFor();
    await card.getByText('Palpitations after exercise').waitFor();
    // WAT whatever the browser's zone (New York here).
    await card.getByText('10:00 WAT').waitFor();
    await card.getByText(formatLagosDate(`${date}T10:00:00+01:00`)).waitFor();
    await card.getByText('Pending').waitFor();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status Updated').waitFor();
    await card.getByText('Confirmed').waitFor();
    expect(await card.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await context.close();

    const p = await suite.pageAs(patient);
    await p.page.goto('/');
    const recent = p.page.getByRole('region', { name: 'Recent Appointments' });
    await recent.getByText('Dr. Chinedu Okafor').waitFor();
    await recent.getByText('Confirmed').waitFor();
    await p.page.goto('/appointments');
    await p.page.getByRole('heading', { name: 'My Appointments' }).waitFor();
    await p.page.getByText('10:00 WAT').waitFor();
    await p.page.getByRole('link', { name: 'Book New Appointment' }).waitFor();
    await p.context.close();
  });

  it('a signed-out visitor on /appointments is told and sent to sign in', async () => {
    const { page, context } = await suite.page();
    await page.goto('/appointments');
    await page.getByText('You are logged out. Logging in again...').waitFor();
    // Issue 14: sign-in comes back here, and the toast is still there to read (and to close).
    await page.waitForURL(/\/login\?next=%2Fappointments$/);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'You are logged out. Logging in again...' });
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await toast.isVisible()).toBe(true);
    await toast.locator('.mantine-Notification-closeButton').click();
    await toast.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a patient with no appointments sees the empty state', async () => {
    const newcomer = await createUser(suite.ctx.sql, { firstName: 'Ife' });
    const { page, context } = await suite.pageAs(newcomer);
    await page.goto('/appointments');
    await page.getByText('No appointments found').waitFor();
    await page.getByRole('link', { name: 'Find Healthcare Professionals' }).waitFor();
    await context.close();
  });

  it('a patient writes a review and sees it listed, marked verified, with the new average', async () => {
    // An earlier review by someone else: 2 stars.
    const earlier = await createUser(suite.ctx.sql, { firstName: 'Kemi', lastName: 'Ade' });
    await suite.ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${earlier.id}, ${pro.id}, 2, 'Long wait.')`;
    // The patient's appointment took place and was completed.
    await suite.ctx.sql`UPDATE appointments SET status = 'completed', appointment_date = appointment_date - interval '30 days'
      WHERE patient_id = ${patient.id} AND professional_id = ${pro.id}`;

    const { page, context } = await suite.pageAs(patient);
    await page.goto(`/professional/${pro.id}`);
    await page.getByText('(1 review)').first().waitFor();
    await page.getByRole('button', { name: 'Write Review' }).click();
    const d = dialog(page);
    const submit = d.getByRole('button', { name: 'Submit Review' });
    expect(await submit.isDisabled()).toBe(true);
    // The fourth star: its radio input is visually hidden, the star is its label.
    const fourStars = d.getByRole('radio', { name: '4 stars' });
    await d.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    expect(await fourStars.isChecked()).toBe(true);
    await d.getByLabel('Comment').fill('Clear explanations and on time.');
    await submit.click();
    await page.getByText('Review Submitted').waitFor();
    await page.getByText('Thank you for your feedback!').waitFor();
    await d.waitFor({ state: 'hidden' });

    const reviews = page.getByRole('region', { name: 'Patient Reviews' });
    await reviews.getByText('Clear explanations and on time.').waitFor();
    await reviews.getByText('Adaeze O.').waitFor();
    await reviews.getByText('Verified visit').waitFor();
    expect(await reviews.getByText('Verified visit').count()).toBe(1);
    // (2 + 4) / 2 = 3.0 over 2 reviews.
    await page.getByText('(2 reviews)').first().waitFor();
    await page.getByText('3.0').first().waitFor();
    await context.close();
  });
});

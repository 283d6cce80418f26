import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { browserSuite, choose, combo, signInAsAdmin, toast } from '../../test/browser';

/**
 * Issue 14 journeys in Chromium: an admin adds a nurse who then edits her profile;
 * a patient downloads their data and deletes the account; "Sign In to Book" comes
 * back to the booking dialog.
 */
describe('accounts and admin add user (browser)', { timeout: 120_000 }, () => {
  let admin: TestUser;

  const suite = browserSuite({}, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', password: 'admin-password-1' });
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('an admin adds a nurse (type first, then her specialties), who signs in and edits her profile', async () => {
    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);

    await page.goto('/admin/add-user');
    await choose(page, 'User Type', 'Healthcare Professional');
    await choose(page, 'Professional Type', 'Nurse');
    // Only nursing specialties are offered to a nurse.
    await combo(page, 'Specialty').click();
    await page.getByRole('option', { name: 'Midwifery', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Cardiology', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'Midwifery', exact: true }).click();
    await choose(page, 'Title', 'Mrs.');
    const email = `halima-${Date.now()}@example.ng`;
    await page.getByLabel(/^First Name/).fill('Halima');
    await page.getByLabel(/^Last Name/).fill('Bello');
    await page.getByLabel(/^Email/).fill(email);
    await page.locator('input[type="password"]').fill('nurse-password-1');
    await page.getByLabel(/^Bio/).fill('Midwife caring for mothers and newborns in Kano for twelve years.');
    await page.getByLabel(/^Education/).fill('BNSc, Bayero University Kano (2010)');
    await page.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User Created').waitFor();
    await context.close();

    const nurse = await suite.page();
    await nurse.page.goto('/login');
    await signIn(nurse.page, email, 'nurse-password-1');
    await nurse.page.waitForURL(`${suite.base}/`);
    await nurse.page.goto('/profile-setup');
    await nurse.page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    // The profile form (a native select) offers her type's specialties and keeps her current one.
    expect(await nurse.page.getByLabel(/^Specialty/).inputValue()).toBe('Midwifery');
    await nurse.page.getByLabel(/^Specialty/).selectOption('Pediatric Nursing');
    await nurse.page.getByRole('button', { name: 'Update Profile' }).click();
    await nurse.page.waitForURL(`${suite.base}/`);
    const [row] = await suite.ctx.sql`
      SELECT p.professional_type, p.specialty FROM professionals p JOIN users u ON u.id = p.user_id WHERE u.email = ${email}`;
    expect(row).toEqual({ professionalType: 'nurse', specialty: 'Pediatric Nursing' });

    // She books a doctor as a patient: her appointments page shows that booking under "My Bookings".
    const doctor = await createProfessional(suite.ctx.sql, { title: 'Dr.', user: { firstName: 'Emeka', lastName: 'Nwosu' } });
    const booked = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: await login(suite.ctx.app, email, 'nurse-password-1') },
      payload: {
        appointmentType: 'check-up',
        patientName: 'Halima Bello',
        patientEmail: email,
        patientPhone: '0803 123 4567',
        appointmentDate: lagosTimestamp(lagosDateTimeParts(new Date(Date.now() + 4 * 86400_000)).date, '11:00'),
        professionalId: doctor.id,
        institutionId: null,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await nurse.page.goto('/appointments');
    await nurse.page.getByRole('region', { name: 'My Bookings' }).getByText('Dr. Emeka Nwosu').waitFor();
    await nurse.context.close();
  });

  it('a patient downloads their data from Account settings, then deletes the account and can no longer sign in', async () => {
    const patient = await createUser(suite.ctx.sql, { firstName: 'Kemi', lastName: 'Lawal', password: 'kemi-password-1' });
    const { page, context } = await suite.page();
    await page.goto('/login');
    await signIn(page, patient.email, patient.password);
    await page.waitForURL(`${suite.base}/`);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download My Data' }).click()]);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ email: patient.email, firstName: 'Kemi', lastName: 'Lawal' });

    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(patient.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Account Deleted').waitFor();
    await page.waitForURL(`${suite.base}/`);
    await page.locator('header').getByRole('link', { name: 'Sign In' }).first().waitFor();

    await page.goto('/login');
    await signIn(page, patient.email, patient.password);
    await toast(page, 'Login Failed').waitFor();
    await context.close();
  });

  it('"Sign In to Book" signs the visitor in and comes back to the booking dialog of that profile', async () => {
    const pro = await createProfessional(suite.ctx.sql, { title: 'Dr.', user: { firstName: 'Chinedu', lastName: 'Okafor' } });
    const patient = await createUser(suite.ctx.sql, { firstName: 'Tunde', password: 'tunde-password-1' });
    const { page, context } = await suite.page();
    await page.goto(`/professional/${pro.id}`);
    await page.getByRole('link', { name: 'Sign In to Book' }).click();
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, patient.email, patient.password);
    await page.getByRole('dialog').getByText('Book Appointment with Dr. Chinedu Okafor').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/professional/${pro.id}`);
    // The session ends elsewhere while the page is open: the next query's 401 sends to sign in and back.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const elsewhere = await login(suite.ctx.app, patient.email, patient.password);
    expect((await suite.ctx.app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: { cookie: elsewhere } })).statusCode).toBe(200);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Appointments' }).click();
    await page.waitForURL(/\/login\?next=%2Fappointments$/);
    await page.getByText('You are logged out. Logging in again...').waitFor();
    // A sign-in link that names another site is not followed.
    await page.goto('/api/logout');
    await page.goto('/login?next=//evil.example/steal');
    await signIn(page, patient.email, patient.password);
    await page.waitForURL(`${suite.base}/`);
    await context.close();
    // The login endpoint passes a same-site return path on (and only that).
    const res = await suite.ctx.app.inject({ url: `/api/login?next=${encodeURIComponent(`/professional/${pro.id}?book=1`)}` });
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(`/professional/${pro.id}?book=1`)}`);
    const evil = await suite.ctx.app.inject({ url: '/api/login?next=//evil.example' });
    expect(evil.headers.location).toBe('/login');
  });
});

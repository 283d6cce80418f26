import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually } from '../../test/support';
import { createUser } from '../../test/factories';
import { browserSuite, choose, combo, field } from '../../test/browser';

/** The accounts journeys in Chromium (issue 3): register, sign in, change password, sign out, recover. */
describe('accounts (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({ workers: true });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/login');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('registers a patient, signs in, sees the name in the header, changes the password, signs out and signs in with the new one', async () => {
    const { page, context } = await suite.page();
    const email = `ada-${Date.now()}@example.ng`;

    await page.goto('/register');
    await expect.poll(() => page.getByRole('tab', { name: 'Patient' }).getAttribute('aria-selected')).toBe('true');
    // The form's own rules first: nothing is sent.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByText('Phone number must be at least 10 digits').waitFor();

    await field(page, 'First Name').fill('Adaeze');
    await field(page, 'Last Name').fill('Okonkwo');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone Number').fill('0803 123 4567');
    await field(page, 'Password').fill('first-password-1');
    await field(page, 'Confirm Password').fill('first-password-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await field(page, 'Confirm Password').fill('first-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Successful').waitFor();
    await page.getByText('You can now sign in to your account').waitFor();
    await page.waitForURL(/\/login$/);

    // A wrong password first: the spec's failure toast.
    await signIn(page, email, 'not-my-password');
    await page.getByText('Login Failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();

    await signIn(page, email, 'first-password-1');
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL(`${suite.base}/`);
    // Header: avatar (initial), user-type badge, then the menu with the name, e-mail and Log out.
    const header = page.locator('header');
    await header.getByText('patient', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Adaeze Okonkwo').waitFor();
    await page.getByText(email).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/change-password');
    await field(page, 'Current Password').fill('wrong-current');
    await field(page, 'New Password').fill('second-password-2');
    await field(page, 'Confirm New Password').fill('second-password-X');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText("New passwords don't match").waitFor();
    await field(page, 'Confirm New Password').fill('second-password-2');
    // Show/hide toggle reveals what was typed.
    await expect.poll(() => field(page, 'New Password').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show or hide new password' }).click();
    await expect.poll(() => field(page, 'New Password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Change Failed').waitFor();
    await page.getByText('Current password is incorrect').first().waitFor();
    await field(page, 'Current Password').fill('first-password-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    // Still signed in here (fresh cookie).
    await page.reload();
    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${suite.base}/`);
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'ilera_session')).toBeUndefined();

    await signIn(page, email, 'first-password-1');
    await page.getByText('Login Failed').waitFor();
    await signIn(page, email, 'second-password-2');
    await page.waitForURL(`${suite.base}/`);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });

  it('registers a professional practising in two countries, with a licence for each', async () => {
    const { page, context } = await suite.page();
    const email = `chinedu-${Date.now()}@example.ng`;
    await page.goto('/register');
    await page.getByRole('tab', { name: 'Healthcare Professional' }).click();
    await page.getByText('Reviewed before it goes live').waitFor();

    await field(page, 'First Name').fill('Chinedu');
    await field(page, 'Last Name').fill('Okafor');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone Number').fill('+234 803 123 4567');
    await field(page, 'Password').fill('doctor-password-1');
    await field(page, 'Confirm Password').fill('doctor-password-1');
    await choose(page, 'Title', 'Dr.');
    await choose(page, 'Specialty', 'Cardiology');
    await field(page, 'Years of Experience').fill('12');
    await field(page, 'Education').fill('MBBS, University of Lagos (2008)');
    await field(page, 'Bio').fill('Consultant cardiologist with twelve years of practice.');

    // Nigeria is preselected with its licence field; add Ghana.
    await field(page, 'License Number (Nigeria)').waitFor();
    await combo(page, 'Countries of Practice').click();
    await page.getByRole('option', { name: 'Ghana', exact: true }).click();
    await page.keyboard.press('Escape');
    await field(page, 'Address').fill('12 Awolowo Road, Ikoyi');
    await field(page, 'City').fill('Lagos');
    await choose(page, 'State', 'Lagos');

    // Licences missing: the rule of section 5, per country.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => page.getByText('License number is required for each country').count()).toBe(2);
    await field(page, 'License Number (Nigeria)').fill('MDCN/12345');
    await field(page, 'License Number (Ghana)').fill('GMDC/678');
    await field(page, 'Council (Ghana)').fill('Medical and Dental Council, Ghana');
    await field(page, 'Expiry Date (Nigeria)').fill('2099-12-31');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Registration Successful').waitFor();
    await page.getByText('Your application has been submitted for approval').waitFor();
    await page.waitForURL(/\/login$/);

    const [pro] = await suite.ctx.sql`
      SELECT p.status, p.is_verified, p.countries, p.country_licenses, p.specialty, p.title, p.years_of_experience, u.user_type
      FROM professionals p JOIN users u ON u.id = p.user_id WHERE u.email = ${email}`;
    expect(pro).toEqual({
      status: 'pending',
      isVerified: false,
      countries: ['Nigeria', 'Ghana'],
      countryLicenses: [
        { country: 'Nigeria', licenseNumber: 'MDCN/12345', council: 'MDCN', expiresOn: '2099-12-31' },
        { country: 'Ghana', licenseNumber: 'GMDC/678', council: 'Medical and Dental Council, Ghana', expiresOn: null },
      ],
      specialty: 'Cardiology',
      title: 'Dr.',
      yearsOfExperience: 12,
      userType: 'professional',
    });
    await context.close();
  });

  it('forgot password: the mail from the outbox opens the reset page, the new password signs in', async () => {
    const user = await createUser(suite.ctx.sql, { firstName: 'Funmi' });
    const { page, context } = await suite.page({ mobile: true });

    // No token: invalid link.
    await page.goto('/reset-password');
    await page.getByText('Invalid Reset Link').waitFor();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The page is loaded lazily: until its heading shows, "Email" is still the sign-in form's field
    // (filling that one and then pressing Send Reset Link sent an empty form on a loaded machine).
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check Your Email').waitFor();
    await page.getByText('Reset email sent').waitFor();
    await page.getByRole('button', { name: 'Try Different Email' }).waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).waitFor();

    const outbox = path.join(suite.ctx.config.dataDir, 'outbox');
    const eml = await eventually(async () => {
      for (const f of await readdir(outbox)) {
        const text = await readFile(path.join(outbox, f), 'utf8');
        if (text.includes(`To: ${user.email}`)) return text;
      }
      return undefined;
    }, 60_000);
    const decoded = eml!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const link = /(http[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decoded)![1];
    expect(link.startsWith(`${suite.base}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'New Password').fill('recovered-pass-1');
    await field(page, 'Confirm New Password').fill('recovered-pass');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('Passwords do not match').waitFor();
    await field(page, 'Confirm New Password').fill('recovered-pass-1');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Password Reset Successful').first().waitFor();
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL(/\/login$/);

    // The link is single use.
    await page.goto(link);
    await page.getByText('Invalid Reset Link').waitFor();
    await page.getByText('Invalid Token').waitFor();

    await signIn(page, user.email, 'recovered-pass-1');
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL(`${suite.base}/`);
    await context.close();
  });

  it('an admin who signs in on /login goes to /admin', async () => {
    const admin = await createUser(suite.ctx.sql, { userType: 'admin' });
    const { page, context } = await suite.page();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(`${suite.base}/admin`);
    await context.close();
  });
});

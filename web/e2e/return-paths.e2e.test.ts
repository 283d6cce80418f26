import { describe, expect, it } from 'vitest';
import { createProfessional, createUser } from '../../test/factories';
import { browserSuite, field, hydrated } from '../../test/browser';

/**
 * Issue 34: the header's Sign In, Register and Join buttons, "Create New Account" on the sign-in
 * page and the end of registration all come back to the page the visitor was on (same-site paths
 * only, contracts' safeReturnPath).
 */
describe('return paths (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  it('a visitor on a profile who registers from the header, then signs in, is back on that profile', async () => {
    const pro = await createProfessional(suite.ctx.sql, { user: { firstName: 'Kunle', lastName: 'Returnpath' } });
    const here = `/professional/${pro.id}`;
    const next = encodeURIComponent(here);
    const { page, context } = await suite.page();
    await page.goto(here);
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?next=${next}`);
    expect(await header.getByRole('link', { name: 'Join as Professional' }).getAttribute('href')).toBe(`/register?type=professional&next=${next}`);

    await hydrated(header.getByRole('link', { name: 'Sign In' }));
    await header.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.base}/login?next=${next}`);
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await page.waitForURL(`${suite.base}/register?next=${next}`);
    // Switching account type keeps it; so does "Sign In" under the form.
    await page.getByRole('tab', { name: 'Healthcare Professional' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('next')).toBe(here);
    await page.getByRole('tab', { name: 'Patient' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('next')).toBe(here);
    expect(await page.locator('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?next=${next}`);

    const email = `back-${Date.now()}@example.ng`;
    await field(page, 'First Name').fill('Bimpe');
    await field(page, 'Last Name').fill('Adewale');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone Number').fill('0803 123 4567');
    await field(page, 'Password').fill('a-good-password-1');
    await field(page, 'Confirm Password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Successful').waitFor();
    // The end of registration is the sign-in page, still carrying the way back.
    await page.waitForURL(`${suite.base}/login?next=${next}`);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${suite.base}${here}`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Kunle Returnpath' }).waitFor();
    await context.close();
  });

  it('on a small screen the header Register comes back too; another site is never a way back', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?query=cardiology');
    const here = encodeURIComponent('/search?query=cardiology');
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(`/register?next=${here}`);
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?next=${here}`);

    // A crafted link to another site: every way on drops it.
    await page.goto(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    expect(await page.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/register');
    await page.goto(`/register?next=${encodeURIComponent('https://evil.example/')}`);
    expect(await page.locator('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    await context.close();
  });

  it("the footer's 'Create a Patient Account', 'List Your Practice' and 'Provider Log In' come back too (issue 48)", async () => {
    const pro = await createProfessional(suite.ctx.sql, { user: { firstName: 'Ronke', lastName: 'Footerpath' } });
    const here = `/professional/${pro.id}`;
    const next = encodeURIComponent(here);
    const { page, context } = await suite.page();
    await page.goto(here);
    const footer = page.locator('footer');
    // As the server drew the page, and the same links once the app has come.
    const hrefs = async () => [
      await footer.getByRole('link', { name: 'Create a Patient Account' }).getAttribute('href'),
      await footer.getByRole('link', { name: 'List Your Practice' }).getAttribute('href'),
      await footer.getByRole('link', { name: 'Provider Log In' }).getAttribute('href'),
    ];
    const expected = [`/register?next=${next}`, `/register?type=professional&next=${next}`, `/login?next=${next}`];
    expect(await hrefs()).toEqual(expected);
    await hydrated(footer.getByRole('link', { name: 'Provider Log In' }));
    expect(await hrefs()).toEqual(expected);

    // Followed: the sign-in page carries the way back, and signing in returns to the profile.
    const patient = await createUser(suite.ctx.sql, {});
    await footer.getByRole('link', { name: 'Provider Log In' }).click();
    await page.waitForURL(`${suite.base}/login?next=${next}`);
    await field(page, 'Email').fill(patient.email);
    await field(page, 'Password').fill(patient.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${suite.base}${here}`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Ronke Footerpath' }).waitFor();
    await context.close();
  });
});

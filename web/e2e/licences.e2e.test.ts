import { describe, it } from 'vitest';
import { createInstitution, createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated, signInAsAdmin } from '../../test/browser';

/**
 * Issue 18 in Chromium: an administrator verifies a professional's Nigerian licence, or
 * an institution's Nigerian registration, on the approval screen and approves; the
 * public profile then shows "Verified" and "Approved", and the search's "Verified
 * licence" filter finds the provider.
 */
describe('licence verification (browser)', { timeout: 120_000 }, () => {
  let admin: TestUser;
  const surname = `Licensed${Date.now().toString(36).replace(/\d/g, 'q')}`;
  let proId = 0;
  let instId = 0;
  let instOwner: TestUser;
  const institutionName = `${surname} Specialist Hospital`;

  const suite = browserSuite({ workers: true }, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Akindele', password: 'admin-password-1' });
    proId = (await createProfessional(ctx.sql, { status: 'pending', isVerified: false, expiresOn: '2099-12-31', user: { firstName: 'Amina', lastName: surname } })).id;
    const inst = await createInstitution(ctx.sql, { name: institutionName, status: 'pending', isVerified: false, expiresOn: '2099-12-31' });
    instId = inst.id;
    instOwner = inst.user;
  });

  it('an administrator verifies a licence on the approval screen; the public profile then shows "Verified"', async () => {
    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);

    const card = page.getByRole('article', { name: `Dr. Amina ${surname}` });
    await card.getByText('Nigeria: LIC-Nigeria · MDCN · expires Thu, 31 Dec 2099').waitFor();
    await card.getByRole('button', { name: 'Verify licence (Nigeria)' }).click();
    await page.locator('.mantine-Notification-root').getByText('Licence Verified', { exact: true }).waitFor();
    await card.getByText('Licence verified', { exact: true }).waitFor();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No pending professional approvals').waitFor();

    await page.goto(`/professional/${proId}`);
    await page.getByRole('heading', { level: 1, name: `Dr. Amina ${surname}` }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();

    // The search's "Verified licence" filter finds her (the index hears of it through the outbox).
    await page.goto(`/search?q=${surname}`);
    const filter = page.getByRole('checkbox', { name: /^Verified licence \(\d+\)$/ });
    await hydrated(filter); // server-rendered (issue 16): it works once React has taken it over
    // A controlled checkbox: it shows checked once the address (the search state) has changed.
    await filter.click();
    await page.waitForURL(/verified=true/);
    await page.getByRole('checkbox', { name: /^Verified licence \(\d+\)$/, checked: true }).waitFor();
    await page.getByText(`Dr. Amina ${surname}`).first().waitFor();
    await context.close();
  });

  it('an administrator verifies an institution\'s registration on the approval screen; its public profile then shows "Verified"', async () => {
    // The institution records its renewed registration in profile setup.
    const owner = await suite.pageAs(instOwner);
    await owner.page.goto('/profile-setup');
    const form = owner.page.getByRole('form', { name: 'Institution profile' });
    await form.getByLabel('Registration Number (Nigeria)').fill('HEFAMAA/0712');
    await form.getByLabel('Issuing Body (Nigeria)').selectOption('HEFAMAA');
    await form.getByLabel('Expiry Date (Nigeria)').fill('2099-11-30');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await owner.page.getByText('Profile Updated').first().waitFor();
    await owner.context.close();

    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: /Pending Institutions/ }).click();

    const card = page.getByRole('article', { name: institutionName });
    await card.getByText('Nigeria: HEFAMAA/0712 · HEFAMAA · expires Mon, 30 Nov 2099').waitFor();
    // Not verified yet: approval alone does not give the badge.
    await card.getByRole('button', { name: 'Verify licence (Nigeria)' }).click();
    await page.locator('.mantine-Notification-root').getByText('Licence Verified', { exact: true }).waitFor();
    await card.getByText('Licence verified', { exact: true }).waitFor();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No pending institution approvals').waitFor();

    await page.goto(`/institution/${instId}`);
    await page.getByRole('heading', { level: 1, name: institutionName }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();

    // The institutions search with "Verified licence" finds it, with the badge on its card.
    await page.goto(`/search?type=institutions&q=${surname}&verified=true`);
    await page.getByRole('checkbox', { name: /^Verified licence \(\d+\)$/, checked: true }).waitFor();
    const result = page.getByRole('article', { name: institutionName });
    await result.getByText('Verified', { exact: true }).waitFor();
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually } from '../../test/support';
import { createInstitution, createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite, toast } from '../../test/browser';

/** The administrator's journey in Chromium (issue 7), against the real API and workers. */
describe('admin area (browser)', { timeout: 120_000 }, () => {
  let admin: TestUser;
  let patient: TestUser;
  const stamp = Date.now().toString(36).replace(/\d/g, 'q');
  const proSurname = `Olumide${stamp}`;
  const pending = { id: 0, name: `Dr. Zainab ${proSurname}` };
  const approved = { id: 0, name: `Dr. Emeka Withdrawn${stamp}` };
  const institution = { id: 0, name: `Ikeja Care ${stamp} Hospital` };

  const suite = browserSuite({ workers: true }, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Akindele', password: 'admin-password-1' });
    patient = await createUser(ctx.sql, { firstName: 'Segun', password: 'patient-password-1' });
    pending.id = (await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Zainab', lastName: proSurname } })).id;
    approved.id = (await createProfessional(ctx.sql, { status: 'approved', user: { firstName: 'Emeka', lastName: `Withdrawn${stamp}` } })).id;
    institution.id = (await createInstitution(ctx.sql, { status: 'pending', name: institution.name })).id;
  });


  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('signs in, approves, rejects, withdraws, creates a patient, reads the activity and signs out', async () => {
    const { page, context } = await suite.page();

    // A wrong password: toast and inline.
    await signIn(page, admin.email, 'wrong-password');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).count()).toBeGreaterThan(0);
    await toast(page, 'Login Failed').waitFor();

    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Welcome back, Funke Akindele', { exact: false }).waitFor();
    for (const label of ['Add User', 'Change Password', 'Logout']) {
      await page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).first().waitFor();
    }
    for (const card of ['Total Professionals', 'Total Institutions', 'Pending Approvals', 'Total Appointments']) {
      await page.getByLabel(card).waitFor();
    }
    await expect.poll(() => page.getByLabel('Pending Approvals').innerText()).toContain('2');
    await page.getByRole('tab', { name: 'Pending Professionals (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Pending Institutions (1)' }).waitFor();

    // Review opens the public profile in a new tab.
    const card = page.getByRole('article', { name: pending.name });
    const review = card.getByRole('link', { name: 'Review' });
    expect(await review.getAttribute('href')).toBe(`/professional/${pending.id}`);
    expect(await review.getAttribute('target')).toBe('_blank');

    // Approve: the professional leaves the pending tab (and becomes publicly searchable: checked at the end).
    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Professional Approved').waitFor();
    await page.getByText('No pending professional approvals').waitFor();
    await page.getByRole('tab', { name: 'Pending Professionals (0)' }).waitFor();

    // Reject an institution, with a reason.
    await page.getByRole('tab', { name: /Pending Institutions/ }).click();
    const inst = page.getByRole('article', { name: institution.name });
    await inst.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Facility licence has expired');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(page, 'Institution Rejected').waitFor();
    await page.getByText('No pending institution approvals').waitFor();
    const [row] = await suite.ctx.sql`SELECT status, rejection_reason FROM institutions WHERE id = ${institution.id}`;
    expect(row).toEqual({ status: 'rejected', rejectionReason: 'Facility licence has expired' });
    // Issue 14: the rejected tab finds it by name (with its reason), and reopening sends it back to pending.
    await page.getByRole('tab', { name: 'Rejected Institutions' }).click();
    await page.getByLabel('Search by name or e-mail').fill(`Ikeja Care ${stamp}`);
    const rejected = page.getByRole('article', { name: institution.name });
    await rejected.getByText('Reason: Facility licence has expired').waitFor();
    await rejected.getByRole('button', { name: 'Reopen' }).click();
    await toast(page, 'Institution Reopened').waitFor();
    await page.getByText('No rejected institutions').waitFor();
    await page.getByRole('tab', { name: 'Pending Institutions (1)' }).waitFor();

    // Withdraw an approval: back to the pending tab.
    await page.getByRole('tab', { name: /Approved Professionals/ }).click();
    await page.getByRole('article', { name: approved.name }).getByRole('button', { name: 'Withdraw Approval' }).click();
    await toast(page, 'Professional Approval Withdrawn').waitFor();
    await page.getByRole('tab', { name: /Pending Professionals/ }).click();
    await page.getByRole('article', { name: approved.name }).waitFor();

    // Create a patient.
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.waitForURL(/\/admin\/add-user$/);
    const newEmail = `amaka-${stamp}@example.ng`;
    await page.getByLabel('First Name').fill('Amaka');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill(newEmail);
    await page.locator('input[type="password"]').fill('amaka-password-1');
    await page.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User Created').waitFor();
    const login = await context.request.post('/api/auth/login', { data: { email: newEmail, password: 'amaka-password-1' } });
    expect(login.status()).toBe(200);
    expect((await login.json()).user.userType).toBe('patient');
    // That sign-in replaced the admin's cookie in this browser context; sign the admin back in.
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);

    // The activity tab shows every action, newest first.
    await page.getByRole('tab', { name: 'Activity' }).click();
    const log = page.getByRole('table', { name: 'Activity log' });
    await log.waitFor();
    for (const text of ['Created user', 'Withdrew professional approval', 'Rejected institution', 'Approved professional', 'Signed in']) {
      await log.getByText(text, { exact: true }).first().waitFor();
    }
    await log.getByText(`${newEmail} (patient)`).waitFor();
    await log.getByText(`${institution.name} — Reason: Facility licence has expired`).waitFor();
    const firstRow = log.locator('tbody tr').first();
    expect(await firstRow.innerText()).toContain('Signed in');
    expect(await firstRow.innerText()).toContain('WAT');

    // Sign out.
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out').waitFor();
    await page.waitForURL(/\/admin\/login$/);
    // Signed out, /admin refuses again.
    await page.goto('/admin');
    await page.getByText('Admin Access Required').first().waitFor();
    await page.waitForURL(/\/admin\/login$/);

    // The approved professional appears in the public search (real relay and index worker, D15).
    const hits = await eventually(async (): Promise<false | { id: string | number }[]> => {
      const res = await context.request.get(`/api/professionals/search?query=${encodeURIComponent(proSurname)}`);
      if (!res.ok()) return false;
      const body = (await res.json()) as { hits: { id: string | number }[] };
      return body.hits.some((h) => String(h.id) === String(pending.id)) && body.hits;
    }, 60_000);
    expect((hits as { id: string | number }[]).map((h) => String(h.id))).toContain(String(pending.id));
    await context.close();
  });

  it('a patient opening /admin is told "Admin Access Required" and lands on /admin/login', async () => {
    const { page, context } = await suite.page({ mobile: true });
    const res = await context.request.post('/api/auth/login', { data: { email: patient.email, password: patient.password } });
    expect(res.status()).toBe(200);
    await page.goto('/admin');
    await toast(page, 'Admin Access Required').waitFor();
    await page.getByText('Please log in with admin credentials').first().waitFor();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    // The patient's own session is untouched, and the admin calls stay refused.
    expect((await context.request.get('/api/admin/stats')).status()).toBe(403);
    await context.close();
  });

  it('the admin change-password page changes the password at once', async () => {
    const other = await createUser(suite.ctx.sql, { userType: 'admin', firstName: 'Bayo', password: 'bayo-password-1' });
    const { page, context } = await suite.page();
    await signIn(page, other.email, 'bayo-password-1');
    await page.waitForURL(/\/admin$/);
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL(/\/admin\/change-password$/);
    await page.getByText('The new password works as soon as you save it', { exact: false }).waitFor();
    const fields = page.locator('input[type="password"]');
    await fields.nth(0).fill('bayo-password-1');
    await fields.nth(1).fill('bayo-password-2');
    await fields.nth(2).fill('bayo-password-3');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText("New passwords don't match").waitFor();
    await fields.nth(2).fill('bayo-password-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Changed').waitFor();
    await page.waitForURL(/\/admin$/);
    const old = await suite.ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: other.email, password: 'bayo-password-1' } });
    expect(old.statusCode).toBe(401);
    const fresh = await suite.ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: other.email, password: 'bayo-password-2' } });
    expect(fresh.statusCode).toBe(200);
    await context.close();
  });
});

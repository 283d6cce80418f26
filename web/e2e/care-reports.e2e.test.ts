import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProfessional, createRegisterListing, createUser, type TestUser } from '../../test/factories';
import { browserSuite, signInAsAdmin, toast } from '../../test/browser';

/**
 * Issue 45 in Chromium: a patient answers "How was your visit?" under a completed appointment (their "My
 * plan" preselected), once; on a register listing a patient says they visited and suggests an edit, and an
 * administrator finds the suggestion in the Care facts tab and rejects it with a note.
 */
describe('care reports and suggested edits (browser)', { timeout: 120_000 }, () => {
  let patient: TestUser;
  let admin: TestUser;
  let doctor: { id: number; user: TestUser };
  let listing: { id: number };
  let appointmentId: number;
  let flagged: { id: number; user: TestUser };

  const suite = browserSuite({}, async (ctx) => {
    await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'NHIA', 'nhia'), ('lagoon-hmo', 'Lagoon HMO', 'hmo')`;
    patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
    await ctx.sql`UPDATE users SET my_plan = 'lagoon-hmo' WHERE id = ${patient.id}`;
    admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
    doctor = await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Family Medicine', user: { firstName: 'Chinedu', lastName: 'Okafor' } });
    listing = await createRegisterListing(ctx.sql, { name: 'Ebute Metta Health Post' });
    const [row] = await ctx.sql<{ id: number }[]>`
      INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${patient.id}, ${doctor.id}, 'consultation', now() - interval '3 days', 'completed', 'Adaeze Okonkwo', ${patient.email}, '0803 123 4567')
      RETURNING id`;
    appointmentId = row!.id;

    // A fee and a plan that three patients' reports contradict: ₦30,000 published, ₦10,000-₦12,000 paid; NHIA listed, refused.
    flagged = await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Paediatrics', user: { firstName: 'Bola', lastName: 'Ade' } });
    await ctx.sql`UPDATE professionals SET consultation_fee = 30000 WHERE id = ${flagged.id}`;
    await ctx.sql`INSERT INTO provider_plans (professional_id, payer_slug, source) VALUES (${flagged.id}, 'nhia', 'provider')`;
    for (const paid of [10000, 11000, 12000]) {
      const reporter = await createUser(ctx.sql);
      await ctx.sql`
        INSERT INTO care_reports (professional_id, patient_id, visited_on, payer_slug, plan_accepted, paid_naira)
        VALUES (${flagged.id}, ${reporter.id}, current_date - 5, 'nhia', false, ${paid})`;
    }
  });

  const dialog = (page: Page) => page.getByRole('dialog');
  const yes = (page: Page, question: string) => dialog(page).getByRole('radiogroup', { name: question }).getByLabel('Yes', { exact: true });

  it('a patient answers the question set of a completed appointment once', async () => {
    const { page, context } = await suite.pageAs(patient);
    await page.goto('/appointments');
    const card = page.getByRole('article', { name: 'Appointment with Dr. Chinedu Okafor' });
    // The list is the app's (signed-in page): slow to come on a loaded machine.
    await card.waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: 'How was your visit?' }).click();
    await dialog(page).getByText('every question is optional', { exact: false }).waitFor();
    // The account's "My plan" is preselected.
    await expect.poll(() => dialog(page).getByLabel('Health plan').inputValue(), { timeout: 15_000 }).toBe('lagoon-hmo');

    // Nothing answered: refused at the form, nothing sent.
    await dialog(page).getByRole('button', { name: 'Send Answers' }).click();
    await dialog(page).getByText('Please answer at least one question').waitFor();
    expect((await suite.ctx.sql`SELECT 1 FROM care_reports WHERE patient_id = ${patient.id}`).length).toBe(0);

    await yes(page, 'Was it open when you arrived?').check();
    await dialog(page).getByLabel('Health plan').selectOption('nhia');
    await yes(page, 'Was your plan accepted?').check();
    await dialog(page).getByLabel('What did you pay for the consultation? (₦)').fill('12500');
    await dialog(page).getByRole('button', { name: 'Send Answers' }).click();
    await toast(page, 'Thank You').waitFor();
    await card.getByText('Thank you for telling us how your visit went.').waitFor();
    expect(await card.getByRole('button', { name: 'How was your visit?' }).count()).toBe(0);

    const rows = await suite.ctx.sql`
      SELECT professional_id, appointment_id, was_open, payer_slug, plan_accepted, paid_naira FROM care_reports WHERE patient_id = ${patient.id}`;
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { professionalId: doctor.id, appointmentId, wasOpen: true, payerSlug: 'nhia', planAccepted: true, paidNaira: 12500 },
    ]);

    // Another day, another device: the list itself says it was answered.
    await page.reload();
    await card.getByText('Thank you for telling us how your visit went.').waitFor();
    expect(await card.getByRole('button', { name: 'How was your visit?' }).count()).toBe(0);
    await context.close();
  });

  it('on a listing a patient says they visited and suggests an edit; an admin rejects it with a note', async () => {
    const { page, context } = await suite.pageAs(patient);
    await page.goto(`/institution/${listing.id}`);
    const help = page.getByRole('region', { name: 'Help keep this page right' });
    await help.getByRole('button', { name: 'I Visited' }).click();
    await dialog(page).getByLabel('Day of your visit').waitFor();
    await dialog(page).getByRole('radiogroup', { name: 'Was it open when you arrived?' }).getByLabel('No', { exact: true }).check();
    await dialog(page).getByRole('button', { name: 'Send Answers' }).click();
    await help.getByText('Thank you for telling us about your visit.').waitFor();
    expect(await help.getByRole('button', { name: 'I Visited' }).count()).toBe(0);
    const [visit] = await suite.ctx.sql`SELECT was_open, appointment_id FROM care_reports WHERE institution_id = ${listing.id}`;
    expect({ ...visit }).toEqual({ wasOpen: false, appointmentId: null });

    await help.getByRole('button', { name: 'Suggest an Edit' }).click();
    await dialog(page).getByRole('button', { name: 'Send Suggestion' }).click();
    await dialog(page).getByText('Please choose what is wrong').waitFor();
    await dialog(page).getByLabel('What is wrong?').selectOption('phone');
    await dialog(page).getByLabel('What should it say?').fill('The number is now 0809 111 2222');
    await dialog(page).getByRole('button', { name: 'Send Suggestion' }).click();
    await toast(page, 'Suggestion Sent').waitFor();
    await context.close();

    const a = await suite.page();
    await signInAsAdmin(a.page, { email: admin.email, password: 'admin-password-1' });
    await a.page.getByRole('tab', { name: 'Care facts' }).click();
    const item = a.page.getByRole('article', { name: 'Suggested edit of Ebute Metta Health Post' });
    await item.getByText('“The number is now 0809 111 2222”').waitFor();
    await item.getByText('Wrong phone number').waitFor();
    await item.getByRole('button', { name: 'Reject' }).click();
    await dialog(a.page).getByLabel('Note (optional)').fill('The register has the same number');
    await dialog(a.page).getByRole('button', { name: 'Reject' }).click();
    await toast(a.page, 'Suggestion Rejected').waitFor();
    await a.page.getByRole('region', { name: 'Suggested edits' }).getByText('No open suggestions').waitFor();

    const [row] = await suite.ctx.sql`SELECT status, decision_note, decided_by FROM care_suggestions WHERE institution_id = ${listing.id}`;
    expect({ ...row }).toEqual({ status: 'rejected', decisionNote: 'The register has the same number', decidedBy: admin.id });
    // The decided ones keep the note.
    await a.page.getByRole('region', { name: 'Suggested edits' }).getByText('Rejected', { exact: true }).click();
    await a.page.getByRole('article', { name: 'Suggested edit of Ebute Metta Health Post' }).getByText('The register has the same number', { exact: false }).waitFor();
    await a.context.close();
  });

  it('the owner sees what patients contradict on the dashboard, and admins in the Care facts tab', async () => {
    const { page, context } = await suite.pageAs(flagged.user);
    await page.goto('/'); // signed in, / is the dashboard
    const flags = page.getByRole('region', { name: 'Patients report something different' });
    await flags.waitFor({ timeout: 60_000 });
    await flags.getByText('The published consultation fee ₦30,000 is outside what 3 patients reported paying (₦10,000-₦12,000).').waitFor();
    await flags.getByText('3 patients say their NHIA plan was not accepted.').waitFor();
    expect(await flags.getByRole('link', { name: 'edit your care facts' }).getAttribute('href')).toBe('/profile-setup');
    await context.close();

    // A provider nobody contradicts sees no notice.
    const other = await suite.pageAs(doctor.user);
    const answered = other.page.waitForResponse((r) => r.url().endsWith(`/api/professionals/${doctor.id}/care-flags`), { timeout: 60_000 });
    await other.page.goto('/');
    expect((await answered).status()).toBe(200);
    await other.page.getByRole('region', { name: 'Your profile' }).waitFor({ timeout: 60_000 });
    expect(await other.page.getByRole('region', { name: 'Patients report something different' }).count()).toBe(0);
    await other.context.close();

    const a = await suite.page();
    await signInAsAdmin(a.page, { email: admin.email, password: 'admin-password-1' });
    await a.page.getByRole('tab', { name: 'Care facts' }).click();
    const item = a.page.getByRole('article', { name: 'Flags of Dr. Bola Ade' });
    await item.getByText('3 patients say their NHIA plan was not accepted').waitFor();
    expect(await a.page.getByRole('region', { name: 'Contradicted facts' }).getByRole('article').count()).toBe(1);
    await a.context.close();
  });
});

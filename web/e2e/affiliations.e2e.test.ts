import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/** D20 in Chromium: a professional asks to join, the institution confirms, the public sees it. */
describe('affiliations (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({ workers: true });

  const pageAs = async (user: TestUser) => (await suite.pageAs(user)).page;
  const section = (page: Page, title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  it('a professional requests an affiliation, the institution confirms it, then the profiles and search show it', async () => {
    const pro = await createProfessional(suite.ctx.sql, { specialty: 'Pediatrics', user: { firstName: 'Ngozi', lastName: 'Eze' } });
    const inst = await createInstitution(suite.ctx.sql, { name: 'Harbour Children Hospital', city: 'Port Harcourt', state: 'Rivers' });
    await createInstitution(suite.ctx.sql, { name: 'Ring Road Clinic' });
    const patient = await createUser(suite.ctx.sql, { firstName: 'Amaka', lastName: 'Obi' });
    // What the profile and the card show beside the link (issue 14 "Profile and cards", D18).
    await suite.ctx.sql`UPDATE professionals SET consultation_fee = 15000, languages = 'English, Igbo',
      certifications = 'Paediatric Advanced Life Support (2021)', contact_email = 'ngozi.clinic@example.ng'
      WHERE id = ${pro.id}`;
    await reindexAll(suite.ctx.sql, { engine: new PostgresEngine(suite.ctx.sql) });

    // The professional finds the institution by name and asks to join with a role.
    const proPage = await pageAs(pro.user);
    await proPage.goto('/');
    const mine = section(proPage, 'Affiliations');
    await mine.getByText('No affiliations yet.', { exact: false }).waitFor();
    await mine.getByRole('textbox', { name: 'Institution' }).fill('Harbour');
    await proPage.getByRole('option', { name: /Harbour Children Hospital/ }).click();
    await mine.getByRole('textbox', { name: 'Your role' }).fill('Consultant Paediatrician');
    await mine.getByRole('button', { name: 'Request to Join' }).click();
    await proPage.getByText('Request sent').waitFor();
    const request = mine.getByRole('listitem');
    await request.getByRole('link', { name: 'Harbour Children Hospital' }).waitFor();
    await request.getByText('Awaiting confirmation').waitFor();

    // The institution sees the request on its dashboard and confirms it.
    const instPage = await pageAs(inst.user);
    await instPage.goto('/');
    const requests = section(instPage, 'Affiliation Requests');
    const item = requests.getByRole('listitem').filter({ hasText: 'Dr. Ngozi Eze' });
    await item.getByText('Consultant Paediatrician · Pediatrics').waitFor();
    await item.getByRole('button', { name: 'Confirm' }).click();
    await item.getByText('Confirmed', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'End Affiliation' }).waitFor();

    // The professional's dashboard follows.
    await proPage.reload();
    await section(proPage, 'Affiliations').getByRole('listitem').getByText('Confirmed', { exact: true }).waitFor();

    // A patient sees the link on both public profiles and on the search card.
    const patientPage = await pageAs(patient);
    await patientPage.goto(`/professional/${pro.id}`);
    const affiliated = section(patientPage, 'Affiliated Institutions');
    const link = affiliated.getByRole('link', { name: 'Harbour Children Hospital' });
    expect(await link.getAttribute('href')).toBe(`/institution/${inst.id}`);
    await affiliated.getByText('Consultant Paediatrician').waitFor();
    const details = section(patientPage, 'Details');
    await details.getByText('₦15,000').waitFor();
    await details.getByText('English, Igbo').waitFor();
    await section(patientPage, 'Certifications').getByText('Paediatric Advanced Life Support (2021)').waitFor();
    await section(patientPage, 'Contact').getByText('ngozi.clinic@example.ng').waitFor();
    expect(await patientPage.content()).not.toContain(pro.user.email);

    await patientPage.goto(`/institution/${inst.id}`);
    const associated = section(patientPage, 'Associated Professionals');
    await associated.getByText('Consultant Paediatrician').waitFor();
    expect(await associated.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe(`/professional/${pro.id}`);

    // The index follows through the event flow: the card names the institution.
    await expect
      .poll(
        async () => {
          await patientPage.goto('/search?q=Ngozi%20Eze');
          const card = patientPage.locator('article').filter({ hasText: 'Dr. Ngozi Eze' });
          await card.first().waitFor();
          return card.first().textContent();
        },
        { timeout: 20000 },
      )
      .toContain('Harbour Children Hospital');
    expect(await patientPage.locator('article').filter({ hasText: 'Dr. Ngozi Eze' }).textContent()).toContain('₦15,000');
  });
});

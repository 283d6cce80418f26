import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { browserSuite, signInAsAdmin, toast } from '../../test/browser';

/**
 * Issue 50: "Suggest a better translation" reaches the admins. A visitor sends better words from the form
 * beside a Beta language; an admin finds them in the dashboard's Translations tab, reads them with
 * the English they translate, and marks them done (migration 079, audited).
 */
describe('translation suggestions in the admin area (browser)', { timeout: 180_000 }, () => {
  let admin: TestUser;
  const suite = browserSuite({}, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Eze' });
  });

  it('an admin sees a submitted suggestion with its English and marks it done', async () => {
    // A visitor's suggestion, through the real form: words of Account settings' language form in Hausa.
    const visitor = await suite.page();
    await visitor.page.goto('/suggest-translation?lang=ha&page=%2Fha%2Faccount');
    await visitor.page.getByLabel('The words on the page (optional)').fill('Kamar yadda burauzata take');
    await visitor.page.getByLabel('Your better words').fill('Bi burauzata');
    await Promise.all([visitor.page.waitForURL(/sent=1/), visitor.page.getByRole('button', { name: 'Send suggestion' }).click()]);
    await visitor.context.close();
    const [{ id }] = await suite.ctx.sql<{ id: number }[]>`SELECT id::int FROM translation_suggestions`;

    const { page, context } = await suite.page();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByRole('heading', { level: 2, name: 'Translation suggestions' }).waitFor();
    const card = page.getByRole('article', { name: `Suggestion ${id} (Hausa)` });
    await card.waitFor();
    expect(await card.getByRole('link', { name: '/ha/account' }).getAttribute('href')).toBe('/ha/account');
    // The English comes from the site's catalogue: the admin judges the words against it.
    await card.getByText('English: Follow my browser').waitFor();
    expect(await card.innerText()).toContain('Words on the page: Kamar yadda burauzata take');
    expect(await card.innerText()).toContain('Suggestion: Bi burauzata');
    expect(await card.getByText('Bi burauzata').getAttribute('lang')).toBe('ha');

    await card.getByRole('button', { name: 'Mark done' }).click();
    await toast(page, 'Marked Done').waitFor();
    // It leaves the open list and is listed as done.
    await card.waitFor({ state: 'detached' });
    await page.getByText('No open suggestions').waitFor();
    // The control's radio input is visually hidden; its label is what a person clicks.
    const doneSide = page.getByRole('radio', { name: 'Done' });
    await page.locator(`label[for="${await doneSide.getAttribute('id')}"]`).click();
    await page.getByRole('article', { name: `Suggestion ${id} (Hausa)` }).getByText(/^Done /).waitFor();

    const [row] = await suite.ctx.sql`SELECT status, decided_at IS NOT NULL AS decided FROM translation_suggestions WHERE id = ${id}`;
    expect(row).toEqual({ status: 'done', decided: true });
    const [audit] = await suite.ctx.sql`SELECT admin_id, outcome, detail FROM audit_log WHERE action = 'mark_translation_suggestion'`;
    expect(audit).toEqual({ adminId: admin.id, outcome: 'success', detail: { status: 'done', locale: 'ha' } });
    await context.close();
  });
  it("finds the English of words from every catalogue: the parts' fetched later (search-later, profile-later) and the card's (care-report)", async () => {
    // Suggestions as visitors send them (the form is checked above): words a page showed in Hausa.
    const sent = [
      ['ha', '/ha/search?q=iba', 'Nema ya yi yawa', 'Too many searches'],
      ['ha', '/ha/professional/1', 'Zagi ko cin mutunci', 'Offensive or abusive'],
      ['ha', '/ha/institution/1', 'Taimaka a gyara wannan shafi', 'Help keep this page right'],
    ] as const;
    const ids: number[] = [];
    for (const [locale, page, shown] of sent) {
      const [row] = await suite.ctx.sql<{ id: number }[]>`
        INSERT INTO translation_suggestions (locale, page, shown, suggestion) VALUES (${locale}, ${page}, ${shown}, 'Better words') RETURNING id::int`;
      ids.push(row!.id);
    }
    const { page, context } = await suite.page();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: 'Translations' }).click();
    for (const [i, [, , , english]] of sent.entries()) {
      const card = page.getByRole('article', { name: `Suggestion ${ids[i]} (Hausa)` });
      await card.getByText(`English: ${english}`).waitFor();
      expect(await card.innerText()).not.toContain('not found in the catalogue');
    }
    await context.close();
  });
});

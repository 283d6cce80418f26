import { describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createInstitution, createRegisterListing, createUser, type TestUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/**
 * Issue 33 (D22) in Chromium: an institution account sees its claims of register listings on its
 * dashboard ("My claims"): each listing, whether it is under review, approved or rejected, and the
 * administrator's reason; an account with no profile of its own sees them too, and no one else's.
 */
describe('my claims (browser)', { timeout: 120_000 }, () => {
  let owner: TestUser;
  let newcomer: TestUser;
  const suffix = Date.now().toString(36);
  const names = { reviewed: `Ebute Metta Health Post ${suffix}`, rejected: `PHC Oyingbo ${suffix}`, other: `PHC Iwaya ${suffix}` };
  const registration = { country: 'Nigeria', licenseNumber: 'LSMOH/PHC/0412', council: 'HEFAMAA', expiresOn: '2099-12-31' };

  const claim = async (sql: Sql, listing: number, user: TestUser, decided?: { status: 'rejected'; reason: string }) => {
    await sql`
      INSERT INTO institution_claims (institution_id, claimant_user_id, registration, message, status, decision_reason, decided_at)
      VALUES (${listing}, ${user.id}, ${sql.json(registration)}, 'I am the officer in charge.', ${decided?.status ?? 'pending'},
        ${decided?.reason ?? null}, ${decided ? new Date('2026-11-20T10:00:00Z') : null})`;
  };

  const suite = browserSuite({}, async (ctx) => {
    owner = (await createInstitution(ctx.sql, { name: `Oyingbo Medical Centre ${suffix}` })).user;
    newcomer = await createUser(ctx.sql, { userType: 'institution', firstName: 'Kemi', lastName: 'Bello', password: 'newcomer-password-1' });
    const at = (name: string) => createRegisterListing(ctx.sql, { name, ward: 'Oyingbo', lga: 'Lagos Mainland', latitude: 6.48, longitude: 3.385 });
    const reviewed = (await at(names.reviewed)).id;
    const rejected = (await at(names.rejected)).id;
    const other = (await at(names.other)).id;
    await claim(ctx.sql, reviewed, owner);
    await claim(ctx.sql, rejected, owner, { status: 'rejected', reason: 'The registration number is not HEFAMAA’s.' });
    await claim(ctx.sql, other, newcomer);
  });

  const claimsOn = async (page: import('playwright-core').Page) => {
    const card = page.getByRole('region', { name: 'My claims' });
    await card.waitFor();
    // As shown (the status badge is in capitals, whatever its text).
    return card.getByRole('listitem').evaluateAll((items) => items.map((i) => (i as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  };

  it('an institution with a profile sees its claims, their state and the reason of a rejection, each linking to its listing', async () => {
    const { page, context } = await suite.pageAs(owner);
    await page.goto('/');
    const items = await claimsOn(page);
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.includes(names.reviewed))).toMatch(/Under review Claimed \d+ \w{3} \d{4}$/i);
    expect(items.find((i) => i.includes(names.rejected))).toMatch(/Rejected Claimed .*, decided 20 Nov 2026 Reason: The registration number is not HEFAMAA’s\.$/i);
    expect(items.some((i) => i.includes(names.other))).toBe(false);
    await page.getByRole('link', { name: names.reviewed }).click();
    await page.getByRole('heading', { level: 1, name: names.reviewed }).waitFor();
    await context.close();
  });

  it('an institution account without a profile sees its claims beside the invitation to create one', async () => {
    const { page, context } = await suite.pageAs(newcomer);
    await page.goto('/');
    const items = await claimsOn(page);
    expect(items).toHaveLength(1);
    expect(items[0]).toContain(names.other);
    expect(items[0]).toMatch(/Under review/i);
    await context.close();
  });
});

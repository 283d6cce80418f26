import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProfessional } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems, toast } from '../../test/browser';

// A server-drawn page and the app on a machine shared by several builds took longer than test/browser.ts's
// 15 s here (07:00 UTC, load 28-30): these journeys wait up to 45 s for a page or an element.
const SLOW = 45_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SLOW });

/**
 * Issue 45 in Chromium: an owner sets opening hours, a health plan and fees in profile setup's "Care facts",
 * and the public profile (drawn by the server) shows them: the week from today, the fees in naira, the plan
 * by its name, and the day they were confirmed. A bad period is refused with the contracts' message.
 */
describe('care facts in profile setup (browser)', { timeout: 120_000 }, () => {
  let doctor: { id: number; user: { email: string; password: string } };
  const suite = browserSuite({}, async (ctx) => {
    await ctx.sql`
      INSERT INTO payers (slug, name, kind, plans) VALUES
        ('nhia', 'NHIA', 'nhia', '[{"name": "Formal Sector", "tier": null}]'),
        ('bluecross-hmo', 'Bluecross HMO', 'hmo', '[]')`;
    doctor = await createProfessional(ctx.sql, { user: { firstName: 'Amaka', lastName: 'Obi' }, specialty: 'Family Medicine' });
  });

  /** What the week's list on the profile says, day by day: { Monday: '08:00–17:00', ... }. */
  const week = (page: Page) =>
    page
      .getByRole('list', { name: 'Opening hours by day' })
      .getByRole('listitem')
      .evaluateAll((items) => Object.fromEntries(items.map((li) => [li.children[0]!.textContent!.replace(' (today)', ''), li.children[1]!.textContent])));

  it('an owner sets hours, a plan and fees, and sees them on the public profile', async () => {
    const { page, context } = await suite.pageAs(doctor.user);
    page.setDefaultTimeout(SLOW);
    await page.goto('/profile-setup');
    const care = page.getByRole('region', { name: 'Care facts' });
    await care.getByRole('heading', { name: 'Care Facts' }).waitFor();
    expect(await care.getByText(/confirmed on/).count()).toBe(0);

    await care.getByText('Set hours', { exact: true }).click();
    // A new timetable starts as Monday to Friday 08:00-17:00.
    expect(await care.getByLabel('Monday opens', { exact: true }).inputValue()).toBe('08:00');
    expect(await care.getByLabel('Friday closes', { exact: true }).inputValue()).toBe('17:00');
    await care.getByLabel('Friday closes', { exact: true }).selectOption('19:30');
    await care.getByRole('button', { name: 'Add Saturday hours' }).click();
    await care.getByLabel('Saturday opens', { exact: true }).selectOption('09:00');
    await care.getByLabel('Saturday closes', { exact: true }).selectOption('09:00');
    // A second Wednesday period, past midnight.
    await care.getByRole('button', { name: 'Add Wednesday hours' }).click();
    await care.getByLabel('Wednesday opens (2)', { exact: true }).selectOption('22:00');
    await care.getByLabel('Wednesday closes (2)', { exact: true }).selectOption('02:00');

    await care.getByRole('button', { name: 'Add health plan' }).click();
    await care.getByLabel('Health plan', { exact: true }).selectOption('nhia');
    await care.getByLabel('Plan or tier', { exact: true }).selectOption('Formal Sector');
    await care.getByLabel('Primary provider').check();
    await care.getByLabel('Registration / card fee (₦)').fill('2000');
    await care.getByLabel('Consultation fee (₦)').fill('15000');

    // Saturday opens and closes at 09:00: refused before anything is sent, at the field.
    await care.getByRole('button', { name: 'Save Care Facts' }).click();
    await care.getByText('A period must open and close at different times').waitFor();
    await care.getByLabel('Saturday closes', { exact: true }).selectOption('13:00');
    await care.getByRole('button', { name: 'Save Care Facts' }).click();
    await toast(page, 'Care Facts Saved').waitFor();
    await care.getByText(/^Last confirmed on /).waitFor();

    // The public profile, as a visitor gets it: drawn by the server.
    const visitor = await suite.page({ mobile: true });
    visitor.page.setDefaultTimeout(SLOW);
    await visitor.page.goto(`/professional/${doctor.id}`);
    const shown = visitor.page;
    expect(await week(shown)).toEqual({
      Monday: '08:00–17:00',
      Tuesday: '08:00–17:00',
      Wednesday: '08:00–17:00, 22:00–02:00',
      Thursday: '08:00–17:00',
      Friday: '08:00–19:30',
      Saturday: '09:00–13:00',
      Sunday: 'Closed',
    });
    // Today first (the test's own reading of the day in Lagos).
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', weekday: 'long' }).format(new Date());
    const first = await shown.getByRole('list', { name: 'Opening hours by day' }).getByRole('listitem').first().textContent();
    expect(first).toContain(`${today} (today)`);
    const hoursCard = shown.getByRole('region', { name: 'Opening Hours' });
    expect(await hoursCard.textContent()).toMatch(/Open now · Closes \d\d:\d\d|Closed · Opens \d\d:\d\d/);
    const fees = await shown.getByRole('region', { name: 'Fees' }).textContent();
    expect(fees).toContain('Registration / card₦2,000');
    expect(fees).toContain('Consultation₦15,000');
    const plans = await shown.getByRole('region', { name: 'Health Plans' }).textContent();
    expect(plans).toContain('Accepts NHIA');
    expect(plans).toContain('Formal Sector');
    expect(plans).toContain('Primary provider');
    const confirmed = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
    expect(fees).toContain(`Confirmed on`);
    expect(fees).toContain(confirmed);
    // The profile's own Details row is the same fee.
    expect(await shown.getByRole('region', { name: 'Details' }).textContent()).toContain('₦15,000');
    await hydrated(shown.getByRole('heading', { level: 1 }));
    expect(hydrationProblems(shown)).toEqual([]);
    await visitor.context.close();

    // Saved facts come back in the form: a return visit edits what is there.
    await page.reload();
    await care.getByRole('heading', { name: 'Care Facts' }).waitFor();
    expect(await care.getByLabel('Saturday closes', { exact: true }).inputValue()).toBe('13:00');
    expect(await care.getByLabel('Consultation fee (₦)').inputValue()).toBe('15,000');
    await context.close();
  });
});

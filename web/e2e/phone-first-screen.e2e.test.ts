import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createProfessional } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems } from '../../test/browser';

/**
 * Issue 35: on a phone (360 x 740) the first screen after a search shows results. Before,
 * the type tabs, a second type selector, the filters card and the category cards came
 * first and the first result started below the fold; the "Pharmacists" card overflowed.
 */
describe('search on a phone: the first screen (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    const sql = ctx.sql;
    const surnames = ['Adebayo', 'Okafor', 'Balogun', 'Nwachukwu', 'Ogunleye', 'Eze'];
    for (const [i, lastName] of surnames.entries()) {
      await createProfessional(sql, {
        specialty: 'Cardiology',
        city: 'Lagos',
        state: 'Lagos',
        yearsOfExperience: 5 + i,
        bio: `Heart specialist number ${i + 1}, seeing adults and children with heart conditions.`,
        user: { firstName: 'Kemi', lastName },
      });
    }
    // Every category card has a count (the widest labels: "Pharmacists", "12 professionals").
    for (let i = 0; i < 12; i++) {
      await createProfessional(sql, { professionalType: 'pharmacist', title: 'Mr.', specialty: 'Clinical Pharmacy', city: 'Lagos', state: 'Lagos', bio: 'Medicines.', user: { firstName: 'Tayo', lastName: `Aina ${i}` } });
    }
    await createProfessional(sql, { professionalType: 'nurse', title: 'Ms.', specialty: 'Critical Care Nursing', city: 'Lagos', state: 'Lagos', bio: 'Ward nurse.', user: { firstName: 'Grace', lastName: 'Etim' } });
    await createInstitution(sql, { name: 'Lagos Heart Centre', services: ['Cardiology', 'Emergency Care'] });
    await reindexAll(sql, { engine: new PostgresEngine(sql) });
  });

  /** Visible elements reaching past the screen's edges that no clipping ancestor hides. */
  const wider = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out: string[] = [];
      const clippedBy = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const overflow = getComputedStyle(a).overflowX;
          if (overflow !== 'visible') {
            const r = a.getBoundingClientRect();
            if (r.left >= -1 && r.right <= width + 1) return true;
          }
        }
        return false;
      };
      const describe = (el: Element, r: DOMRect) =>
        `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : ''} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.left)}..${Math.round(r.right)}`;
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if ((r.right > width + 1 || r.left < -1) && !clippedBy(el)) out.push(describe(el, r));
        // Text cut off by the box that holds it (the "Pharmacists" card): past a clipping,
        // non-scrolling ancestor's edge.
        const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!ownText) continue;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
            const box = a.getBoundingClientRect();
            if (box.width > 1 && (r.right > box.right + 1 || r.left < box.left - 1)) out.push(`cut off: ${describe(el, r)}`);
            break;
          }
          if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        }
      }
      return { out, scrollWidth: document.documentElement.scrollWidth, width };
    });

  const firstCardPlace = (page: Page) =>
    page.evaluate(() => {
      const card = document.querySelector('article');
      const name = card?.querySelector('h3');
      if (!card || !name) return null;
      const c = card.getBoundingClientRect();
      const n = name.getBoundingClientRect();
      // How much of the card shows: all of it, or at least 200 px (name, kind, rating, place).
      const shown = Math.min(c.bottom, window.innerHeight) - Math.max(c.top, 0);
      return { enough: shown >= Math.min(c.height, 200), nameTop: n.top, nameBottom: n.bottom, viewport: window.innerHeight, name: name.textContent };
    });

  it('shows the first result within 360 x 740 after a search typed on the landing page, and nothing is wider than the screen', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/');
    expect((await wider(page)).out).toEqual([]);
    const box = page.getByRole('textbox', { name: 'Search', exact: true });
    await box.fill('cardiologist in lagos');
    await box.press('Enter');
    await page.waitForURL(/\/search\?/);
    await page.locator('article h3').first().waitFor();

    // As the server drew it, before any script ran...
    const drawn = await firstCardPlace(page);
    expect(drawn).not.toBeNull();
    expect(drawn!.nameTop).toBeGreaterThanOrEqual(0);
    expect(drawn!.nameBottom).toBeLessThanOrEqual(drawn!.viewport);
    expect(drawn!.enough).toBe(true);
    expect(await wider(page)).toMatchObject({ out: [], scrollWidth: 360 });

    // ...and once React owns the page and every script and style has arrived.
    await hydrated(page.getByRole('link', { name: /^View Profile of / }));
    await page.waitForLoadState('networkidle');
    const live = await firstCardPlace(page);
    expect(live!.name).toMatch(/Kemi/);
    expect(live!.nameTop).toBeGreaterThanOrEqual(0);
    expect(live!.nameBottom).toBeLessThanOrEqual(live!.viewport);
    expect(live!.enough).toBe(true);
    expect(await wider(page)).toMatchObject({ out: [], scrollWidth: 360 });
    await page.screenshot({ path: `${process.env.ILERA_SCREENSHOTS ?? '/tmp'}/phone-first-screen.png` });

    // The categories are still there on a phone: in the filters.
    await page.getByRole('button', { name: /Filters/ }).click();
    await expect.poll(() => page.getByRole('combobox', { name: /Type/ }).or(page.getByLabel(/Professional type/)).count()).toBeGreaterThan(0);
    expect((await wider(page)).out).toEqual([]);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('shows the Professionals/Institutions toggle and the category cards at 360 px, compact, with the first result on the first screen (issue 48, D16/D18)', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?q=cardiology');
    await page.locator('article h3').first().waitFor();
    const inView = (selector: string) =>
      page.evaluate((sel) => {
        const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: el.checkVisibility({ visibilityProperty: true }) };
      }, selector);
    const check = async () => {
      // The toggle, across the screen, above the results.
      const toggle = page.getByRole('radiogroup', { name: 'Search for' }).or(page.locator('.ilera-type-toggle')).first();
      expect(await toggle.isVisible()).toBe(true);
      expect(await page.getByText('Professionals', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByText('Institutions', { exact: true }).first().isVisible()).toBe(true);
      // The category cards: one row on the first screen, scrolling sideways rather than wider than the screen.
      const cards = page.getByRole('group', { name: 'Professional types' });
      expect(await cards.isVisible()).toBe(true);
      for (const name of [/Doctors/, /Pharmacists/]) expect(await cards.getByRole('button', { name }).count()).toBe(1);
      const row = (await inView('.ilera-category-row'))!;
      expect(row.shown).toBe(true);
      expect(row.bottom).toBeLessThanOrEqual(740);
      expect(row.left).toBeGreaterThanOrEqual(0);
      expect(row.right).toBeLessThanOrEqual(360);
      const first = (await inView('.ilera-category-row > *:first-child'))!;
      expect(first.top).toBe(row.top); // one row, not a grid of rows
      // The first result card within the first screen.
      const card = await firstCardPlace(page);
      expect(card).not.toBeNull();
      expect(card!.nameTop).toBeGreaterThanOrEqual(0);
      expect(card!.nameBottom).toBeLessThanOrEqual(card!.viewport);
      expect(card!.enough).toBe(true);
      expect(await wider(page)).toMatchObject({ out: [], scrollWidth: 360 });
    };
    // As the server drew it, then once the app has come.
    await check();
    await hydrated(page.getByRole('link', { name: /^View Profile of / }));
    await page.waitForLoadState('networkidle');
    await check();
    expect(hydrationProblems(page)).toEqual([]);
    await page.screenshot({ path: `${process.env.ILERA_SCREENSHOTS ?? '/tmp'}/phone-search-toggle.png` });

    // The toggle and the cards work on the phone: institutions, then a category card.
    await page.getByText('Institutions', { exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('institutions');
    const types = page.getByRole('group', { name: 'Institution types' });
    await types.getByRole('button').first().waitFor();
    await types.getByRole('button').first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('institutionType')).not.toBeNull();
    await context.close();
  });
});

/** Issue 35: the journey still works before any script arrives (or with scripts off). */
describe('the journey without scripts (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    for (const lastName of ['Adebayo', 'Okafor']) {
      await createProfessional(ctx.sql, { specialty: 'Cardiology', city: 'Lagos', state: 'Lagos', bio: 'Heart specialist.', user: { firstName: 'Kemi', lastName } });
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('searches from the landing page, reads the results and opens a profile with scripts disabled, at 360 x 740', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.base, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('textbox', { name: 'Search', exact: true });
    await box.fill('cardiologist in lagos');
    await box.press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('cardiologist in lagos');
    expect(await page.locator('article h3').allTextContents()).toHaveLength(2);
    const link = page.getByRole('link', { name: /^View Profile of / }).first();
    const name = ((await link.getAttribute('aria-label')) ?? '').replace(/^View Profile of /, '');
    await link.click();
    await page.waitForURL(/\/professional\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.getByText('Cardiology').first().isVisible()).toBe(true);
    await context.close();
  });
});

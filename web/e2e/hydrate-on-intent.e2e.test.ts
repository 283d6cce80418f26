import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional } from '../../test/factories';
import { browserSuite, hydratedByReact, hydrationProblems } from '../../test/browser';

/**
 * Issue 35, "hydrate only what is interactive": a page the server drew is HTML until the
 * visitor does something that needs the app (web/src/main.tsx, web/src/boot/intent.ts). The
 * page's loader is the only script it loads before; links and the landing page's search form
 * work without the app; the first click on a control that needs it takes effect once, when the
 * app has come.
 */
describe('hydrate on intent (browser)', { timeout: 180_000 }, () => {
  let pro: { id: number };
  const suite = browserSuite({}, async (ctx) => {
    pro = await createProfessional(ctx.sql, { specialty: 'Cardiology', city: 'Lagos', state: 'Lagos', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
    await createProfessional(ctx.sql, { specialty: 'Cardiology', city: 'Abuja', state: 'FCT', user: { firstName: 'Musa', lastName: 'Bello' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  /** Every script the page asks for (the service worker's own file aside), as paths. */
  function scriptsOf(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.resourceType() === 'script' && path !== '/sw.js') seen.push(path);
    });
    return seen;
  }
  /** The page's loader: the one module script in index.html. */
  const loaderOf = (page: Page) => page.locator('script[type="module"][src]').first().getAttribute('src');
  const waitingForIntent = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'on-intent');
  /** Whether React owns any element of the page. */
  const reactOwnsPage = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll('#root *')].some((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))));

  it('loads no app script on the landing page, a search and a profile until an intent', async () => {
    const { page, context } = await suite.page({ mobile: true });
    const scripts = scriptsOf(page);
    for (const address of ['/', '/search?q=cardiology', `/professional/${pro.id}`]) {
      scripts.length = 0;
      await page.goto(address);
      await page.waitForLoadState('networkidle');
      // Read and scrolled, and a link's text selected: no intent.
      await page.mouse.wheel(0, 400);
      await page.locator('h1').first().click();
      expect(scripts, address).toEqual([await loaderOf(page)]);
      expect(await waitingForIntent(page)).toBe(true);
      expect(await reactOwnsPage(page)).toBe(false);
    }
    // Links are plain links: the profile's "View Profile" from the search navigates without the app.
    scripts.length = 0;
    await page.goto('/search?q=cardiology');
    await page.getByRole('link', { name: 'View Profile of Dr. Kemi Adebayo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dr. Kemi Adebayo' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => !s.startsWith('/assets/index-'))).toEqual([]);
    await context.close();
  });

  it('sends the landing search, typed and Enter, to the server-drawn results without the app', async () => {
    const { page, context } = await suite.page({ mobile: true });
    const scripts = scriptsOf(page);
    await page.goto('/');
    const box = page.getByRole('textbox', { name: 'Search', exact: true });
    await box.fill('cardiologist in lagos');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=cardiologist\+in\+lagos/);
    await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new Set(scripts)).toEqual(new Set([await loaderOf(page)]));
    expect(await waitingForIntent(page)).toBe(true);
    await context.close();
  });

  it('opens the header menu on the first tap, once, after the app has come', async () => {
    const { page, context } = await suite.page({ mobile: true });
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Toggled once: open (a second toggle would have closed it again).
    const close = page.getByRole('button', { name: 'Close menu' });
    await hydratedByReact(close);
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(scripts.some((s) => /\/assets\/app-[^/]+\.js$/.test(s))).toBe(true);
    expect(await waitingForIntent(page)).toBe(false);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it("shows a profile's photo on the first tap on 'Show photo' (data saver), once the app has come", async () => {
    await suite.ctx.sql`UPDATE professionals SET profile_image_url = ${`${suite.base}/icons/icon-512.png`} WHERE id = ${pro.id}`;
    const context = await suite.browser.newContext({ baseURL: suite.base, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`/professional/${pro.id}`);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([await loaderOf(page)]);
    expect(await reactOwnsPage(page)).toBe(false);
    const show = page.getByRole('button', { name: 'Show photo of Dr. Kemi Adebayo' });
    await show.click();
    const img = page.locator('img[src*="/api/photos/"]');
    await img.waitFor();
    expect(await img.count()).toBe(1);
    expect(await waitingForIntent(page)).toBe(false);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('turns the data saver on with the first tap on its switch', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?q=cardiology');
    await page.waitForLoadState('networkidle');
    const saver = page.getByRole('switch', { name: 'Data saver' });
    expect(await saver.isChecked()).toBe(false);
    await saver.click();
    await hydratedByReact(saver);
    await expect.poll(() => saver.isChecked()).toBe(true);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'ilera-data-saver')?.value).toBe('1');
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  /** Holds the app's code (a slow network) until `release()`: the page's loader is what answers meanwhile. */
  async function holdApp(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    return { asked: () => asked, release };
  }
  const loaderBar = (page: Page) => page.locator('.ilera-loader-bar');
  const loadingStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Loading…$/ });

  it('shows that the app is on its way after a tap that needs it, until the tap has taken effect', async () => {
    // No service worker: page.route must see the app's request.
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    const app = await holdApp(page);
    await page.goto('/search?q=cardiology');
    await page.waitForLoadState('networkidle');
    expect(await loaderBar(page).count()).toBe(0);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    // The app is asked for and has not come: the bar, the tapped control busy, "Loading…" said.
    await loaderBar(page).waitFor();
    await loadingStatus(page).waitFor({ state: 'attached' });
    expect(await filters.getAttribute('aria-busy')).toBe('true');
    expect(app.asked()).toBe(true);
    expect(await reactOwnsPage(page)).toBe(false);
    app.release();
    // The tap took effect once (the panel open) and the indication is gone: the app is fetched,
    // run and hydrated first (seconds on a loaded machine, as on a slow phone).
    await expect.poll(() => filters.getAttribute('aria-expanded'), { timeout: 60_000 }).toBe('true');
    await hydratedByReact(filters);
    await expect.poll(() => loaderBar(page).count()).toBe(0);
    expect(await loadingStatus(page).count()).toBe(0);
    expect(await filters.getAttribute('aria-busy')).toBeNull();
    expect(await waitingForIntent(page)).toBe(false);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('keeps the first tap when React draws the page again in the browser (a header the phone changed: a translation, an extension)', async () => {
    // A page whose HTML differs from the app's first render (here: a word added to the header, as a
    // browser's translation or an extension does) is drawn again by React in the browser; for a while
    // the page's own part is its loading fallback, and the tapped control is not in the page. The tap
    // was lost so (clean-clone CI runs, one in three of this file's held-app test here).
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    const app = await holdApp(page);
    await page.goto('/search?q=cardiology');
    await page.waitForLoadState('networkidle');
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await page.evaluate(() => document.querySelector('#root header')!.append(document.createTextNode(' ')));
    app.release();
    await expect.poll(() => filters.getAttribute('aria-expanded'), { timeout: 60_000 }).toBe('true');
    await hydratedByReact(filters);
    expect(await waitingForIntent(page)).toBe(false);
    await context.close();
  });

  it("keeps a first tap on a control's icon (an SVG element, which has no click method)", async () => {
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    await page.goto('/search?q=cardiology');
    await page.waitForLoadState('networkidle');
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.locator('svg').first().click();
    await expect.poll(() => filters.getAttribute('aria-expanded'), { timeout: 60_000 }).toBe('true');
    await hydratedByReact(filters);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('keeps the first tap on a phone whose processor is 20 times slower, however long the app takes to hydrate', async () => {
    // A cheap phone: hydrating the search page takes 10-25 s, past the replay's former 10 s
    // deadline, after which the tap was done on a part React had not hydrated, and lost.
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    await page.goto('/search?q=cardiology');
    await page.waitForLoadState('networkidle');
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 20 });
    // The phone is busy with other work too (here: the page's own timer, busy 3 ms of every 5).
    await page.evaluate(() => {
      setInterval(() => {
        for (const until = performance.now() + 3; performance.now() < until; );
      }, 5);
    });
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await expect.poll(() => filters.getAttribute('aria-expanded'), { timeout: 150_000 }).toBe('true');
    await hydratedByReact(filters);
    expect(await waitingForIntent(page)).toBe(false);
    await context.close();
  });

  it("sends the search page's own search, typed and Enter, to the server-drawn results without the app, its filters kept", async () => {
    const { page, context } = await suite.page({ mobile: true });
    const scripts = scriptsOf(page);
    await page.goto('/search?q=Adebayo&specialty=Cardiology');
    await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).waitFor();
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('search', { name: 'Search the directory' }).getByRole('textbox', { name: 'Search' });
    // Focusing and typing in it are not intents: the browser sends the form (a GET to /search).
    await box.fill('Bello');
    await box.press('Enter');
    await page.waitForURL(/[?&]q=Bello(&|$)/);
    expect(new URL(page.url()).searchParams.get('specialty')).toBe('Cardiology');
    await page.getByRole('article').filter({ hasText: 'Dr. Musa Bello' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(new Set(scripts)).toEqual(new Set([await loaderOf(page)]));
    expect(await waitingForIntent(page)).toBe(true);
    expect(await reactOwnsPage(page)).toBe(false);
    await context.close();
  });

  it("sends the search page's own search with scripts off", async () => {
    const context = await suite.browser.newContext({ baseURL: suite.base, viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search?q=Adebayo');
    await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).waitFor();
    const form = page.getByRole('search', { name: 'Search the directory' });
    await form.getByRole('textbox', { name: 'Search' }).fill('Bello');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=Bello(&|$)/);
    await page.getByRole('article').filter({ hasText: 'Dr. Musa Bello' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).count()).toBe(0);
    await context.close();
  });

  it('keeps what is typed into the search page while the app is on its way, and searches it through the app', async () => {
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    const app = await holdApp(page);
    await page.goto('/search?q=Adebayo');
    await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    // A tap that needs the app (the filters), then, before it has come, new words and Enter:
    // the form waits for the app, which sends it (a client-side navigation, no new page).
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await loaderBar(page).waitFor();
    const box = page.getByRole('search', { name: 'Search the directory' }).getByRole('textbox', { name: 'Search' });
    await box.fill('Bello');
    await box.press('Enter');
    app.release();
    await page.waitForURL(/[?&]q=Bello(&|$)/);
    await page.getByRole('article').filter({ hasText: 'Dr. Musa Bello' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await box.inputValue()).toBe('Bello');
    expect(await loaderBar(page).count()).toBe(0);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });
});

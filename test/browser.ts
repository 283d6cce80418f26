import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { login } from './factories';
import { createTestContext, type TestContext, type TestContextOptions } from './support';

/**
 * Debian's chromium-headless-shell: Chromium's own headless build (the same Blink and V8; what Playwright itself
 * runs for headless tests), without the desktop browser's window, compositor and UI the full `chromium --headless`
 * carries. The same browser files took about 30 % less CPU with it (issue 48, docs/RELIABILITY.md). CHROMIUM_PATH
 * may name another Chromium, e.g. /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/**
 * Chromium driven by playwright-core (no browser download here); it
 * starts with a fresh temporary profile. The flags keep it from reaching the
 * network on its own: this machine has none.
 */
async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return { browser, close: () => browser.close() };
}

/**
 * mobile: a 360 x 740 viewport. serviceWorkers 'block': the app's service worker (issue 35) is not
 * registered; a test that holds or fakes an answer with page.route needs it, because requests the worker
 * answers (the search's multi_search) never reach Playwright's routes.
 */
export type PageOptions = { mobile?: boolean; serviceWorkers?: 'allow' | 'block' };

/** A fresh browser context (its own cookies) with a phone-sized or desktop viewport. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  opts: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    viewport: opts.mobile ? { width: 360, height: 740 } : { width: 1280, height: 900 },
    timezoneId: 'America/New_York', // times must show in WAT whatever the browser's zone
    locale: 'en-NG',
  });
  const page = await context.newPage();
  // 30 s: a first tap on a server-drawn page brings the app, which a loaded CI machine (two browser files, their APIs
  // and Chromiums on 2 cores) took 15-20 s to fetch, run and hydrate (clean-clone runs, 2026-11-29).
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  pageProblems.set(page, problems);
  // React reports a server-rendered page that its first render does not match as a
  // recoverable error (production builds: minified errors #418, #419, #423, #425).
  const isHydrationProblem = (text: string) => /hydrat|react\.dev\/errors\/(418|423|425)|error #(418|419|423|425)/i.test(text);
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && isHydrationProblem(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => {
    if (isHydrationProblem(`${err.message}\n${err.stack ?? ''}`)) problems.push(err.message);
  });
  return { context, page };
}

const pageProblems = new WeakMap<Page, string[]>();

/** Hydration errors and warnings the page logged so far (issue 16: there must be none). */
export function hydrationProblems(page: Page): string[] {
  return [...(pageProblems.get(page) ?? [])];
}

/**
 * Waits until a click on the element takes effect: a server-rendered page (issue 16) shows its
 * buttons before its scripts have run, and a click on them before that does nothing. Either
 * React has hydrated it (React marks each element it took over with its props, `__reactProps$…`),
 * or the page's loader waits for the visitor's first intent (issue 35, web/src/main.tsx:
 * `<html data-app="on-intent">`), which it keeps and replays once the app has hydrated.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await untilElement(locator, (element) => document.documentElement.dataset.app === 'on-intent' || Object.keys(element).some((k) => k.startsWith('__reactProps')));
}

/** Waits until React has hydrated the element itself (the app has come and taken it over). */
export async function hydratedByReact(locator: Locator): Promise<void> {
  await untilElement(locator, (element) => Object.keys(element).some((k) => k.startsWith('__reactProps')));
}

/**
 * Polls `ready` on the locator's first element, found again at each poll: the app may draw
 * another page over the server's (a signed-in visitor at / gets the dashboard once the app
 * knows who they are), and the element first found is then gone for good.
 */
async function untilElement(locator: Locator, ready: (element: Element) => boolean): Promise<void> {
  for (;;) {
    await locator.first().waitFor();
    if (await locator.first().evaluate(ready, undefined, { timeout: 1_000 }).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in at /admin/login as a person would and waits for the admin dashboard. */
export async function signInAsAdmin(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.locator('input[type="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin$/);
}

/** A browser context signed in as `user`: the session cookie from the real sign-in endpoint. */
export async function signedInPage(
  browser: Browser,
  app: FastifyInstance,
  baseURL: string,
  user: { email: string; password: string },
  opts: PageOptions = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await newPage(browser, baseURL, opts);
  const cookie = await login(app, user.email, user.password);
  const [name, ...rest] = cookie.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url: baseURL }]);
  return { page, context };
}

/**
 * The Chromium of this test process, launched by the first browser test file the process runs and
 * kept for the next ones (the browser project shares its worker processes: vitest.config.ts), so a
 * file does not pay for a launch. Files never share a page or a context: each suite closes the
 * contexts it opened (every context of this browser, since a process runs one file at a time). A
 * Chromium that crashed or was closed is launched again. Playwright ends it when the process exits
 * (and Chromium ends itself when its pipe to this process closes).
 */
let shared: Promise<Browser> | undefined;
async function sharedChromium(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser().then(({ browser }) => browser);
  return shared;
}

/** A browser test file's app (listening on a real port) and Chromium. */
export interface BrowserSuite {
  ctx: TestContext;
  base: string;
  browser: Browser;
  /** A fresh page with its own cookies: signed out, or signed in as `user` through the real endpoint. */
  page(opts?: PageOptions): Promise<{ page: Page; context: BrowserContext }>;
  pageAs(user: { email: string; password: string }, opts?: PageOptions): Promise<{ page: Page; context: BrowserContext }>;
}

/**
 * The setup every browser test file shares: before its tests a test context (the real
 * workers with `workers: true`), the file's own data (`seed`, before the app listens), the
 * app on a real port and the process's Chromium; after them, the file's browser contexts and
 * its app closed. Call it inside the `describe`.
 */
export function browserSuite(options: TestContextOptions = {}, seed?: (ctx: TestContext) => Promise<void>): BrowserSuite {
  let ctx: TestContext | undefined;
  const suite: BrowserSuite = {
    ctx: undefined as unknown as TestContext,
    base: '',
    browser: undefined as unknown as Browser,
    page: (opts) => newPage(suite.browser, suite.base, opts),
    pageAs: (user, opts) => signedInPage(suite.browser, suite.ctx.app, suite.base, user, opts),
  };
  beforeAll(async () => {
    // Chromium starts (the first file of a process) while the database is copied and seeded.
    const browser = sharedChromium();
    browser.catch(() => {}); // awaited below; a failed launch fails the file there
    ctx = suite.ctx = await createTestContext(options);
    await seed?.(ctx);
    suite.base = await ctx.listen();
    suite.browser = await browser;
  }, 120_000);
  afterAll(async () => {
    // The contexts first, so that the app's close does not wait on their connections.
    await Promise.all((suite.browser?.contexts() ?? []).map((c) => c.close().catch(() => {})));
    await ctx?.close();
  });
  return suite;
}

/** A toast (Mantine notification) with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

/** A form field by its visible label (Mantine adds a "*" to required ones). */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

/** A Mantine select's input (its option list carries the same label). */
export const combo = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

/** Chooses `option` in the Mantine select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await combo(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Runs `during` while the API sheds load for real (issue 13): every search is held in PostgreSQL (the table each search
 * reads first is locked) while five are sent, until the process counts more in flight than its tiny limit
 * (`loadShedding: { maxInFlight: 3 }`) and /healthz says 503. Released whatever happens: a failure must not leave the
 * searches held (the file's app could then not close). Answers the held searches' statuses.
 */
export async function whileSearchesHeld(ctx: TestContext, base: string, during: () => Promise<void>): Promise<number[]> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const lock = ctx.sql.begin(async (tx) => {
    await tx`LOCK TABLE search_generation IN ACCESS EXCLUSIVE MODE`;
    locked();
    await released;
  });
  await lockTaken;
  const held = [1, 2, 3, 4, 5].map((i) => fetch(`${base}/api/professionals/search?query=held${i}`));
  try {
    await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30000, interval: 100 }).toBe(503);
    await during();
  } finally {
    release();
    await lock;
  }
  return (await Promise.all(held)).map((r) => r.status);
}

/**
 * pageDiary for a test of whileSearchesHeld, with what to show when "busy" does not come: the alerts shown and
 * /healthz's status.
 */
export function busyDiary(page: Page, base: string) {
  const diary = pageDiary(page);
  const state = async () => ({
    alerts: await page.getByRole('alert').allTextContents(),
    healthz: await fetch(`${base}/healthz`).then((r) => r.status).catch(() => 0),
  });
  return { diary, state };
}

/**
 * What a page asked and was answered (with the service worker's part), what it logged as an error, with times:
 * `explained(step, action, state)` rethrows a failed step with it and with `state()` (what the page shows), so a
 * failure seen only in CI says what happened (clicks that did not take effect there, 2026-11-30, could not be
 * reproduced here).
 */
export function pageDiary(page: Page) {
  const seen: string[] = [];
  const t0 = Date.now();
  const note = (what: string) => seen.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
  const path = (url: string) => new URL(url).pathname;
  page.on('request', (r) => note(`asked ${r.method()} ${path(r.url())}${r.postData() ? ` ${r.postData()!.slice(0, 300)}` : ''}`));
  page.on('response', (r) => note(`answered ${r.status()} ${path(r.url())}${r.fromServiceWorker() ? ' (service worker)' : ''}`));
  page.on('requestfailed', (r) => note(`failed ${path(r.url())}: ${r.failure()?.errorText}`));
  page.on('console', (m) => m.type() === 'error' && note(`console error: ${m.text()}`));
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`navigated to ${f.url()}`));
  return {
    note,
    async explained<T>(step: string, action: Promise<T>, state?: () => Promise<unknown>): Promise<T> {
      try {
        return await action;
      } catch (err) {
        const shown = state ? await state().catch((e: Error) => `(not read: ${e.message})`) : undefined;
        const html = await page
          .evaluate(() => ({ ...document.documentElement.dataset, cookie: document.cookie }))
          .catch(() => '(page gone)');
        throw new Error(
          `${step}: ${(err as Error).message}\nstate: ${JSON.stringify(shown)}\n<html> data and cookies: ${JSON.stringify(html)}\nthe page's requests:\n${seen.join('\n')}`,
        );
      }
    },
  };
}

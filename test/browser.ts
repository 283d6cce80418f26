import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { login } from './factories';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium driven by playwright-core (no browser download here); it
 * starts with a fresh temporary profile. The flags keep it from reaching the
 * network on its own: this machine has none.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
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

/** A fresh browser context (its own cookies) with a phone-sized or desktop viewport. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  opts: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: opts.mobile ? { width: 360, height: 740 } : { width: 1280, height: 900 },
    timezoneId: 'America/New_York', // times must show in WAT whatever the browser's zone
    locale: 'en-NG',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
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
  opts: { mobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await newPage(browser, baseURL, opts);
  const cookie = await login(app, user.email, user.password);
  const [name, ...rest] = cookie.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url: baseURL }]);
  return { page, context };
}

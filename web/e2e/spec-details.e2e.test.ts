import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { lagosDateTimeParts } from '@ilera/contracts';
import { createInstitution, createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Spec details the other journeys pass by without asserting (docs/SPEC-CHECKLIST.md's
 * former [~] lines): landing steps and footer pages, the signed-out header on both
 * widths, the mobile panel, the mobile help page's copy button, the connection dialog,
 * avatar initials and badge colours, the Change Password link, and the failure toasts
 * of the booking and review dialogs.
 */
describe('spec details (browser)', { timeout: 120_000 }, () => {
  let patient: TestUser;
  let pro: { id: number; user: TestUser };

  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
    pro = await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Cardiology', user: { firstName: 'Chinedu', lastName: 'Okafor' } });
  });

  /** The computed value of `property` for a probe element styled with a Mantine colour variable. */
  async function resolvedColour(page: Page, cssVar: string): Promise<string> {
    return page.evaluate((v) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${v})`;
      document.body.appendChild(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }, cssVar);
  }

  const textColour = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);

  it('landing: "How It Works" in three steps, and the footer\'s About, Privacy and Terms pages', async () => {
    const { page, context } = await suite.page();
    await page.goto('/');
    const how = page.getByRole('heading', { name: 'How It Works' });
    await how.waitFor();
    for (const step of ['Search & Find', 'Compare & Review', 'Book & Connect']) {
      await expect.poll(() => page.getByRole('heading', { name: step, exact: true }).count()).toBe(1);
    }
    const footer = page.locator('footer');
    for (const [link, heading] of [
      ['Our Mission', 'About Ilera'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
    ] as const) {
      await page.goto('/');
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    expect(new URL(page.url()).pathname).toBe('/terms');
    await context.close();
  });

  it('signed out: "Sign In" and "Join as Professional" on a wide screen, "Sign In" and "Register" on a small one', async () => {
    const wide = await suite.page();
    await wide.page.goto('/about');
    const wideHeader = wide.page.locator('header');
    await wideHeader.getByRole('link', { name: 'Join as Professional' }).waitFor();
    await wideHeader.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await wideHeader.getByRole('link', { name: 'Register' }).isVisible()).toBe(false);
    await wideHeader.getByRole('link', { name: 'Join as Professional' }).click();
    // Issue 34: registering comes back to the page the visitor was on.
    await wide.page.waitForURL(/\/register\?type=professional&next=%2Fabout$/);
    await wide.context.close();

    const small = await suite.page({ mobile: true });
    await small.page.goto('/about');
    const smallHeader = small.page.locator('header');
    await smallHeader.getByRole('link', { name: 'Register' }).waitFor();
    await smallHeader.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await smallHeader.getByRole('link', { name: 'Join as Professional' }).isVisible()).toBe(false);
    await small.context.close();
  });

  it('the mobile panel offers the header\'s links and closes when one is followed', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    await panel.waitFor();
    await panel.getByRole('link', { name: 'Find Professionals' }).waitFor();
    await panel.getByRole('link', { name: 'Find Institutions' }).click();
    await page.waitForURL(/\/search\?.*type=institutions/);
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('mobile help: "Copy Page Address" copies the address and shows "Copied!" for a while, then its label again', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.base });
    await page.goto('/mobile-help');
    await page.getByRole('heading', { level: 1, name: 'Mobile Help' }).waitFor();
    // The guide's parts: reload, copy, recommended browsers, device detection, connection security.
    await page.getByRole('button', { name: 'Reload Page' }).waitFor();
    await page.getByRole('heading', { name: 'Recommended browsers' }).waitFor();
    await page.getByText('Device: Mobile device').waitFor();
    await page.getByText('Connection security:').waitFor();
    await page.getByText('Not secure (HTTP)').waitFor();

    await page.getByRole('button', { name: 'Copy Page Address' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.base}/mobile-help`);
    // The indicator goes away by itself (its 2 s are the code's COPIED_MS; not timed here).
    await page.getByRole('button', { name: 'Copy Page Address' }).waitFor();
    await context.close();
  });

  it('the connection dialog on a phone at an http address that is not localhost: banner, guidance, short address, buttons', async () => {
    // Chromium resolves any *.localhost name to this machine; the app only exempts
    // "localhost" and "127.0.0.1" themselves (lib/device.ts), so this is the phone case.
    const port = new URL(suite.base).port;
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_SAFARI,
      locale: 'en-NG',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    // A page that leaves its address alone (the search page rewrites its query): the
    // dialog reads the address once, when it opens.
    const address = `http://ilera.localhost:${port}/about?utm_source=whatsapp&utm_campaign=clinic-week`;
    await page.goto(address);
    const dialog = page.getByRole('dialog', { name: 'Connection Problem' });
    await dialog.waitFor();
    await dialog.getByText('Your browser cannot establish a secure connection to this development server.').waitFor();
    expect(await dialog.locator('code').innerText()).toBe(`${address.slice(0, 50)}...`);
    await dialog.getByText('Detected browser: Safari').waitFor();
    for (const text of [
      'SSL Protocol Error (ERR_SSL_PROTOCOL_ERROR)',
      'The server sent an invalid SSL response.',
      'Switch to Chrome or Firefox mobile',
      'Clear your browser cache and cookies',
      'Disable any VPN or proxy',
      'Try private (incognito) mode',
      'iOS Certificate Error (NSURLErrorDomain -1200)',
      'iOS cannot verify the development server certificate.',
      'Use Chrome',
      'Clear the Safari cache',
      'Refresh the page several times',
      'Use another mobile browser',
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Reload' }).waitFor();
    await dialog.getByRole('button', { name: 'Clear Cache' }).waitFor();
    // Not Chrome: Try Chrome opens this page in Chrome (the iOS scheme).
    expect(await dialog.getByRole('link', { name: 'Try Chrome' }).getAttribute('href')).toBe(
      `googlechrome://ilera.localhost:${port}/about?utm_source=whatsapp&utm_campaign=clinic-week`,
    );
    await dialog.getByRole('link', { name: 'Mobile Guide' }).click();
    await page.waitForURL(/\/mobile-access$/);
    await page.getByRole('heading', { level: 1, name: 'Mobile Access Guide' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    // Chrome itself (this Chromium) on the same phone address: no Try Chrome.
    const chrome = await suite.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-NG' });
    const chromePage = await chrome.newPage();
    chromePage.setDefaultTimeout(15000);
    await chromePage.goto(`http://ilera.localhost:${port}/about`);
    const chromeDialog = chromePage.getByRole('dialog', { name: 'Connection Problem' });
    await chromeDialog.getByText('Detected browser: Chrome').waitFor();
    await chromeDialog.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await chromeDialog.getByRole('link', { name: 'Try Chrome' }).count()).toBe(0);
    // Reload reloads the page (the dialog comes back with it).
    await Promise.all([chromePage.waitForEvent('load'), chromeDialog.getByRole('button', { name: 'Reload' }).click()]);
    await chromeDialog.getByRole('button', { name: 'Clear Cache' }).waitFor();
    // Clear Cache empties this site's Cache Storage, then reloads.
    await chromePage.evaluate(async () => (await caches.open('ilera-test')).put('/cached', new Response('x')));
    // The service worker (issue 35) keeps its own caches beside it; Clear Cache empties them too.
    const before = await chromePage.evaluate(() => caches.keys());
    expect(before).toContain('ilera-test');
    await Promise.all([chromePage.waitForEvent('load'), chromeDialog.getByRole('button', { name: 'Clear Cache' }).click()]);
    // After the reload the freshly registered worker may start new caches: what was held before is gone.
    expect(await chromePage.evaluate(() => caches.match('/cached').then((r) => r === undefined))).toBe(true);
    const after = await chromePage.evaluate(() => caches.keys());
    expect(after).not.toContain('ilera-test');
    await chromeDialog.getByRole('button', { name: 'Reload' }).waitFor();
    await chrome.close();
  });

  it('avatar initial: the first name\'s first letter, else the e-mail\'s; user-type badges in their colours', async () => {
    const admin = await createUser(suite.ctx.sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Eze' });
    const institution = await createInstitution(suite.ctx.sql);
    const noName = await createUser(suite.ctx.sql, { email: `zainab-${Date.now()}@example.ng` });
    await suite.ctx.sql`UPDATE users SET first_name = NULL, last_name = NULL WHERE id = ${noName.id}`;

    const cases: { user: TestUser; initial: string; badge: string; colour: string }[] = [
      { user: pro.user, initial: 'C', badge: 'professional', colour: '--mantine-color-teal-light-color' },
      { user: institution.user, initial: 'B', badge: 'institution', colour: '--mantine-color-green-light-color' },
      { user: admin, initial: 'N', badge: 'admin', colour: '--mantine-color-orange-light-color' },
      { user: patient, initial: 'A', badge: 'patient', colour: '--mantine-color-gray-light-color' },
      { user: noName, initial: 'Z', badge: 'patient', colour: '--mantine-color-gray-light-color' },
    ];
    for (const c of cases) {
      const { page, context } = await suite.pageAs(c.user);
      await page.goto('/about');
      const header = page.locator('header');
      const avatar = header.getByRole('button', { name: 'Account menu' });
      await expect.poll(() => avatar.innerText()).toBe(c.initial);
      const badge = header.getByText(c.badge, { exact: true });
      await badge.waitFor();
      const expected = await resolvedColour(page, c.colour);
      expect(await textColour(badge), `${c.badge} badge colour`).toBe(expected);
      await context.close();
    }
    // The four colours differ (primary teal, green, orange, grey).
    const { page, context } = await suite.page();
    await page.goto('/about');
    const colours = await Promise.all(
      ['teal', 'green', 'orange', 'gray'].map((c) => resolvedColour(page, `--mantine-color-${c}-light-color`)),
    );
    expect(new Set(colours).size).toBe(4);
    await context.close();
  });

  it('Account settings\' "Change Password" link leads to the change-password page', async () => {
    const { page, context } = await suite.pageAs(patient);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL(/\/change-password$/);
    await page.getByLabel(/^Current Password/).waitFor();
    await context.close();
  });

  it('the booking and review dialogs show the spec\'s failure toasts when the server fails', async () => {
    const { page, context } = await suite.pageAs(patient);
    const date = lagosDateTimeParts(new Date(Date.now() + 4 * 86400_000)).date;
    await page.goto(`/professional/${pro.id}`);

    // Booking: the server answers 500.
    await page.route('**/api/appointments', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const booking = page.getByRole('dialog');
    await booking.getByText('Book Appointment with Dr. Chinedu Okafor').waitFor();
    await booking.getByRole('textbox', { name: /^Appointment Type/ }).click();
    await page.getByRole('option', { name: 'Consultation', exact: true }).click();
    await booking.getByLabel(/^Date/).fill(date);
    await booking.getByRole('radio', { name: '10:00 WAT', exact: true }).click();
    await booking.getByLabel(/^Patient Phone/).fill('0803 123 4567');
    await booking.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Failed to book appointment. Please try again.').waitFor();
    await page.getByText('Error', { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'hidden' });

    // Review: the server answers 500.
    await page.route('**/api/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Write Review' }).click();
    const review = page.getByRole('dialog');
    const fourStars = review.getByRole('radio', { name: '4 stars' });
    await review.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    await review.getByLabel('Comment').fill('Clear explanations and on time.');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Failed to submit review. Please try again.').waitFor();
    // Nothing was saved.
    expect(await suite.ctx.sql`SELECT 1 FROM reviews WHERE reviewer_id = ${patient.id}`).toHaveLength(0);
    expect(await suite.ctx.sql`SELECT 1 FROM appointments WHERE patient_id = ${patient.id}`).toHaveLength(0);
    await context.close();
  });

  it('the profile dialogs (photo, countries) show the spec\'s failure toasts: the server\'s message, else their own', async () => {
    const { page, context } = await suite.pageAs(pro.user);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Your profile' });
    const fail = (path: string, body: string) =>
      page.route(path, (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body }) : route.continue(),
      );

    // Photo update: no message from the server, then one.
    await fail('**/api/professionals/photo', '{}');
    await card.getByRole('button', { name: 'Change Photo' }).click();
    const photo = page.getByRole('dialog', { name: 'Update Profile Photo' });
    await photo.getByLabel('Photo URL').fill('https://img.example.ng/chinedu.png');
    await photo.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByText('Update Failed', { exact: true }).waitFor();
    await page.getByText('Failed to update photo', { exact: true }).waitFor();
    await page.unroute('**/api/professionals/photo');
    await fail('**/api/professionals/photo', JSON.stringify({ message: 'The photo store is unavailable' }));
    await photo.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByText('The photo store is unavailable', { exact: true }).waitFor();

    // A real save, then a failing removal.
    await page.unroute('**/api/professionals/photo');
    await photo.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByText('Photo Updated', { exact: true }).waitFor();
    await photo.waitFor({ state: 'hidden' });
    await fail('**/api/professionals/photo', '{}');
    await card.getByRole('button', { name: 'Change Photo' }).click();
    await photo.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByText('Remove Failed', { exact: true }).waitFor();
    await page.getByText('Failed to remove photo', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await photo.waitFor({ state: 'hidden' });

    // Countries.
    await fail('**/api/professionals/countries', '{}');
    await card.getByRole('button', { name: 'Edit Countries' }).click();
    const countries = page.getByRole('dialog', { name: 'Countries of Practice' });
    await countries.getByRole('button', { name: 'Save Countries' }).click();
    await page.getByText('Failed to update countries', { exact: true }).waitFor();
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { createInstitution, createRegisterListing, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydratedByReact, signInAsAdmin, toast } from '../../test/browser';

/**
 * Issue 33 (D22, D23) in Chromium: a listing from the national register shows where it comes from,
 * offers no booking and a "Claim this facility" action and directions; an institution account claims
 * it with its registration; an administrator approves the claim in the claims queue, and the listing
 * becomes the institution's profile.
 */
describe('claims of register listings (browser)', { timeout: 120_000 }, () => {
  let admin: TestUser;
  let claimant: TestUser;
  let listingId = 0;
  const name = `Oyingbo Primary Health Centre ${Date.now().toString(36)}`;

  const suite = browserSuite({ workers: true }, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Akindele', password: 'admin-password-1' });
    listingId = (await createRegisterListing(ctx.sql, { name, phone: '0802 555 0147', latitude: 6.4823, longitude: 3.3858, facilityCode: '24/16/1/1/1/0311' })).id;
    // An existing institution account whose own application is still pending.
    claimant = (await createInstitution(ctx.sql, { name: 'Oyingbo PHC (application)', status: 'pending', isVerified: false })).user;
  });

  it('a listing page says "Listed from the national register", offers no booking, and links to directions and the claim', async () => {
    const { page, context } = await suite.page();
    await page.goto(`/institution/${listingId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Listed from the national register').waitFor();
    await page.getByText('Source: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), updated 11 Nov 2024').waitFor();
    await page.getByText('Not on Ilera yet: call or visit').waitFor();
    // Imported, not checked by an administrator: no "Approved" badge.
    expect(await page.getByText('Approved', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Call 0802 555 0147' }).getAttribute('href')).toBe('tel:08025550147');
    // No booking of any kind.
    expect(await page.getByRole('button', { name: /Book Appointment|Sign In to Book/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Sign In to Book/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Availability' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/directions?to=6.4823%2C3.3858',
    );
    expect(await page.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toMatch(/^geo:6\.4823,3\.3858/);
    // The same, server-rendered, before any script runs.
    const html = await (await fetch(`${suite.base}/institution/${listingId}`)).text();
    expect(html).toContain('Listed from the national register');
    expect(html).toContain('Not on Ilera yet: call or visit');
    expect(html).toContain('"geo":{"@type":"GeoCoordinates","latitude":6.4823,"longitude":3.3858}');

    await page.getByRole('link', { name: 'Claim this facility' }).click();
    await page.waitForURL(`**/claim/${listingId}`);
    await page.getByText('Sign in with your institution account to claim this facility.').waitFor();
    // A new facility registers first and comes back here after signing in.
    expect(await page.getByRole('link', { name: 'Register your institution' }).getAttribute('href')).toBe(
      `/register?type=institution&next=%2Fclaim%2F${listingId}`,
    );
    await context.close();
  });

  it('an institution user claims the listing; an administrator approves it; the listing becomes its profile', async () => {
    const owner = await suite.pageAs(claimant);
    await owner.page.goto(`/institution/${listingId}`);
    // A signed-in visitor's page brings the app at once, with no intent recorder (web/src/main.tsx): a tap while
    // React hydrates it can be lost, and the form never comes (CI, and 3 files at a time at load 14). Tap once
    // React holds the link.
    const claim = owner.page.getByRole('link', { name: 'Claim this facility' });
    await hydratedByReact(claim);
    await claim.click();
    await owner.page.waitForURL(`**/claim/${listingId}`);
    const form = owner.page.getByRole('form', { name: 'Claim this facility' });
    await form.getByLabel('Registration Number (Nigeria)').fill('LSMOH/PHC/0311');
    await form.getByLabel('Issuing Body (Nigeria)').selectOption('HEFAMAA');
    await form.getByLabel('Message for the administrator (optional)').fill('I am the medical officer in charge.');
    await form.getByRole('button', { name: 'Send Claim' }).click();
    await owner.page.getByText('Your claim is being reviewed').waitFor();

    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: 'Claims' }).click();
    const card = page.getByRole('article', { name: new RegExp(`^Claim of ${name} by `) });
    // The listing and the claimant side by side.
    await card.getByLabel('Listing', { exact: true }).getByText('24/16/1/1/1/0311', { exact: false }).waitFor();
    await card.getByLabel('Claimant', { exact: true }).getByText(claimant.email).waitFor();
    await card.getByLabel('Claimant', { exact: true }).getByText('LSMOH/PHC/0311 (Health Facility Monitoring and Accreditation Agency (Lagos))').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Claim Approved').waitFor();
    await page.getByText('No open claims').waitFor();
    // Audited in the activity log.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByText('Approved claim of a register listing').first().waitFor();
    await context.close();

    // The claimant's profile now: no longer a listing, its owner can edit it.
    await owner.page.goto(`/institution/${listingId}`);
    await owner.page.getByRole('heading', { level: 1, name }).waitFor();
    await owner.page.getByRole('link', { name: 'Edit Profile' }).waitFor();
    await owner.page.getByText('National register code 24/16/1/1/1/0311').waitFor();
    expect(await owner.page.getByText('Listed from the national register').count()).toBe(0);
    await owner.context.close();
  });

  it('profile setup: "Use my current location" sets the location, and the profile links directions to it', async () => {
    const owner = await suite.pageAs(claimant);
    // The phone shares where it is (the facility's gate, a few hundred metres from the register's point).
    await owner.context.grantPermissions(['geolocation']);
    await owner.context.setGeolocation({ latitude: 6.48412, longitude: 3.38703 });
    await owner.page.goto('/profile-setup');
    const form = owner.page.getByRole('form', { name: 'Institution profile' });
    await form.getByText('From the national facility register.').waitFor();
    await form.getByRole('button', { name: 'Use my current location' }).click();
    await form.getByText('From your device’s location.').waitFor();
    expect(await form.getByLabel('Latitude').inputValue()).toBe('6.48412');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await owner.page.getByText('Profile Updated').first().waitFor();
    await owner.page.goto(`/institution/${listingId}`);
    expect(await owner.page.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/directions?to=6.48412%2C3.38703',
    );
    const [row] = await suite.ctx.sql`SELECT location_source FROM institutions WHERE id = ${listingId}`;
    expect(row!.locationSource).toBe('device');
    await owner.context.close();
  });
});

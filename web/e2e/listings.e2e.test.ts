import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createRegisterListing, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated } from '../../test/browser';

/**
 * Issue 48 (D22) in Chromium: a register listing is not an Ilera provider. Its search card says
 * "Listed from the national register" with the source and date, offers View Profile and Call (never
 * "Book Appointment" or "Approved"), the tips tell both kinds apart, on the server-drawn page and in
 * the app; and a patient reviews a listing from its page (never a "Verified visit").
 */
describe('register listings in search and on their page (browser)', { timeout: 150_000 }, () => {
  const tag = Date.now().toString(36);
  const listingName = `Oko Oba Primary Health Centre ${tag}`;
  const silentName = `Oko Oba Health Post ${tag}`;
  const ownName = `Oko Oba Specialist Clinic ${tag}`;
  let listingId = 0;
  let patient: TestUser;

  const suite = browserSuite({}, async (ctx) => {
    listingId = (await createRegisterListing(ctx.sql, { name: listingName, phone: '0802 555 0147', registerUpdated: '2024-11-11' })).id;
    // A listing whose register row gives no phone: nothing to call.
    await createRegisterListing(ctx.sql, { name: silentName, type: 'health_post', phone: null });
    await createInstitution(ctx.sql, { name: ownName, type: 'clinic', services: ['Cardiology'] });
    patient = await createUser(ctx.sql, { firstName: 'Bisi', lastName: 'Adewale' });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  const searchPath = `/search?type=institutions&q=${tag}`;

  it('a listing card says where it comes from and offers View Profile and Call, never booking; the tips tell both kinds apart', async () => {
    // The server-drawn page, before any script.
    const html = await (await fetch(`${suite.base}${searchPath}`)).text();
    expect(html).toContain(listingName);
    expect(html).toContain('Listed from the national register');
    expect(html).toContain('updated 11 Nov 2024');
    expect(html).toContain(`aria-label="Call ${listingName}"`);
    expect(html).not.toContain(`Book Appointment at ${listingName}`);
    expect(html).toContain(`Book Appointment at ${ownName}`);
    expect(html).not.toContain('Every listed provider has been approved by our team');

    const { page, context } = await suite.page();
    await page.goto(searchPath);
    const listing = page.getByRole('article', { name: listingName });
    await listing.waitFor();
    await hydrated(listing.getByRole('link', { name: `View Profile of ${listingName}` }));
    await listing.getByText('Listed from the national register').waitFor();
    await listing.getByText('Source: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), updated 11 Nov 2024').waitFor();
    expect(await listing.getByRole('link', { name: `Call ${listingName}` }).getAttribute('href')).toBe('tel:08025550147');
    expect(await listing.getByText('Book Appointment').count()).toBe(0);
    expect(await listing.getByText('Approved', { exact: true }).count()).toBe(0);

    const silent = page.getByRole('article', { name: silentName });
    await silent.getByText('Listed from the national register').waitFor();
    expect(await silent.getByRole('link', { name: /^Call / }).count()).toBe(0);
    expect(await silent.getByText('Book Appointment').count()).toBe(0);
    await silent.getByRole('link', { name: `View Profile of ${silentName}` }).waitFor();

    // An institution on Ilera keeps its badge and its booking.
    const own = page.getByRole('article', { name: ownName });
    await own.getByText('Approved', { exact: true }).waitFor();
    await own.getByRole('link', { name: `Book Appointment at ${ownName}` }).waitFor();
    expect(await own.getByText('Listed from the national register').count()).toBe(0);

    const tips = page.getByRole('complementary', { name: 'Search Tips' });
    await tips.getByText('Approved providers were checked by our team and take bookings here.').waitFor();
    await tips.getByText('Facilities listed from the national register are not on Ilera yet: call or visit.').waitFor();
    expect(await page.getByText('Every listed provider has been approved by our team.').count()).toBe(0);

    // View Profile goes to the listing's page.
    await listing.getByRole('link', { name: `View Profile of ${listingName}` }).click();
    await page.waitForURL(`**/institution/${listingId}`);
    await page.getByRole('heading', { level: 1, name: listingName }).waitFor();
    await context.close();
  });

  it('a patient reviews a listing from its page; the review is not a verified visit', async () => {
    // The page as crawlers read it: its JSON-LD says what it is (issue 48, D22).
    const html = await (await fetch(`${suite.base}/institution/${listingId}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld.description).toBe(
      'Listed from the national register. Source: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), updated 11 Nov 2024. Not on Ilera yet: call or visit.',
    );

    // Signed out: a sign-in that comes back here, no booking.
    const visitor = await suite.page();
    await visitor.page.goto(`/institution/${listingId}`);
    const signIn = visitor.page.getByRole('link', { name: 'Sign In to Write a Review' });
    await signIn.waitFor();
    expect(decodeURIComponent((await signIn.getAttribute('href')) ?? '')).toContain(`/institution/${listingId}`);
    expect(await visitor.page.getByRole('link', { name: 'Sign In to Book' }).count()).toBe(0);
    await visitor.context.close();

    const { page, context } = await suite.pageAs(patient, { mobile: true });
    await page.goto(`/institution/${listingId}`);
    await page.getByText('Not on Ilera yet: call or visit').waitFor();
    const write = page.getByRole('button', { name: 'Write Review' });
    await hydrated(write);
    expect(await page.getByRole('button', { name: 'Book Appointment' }).count()).toBe(0);
    await write.click();
    const d = page.getByRole('dialog', { name: 'Write a Review' });
    await d.waitFor();
    const fourStars = d.getByRole('radio', { name: '4 stars' });
    await d.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    await d.getByLabel('Comment').fill('The nurses saw my son quickly; the queue was short.');
    await d.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review Submitted').first().waitFor();
    const reviews = page.getByRole('region', { name: 'Patient Reviews' });
    await reviews.getByText('The nurses saw my son quickly; the queue was short.').waitFor();
    await reviews.getByText('Bisi A.').waitFor();
    expect(await reviews.getByText('Verified visit').count()).toBe(0);
    const [row] = await suite.ctx.sql`SELECT rating, verified_visit FROM reviews WHERE reviewer_id = ${patient.id} AND institution_id = ${listingId}`;
    expect(row).toEqual({ rating: 4, verifiedVisit: false });
    await context.close();
  });
});

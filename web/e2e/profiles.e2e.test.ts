import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createInstitution, createProfessional, createUser } from '../../test/factories';
import { browserSuite, hydrationProblems } from '../../test/browser';

// A 1x1 PNG served for the photo URLs below (the machine has no network).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The directory profile journeys in Chromium (issue 4). */
describe('profiles and dashboards (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  /** A page whose browser already carries the user's session cookie (signed in through the real endpoint). */
  async function pageAs(user: { email: string; password: string } | null, opts: { mobile?: boolean } = {}) {
    const opened = user ? await suite.pageAs(user, opts) : await suite.page(opts);
    await opened.context.route('https://img.example.ng/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
    return opened;
  }

  const section = (page: Page, title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  it('shows a signed-out visitor every section of an approved professional and "Sign In to Book"', async () => {
    const pro = await createProfessional(suite.ctx.sql, {
      specialty: 'Cardiology',
      user: { firstName: 'Ngozi', lastName: 'Eze' },
      countries: ['Nigeria', 'Ghana'],
      education: 'MBBS, University of Lagos (2008)\nFWACP Cardiology (2015)',
    });
    const inst = await createInstitution(suite.ctx.sql, { name: 'Reddington Hospital' });
    await suite.ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role) VALUES (${pro.id}, ${inst.id}, 'Consultant')`;
    const reviewer = await createUser(suite.ctx.sql, { firstName: 'Chidi', lastName: 'Okonkwo' });
    const reviewer2 = await createUser(suite.ctx.sql, { firstName: 'Amaka', lastName: 'Bello' });
    await suite.ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment, created_at) VALUES
      (${reviewer.id}, ${pro.id}, 5, 'Explained my heart scan patiently.', '2025-03-02T10:00:00Z'),
      (${reviewer2.id}, ${pro.id}, 4, 'Short wait, kind staff.', '2025-02-01T10:00:00Z')`;

    const { page, context } = await pageAs(null);
    // The search page is another engineer's issue: the visitor opens the result's link target directly.
    await page.goto(`/professional/${pro.id}`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Ngozi Eze' }).waitFor();
    await page.getByText('Cardiology · Doctor').waitFor();
    const countries = page.getByLabel('Countries of practice');
    await countries.getByText('Nigeria').waitFor();
    await countries.getByText('Ghana').waitFor();
    await page.getByText('4.5', { exact: true }).waitFor();
    await page.getByText('(2 reviews)').waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();

    await section(page, 'About').getByText('Consultant cardiologist with a decade of experience').waitFor();
    const education = section(page, 'Education & Training').getByRole('listitem');
    expect(await education.allTextContents()).toEqual(['MBBS, University of Lagos (2008)', 'FWACP Cardiology (2015)']);
    const affiliation = section(page, 'Affiliated Institutions').getByRole('link', { name: 'Reddington Hospital' });
    expect(await affiliation.getAttribute('href')).toBe(`/institution/${inst.id}`);
    await section(page, 'Affiliated Institutions').getByText('Consultant').waitFor();

    const reviews = section(page, 'Patient Reviews');
    await reviews.getByText('Chidi O.').waitFor();
    await reviews.getByText('Amaka B.').waitFor();
    await reviews.getByText('Explained my heart scan patiently.').waitFor();
    await reviews.getByText('Sun, 2 Mar 2025').waitFor();
    expect(await page.content()).not.toContain('Okonkwo');
    // The page arrived server-rendered (issue 16) and the reviews came after hydration: no mismatch.
    expect(hydrationProblems(page)).toEqual([]);

    const signInToBook = page.getByRole('link', { name: 'Sign In to Book' });
    // Issue 14: the login endpoint comes back to this profile with the booking dialog open.
    expect(await signInToBook.getAttribute('href')).toBe(`/api/login?next=${encodeURIComponent(`/professional/${pro.id}?book=1`)}`);
    expect(await page.getByRole('button', { name: 'Book Appointment' }).count()).toBe(0);
    await section(page, 'Contact').getByText('0803 123 4567').waitFor();
    await section(page, 'Contact').getByText('12 Awolowo Road, Lagos, Lagos').waitFor();
    // The account's login e-mail is not public.
    expect(await page.content()).not.toContain(pro.user.email);
    // Issue 34: the licence number is the Nigerian licence of record, not profile setup's copy (MDCN/12345 here).
    await section(page, 'Details').getByText('LIC-Nigeria').waitFor();
    expect(await section(page, 'Details').getByText('MDCN/12345').count()).toBe(0);
    await section(page, 'Details').getByText('10 years').waitFor();

    // Following the affiliation: the institution's page, with its own sections.
    await affiliation.click();
    await page.getByRole('heading', { level: 1, name: 'Reddington Hospital' }).waitFor();
    await section(page, 'Services Offered').getByText('Maternity Services').waitFor();
    const viewProfile = section(page, 'Associated Professionals').getByRole('link', { name: 'View Profile' });
    expect(await viewProfile.getAttribute('href')).toBe(`/professional/${pro.id}`);
    await section(page, 'Patient Reviews').getByText('No reviews yet.').waitFor();
    await section(page, 'Contact Information').getByRole('link', { name: 'lagoon.example.ng' }).waitFor();
    await page.getByRole('link', { name: 'Sign In to Book' }).waitFor();

    // A profile that is not approved looks missing to the public.
    const pending = await createProfessional(suite.ctx.sql, { status: 'pending' });
    await page.goto(`/professional/${pending.id}`);
    await page.getByRole('heading', { name: 'Professional Not Found' }).waitFor();
    await page.getByText("The professional you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Search' }).click();
    await page.waitForURL(/\/search$/);
    await page.goto('/institution/999999');
    await page.getByRole('heading', { name: 'Institution Not Found' }).waitFor();
    await context.close();
  }, 90_000);

  it('signed in (on a phone), the profile offers Book Appointment and Write Review dialogs', async () => {
    const pro = await createProfessional(suite.ctx.sql, { user: { firstName: 'Tunde', lastName: 'Bakare' } });
    const patient = await createUser(suite.ctx.sql);
    const { page, context } = await pageAs(patient, { mobile: true });
    await page.goto(`/professional/${pro.id}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('Dr. Tunde Bakare');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Write Review' }).click();
    await page.getByRole('dialog', { name: 'Write a Review' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In to Book' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('a professional creates a profile (pending), is approved, then sees View Public Profile and changes photo and countries', async () => {
    const user = await createUser(suite.ctx.sql, { userType: 'professional', firstName: 'Halima', lastName: 'Sani' });
    const { page, context } = await pageAs(user);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Halima!' }).waitFor();
    await page.getByRole('link', { name: 'Create Profile' }).click();
    await page.waitForURL(/\/profile-setup$/);
    await page.getByRole('heading', { level: 1, name: 'Create Profile' }).waitFor();
    await page.getByRole('tab', { name: 'Professional Profile' }).waitFor();
    await page.getByRole('tab', { name: 'Institution Profile' }).waitFor();

    const form = page.getByRole('form', { name: 'Professional profile' });
    const typeSelect = form.getByLabel(/^Professional Type/);
    const specialty = form.getByLabel(/^Specialty/);
    await specialty.selectOption('Neurology');
    // Changing the type clears the specialty and offers that type's list.
    await typeSelect.selectOption('nurse');
    expect(await specialty.inputValue()).toBe('');
    expect(await specialty.locator('option', { hasText: 'Midwifery' }).count()).toBe(1);
    await typeSelect.selectOption('doctor');
    await specialty.selectOption('Neurology');
    await form.getByLabel('License Number').fill('MDCN/55555');
    await form.getByLabel('Years of Experience').fill('6');
    await form.getByLabel('Education & Training').fill('MBBS, Ahmadu Bello University\nFMCP Neurology');
    await form.getByLabel('Bio').fill('Neurologist in Kano caring for stroke and epilepsy patients.');
    await form.getByLabel('Phone').fill('0803 777 1212');
    await form.getByLabel('City').fill('Kano');
    await form.getByLabel('State').selectOption('Kano');
    // Issue 48 (D23): her own practice location, without a confirmed affiliation: her LGA and a pin.
    await form.getByText('Without coordinates, the centre of your LGA is used (approximate).').waitFor();
    await form.getByLabel('LGA').selectOption('Nassarawa');
    await form.getByLabel('Latitude').fill('12.0022');
    await form.getByLabel('Longitude').fill('8.5919');
    await form.getByText('From the coordinates you gave.').waitFor();
    await form.getByRole('button', { name: 'Create Profile' }).click();

    await page.getByText('Profile Created').waitFor();
    await page.waitForURL(`${suite.base}/`);
    const card = page.getByRole('region', { name: 'Your profile' });
    await card.getByText('Pending Approval').waitFor();
    await card.getByText('Doctor · Neurology').waitFor();
    await card.getByText('Neurologist in Kano caring for stroke').waitFor();
    expect(await page.getByRole('link', { name: 'View Public Profile' }).count()).toBe(0);

    // The admin approval is the admin issue's screen; here it is done directly in SQL.
    const [row] = await suite.ctx.sql<{ id: number }[]>`UPDATE professionals SET status = 'approved' WHERE user_id = ${user.id} RETURNING id`;
    await page.reload();
    await card.getByText('Approved', { exact: true }).waitFor();
    const publicLink = page.getByRole('link', { name: 'View Public Profile' });
    expect(await publicLink.getAttribute('href')).toBe(`/professional/${row.id}`);

    // Photo: an invalid entry, then a real URL.
    await card.getByRole('button', { name: 'Change Photo' }).click();
    const photoDialog = page.getByRole('dialog', { name: 'Update Profile Photo' });
    await photoDialog.getByText('Use a direct image link (JPG, PNG, WebP)').waitFor();
    await photoDialog.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByText('Invalid URL').waitFor();
    await page.getByText('Please enter a valid photo URL').waitFor();
    await photoDialog.getByLabel('Photo URL').fill('https://img.example.ng/halima.png');
    await photoDialog.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByText('Photo Updated').waitFor();
    await photoDialog.waitFor({ state: 'hidden' });
    await card.locator('img[src="https://img.example.ng/halima.png"]').waitFor();

    // Countries: never empty; then Ghana, with its licence (issue 14), instead of Nigeria.
    await card.getByRole('button', { name: 'Edit Countries' }).click();
    const countriesDialog = page.getByRole('dialog', { name: 'Countries of Practice' });
    const countriesInput = countriesDialog.getByRole('textbox', { name: 'Countries' });
    await countriesInput.click();
    await countriesInput.press('Backspace');
    await page.getByText('Cannot remove all countries').waitFor();
    await page.getByText('You must be registered in at least one country.').waitFor();
    await countriesInput.fill('Gha');
    await page.getByRole('option', { name: 'Ghana', exact: true }).click();
    await countriesInput.fill('');
    await countriesInput.press('Escape').catch(() => {});
    // Remove Nigeria (the first pill) by clicking its pill's remove control.
    await countriesDialog.locator('.mantine-Pill-root', { hasText: 'Nigeria' }).locator('button').click();
    // A country without its licence number is refused.
    await countriesDialog.getByRole('button', { name: 'Save Countries' }).click();
    await page.getByText('License number is required for each selected country').waitFor();
    await countriesDialog.getByLabel('License Number (Ghana)').fill('GMDC/4471');
    await countriesDialog.getByLabel('Expiry Date (Ghana)').fill('2099-03-31');
    await countriesDialog.getByRole('button', { name: 'Save Countries' }).click();
    await page.getByText('Countries updated', { exact: true }).waitFor();
    await card.getByText('Ghana', { exact: true }).waitFor();
    expect(await card.getByText('Nigeria', { exact: true }).count()).toBe(0);
    const [saved] = await suite.ctx.sql<{ countries: string[]; countryLicenses: unknown; profileImageUrl: string }[]>`
      SELECT countries, country_licenses, profile_image_url, lga, latitude::float8 AS latitude, longitude::float8 AS longitude, location_source
      FROM professionals WHERE id = ${row.id}`;
    expect(saved).toEqual({
      countries: ['Ghana'],
      countryLicenses: [{ country: 'Ghana', licenseNumber: 'GMDC/4471', council: null, expiresOn: '2099-03-31' }],
      profileImageUrl: 'https://img.example.ng/halima.png',
      lga: 'Nassarawa',
      latitude: 12.0022,
      longitude: 8.5919,
      locationSource: 'pin',
    });

    // The public page shows the changes.
    await publicLink.click();
    await page.getByRole('heading', { level: 1, name: 'Dr. Halima Sani' }).waitFor();
    await page.getByLabel('Countries of practice').getByText('Ghana').waitFor();
    // Her pin places her: directions to it, not an LGA's centre.
    const directions = section(page, 'Contact').getByRole('link', { name: 'Directions' });
    expect(await directions.getAttribute('href')).toBe('https://www.openstreetmap.org/directions?to=12.0022%2C8.5919');
    expect(await section(page, 'Contact').getByText('Approximate location: the centre of its LGA').count()).toBe(0);

    // One licence number (issue 48): profile setup shows the licence of record (the Ghanaian licence set
    // above, her only one), read-only: it is changed with the countries. Changing what an approval
    // checked (the professional type) sends the profile back for review.
    await page.goto('/profile-setup');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    // The form gives back her LGA and pin.
    expect(await page.getByLabel('LGA').inputValue()).toBe('Nassarawa');
    expect(await page.getByLabel('Latitude').inputValue()).toBe('12.0022');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('8.5919');
    const licence = page.getByLabel('License Number');
    expect(await licence.inputValue()).toBe('GMDC/4471');
    expect(await licence.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel(/^Professional Type/).selectOption('nurse');
    await page.getByLabel(/^Specialty/).selectOption('Midwifery');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Your profile is back under review by an administrator.', { exact: false }).waitFor();
    await page.waitForURL(`${suite.base}/`);
    await card.getByText('Pending Approval').waitFor();
    await context.close();
  }, 120_000);

  it('profile setup asks a signed-out visitor to sign in, and builds the services list as chips', async () => {
    const anon = await pageAs(null);
    await anon.page.goto('/profile-setup');
    await anon.page.getByRole('heading', { name: 'Please Sign In' }).waitFor();
    expect(await anon.page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe('/api/login?next=%2Fprofile-setup');
    await anon.context.close();

    const user = await createUser(suite.ctx.sql, { userType: 'institution', firstName: 'Bola' });
    const { page, context } = await pageAs(user);
    await page.goto('/profile-setup');
    await page.getByRole('tab', { name: 'Institution Profile', selected: true }).waitFor();
    const form = page.getByRole('form', { name: 'Institution profile' });
    await form.getByLabel(/^Institution Name/).fill('Harbour Clinic');
    const typeOptions = await form.getByLabel(/^Institution Type/).locator('option').allTextContents();
    expect(typeOptions).toEqual(['Hospital', 'Clinic', 'Private Practice', 'Urgent Care', 'Specialty Center', 'Rehabilitation']);
    await form.getByLabel(/^Institution Type/).selectOption('clinic');
    const add = form.getByLabel('Add a service');
    await add.fill('  Cardiology  ');
    await add.press('Enter');
    await add.fill('cardiology');
    await add.press('Enter');
    await add.fill('Radiology');
    await form.getByRole('button', { name: 'Add service' }).click();
    await add.fill('Dialysis');
    await add.press('Enter');
    await form.getByRole('button', { name: 'Remove Dialysis' }).click();
    expect(await form.getByRole('list', { name: 'Services' }).getByRole('listitem').allTextContents()).toEqual(['Cardiology', 'Radiology']);
    await form.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByText('Profile Created').waitFor();
    await page.waitForURL(`${suite.base}/`);
    const [saved] = await suite.ctx.sql<{ services: string[]; status: string }[]>`SELECT services, status FROM institutions WHERE user_id = ${user.id}`;
    expect(saved).toEqual({ services: ['Cardiology', 'Radiology'], status: 'pending' });

    await page.goto('/profile-setup');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${suite.base}/`);
    await context.close();
  }, 90_000);

  it("an institution sets its Public Contact Email; its public page shows that, never the sign-in e-mail (D18)", async () => {
    const inst = await createInstitution(suite.ctx.sql, { name: 'Kano Desk Hospital', email: null, user: { email: 'kano.desk.signin@example.ng' } });
    const { page, context } = await pageAs(inst.user);
    await page.goto('/profile-setup');
    const form = page.getByRole('form', { name: 'Institution profile' });
    const field = form.getByLabel('Public Contact Email');
    expect(await field.inputValue()).toBe('');
    await form.getByText('Shown on your public profile; leave empty to show none. Your sign-in e-mail is never shown.').waitFor();
    await field.fill('frontdesk@kano.example.ng');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Profile Updated').waitFor();
    await context.close();

    const visitor = await pageAs(null);
    await visitor.page.goto(`/institution/${inst.id}`);
    await section(visitor.page, 'Contact Information').getByText('frontdesk@kano.example.ng').waitFor();
    expect(await visitor.page.content()).not.toContain('kano.desk.signin@example.ng');
    await visitor.context.close();
  });

  it('each role sees its own dashboard: patient, institution and admin', async () => {
    // Patient: quick search, the two cards and recent appointments.
    const patient = await createUser(suite.ctx.sql, { firstName: 'Kemi' });
    const pro = await createProfessional(suite.ctx.sql, { specialty: 'Dermatology', user: { firstName: 'Ifeoma', lastName: 'Nwosu' } });
    await suite.ctx.sql`INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, patient_name, patient_email, patient_phone)
      VALUES (${patient.id}, ${pro.id}, 'consultation', '2030-05-06T09:30:00+01:00', 'Kemi Okonkwo', ${patient.email}, '0803 123 4567')`;
    const p = await pageAs(patient);
    await p.page.goto('/');
    await p.page.getByRole('heading', { name: 'Welcome back, Kemi!' }).waitFor();
    await p.page.getByText('Find healthcare providers and keep track of your appointments.').waitFor();
    await p.page.getByRole('heading', { name: 'My Appointments' }).waitFor();
    await p.page.getByRole('heading', { name: 'Find Professionals' }).waitFor();
    const recent = section(p.page, 'Recent Appointments');
    await recent.waitFor();
    // GET /api/appointments/patient/{id} (appointments issue) lists it, in WAT.
    await recent.getByText('Dr. Ifeoma Nwosu').waitFor();
    await recent.getByText('Dermatology · Mon, 6 May 2030, 09:30 WAT').waitFor();
    await recent.getByText('Pending').waitFor();
    const search = p.page.getByRole('search', { name: 'Quick search' });
    await search.getByLabel('Search').fill('skin');
    await search.getByLabel('Professional Type').selectOption('doctor');
    await search.getByLabel('Location').selectOption('lagos-lagos');
    await search.getByRole('button', { name: 'Search' }).click();
    await p.page.waitForURL(`${suite.base}/search?q=skin&professionalType=doctor&location=lagos-lagos`);
    await p.page.goto('/');
    await search.getByRole('button', { name: 'Search' }).click();
    await p.page.waitForURL(`${suite.base}/search`);
    await p.context.close();

    // A patient without appointments: the empty state offers Find a Professional.
    const newcomer = await pageAs(await createUser(suite.ctx.sql, { firstName: 'Obi' }));
    await newcomer.page.goto('/');
    await section(newcomer.page, 'Recent Appointments').getByText('No appointments yet.').waitFor();
    expect(await section(newcomer.page, 'Recent Appointments').getByRole('link', { name: 'Find a Professional' }).getAttribute('href')).toBe('/search');
    await newcomer.context.close();

    // Institution: its card, type, description, approved link and quick actions.
    const inst = await createInstitution(suite.ctx.sql, { name: 'Lagoon General Hospital' });
    const i = await pageAs(inst.user);
    await i.page.goto('/');
    await i.page.getByText('Manage your institution profile and appointments.').waitFor();
    const card = i.page.getByRole('region', { name: 'Your profile' });
    await card.getByRole('heading', { name: 'Lagoon General Hospital' }).waitFor();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText('Hospital', { exact: true }).waitFor();
    await card.getByText('A 200-bed general hospital').waitFor();
    expect(await i.page.getByRole('link', { name: 'View Public Profile' }).getAttribute('href')).toBe(`/institution/${inst.id}`);
    const actions = section(i.page, 'Quick Actions');
    await actions.getByRole('link', { name: 'View Appointments' }).waitFor();
    await actions.getByRole('link', { name: 'Update Profile' }).waitFor();
    await actions.getByRole('button', { name: 'Change Photo' }).click();
    await i.page.getByRole('dialog', { name: 'Update Profile Photo' }).waitFor();
    await i.context.close();

    // Admin: four stat cards and the way to /admin.
    const admin = await createUser(suite.ctx.sql, { userType: 'admin', firstName: 'Ife' });
    const a = await pageAs(admin);
    await a.page.goto('/');
    await a.page.getByRole('heading', { name: 'Welcome back, Ife!' }).waitFor();
    // GET /api/admin/stats (admin issue) fills the four cards with numbers.
    for (const label of ['Total Professionals', 'Total Institutions', 'Pending Approvals', 'Total Appointments']) {
      await a.page.getByLabel(label).getByText(/^\d[\d,]*$/).waitFor();
    }
    expect(await a.page.getByRole('link', { name: 'Open Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    await a.context.close();
  }, 120_000);
});

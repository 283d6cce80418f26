import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSpecialties } from '@ilera/contracts';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const validBody = {
  professionalType: 'doctor',
  title: 'Dr.',
  specialty: 'Neurology',
  licenseNumber: 'MDCN/777',
  yearsOfExperience: 7,
  education: 'MBBS, University of Ibadan\nFWACS Neurology',
  bio: 'Neurologist caring for patients with epilepsy and stroke in Ibadan.',
  phone: '0803 555 0101',
  address: '4 Ring Road',
  city: 'Ibadan',
  state: 'Oyo',
  zipCode: '200001',
};

async function signIn(user: { email: string; password: string }) {
  return login(ctx.app, user.email, user.password);
}

async function searchEvents(id: number) {
  const rows = await ctx.sql<{ payload: { id: number } }[]>`
    SELECT payload FROM outbox WHERE topic = 'search.professional' ORDER BY id`;
  return rows.filter((r) => r.payload.id === id).length;
}

describe('GET /api/professionals/{id}', () => {
  it('shows an approved profile to a signed-out visitor, with user, affiliations and rating', async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Ngozi', lastName: 'Eze' } });
    const inst = await createInstitution(ctx.sql, { name: 'Reddington Hospital' });
    const hidden = await createInstitution(ctx.sql, { name: 'Unlisted Clinic', status: 'pending' });
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role)
      VALUES (${pro.id}, ${inst.id}, 'Consultant'), (${pro.id}, ${hidden.id}, 'Visiting')`;
    for (const rating of [5, 4, 4]) {
      const reviewer = await createUser(ctx.sql);
      await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES (${reviewer.id}, ${pro.id}, ${rating})`;
    }

    const res = await ctx.app.inject(`/api/professionals/${pro.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: pro.id,
      userId: pro.user.id,
      professionalType: 'doctor',
      title: 'Dr.',
      specialty: 'Cardiology',
      licenseNumber: 'LIC-Nigeria', // the licence of record, one number (issue 48)
      yearsOfExperience: 10,
      countries: ['Nigeria'],
      countryLicenses: [{ country: 'Nigeria', licenseNumber: 'LIC-Nigeria' }],
      isVerified: true,
      isApproved: true,
      status: 'approved',
      user: { firstName: 'Ngozi', lastName: 'Eze', profileImageUrl: null },
      averageRating: 4.3,
      reviewCount: 3,
    });
    expect(body.institutionAffiliations).toEqual([
      { id: expect.any(Number), role: 'Consultant', institution: { id: inst.id, name: 'Reddington Hospital', type: 'hospital' } },
    ]);
    expect(typeof body.createdAt).toBe('string');
    // Private to the owner and admins.
    expect(body.user).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('rejectionReason');
    expect(res.body).not.toContain(pro.user.email);
  });

  it('answers 404 for a missing profile and for non-numeric ids', async () => {
    expect((await ctx.app.inject('/api/professionals/999999')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/professionals/99999999999')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/professionals/abc')).statusCode).toBe(404);
  });

  it('hides pending and rejected profiles from the public and other users, not from the owner or an admin', async () => {
    const pending = await createProfessional(ctx.sql, { status: 'pending' });
    const rejected = await createProfessional(ctx.sql, { status: 'rejected' });
    await ctx.sql`UPDATE professionals SET rejection_reason = 'Licence could not be verified' WHERE id = ${rejected.id}`;
    const stranger = await createUser(ctx.sql);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const strangerCookie = await signIn(stranger);

    for (const id of [pending.id, rejected.id]) {
      const anon = await ctx.app.inject(`/api/professionals/${id}`);
      expect(anon.statusCode).toBe(404);
      expect(anon.json()).toEqual({ message: 'Professional not found' });
      expect((await ctx.app.inject({ url: `/api/professionals/${id}`, headers: { cookie: strangerCookie } })).statusCode).toBe(404);
    }

    const own = await ctx.app.inject({ url: `/api/professionals/${rejected.id}`, headers: { cookie: await signIn(rejected.user) } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'rejected', isApproved: false, rejectionReason: 'Licence could not be verified' });
    expect(own.json().user.email).toBe(rejected.user.email);

    const asAdmin = await ctx.app.inject({ url: `/api/professionals/${pending.id}`, headers: { cookie: await signIn(admin) } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ status: 'pending', isApproved: false, rejectionReason: null });
  });
});

describe('GET /api/professionals/user/{userId}', () => {
  it('gives the user their own profile, 404 to other users, 401 when signed out; admins may read it', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending' });
    const other = await createProfessional(ctx.sql);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const url = `/api/professionals/user/${pro.user.id}`;

    expect((await ctx.app.inject(url)).statusCode).toBe(401);
    const own = await ctx.app.inject({ url, headers: { cookie: await signIn(pro.user) } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: pro.id, status: 'pending' });
    const refused = await ctx.app.inject({ url, headers: { cookie: await signIn(other.user) } });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(pro.user.email);
    expect((await ctx.app.inject({ url, headers: { cookie: await signIn(admin) } })).json().id).toBe(pro.id);
  });

  it('answers 404 when the user has no profile yet', async () => {
    const user = await createUser(ctx.sql, { userType: 'professional' });
    const res = await ctx.app.inject({ url: `/api/professionals/user/${user.id}`, headers: { cookie: await signIn(user) } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Professional profile not found');
  });
});

describe('POST /api/professionals', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/professionals', payload: validBody });
    expect(res.statusCode).toBe(401);
  });

  it('creates a pending profile for a professional account and writes its search event', async () => {
    const user = await createUser(ctx.sql, { userType: 'professional' });
    const cookie = await signIn(user);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/professionals', headers: { cookie }, payload: validBody });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      userId: user.id,
      specialty: 'Neurology',
      status: 'pending',
      isApproved: false,
      isVerified: false,
      countries: ['Nigeria'],
      education: 'MBBS, University of Ibadan\nFWACS Neurology',
    });
    expect(await searchEvents(body.id)).toBe(1);
    // Still hidden from the public until an admin approves it.
    expect((await ctx.app.inject(`/api/professionals/${body.id}`)).statusCode).toBe(404);

    const again = await ctx.app.inject({ method: 'POST', url: '/api/professionals', headers: { cookie }, payload: validBody });
    expect(again.statusCode).toBe(409);
  });

  it("answers 400 with the shared schema's messages", async () => {
    const user = await createUser(ctx.sql, { userType: 'professional' });
    const cookie = await signIn(user);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/professionals',
      headers: { cookie },
      payload: { ...validBody, title: '', yearsOfExperience: -1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: 'Title is required',
      yearsOfExperience: 'Years of experience cannot be negative',
    });
    const wrongList = await ctx.app.inject({
      method: 'POST',
      url: '/api/professionals',
      headers: { cookie },
      payload: { ...validBody, professionalType: 'nurse', specialty: 'Neurology' },
    });
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().fields.specialty).toBe('Please choose a specialty from the list');
  });

  it('lets a patient become a professional; refuses institution accounts with 403', async () => {
    const patient = await createUser(ctx.sql);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/professionals', headers: { cookie: await signIn(patient) }, payload: validBody });
    expect(res.statusCode).toBe(201);
    const [u] = await ctx.sql<{ userType: string }[]>`SELECT user_type FROM users WHERE id = ${patient.id}`;
    expect(u.userType).toBe('professional');

    const inst = await createInstitution(ctx.sql);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/professionals', headers: { cookie: await signIn(inst.user) }, payload: validBody });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PUT /api/professionals/{id}', () => {
  const edit = (id: number, cookie: string | undefined, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/professionals/${id}`, headers: cookie ? { cookie } : {}, payload });
  const current = (o: { licenseNumber?: string } = {}) => ({
    ...validBody,
    specialty: 'Cardiology',
    // The licence of record (the factory's Nigerian licence): what profile setup shows and sends back (issue 48).
    licenseNumber: o.licenseNumber ?? 'LIC-Nigeria',
  });

  it('only lets the owner or an admin change a profile: 401 signed out, 403 for others', async () => {
    const pro = await createProfessional(ctx.sql);
    const other = await createProfessional(ctx.sql);
    const patient = await createUser(ctx.sql);
    expect((await edit(pro.id, undefined, current())).statusCode).toBe(401);
    expect((await edit(pro.id, await signIn(other.user), current())).statusCode).toBe(403);
    expect((await edit(pro.id, await signIn(patient), current())).statusCode).toBe(403);
    expect((await edit(999999, await signIn(patient), current())).statusCode).toBe(404);
    const [row] = await ctx.sql<{ bio: string }[]>`SELECT bio FROM professionals WHERE id = ${pro.id}`;
    expect(row.bio).toContain('Consultant cardiologist');
    expect(await searchEvents(pro.id)).toBe(0);
  });

  it('keeps an approved profile approved on an ordinary edit, and writes its search event', async () => {
    const pro = await createProfessional(ctx.sql);
    const res = await edit(pro.id, await signIn(pro.user), { ...current(), bio: 'Now also running a Saturday clinic in Yaba for heart patients.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', isApproved: true, bio: 'Now also running a Saturday clinic in Yaba for heart patients.' });
    expect(await searchEvents(pro.id)).toBe(1);
  });

  it('sends an approved profile back to pending when the only licence number of a professional without licences changes (issue 48)', async () => {
    // As a patient's own profile setup leaves it: a number, no licences yet.
    const pro = await createProfessional(ctx.sql);
    await ctx.sql`UPDATE professionals SET country_licenses = '[]', license_number = 'MDCN/12345' WHERE id = ${pro.id}`;
    expect((await edit(pro.id, await signIn(pro.user), { ...current({ licenseNumber: 'MDCN/12345' }), bio: 'Same number, new words about the practice.' })).json()).toMatchObject({ status: 'approved' });
    const res = await edit(pro.id, await signIn(pro.user), current({ licenseNumber: 'MDCN/99999' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', isApproved: false, licenseNumber: 'MDCN/99999' });
    expect((await ctx.app.inject(`/api/professionals/${pro.id}`)).statusCode).toBe(404);
    expect(await searchEvents(pro.id)).toBe(2);
  });

  it('sends an approved profile back to pending when the professional type changes', async () => {
    const pro = await createProfessional(ctx.sql);
    const res = await edit(pro.id, await signIn(pro.user), { ...current(), professionalType: 'nurse', specialty: 'Midwifery' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', professionalType: 'nurse', specialty: 'Midwifery' });
  });

  it("keeps the status when an admin edits, and resubmits a rejected profile when its owner edits", async () => {
    const pro = await createProfessional(ctx.sql);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const byAdmin = await edit(pro.id, await signIn(admin), { ...current(), bio: 'Edited by an administrator for a typo in the clinic name.' });
    expect(byAdmin.json()).toMatchObject({ status: 'approved', licenseNumber: 'LIC-Nigeria' });

    const rejected = await createProfessional(ctx.sql, { status: 'rejected' });
    await ctx.sql`UPDATE professionals SET rejection_reason = 'Blurry licence' WHERE id = ${rejected.id}`;
    const resubmitted = await edit(rejected.id, await signIn(rejected.user), current());
    expect(resubmitted.json()).toMatchObject({ status: 'pending', rejectionReason: null });
  });
});

describe('PUT /api/professionals/photo', () => {
  const put = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/professionals/photo', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('sets an http(s) photo URL, refuses anything else, and removes it with null', async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await signIn(pro.user);

    const set = await put(cookie, { profileImageUrl: ' https://cdn.example.ng/ngozi.jpg ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().profileImageUrl).toBe('https://cdn.example.ng/ngozi.jpg');
    expect((await ctx.app.inject(`/api/professionals/${pro.id}`)).json().profileImageUrl).toBe('https://cdn.example.ng/ngozi.jpg');
    // The profile photo is the account's avatar too.
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().profileImageUrl).toBe('https://cdn.example.ng/ngozi.jpg');

    for (const bad of ['', '   ', 'javascript:alert(1)', 'ftp://example.ng/a.png', 'not a url']) {
      const res = await put(cookie, { profileImageUrl: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid photo URL');
    }
    expect((await ctx.app.inject(`/api/professionals/${pro.id}`)).json().profileImageUrl).toBe('https://cdn.example.ng/ngozi.jpg');

    const removed = await put(cookie, { profileImageUrl: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().profileImageUrl).toBeNull();
    // Photo changes stay approved and reach the search index.
    expect(removed.json().status).toBe('approved');
    expect(await searchEvents(pro.id)).toBe(2);
  });

  it('answers 401 signed out, 403 to another role (D9) and 404 for a professional account without a profile', async () => {
    expect((await put(undefined, { profileImageUrl: null })).statusCode).toBe(401);
    const patient = await createUser(ctx.sql);
    expect((await put(await signIn(patient), { profileImageUrl: null })).statusCode).toBe(403);
    const bare = await createUser(ctx.sql, { userType: 'professional' });
    expect((await put(await signIn(bare), { profileImageUrl: null })).statusCode).toBe(404);
  });
});

describe('PUT /api/professionals/countries', () => {
  const put = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/professionals/countries', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('replaces the countries with a list from the canonical countries, dropping licences of removed ones', async () => {
    const pro = await createProfessional(ctx.sql, { countries: ['Nigeria', 'Ghana', 'United Kingdom'] });
    const cookie = await signIn(pro.user);
    const res = await put(cookie, ['Ghana', 'United Kingdom', 'Ghana']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      countries: ['Ghana', 'United Kingdom'],
      countryLicenses: [
        { country: 'Ghana', licenseNumber: 'LIC-Ghana' },
        { country: 'United Kingdom', licenseNumber: 'LIC-United Kingdom' },
      ],
      status: 'approved',
    });
    expect(await searchEvents(pro.id)).toBe(1);
    // A country added without its licence would break countries = licences (issue 14).
    const added = await put(cookie, ['Ghana', 'Kenya']);
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe('License number is required for each selected country');
  });

  it('drops the licence of a removed country', async () => {
    const pro = await createProfessional(ctx.sql, { countries: ['Nigeria', 'Ghana'] });
    const cookie = await signIn(pro.user);
    const res = await put(cookie, ['Ghana']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      countries: ['Ghana'],
      countryLicenses: [{ country: 'Ghana', licenseNumber: 'LIC-Ghana' }],
      status: 'approved',
    });
    expect(await searchEvents(pro.id)).toBe(1);
  });

  it('never lets the list become empty and refuses unknown countries', async () => {
    const pro = await createProfessional(ctx.sql, { countries: ['Nigeria'] });
    const cookie = await signIn(pro.user);
    const empty = await put(cookie, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('At least one country must be selected');
    const unknown = await put(cookie, ['Nigeria', 'Atlantis']);
    expect(unknown.statusCode).toBe(400);
    const [row] = await ctx.sql<{ countries: string[] }[]>`SELECT countries FROM professionals WHERE id = ${pro.id}`;
    expect(row.countries).toEqual(['Nigeria']);
    expect(await searchEvents(pro.id)).toBe(0);
  });

  it('answers 401 signed out, 403 to another role (D9) and 404 without a professional profile', async () => {
    expect((await put(undefined, ['Nigeria'])).statusCode).toBe(401);
    const inst = await createInstitution(ctx.sql);
    expect((await put(await signIn(inst.user), ['Nigeria'])).statusCode).toBe(403);
    const bare = await createUser(ctx.sql, { userType: 'professional' });
    expect((await put(await signIn(bare), ['Nigeria'])).statusCode).toBe(404);
  });
});

describe('GET /api/specialties', () => {
  it('lists every specialty of the reference lists with id and name', async () => {
    const res = await ctx.app.inject('/api/specialties');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string }[];
    expect(list.map((s) => s.name)).toEqual([...allSpecialties]);
    expect(list.every((s) => typeof s.id === 'number')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, INSTITUTION_CONTACT_EMAIL, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const validBody = {
  name: 'Harbour Specialist Clinic',
  type: 'clinic',
  description: 'Outpatient clinic for families in Port Harcourt.',
  services: [' Cardiology ', 'Pediatric Care', 'cardiology', 'Radiology'],
  phone: '0805 222 3344',
  email: 'desk@harbour.example.ng',
  website: 'https://harbour.example.ng',
  address: '9 Aba Road',
  city: 'Port Harcourt',
  state: 'Rivers',
  zipCode: '500001',
};

const signIn = (user: { email: string; password: string }) => login(ctx.app, user.email, user.password);

async function searchEvents(topic: string, id: number) {
  const rows = await ctx.sql<{ payload: { id: number } }[]>`SELECT payload FROM outbox WHERE topic = ${topic}`;
  return rows.filter((r) => r.payload.id === id).length;
}

describe('GET /api/institutions/{id}', () => {
  it('shows an approved institution publicly, with associated approved professionals and rating', async () => {
    const inst = await createInstitution(ctx.sql, { name: 'Lagoon General Hospital' });
    const pro = await createProfessional(ctx.sql, { specialty: 'Pediatrics', user: { firstName: 'Tunde', lastName: 'Bakare' } });
    const pendingPro = await createProfessional(ctx.sql, { status: 'pending' });
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role)
      VALUES (${pro.id}, ${inst.id}, 'Head of Pediatrics'), (${pendingPro.id}, ${inst.id}, 'Resident')`;
    for (const rating of [3, 4]) {
      const reviewer = await createUser(ctx.sql);
      await ctx.sql`INSERT INTO reviews (reviewer_id, institution_id, rating) VALUES (${reviewer.id}, ${inst.id}, ${rating})`;
    }

    const res = await ctx.app.inject(`/api/institutions/${inst.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: inst.id,
      name: 'Lagoon General Hospital',
      type: 'hospital',
      services: ['Emergency Care', 'Surgery', 'Maternity Services', 'Radiology'],
      phone: '01 234 5678',
      email: INSTITUTION_CONTACT_EMAIL, // the institution's own contact e-mail is public directory data (D18)
      website: 'https://lagoon.example.ng',
      isVerified: true,
      isApproved: true,
      status: 'approved',
      averageRating: 3.5,
      reviewCount: 2,
    });
    expect(body.professionalAffiliations).toEqual([
      {
        id: expect.any(Number),
        role: 'Head of Pediatrics',
        professional: { id: pro.id, title: 'Dr.', specialty: 'Pediatrics', user: { firstName: 'Tunde', lastName: 'Bakare' } },
      },
    ]);
    expect(body).not.toHaveProperty('rejectionReason');
    expect(body).not.toHaveProperty('user');
  });

  it('answers 404 for missing and unapproved institutions, except to the owner and admins', async () => {
    expect((await ctx.app.inject('/api/institutions/999999')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/institutions/nope')).statusCode).toBe(404);
    const pending = await createInstitution(ctx.sql, { status: 'pending' });
    const anon = await ctx.app.inject(`/api/institutions/${pending.id}`);
    expect(anon.statusCode).toBe(404);
    expect(anon.json()).toEqual({ message: 'Institution not found' });
    const stranger = await createUser(ctx.sql);
    expect((await ctx.app.inject({ url: `/api/institutions/${pending.id}`, headers: { cookie: await signIn(stranger) } })).statusCode).toBe(404);
    const own = await ctx.app.inject({ url: `/api/institutions/${pending.id}`, headers: { cookie: await signIn(pending.user) } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'pending', rejectionReason: null, user: { email: pending.user.email } });
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    expect((await ctx.app.inject({ url: `/api/institutions/${pending.id}`, headers: { cookie: await signIn(admin) } })).statusCode).toBe(200);
  });
});

describe('GET /api/institutions/user/{userId}', () => {
  it('gives the user their own profile, 404 to other users, 401 signed out', async () => {
    const inst = await createInstitution(ctx.sql, { status: 'pending' });
    const other = await createInstitution(ctx.sql);
    const url = `/api/institutions/user/${inst.user.id}`;
    expect((await ctx.app.inject(url)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url, headers: { cookie: await signIn(inst.user) } })).json().id).toBe(inst.id);
    expect((await ctx.app.inject({ url, headers: { cookie: await signIn(other.user) } })).statusCode).toBe(404);
  });
});

describe('POST /api/institutions', () => {
  it('creates a pending profile with trimmed, de-duplicated services and its search event', async () => {
    const user = await createUser(ctx.sql, { userType: 'institution' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/institutions', headers: { cookie: await signIn(user) }, payload: validBody });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Harbour Specialist Clinic',
      type: 'clinic',
      services: ['Cardiology', 'Pediatric Care', 'Radiology'],
      status: 'pending',
      isApproved: false,
    });
    expect(await searchEvents('search.institution', res.json().id)).toBe(1);
  });

  it('answers 401 signed out, 403 for a professional account and 400 with the schema messages', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/institutions', payload: validBody })).statusCode).toBe(401);
    const pro = await createProfessional(ctx.sql);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/institutions', headers: { cookie: await signIn(pro.user) }, payload: validBody })).statusCode).toBe(403);
    const user = await createUser(ctx.sql, { userType: 'institution' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: { cookie: await signIn(user) },
      payload: { ...validBody, name: 'A', website: 'not a site' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'Institution name is required', website: 'Please enter a valid website URL' });
  });
});

describe('PUT /api/institutions/{id}', () => {
  const edit = (id: number, cookie: string | undefined, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/institutions/${id}`, headers: cookie ? { cookie } : {}, payload });

  it('only lets the owner or an admin change it: 401 signed out, 403 for others', async () => {
    const inst = await createInstitution(ctx.sql);
    const other = await createInstitution(ctx.sql);
    expect((await edit(inst.id, undefined, { ...validBody, type: 'hospital' })).statusCode).toBe(401);
    expect((await edit(inst.id, await signIn(other.user), { ...validBody, type: 'hospital' })).statusCode).toBe(403);
    const [row] = await ctx.sql<{ name: string }[]>`SELECT name FROM institutions WHERE id = ${inst.id}`;
    expect(row.name).toBe('Lagoon General Hospital');
  });

  it('keeps an approved institution approved on an edit, back to pending when its type changes', async () => {
    const inst = await createInstitution(ctx.sql);
    const pro = await createProfessional(ctx.sql);
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id) VALUES (${pro.id}, ${inst.id})`;
    const cookie = await signIn(inst.user);
    const same = await edit(inst.id, cookie, { ...validBody, type: 'hospital' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Harbour Specialist Clinic', status: 'approved' });
    expect(await searchEvents('search.institution', inst.id)).toBe(1);
    // The professional's search document shows the institution's name.
    expect(await searchEvents('search.professional', pro.id)).toBe(1);

    const retyped = await edit(inst.id, cookie, { ...validBody, type: 'clinic' });
    expect(retyped.json()).toMatchObject({ type: 'clinic', status: 'pending' });
  });
});

describe('PUT /api/institutions/photo', () => {
  it('sets and removes the photo, refusing non-http URLs', async () => {
    const inst = await createInstitution(ctx.sql);
    const cookie = await signIn(inst.user);
    const put = (payload: object, signedIn = true) =>
      ctx.app.inject({ method: 'PUT', url: '/api/institutions/photo', headers: signedIn ? { cookie } : {}, payload });
    expect((await put({ profileImageUrl: 'https://cdn.example.ng/front.webp' })).json().profileImageUrl).toBe('https://cdn.example.ng/front.webp');
    const bad = await put({ profileImageUrl: 'data:image/png;base64,AAAA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid photo URL');
    expect((await put({ profileImageUrl: null })).json().profileImageUrl).toBeNull();
    expect((await put({ profileImageUrl: null }, false)).statusCode).toBe(401);
    expect(await searchEvents('search.institution', inst.id)).toBe(2); // set and remove; the refused ones wrote none
  });
});

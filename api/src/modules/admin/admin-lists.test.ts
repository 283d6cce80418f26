// Issue 14: admin add user by professional type (D17); rejected tabs, paging,
// search by name or e-mail, and reopening a rejected profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);
const asAdmin = (method: string, url: string, payload?: unknown) => call(method, url, adminCookie, payload);

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: admin.email, password: 'admin-password-1' },
  });
  adminCookie = cookieFrom(res.headers['set-cookie']);
});
afterAll(async () => ctx?.close());

describe('admin add user: the professional type comes first (D17)', () => {
  const nurse = (email: string) => ({
    email,
    password: 'nurse-password-1',
    firstName: 'Halima',
    lastName: 'Bello',
    userType: 'professional',
    professionalType: 'nurse',
    title: 'Mrs.',
    specialty: 'Midwifery',
    city: 'Kano',
    state: 'Kano',
    countriesOfPractice: ['Nigeria'],
    licenseNumbers: { Nigeria: 'NMCN/55555' },
  });

  it('creates a nurse with a nursing specialty, who can then edit her own profile', async () => {
    const email = `halima-${Date.now()}@example.ng`;
    const res = await asAdmin('POST', '/api/admin/create-user', nurse(email));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().professionalId;
    const profile = (await call('GET', `/api/professionals/${id}`)).json();
    expect(profile).toMatchObject({ professionalType: 'nurse', specialty: 'Midwifery' });

    const cookie = await login(ctx.app, email, 'nurse-password-1');
    const edit = await call('PUT', `/api/professionals/${id}`, cookie, {
      professionalType: 'nurse',
      title: 'Mrs.',
      specialty: 'Pediatric Nursing',
      yearsOfExperience: 12,
      education: 'BNSc, Bayero University Kano (2010)',
      bio: 'Paediatric nurse caring for newborns and children in Kano.',
      city: 'Kano',
      state: 'Kano',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [row] = await ctx.sql`SELECT specialty, years_of_experience FROM professionals WHERE id = ${id}`;
    expect(row).toEqual({ specialty: 'Pediatric Nursing', yearsOfExperience: 12 });
  });

  it('creates a pharmacist; a specialty of another type is refused on the field, creating nothing', async () => {
    const email = `pharm-${Date.now()}@example.ng`;
    const wrong = await asAdmin('POST', '/api/admin/create-user', {
      ...nurse(email),
      professionalType: 'pharmacist',
      specialty: 'Midwifery',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.specialty).toBe('Please choose a specialty from the list');
    expect(await ctx.sql`SELECT 1 FROM users WHERE email = ${email}`).toHaveLength(0);

    const badType = await asAdmin('POST', '/api/admin/create-user', { ...nurse(email), professionalType: 'surgeon' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields.professionalType).toBe('Please choose a professional type');

    const ok = await asAdmin('POST', '/api/admin/create-user', {
      ...nurse(email),
      professionalType: 'pharmacist',
      title: 'Mr.',
      specialty: 'Clinical Pharmacy',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await ctx.sql`SELECT professional_type, specialty FROM professionals WHERE id = ${ok.json().professionalId}`;
    expect(row).toEqual({ professionalType: 'pharmacist', specialty: 'Clinical Pharmacy' });
  });

  it("without a type (the spec's form) a doctor is created", async () => {
    const res = await asAdmin('POST', '/api/admin/create-user', {
      ...nurse(`doc-${Date.now()}@example.ng`),
      professionalType: undefined,
      title: 'Dr.',
      specialty: 'Dentistry',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.sql`SELECT professional_type FROM professionals WHERE id = ${res.json().professionalId}`;
    expect(row.professionalType).toBe('doctor');
  });
});

describe('admin lists: rejected tabs, paging, search by name or e-mail, reopening', () => {
  it('the rejected tabs refuse everyone but an admin', async () => {
    const patient = await createUser(ctx.sql);
    const patientCookie = await login(ctx.app, patient.email, patient.password);
    for (const url of ['/api/admin/rejected-professionals', '/api/admin/rejected-institutions']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, patientCookie)).statusCode).toBe(403);
    }
    const pro = await createProfessional(ctx.sql, { status: 'rejected' });
    expect((await call('POST', `/api/admin/reopen-professional/${pro.id}`)).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/reopen-professional/${pro.id}`, patientCookie)).statusCode).toBe(403);
    const [row] = await ctx.sql`SELECT status FROM professionals WHERE id = ${pro.id}`;
    expect(row.status).toBe('rejected');
  });

  it('a rejected professional is found by name or e-mail in its tab, and reopening puts it back in the pending queue', async () => {
    const tag = Date.now().toString(36).replace(/\d/g, 'x');
    const pro = await createProfessional(ctx.sql, {
      status: 'pending',
      user: { firstName: 'Obiageli', lastName: `Nwosu${tag}`, email: `obi-${tag}@example.ng` },
    });
    const reject = await asAdmin('POST', `/api/admin/reject-professional/${pro.id}`, { reason: 'Licence number unreadable' });
    expect(reject.statusCode).toBe(200);

    const byName = await asAdmin('GET', `/api/admin/rejected-professionals?q=${encodeURIComponent(`obiageli nwosu${tag}`)}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([
      expect.objectContaining({ id: pro.id, status: 'rejected', rejectionReason: 'Licence number unreadable' }),
    ]);
    expect(byName.headers['x-total-count']).toBe('1');
    const byEmail = await asAdmin('GET', `/api/admin/rejected-professionals?q=OBI-${tag}@EXAMPLE`);
    expect(byEmail.json().map((p: { id: number }) => p.id)).toEqual([pro.id]);
    const pending = await asAdmin('GET', `/api/admin/pending-professionals?q=${tag}`);
    expect(pending.json()).toEqual([]);

    const reopen = await asAdmin('POST', `/api/admin/reopen-professional/${pro.id}`);
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(reopen.json()).toMatchObject({ success: true, status: 'pending' });
    expect((await asAdmin('GET', `/api/admin/rejected-professionals?q=${tag}`)).json()).toEqual([]);
    expect((await asAdmin('GET', `/api/admin/pending-professionals?q=${tag}`)).json().map((p: { id: number }) => p.id)).toEqual([
      pro.id,
    ]);
    // Only a rejected profile can be reopened; an unknown one is not found.
    expect((await asAdmin('POST', `/api/admin/reopen-professional/${pro.id}`)).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/reopen-professional/99999999')).statusCode).toBe(404);
    const audit = (await asAdmin('GET', '/api/admin/audit?perPage=5')).json().items;
    expect(audit[0]).toMatchObject({ action: 'reopen_professional', outcome: 'failure' });
  });

  it('institution lists page through every match with a total, and reopen works the same way', async () => {
    const tag = `Paged${Date.now().toString(36).replace(/\d/g, 'y')}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createInstitution(ctx.sql, { status: 'rejected', name: `${tag} Clinic ${i}` }));
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await asAdmin('GET', `/api/admin/rejected-institutions?q=${tag}&perPage=2&page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      seen.push(...res.json().map((x: { id: number }) => x.id));
    }
    expect(seen.sort()).toEqual(made.map((m) => m.id).sort());
    const past = await asAdmin('GET', `/api/admin/rejected-institutions?q=${tag}&perPage=2&page=9`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    // A % typed in the search box is a character, not a wildcard.
    expect((await asAdmin('GET', `/api/admin/rejected-institutions?q=${tag}%25`)).json()).toEqual([]);

    const bad = await asAdmin('GET', '/api/admin/rejected-institutions?perPage=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.perPage).toBe('Per page must be a whole number from 1 to 100');

    const reopen = await asAdmin('POST', `/api/admin/reopen-institution/${made[0]!.id}`);
    expect(reopen.json()).toMatchObject({ success: true, status: 'pending' });
    const [row] = await ctx.sql`SELECT status FROM institutions WHERE id = ${made[0]!.id}`;
    expect(row.status).toBe('pending');
  });
});

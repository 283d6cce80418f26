import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { login } from '../../../../test/factories';
import { institutionPayload, patientPayload, professionalPayload, send, uniqueEmail } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function expectFieldError(url: string, payload: unknown, field: string, message: string) {
  const res = await send(ctx.app, 'POST', url, { payload });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().fields[field]).toBe(message);
  return res;
}

describe('POST /api/register/patient', () => {
  const url = '/api/register/patient';

  it('creates a patient who can then sign in; the password is stored only as an argon2id hash', async () => {
    const p = patientPayload();
    const res = await send(ctx.app, 'POST', url, { payload: p });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: p.email, firstName: 'Adaeze', lastName: 'Okonkwo', userType: 'patient' });
    expect(res.body).not.toContain(p.password);
    expect(res.headers['set-cookie']).toBeUndefined(); // the spec sends the user to /login afterwards
    const [row] = await ctx.sql<{ passwordHash: string; phone: string }[]>`
      SELECT p.password_hash, u.phone FROM users u JOIN user_passwords p ON p.user_id = u.id WHERE u.email = ${p.email}`;
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.phone).toBe('0803 123 4567');
    await login(ctx.app, p.email, p.password);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: 'B' }, 'Last name must be at least 2 characters'],
    ['phone', { phone: '0803 12' }, 'Phone number must be at least 10 digits'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'something-else' }, "Passwords don't match"],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    await expectFieldError(url, patientPayload(change), field, message);
  });

  it('names every bad field at once', async () => {
    const res = await send(ctx.app, 'POST', url, { payload: { email: 'x', firstName: '', lastName: '', phone: '', password: '', confirmPassword: 'y' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'password', 'phone']);
  });

  it('answers 409 for an e-mail that exists, whatever its letter case', async () => {
    const p = patientPayload({ email: uniqueEmail('Dup') });
    expect((await send(ctx.app, 'POST', url, { payload: p })).statusCode).toBe(201);
    const again = await send(ctx.app, 'POST', url, { payload: { ...p, email: p.email.toUpperCase() } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists');
    const asPro = await send(ctx.app, 'POST', '/api/register/professional', {
      payload: professionalPayload({ email: `  ${p.email.toLowerCase()} ` }),
    });
    expect(asPro.statusCode).toBe(409);
    const [{ count }] = await ctx.sql<{ count: number }[]>`SELECT count(*)::int FROM users WHERE lower(email) = lower(${p.email})`;
    expect(count).toBe(1);
  });

  it('two concurrent registrations with one e-mail: exactly one wins', async () => {
    const p = patientPayload();
    const results = await Promise.all([0, 1, 2, 3].map(() => send(ctx.app, 'POST', url, { payload: p })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('POST /api/register/professional', () => {
  const url = '/api/register/professional';

  it('creates the user and a pending, unapproved, unverified profile with its countries and licences, plus an outbox event', async () => {
    const before = (await send(ctx.app, 'GET', '/api/directory/counts')).json();
    const p = professionalPayload({ licenseNumber: undefined, yearsOfExperience: undefined });
    const res = await send(ctx.app, 'POST', url, { payload: p });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email: p.email, userType: 'professional' });
    const [pro] = await ctx.sql`
      SELECT pr.* FROM professionals pr JOIN users u ON u.id = pr.user_id WHERE u.email = ${p.email}`;
    expect(pro).toMatchObject({
      status: 'pending',
      isApproved: false,
      isVerified: false,
      professionalType: 'doctor',
      title: 'Dr.',
      specialty: 'Cardiology',
      yearsOfExperience: 0, // the spec's default
      licenseNumber: 'MDCN/12345', // the Nigerian licence stands in for the optional single field
      countries: ['Nigeria', 'Ghana'],
      countryLicenses: [
        { country: 'Nigeria', licenseNumber: 'MDCN/12345' },
        { country: 'Ghana', licenseNumber: 'GMDC/678' },
      ],
      profileImageUrl: null,
      zipCode: null,
    });
    const events = await ctx.sql`SELECT topic, payload FROM outbox WHERE topic = 'search.professional'`;
    expect(events).toContainEqual({ topic: 'search.professional', payload: { id: pro.id } });
    // A pending profile is not part of the public directory.
    expect((await send(ctx.app, 'GET', '/api/directory/counts')).json()).toEqual(before);
  });

  it.each([
    ['professionalType', { professionalType: 'surgeon' }, 'Please choose a professional type'],
    ['title', { title: 'D' }, 'Title is required'],
    ['specialty', { specialty: 'C' }, 'Specialty is required'],
    ['yearsOfExperience', { yearsOfExperience: -1 }, 'Years of experience cannot be negative'],
    ['education', { education: 'MBBS' }, 'Education details are required'],
    ['bio', { bio: 'Too short a bio' }, 'Bio must be at least 20 characters'],
    ['profileImageUrl', { profileImageUrl: 'not a url' }, 'Please enter a valid image URL'],
    ['countries', { countries: [], countryLicenses: [] }, 'At least one country must be selected'],
    ['countryLicenses.0.licenseNumber', { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: '' }] }, 'License number is required for each country'],
    ['countryLicenses', { countries: ['Nigeria', 'Ghana'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/1' }] }, 'License number is required for each selected country'],
    ['countryLicenses', { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'A' }, { country: 'Kenya', licenseNumber: 'B' }] }, 'License number is required for each selected country'],
    ['address', { address: '12 A' }, 'Address is required'],
    ['city', { city: 'L' }, 'City is required'],
    ['state', { state: 'L' }, 'State is required'],
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['confirmPassword', { confirmPassword: 'different-password' }, "Passwords don't match"],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    await expectFieldError(url, professionalPayload(change), field, message);
  });

  it('accepts the optional fields empty: licenseNumber, zipCode, profileImageUrl', async () => {
    const res = await send(ctx.app, 'POST', url, {
      payload: professionalPayload({ licenseNumber: '', zipCode: undefined, profileImageUrl: '', countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'X1' }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('rolls back a half-failed registration: neither the user nor the profile nor the event remains', async () => {
    // A real failure of the second statement, inside PostgreSQL.
    await ctx.sql.unsafe(`
      CREATE FUNCTION fail_professional_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full (test)'; END $$;
      CREATE TRIGGER fail_professional_insert BEFORE INSERT ON professionals
        FOR EACH ROW EXECUTE FUNCTION fail_professional_insert();`);
    const p = professionalPayload();
    const outboxBefore = await ctx.sql<{ count: number }[]>`SELECT count(*)::int FROM outbox`;
    try {
      const res = await send(ctx.app, 'POST', url, { payload: p });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      await ctx.sql.unsafe(`DROP TRIGGER fail_professional_insert ON professionals; DROP FUNCTION fail_professional_insert();`);
    }
    expect(await ctx.sql`SELECT id FROM users WHERE email = ${p.email}`).toHaveLength(0);
    expect(await ctx.sql<{ count: number }[]>`SELECT count(*)::int FROM outbox`).toEqual(outboxBefore);
    // Nothing was left behind: the same e-mail registers fine now.
    const again = await send(ctx.app, 'POST', url, { payload: p });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('POST /api/register/institution', () => {
  const url = '/api/register/institution';

  it('creates the user and a pending institution with its services, plus an outbox event', async () => {
    const p = institutionPayload({ services: ['Emergency Care', 'Surgery', 'Emergency Care'] });
    const res = await send(ctx.app, 'POST', url, { payload: p });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email: p.email, firstName: 'Bola', userType: 'institution' });
    const [inst] = await ctx.sql`
      SELECT i.* FROM institutions i JOIN users u ON u.id = i.user_id WHERE u.email = ${p.email}`;
    expect(inst).toMatchObject({
      name: 'Lagoon General Hospital',
      type: 'hospital',
      services: ['Emergency Care', 'Surgery'],
      status: 'pending',
      isApproved: false,
      isVerified: false,
      website: 'https://lagoon.example.ng',
      // D18: no public e-mail until the institution sets one; never its sign-in e-mail.
      email: null,
      phone: '0803 123 4567',
    });
    const events = await ctx.sql`SELECT topic, payload FROM outbox WHERE topic = 'search.institution'`;
    expect(events).toContainEqual({ topic: 'search.institution', payload: { id: inst.id } });
  });

  it.each([
    ['institutionName', { institutionName: 'L' }, 'Institution name is required'],
    ['type', { type: 'spa' }, 'Please choose an institution type'],
    ['services', { services: [] }, 'At least one service must be selected'],
    ['services', { type: 'pharmacy', services: ['Surgery'] }, 'Please choose services offered by the selected institution type'],
    ['description', { description: 'Short text' }, 'Description must be at least 20 characters'],
    ['profileImageUrl', { profileImageUrl: 'javascript:alert(1)' }, 'Please enter a valid image URL'],
    ['website', { website: 'lagoon' }, 'Please enter a valid website URL'],
    ['address', { address: 'Mar' }, 'Address is required'],
    ['city', { city: 'L' }, 'City is required'],
    ['state', { state: '' }, 'State is required'],
    ['firstName', { firstName: 'B' }, 'First name must be at least 2 characters'],
    ['phone', { phone: 'call me' }, 'Phone number must be at least 10 digits'],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    await expectFieldError(url, institutionPayload(change), field, message);
  });

  // D7: the registration screen offers three types, but the server accepts the canonical list,
  // so a value another screen sends (profile setup's, the admin's) is never refused.
  it.each(['clinic', 'maternity_home', 'primary_health_centre'])('accepts the canonical type %s', async (type) => {
    const p = institutionPayload({ type, services: ['Antenatal care'] });
    const res = await send(ctx.app, 'POST', url, { payload: p });
    expect(res.statusCode, res.body).toBe(201);
    const [inst] = await ctx.sql`
      SELECT i.type, i.services FROM institutions i JOIN users u ON u.id = i.user_id WHERE u.email = ${p.email}`;
    expect(inst).toEqual({ type, services: ['Antenatal care'] });
  });

  it('accepts an empty website and image URL', async () => {
    const res = await send(ctx.app, 'POST', url, { payload: institutionPayload({ website: '', profileImageUrl: '', type: 'diagnostic_lab', services: ['MRI'] }) });
    expect(res.statusCode, res.body).toBe(201);
  });
});

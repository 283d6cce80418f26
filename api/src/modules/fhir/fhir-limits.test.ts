import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';

// The FHIR directory is limited per client as the rest of the API is (plugins/rate-limit.ts, D26):
// a script without a client cookie counts per address, and FHIR searches share the site's search
// allowance (a scraper gains nothing by switching door). Small figures so a few requests reach them.
let ctx: TestContext;
let id: number;
beforeAll(async () => {
  ctx = await createTestContext({ requestLimits: { searchWithoutCookie: { max: 3 }, profileReadWithoutCookie: { max: 2 } } });
  id = (await createProfessional(ctx.sql)).id;
});
afterAll(async () => ctx?.close());

const get = (url: string, address: string) => ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });

describe('limits of /fhir/R4', () => {
  it('searches count against the anonymous search limit, shared with the site search; the refusal is a throttled OperationOutcome', async () => {
    for (let i = 0; i < 2; i++) expect((await get('/fhir/R4/Practitioner?address-state=Lagos', '198.51.100.1')).statusCode).toBe(200);
    expect((await get('/api/professionals/search?query=cardiology', '198.51.100.1')).statusCode).toBe(200);
    const refused = await get('/fhir/R4/PractitionerRole?specialty=Cardiology', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'throttled' }] });
    expect((await get('/fhir/R4/Practitioner', '198.51.100.2')).statusCode).toBe(200);
  });

  it('reads and the capability statement count against the anonymous profile-read limit', async () => {
    expect((await get(`/fhir/R4/Practitioner/${id}`, '198.51.100.3')).statusCode).toBe(200);
    expect((await get('/fhir/R4/metadata', '198.51.100.3')).statusCode).toBe(200);
    expect((await get(`/fhir/R4/Practitioner/${id}`, '198.51.100.3')).statusCode).toBe(429);
    expect((await get('/fhir/R4/metadata', '198.51.100.3')).statusCode).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TypesenseInstantSearchAdapterModule from 'typesense-instantsearch-adapter';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional } from '../../../../test/factories';

/** Public directory search (D1, D13) and the multi_search endpoint of the search page. */
describe('search API', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const sql = ctx.sql;
    ids.adaeze = (await createProfessional(sql, { user: { firstName: 'Adaeze', lastName: 'Okonkwo' }, specialty: 'Cardiology', city: 'Lagos', state: 'Lagos', yearsOfExperience: 12 })).id;
    ids.emeka = (await createProfessional(sql, { user: { firstName: 'Emeka', lastName: 'Nwosu' }, specialty: 'Cardiology', city: 'Abuja', state: 'FCT', yearsOfExperience: 30 })).id;
    ids.fatima = (await createProfessional(sql, { user: { firstName: 'Fatima', lastName: 'Bello' }, specialty: 'Neurology', city: 'Kano', state: 'Kano', yearsOfExperience: 4, isVerified: false })).id;
    ids.ngozi = (await createProfessional(sql, { professionalType: 'nurse', title: 'Ms.', user: { firstName: 'Ngozi', lastName: 'Eze' }, specialty: 'Midwifery', city: 'Lagos', state: 'Lagos' })).id;
    ids.tunde = (await createProfessional(sql, { professionalType: 'pharmacist', title: 'Mr.', user: { firstName: 'Tunde', lastName: 'Bakare' }, specialty: 'Community Pharmacy', city: 'Lagos', state: 'Lagos' })).id;
    ids.pending = (await createProfessional(sql, { status: 'pending', user: { firstName: 'Pending', lastName: 'Okonkwo' }, specialty: 'Cardiology' })).id;
    ids.rejected = (await createProfessional(sql, { status: 'rejected', user: { firstName: 'Rejected', lastName: 'Okonkwo' }, specialty: 'Cardiology' })).id;
    ids.lagoon = (await createInstitution(sql, { name: 'Lagoon General Hospital', type: 'hospital', services: ['Emergency Care', 'Surgery', 'Maternity Services', 'Radiology'] })).id;
    ids.pharmacy = (await createInstitution(sql, { name: 'HealthPlus Pharmacy', type: 'pharmacy', services: ['Prescription Filling'], city: 'Abuja', state: 'FCT' })).id;
    ids.lab = (await createInstitution(sql, { name: 'Clina Lancet Laboratories', type: 'diagnostic_lab', services: ['Blood Tests', 'X-Ray'], city: 'Lagos', state: 'Lagos', isVerified: false })).id;
    ids.pendingInst = (await createInstitution(sql, { name: 'Pending Hospital', status: 'pending' })).id;
    await reindexAll(sql, { engine: new PostgresEngine(sql) });
  });
  afterAll(async () => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: { hits: { name: string }[] }) => body.hits.map((h) => h.name).sort();

  it('searches professionals without sign-in and answers { hits, found, page, perPage, facets }', async () => {
    const { status, body } = await get('/api/professionals/search');
    expect(status).toBe(200);
    expect(body).toMatchObject({ found: 5, page: 1, perPage: 20 });
    expect(body.hits).toHaveLength(5);
    // Issue 45: the plans and services facets too.
    expect(Object.keys(body.facets).sort()).toEqual(['availability', 'city', 'isVerified', 'language', 'plan', 'professionalType', 'service', 'specialty', 'state']);
    expect(body.facets.professionalType).toEqual(
      expect.arrayContaining([{ value: 'doctor', count: 3 }, { value: 'nurse', count: 1 }, { value: 'pharmacist', count: 1 }]),
    );
    // Pending and rejected profiles are never found.
    expect(JSON.stringify(body.hits)).not.toMatch(/Pending|Rejected/);
  });

  it('filters by "Verified licence", with counts of verified and not verified that ignore the filter', async () => {
    const { status, body } = await get('/api/professionals/search?verified=true');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Dr. Adaeze Okonkwo', 'Dr. Emeka Nwosu', 'Mr. Tunde Bakare', 'Ms. Ngozi Eze']);
    expect(body.hits.every((h: { isVerified: boolean }) => h.isVerified === true)).toBe(true);
    expect(body.facets.isVerified).toEqual(expect.arrayContaining([{ value: 'true', count: 4 }, { value: 'false', count: 1 }]));
    expect(names((await get('/api/professionals/search?verified=false')).body)).toEqual(['Dr. Fatima Bello']);
    expect(names((await get('/api/professionals/search?verified=true&state=Kano')).body)).toEqual([]);
    const bad = await get('/api/professionals/search?verified=maybe');
    expect(bad.status).toBe(400);
  });

  it('carries every field a result card shows', async () => {
    const { body } = await get('/api/professionals/search?query=Adaeze%20Okonkwo');
    expect(body.hits[0]).toMatchObject({
      id: String(ids.adaeze),
      name: 'Dr. Adaeze Okonkwo',
      title: 'Dr.',
      professionalType: 'doctor',
      specialty: 'Cardiology',
      city: 'Lagos',
      state: 'Lagos',
      phone: '0803 123 4567',
      education: 'MBBS, University of Lagos (2008)',
      yearsOfExperience: 12,
      rating: 0,
      reviewCount: 0,
      isVerified: true,
      isApproved: true,
    });
    expect(body.hits[0].bio).toContain('Consultant cardiologist');
  });

  it('filters by each parameter and by the landing page location', async () => {
    expect(names((await get('/api/professionals/search?professionalType=doctor')).body)).toEqual([
      'Dr. Adaeze Okonkwo',
      'Dr. Emeka Nwosu',
      'Dr. Fatima Bello',
    ]);
    expect(names((await get('/api/professionals/search?specialty=cardiology')).body)).toEqual(['Dr. Adaeze Okonkwo', 'Dr. Emeka Nwosu']);
    expect(names((await get('/api/professionals/search?state=Kano')).body)).toEqual(['Dr. Fatima Bello']);
    expect(names((await get('/api/professionals/search?city=abuja')).body)).toEqual(['Dr. Emeka Nwosu']);
    expect(names((await get('/api/professionals/search?location=abuja-fct')).body)).toEqual(['Dr. Emeka Nwosu']);
    expect(names((await get('/api/professionals/search?location=lagos-lagos&professionalType=nurse')).body)).toEqual(['Ms. Ngozi Eze']);
    expect(names((await get('/api/professionals/search?query=cardiolgy&state=FCT')).body)).toEqual(['Dr. Emeka Nwosu']);
    expect(names((await get('/api/professionals/search?query=okonk')).body)).toEqual(['Dr. Adaeze Okonkwo']);
    // 'all' and '' mean "no filter", as the spec's forms send them.
    expect((await get('/api/professionals/search?professionalType=all&state=&location=all')).body.found).toBe(5);
  });

  it('counts each facet without its own filter, so other choices stay visible', async () => {
    const { body } = await get('/api/professionals/search?professionalType=doctor&state=Lagos');
    expect(body.found).toBe(1);
    // Type counts within Lagos (every type), state counts among doctors (every state).
    expect(body.facets.professionalType).toEqual(
      expect.arrayContaining([{ value: 'doctor', count: 1 }, { value: 'nurse', count: 1 }, { value: 'pharmacist', count: 1 }]),
    );
    expect(body.facets.state).toEqual(expect.arrayContaining([{ value: 'Lagos', count: 1 }, { value: 'FCT', count: 1 }, { value: 'Kano', count: 1 }]));
    expect(body.facets.specialty).toEqual([{ value: 'Cardiology', count: 1 }]);
  });

  it('sorts and pages, with perPage up to 50', async () => {
    const byExperience = (await get('/api/professionals/search?sort=experience&professionalType=doctor')).body;
    expect(byExperience.hits.map((h: { yearsOfExperience: number }) => h.yearsOfExperience)).toEqual([30, 12, 4]);
    const page1 = (await get('/api/professionals/search?perPage=2&page=1&sort=experience')).body;
    const page3 = (await get('/api/professionals/search?perPage=2&page=3&sort=experience')).body;
    expect(page1).toMatchObject({ found: 5, page: 1, perPage: 2 });
    expect(page1.hits).toHaveLength(2);
    expect(page3.hits).toHaveLength(1);
    const tooMany = await get('/api/professionals/search?perPage=51');
    expect(tooMany.status).toBe(400);
    expect((await get('/api/professionals/search?sort=name')).status).toBe(400);
  });

  it('searches institutions by text, service, type and place, with facets', async () => {
    const all = (await get('/api/institutions/search')).body;
    expect(all.found).toBe(3);
    expect(Object.keys(all.facets).sort()).toEqual(['availability', 'city', 'isVerified', 'plan', 'service', 'state', 'type']);
    expect(all.facets.service).toEqual(expect.arrayContaining([{ value: 'Surgery', count: 1 }, { value: 'X-Ray', count: 1 }]));
    expect(names((await get('/api/institutions/search?service=surgery')).body)).toEqual(['Lagoon General Hospital']);
    expect(names((await get('/api/institutions/search?type=pharmacy')).body)).toEqual(['HealthPlus Pharmacy']);
    expect(names((await get('/api/institutions/search?location=lagos-lagos')).body)).toEqual([
      'Clina Lancet Laboratories',
      'Lagoon General Hospital',
    ]);
    expect(names((await get('/api/institutions/search?query=laboratries')).body)).toEqual(['Clina Lancet Laboratories']);
    const lagoon = (await get('/api/institutions/search?query=Lagoon')).body.hits[0];
    expect(lagoon).toMatchObject({
      name: 'Lagoon General Hospital',
      type: 'hospital',
      services: ['Emergency Care', 'Surgery', 'Maternity Services', 'Radiology'],
      phone: '01 234 5678',
      website: 'https://lagoon.example.ng',
      professionalCount: 0,
      isVerified: true,
    });
    // "Verified licence" (issue 18): an institution whose Nigerian registration is not verified is left out, and counted.
    const verified = (await get('/api/institutions/search?verified=true')).body;
    expect(names(verified)).toEqual(['HealthPlus Pharmacy', 'Lagoon General Hospital']);
    expect(verified.facets.isVerified).toEqual(expect.arrayContaining([{ value: 'true', count: 2 }, { value: 'false', count: 1 }]));
    expect((await get('/api/institutions/search?query=Clina')).body.hits[0].isVerified).toBe(false);
    expect(JSON.stringify(all.hits)).not.toContain('Pending Hospital');
    expect((await get('/api/institutions/search?type=castle')).status).toBe(400);
  });

  describe('POST /api/search/multi_search', () => {
    const post = (payload: unknown, contentType = 'text/plain') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/search/multi_search?x-typesense-api-key=public',
        headers: { 'content-type': contentType },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it('answers the Typesense protocol with a text/plain JSON body', async () => {
      const res = await post({
        searches: [
          { collection: 'professionals', q: 'cardiology', query_by: 'name,specialty', facet_by: 'state,specialty', filter_by: 'state:=[`Lagos`]', page: 1, per_page: 5, max_facet_values: 10 },
          { collection: 'institutions', q: '*', facet_by: 'type', per_page: 0 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const { results } = res.json();
      expect(results[0]).toMatchObject({ found: 1, page: 1, request_params: { per_page: 5, collection_name: 'professionals' } });
      expect(results[0].hits[0]).toMatchObject({ document: { id: String(ids.adaeze) }, highlights: [] });
      expect(results[0].facet_counts).toEqual(
        expect.arrayContaining([expect.objectContaining({ field_name: 'state', counts: [expect.objectContaining({ value: 'Lagos', count: 1 })], stats: {} })]),
      );
      expect(results[1]).toMatchObject({ found: 3, hits: [] });
    });

    it('refuses other collections, unknown parameters and fields, and caps per_page at 50', async () => {
      const res = await post({
        searches: [
          { collection: 'users', q: '*' },
          { collection: 'professionals', q: '*', include_fields: 'password' },
          { collection: 'professionals', q: '*', filter_by: 'licenseNumber:=x' },
          { collection: 'professionals', q: '*', facet_by: 'phone' },
          { collection: 'professionals', q: '*', per_page: 500 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const { results } = res.json();
      for (const r of results.slice(0, 4)) expect(r).toMatchObject({ code: 400, error: expect.any(String) });
      expect(results[4].request_params.per_page).toBe(50);
      expect((await post('not json')).statusCode).toBe(400);
      expect((await post({ nothing: true })).statusCode).toBe(400);
      expect((await post({ searches: [{ collection: 'professionals', q: '*' }] }, 'application/json')).statusCode).toBe(200);
    });

    it('serves the typesense-instantsearch-adapter unchanged: hits and facets', async () => {
      const base = new URL(await ctx.listen());
      const Adapter = ((TypesenseInstantSearchAdapterModule as unknown as { default?: unknown }).default ??
        TypesenseInstantSearchAdapterModule) as new (o: unknown) => { searchClient: { search(requests: unknown[]): Promise<{ results: any[] }> } };
      const adapter = new Adapter({
        server: {
          apiKey: 'public',
          nodes: [{ host: base.hostname, port: Number(base.port), protocol: 'http', path: '/api/search' }],
        },
        additionalSearchParameters: { query_by: 'name,specialty,institution,city,state,bio' },
      });
      const { results } = await adapter.searchClient.search([
        {
          indexName: 'professionals',
          params: { query: 'cardiology', facets: ['specialty', 'state', 'professionalType'], facetFilters: [['state:Lagos', 'state:FCT']], hitsPerPage: 5, page: 0, maxValuesPerFacet: 10 },
        },
        { indexName: 'professionals/sort/yearsOfExperience:desc', params: { query: '', hitsPerPage: 2, page: 1 } },
      ]);
      expect(results[0].nbHits).toBe(2);
      expect(results[0].hits.map((h: { name: string }) => h.name).sort()).toEqual(['Dr. Adaeze Okonkwo', 'Dr. Emeka Nwosu']);
      expect(results[0].facets.state).toEqual({ Lagos: 1, FCT: 1 });
      expect(results[0].facets.specialty).toEqual({ Cardiology: 2 });
      expect(results[1]).toMatchObject({ nbHits: 5, page: 1, nbPages: 3, hitsPerPage: 2 });
      expect(results[1].hits[0].yearsOfExperience).toBe(10);
    });
  });
});

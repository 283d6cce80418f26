import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { institutionSearchQuerySchema, professionalSearchQuerySchema } from '@ilera/contracts';
import { buildDocuments, isSearchError, RegisterWards, reindexAll, PostgresEngine, type SearchEngine, type SearchResult } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createRegisterListing } from '../../../../test/factories';
import { engineTargets } from '../../../../test/engine-targets';
import { multiSearch, searchInstitutions, searchProfessionals } from './search.service';

/**
 * Issue 45: care facts in search, on both engines. Providers with opening hours (one past midnight, one
 * open 24 hours, a listing whose hours are 13 months old), closures, plans, services and fees are written
 * to the tables as the care API writes them, their documents built by the one builder, and searched at
 * literal WAT clocks (Date faked: the search reads the time of the request).
 */

/** An instant given in WAT. */
const wat = (local: string) => new Date(`${local}+01:00`);
const at = (local: string) => vi.setSystemTime(wat(local));

type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
const hours = (days: Day[], opens: string, closes: string, closures: { from: string; to: string }[] = []) => ({
  open24Hours: false,
  week: days.map((day) => ({ day, periods: [{ opens, closes }] })),
  closures,
});

describe('search by care facts (issue 45)', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};
  const name: Record<string, string> = {};

  async function careFacts(
    kind: 'professional' | 'institution',
    id: number,
    o: { hours?: unknown; confirmedAt?: string; fees?: unknown; plans?: [string, boolean][]; services?: string[] },
  ) {
    const pro = kind === 'professional' ? id : null;
    const inst = kind === 'institution' ? id : null;
    const confirmed = o.confirmedAt ?? '2026-11-29T09:00:00Z';
    await ctx.sql`
      INSERT INTO care_facts (professional_id, institution_id, opening_hours, hours_set_by, hours_confirmed_at, fees, fees_set_by, fees_confirmed_at)
      VALUES (${pro}, ${inst}, ${o.hours ? ctx.sql.json(o.hours as never) : null}, ${o.hours ? 'provider' : null}, ${o.hours ? confirmed : null},
        ${o.fees ? ctx.sql.json(o.fees as never) : null}, ${o.fees ? 'provider' : null}, ${o.fees ? confirmed : null})`;
    for (const [payer, primary] of o.plans ?? []) {
      await ctx.sql`INSERT INTO provider_plans (professional_id, institution_id, payer_slug, is_primary, source) VALUES (${pro}, ${inst}, ${payer}, ${primary}, 'provider')`;
    }
    if (o.services && kind === 'institution') await ctx.sql`UPDATE institutions SET services = ${o.services} WHERE id = ${id}`;
    if (o.services && kind === 'professional') await ctx.sql`UPDATE professionals SET services = ${o.services} WHERE id = ${id}`;
  }
  const place = (id: number, lat: number, lng: number) =>
    ctx.sql`UPDATE institutions SET latitude = ${lat}, longitude = ${lng}, location_source = 'pin' WHERE id = ${id} AND user_id IS NOT NULL`;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-30T09:00'); // a Monday
    ctx = await createTestContext();
    await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'NHIA', 'nhia'), ('iroko-health', 'Iroko Health HMO', 'hmo')`;
    // Institutions, all in Lagos.
    const a = await createInstitution(ctx.sql, { name: 'Marina Clinic', type: 'clinic', services: [], user: { email: 'marina@example.ng' } });
    await careFacts('institution', a.id, {
      hours: hours(['mon', 'tue', 'wed', 'thu', 'fri'], '08:00', '17:00'),
      fees: { registrationNaira: 1000, consultationNaira: 5000, followUpNaira: null, freeAtPointOfCare: false },
      plans: [['nhia', true], ['iroko-health', false]],
      services: ['Oxygen', 'Pharmacy'],
    });
    await place(a.id, 6.45, 3.4);
    // A register listing open 24 hours, confirmed a month ago, closed on 5 January 2027, free.
    const b = await createRegisterListing(ctx.sql, { name: 'Ikoyi Emergency Centre', latitude: 6.46, longitude: 3.41 });
    await careFacts('institution', b.id, {
      hours: { open24Hours: true, week: [], closures: [{ from: '2027-01-05', to: '2027-01-05' }] },
      confirmedAt: '2026-10-30T09:00:00Z',
      fees: { registrationNaira: null, consultationNaira: null, followUpNaira: null, freeAtPointOfCare: true },
      plans: [['nhia', false]],
      services: ['24-Hour Emergency', 'Oxygen'],
    });
    // Friday and Saturday nights, past midnight; closed on 11-12 December.
    const c = await createInstitution(ctx.sql, { name: 'Night Clinic', type: 'clinic', services: [], user: { email: 'night@example.ng' } });
    await careFacts('institution', c.id, {
      hours: hours(['fri', 'sat'], '20:00', '02:00', [{ from: '2026-12-11', to: '2026-12-12' }]),
      fees: { registrationNaira: null, consultationNaira: 12000, followUpNaira: null, freeAtPointOfCare: false },
    });
    await place(c.id, 6.6, 3.35);
    // A listing whose hours were confirmed 13 months ago: they no longer count.
    const d = await createRegisterListing(ctx.sql, { name: 'Old Listing Health Post', latitude: 6.45, longitude: 3.39 });
    await careFacts('institution', d.id, { hours: hours(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], '08:00', '20:00'), confirmedAt: '2025-10-30T09:00:00Z' });
    const e = await createInstitution(ctx.sql, { name: 'Plain Hospital', services: ['Surgery'], user: { email: 'plain@example.ng' } });
    await place(e.id, 6.45, 3.4);
    Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id });
    // Professionals: the fee is the profile's consultation_fee.
    const p1 = await createProfessional(ctx.sql, { user: { firstName: 'Ada', lastName: 'Okoro', email: 'ada@example.ng' } });
    await ctx.sql`UPDATE professionals SET consultation_fee = 8000 WHERE id = ${p1.id}`;
    await careFacts('professional', p1.id, { hours: hours(['mon', 'tue', 'wed', 'thu', 'fri'], '09:00', '17:00'), plans: [['nhia', false]], services: ['Laboratory Services'] });
    const p2 = await createProfessional(ctx.sql, { user: { firstName: 'Bayo', lastName: 'Okoro', email: 'bayo@example.ng' } });
    await ctx.sql`UPDATE professionals SET consultation_fee = 3000 WHERE id = ${p2.id}`;
    const p3 = await createProfessional(ctx.sql, { user: { firstName: 'Chi', lastName: 'Okoro', email: 'chi@example.ng' } });
    Object.assign(ids, { p1: p1.id, p2: p2.id, p3: p3.id });
    for (const [k, v] of Object.entries(ids)) name[String(v) + (k.startsWith('p') ? 'p' : 'i')] = k;
  });
  afterAll(async () => {
    await ctx?.close();
    vi.useRealTimers();
  });

  /** The test's names of a search's hits, in order. */
  const named = (hits: Record<string, unknown>[], kind: 'i' | 'p') => hits.map((h) => name[`${String(h.id)}${kind}`]);

  it('builds the care fields of the documents from the care facts, plans and fees', async () => {
    const [a, b, c, d, e] = await buildDocuments(ctx.sql, 'institutions', [ids.a, ids.b, ids.c, ids.d, ids.e]);
    expect(a).toMatchObject({ open24Hours: false, plans: ['iroko-health', 'nhia'], primaryPlans: ['nhia'], services: ['Oxygen', 'Pharmacy'], consultationFeeNaira: 5000, freeAtPointOfCare: false });
    // Monday 08:00-17:00 is quarters 32 to 67; Friday's last (4 x 24 x 4 + 67).
    expect((a.openSlots as number[]).slice(0, 2)).toEqual([32, 33]);
    expect(a.openSlots).toHaveLength(5 * 36);
    expect(a.openSlots).toContain(4 * 96 + 67);
    expect(a.openSlots).not.toContain(4 * 96 + 68);
    // Christmas (a Friday) is a closed day of the clinic; the listing open 24 hours is closed only on its closure.
    const christmas = Date.UTC(2026, 11, 25) / 86_400_000;
    expect(a.closedDays).toContain(christmas);
    expect(b).toMatchObject({ open24Hours: true, listed: true, consultationFeeNaira: 0, freeAtPointOfCare: true, closedDays: [Date.UTC(2027, 0, 5) / 86_400_000] });
    expect(b.openSlots).toHaveLength(672);
    // A listing's hours count for 12 months after their confirmation; an owner's until changed.
    expect(b.hoursValidUntil).toBe(Date.parse('2027-10-30T09:00:00Z') / 1000);
    expect(d.hoursValidUntil).toBe(Date.parse('2026-10-30T09:00:00Z') / 1000);
    expect(a.hoursValidUntil).toBeGreaterThan(Date.parse('2090-01-01') / 1000);
    expect(c).toMatchObject({ consultationFeeNaira: 12000 });
    // Saturday 00:00-02:00 (Friday night) belongs to Friday's period.
    expect(c.openSlots).toContain(5 * 96);
    for (const f of ['openSlots', 'closedDays', 'hoursValidUntil', 'open24Hours', 'plans', 'consultationFeeNaira', 'freeAtPointOfCare']) expect(e).not.toHaveProperty(f);
    const [p1, p2, p3] = await buildDocuments(ctx.sql, 'professionals', [ids.p1, ids.p2, ids.p3]);
    expect(p1).toMatchObject({ consultationFee: 8000, consultationFeeNaira: 8000, plans: ['nhia'], services: ['Laboratory Services'] });
    expect(p2).toMatchObject({ consultationFeeNaira: 3000 });
    expect(p3).not.toHaveProperty('consultationFeeNaira');
  });

  describe.each(engineTargets('care'))('on $name', (target) => {
    let engine: SearchEngine;
    let close: () => Promise<void>;
    const wards = () => new RegisterWards([], [{ slug: 'nhia', name: 'NHIA', kind: 'nhia' }, { slug: 'iroko-health', name: 'Iroko Health HMO', kind: 'hmo' }]);

    beforeAll(async () => {
      at('2026-11-30T09:00');
      ({ engine, close } = await target.make(ctx.sql));
      await engine.ensureCollections();
      await engine.upsert('institutions', await buildDocuments(ctx.sql, 'institutions', [ids.a, ids.b, ids.c, ids.d, ids.e]));
      await engine.upsert('professionals', await buildDocuments(ctx.sql, 'professionals', [ids.p1, ids.p2, ids.p3]));
    });
    afterAll(async () => close());

    const institutions = async (params: Record<string, unknown>) => {
      const answer = await searchInstitutions(engine, institutionSearchQuerySchema.parse({ perPage: 50, ...params }), wards());
      return { ...answer, names: named(answer.hits, 'i') };
    };
    const professionals = async (params: Record<string, unknown>) => {
      const answer = await searchProfessionals(engine, professionalSearchQuerySchema.parse({ perPage: 50, ...params }), wards());
      return { ...answer, names: named(answer.hits, 'p') };
    };
    const sorted = (xs: string[]) => [...xs].sort();

    it('open now at a literal WAT clock: closing time, across midnight, a closure, a public holiday, 24 hours, stale hours', async () => {
      const cases: [string, string[]][] = [
        ['2026-11-30T16:59', ['a', 'b']], // Monday before closing
        ['2026-11-30T17:00', ['b']], // closed at 17:00 sharp
        ['2026-11-30T07:59', ['b']],
        ['2026-12-05T01:00', ['b', 'c']], // Saturday 01:00: Friday night's period
        ['2026-12-06T01:45', ['b', 'c']], // Sunday 01:45: Saturday night's
        ['2026-12-06T02:00', ['b']],
        ['2026-12-04T19:59', ['b']], // Friday before the night opens
        ['2026-12-12T01:00', ['b']], // the night clinic's closure (11-12 December)
        ['2026-12-13T01:00', ['b']], // Saturday 12 December's night opened on a closed day
        ['2026-12-27T01:00', ['b']], // Boxing Day's night (a Saturday): a holiday's night does not run
        ['2027-06-12T01:00', ['b', 'c']], // Democracy Day morning: Friday's night opened on a working day
        ['2026-12-18T10:00', ['a', 'b']],
        ['2026-12-25T10:00', ['b']], // Christmas: the clinic is closed, 24 hours is not
        ['2027-01-05T12:00', ['a']], // the 24-hour listing's closure
      ];
      for (const [when, open] of cases) {
        at(when);
        const answer = await institutions({ openNow: 'true' });
        expect({ when, open: sorted(answer.names), found: answer.found }).toEqual({ when, open, found: open.length });
        // Every hit says it is open; the stale listing and the one without hours never match.
        expect(answer.hits.every((h) => h.openNow === true)).toBe(true);
      }
    });

    it('hits carry openNow, the next change, open24Hours, the fee and the plans', async () => {
      at('2026-11-30T16:59');
      const before = await institutions({ sort: 'rating' });
      const hit = (answer: { hits: Record<string, unknown>[]; names: string[] }, n: string) => answer.hits[answer.names.indexOf(n)];
      expect(hit(before, 'a')).toMatchObject({ openNow: true, closesAt: '2026-11-30T17:00:00+01:00', open24Hours: false, consultationFeeNaira: 5000, plans: ['iroko-health', 'nhia'] });
      expect(hit(before, 'a')).not.toHaveProperty('openSlots');
      expect(hit(before, 'b')).toMatchObject({ openNow: true, open24Hours: true, consultationFeeNaira: 0, freeAtPointOfCare: true });
      expect(hit(before, 'd')).toMatchObject({ openNow: null });
      expect(hit(before, 'e')).toMatchObject({ openNow: null });
      at('2026-11-30T17:01');
      const after = await institutions({ sort: 'rating' });
      expect(hit(after, 'a')).toMatchObject({ openNow: false, opensAt: '2026-12-01T08:00:00+01:00' });
      at('2026-12-04T21:00');
      expect(hit(await institutions({ sort: 'rating' }), 'c')).toMatchObject({ openNow: true, closesAt: '2026-12-05T02:00:00+01:00' });
    });

    it('filters by plan (primary too), services (every one asked), 24 hours, free care and a highest fee, counted exactly', async () => {
      at('2026-11-30T10:00');
      const cases: [Record<string, unknown>, string[]][] = [
        [{ plan: 'nhia' }, ['a', 'b']],
        [{ plan: 'NHIA', primary: 'true' }, ['a']],
        [{ plan: 'iroko-health' }, ['a']],
        [{ plan: 'nobody' }, []],
        [{ service: 'Oxygen' }, ['a', 'b']],
        [{ service: ['Oxygen', 'Pharmacy'] }, ['a']],
        [{ service: ['Oxygen', '24-Hour Emergency'] }, ['b']],
        [{ open24h: 'true' }, ['b']],
        [{ free: 'true' }, ['b']],
        [{ maxFee: '5000' }, ['a', 'b']],
        [{ maxFee: '4999' }, ['b']],
        [{ maxFee: '100000', plan: 'nhia', openNow: 'true' }, ['a', 'b']],
      ];
      for (const [params, want] of cases) {
        const answer = await institutions(params);
        expect({ params, got: sorted(answer.names), found: answer.found }).toEqual({ params, got: want, found: want.length });
      }
      expect(sorted((await professionals({ plan: 'nhia' })).names)).toEqual(['p1']);
      expect(sorted((await professionals({ maxFee: '5000' })).names)).toEqual(['p2']);
      expect(sorted((await professionals({ service: 'Laboratory Services' })).names)).toEqual(['p1']);
      expect(sorted((await professionals({ openNow: 'true' })).names)).toEqual(['p1']);
    });

    it('counts the plans and services facets, each ignoring its own filter, under the others', async () => {
      at('2026-11-30T16:59');
      const all = await institutions({});
      expect(sorted(all.facets.plan.map((f) => `${f.value}:${f.count}`))).toEqual(['iroko-health:1', 'nhia:2']);
      expect(sorted(all.facets.service.map((f) => `${f.value}:${f.count}`))).toEqual(['24-Hour Emergency:1', 'Oxygen:2', 'Pharmacy:1', 'Surgery:1']);
      const nhia = await institutions({ plan: 'nhia' });
      expect(sorted(nhia.facets.plan.map((f) => `${f.value}:${f.count}`))).toEqual(['iroko-health:1', 'nhia:2']);
      expect(sorted(nhia.facets.service.map((f) => `${f.value}:${f.count}`))).toEqual(['24-Hour Emergency:1', 'Oxygen:2', 'Pharmacy:1']);
      const oxygen = await institutions({ service: 'Oxygen', open24h: 'true' });
      expect(sorted(oxygen.facets.plan.map((f) => `${f.value}:${f.count}`))).toEqual(['nhia:1']);
      at('2026-11-30T17:01');
      const open = await institutions({ openNow: 'true' });
      expect(sorted(open.facets.plan.map((f) => `${f.value}:${f.count}`))).toEqual(['nhia:1']);
      expect(sorted(open.facets.service.map((f) => `${f.value}:${f.count}`))).toEqual(['24-Hour Emergency:1', 'Oxygen:1']);
      const pros = await professionals({});
      expect(pros.facets.plan).toEqual([{ value: 'nhia', count: 1 }]);
      expect(pros.facets.service).toEqual([{ value: 'Laboratory Services', count: 1 }]);
    });

    it('sort=fee puts the cheapest first and unknown fees last, on both collections', async () => {
      at('2026-11-30T10:00');
      const inst = await institutions({ sort: 'fee' });
      expect(inst.names.slice(0, 3)).toEqual(['b', 'a', 'c']);
      expect(sorted(inst.names.slice(3))).toEqual(['d', 'e']);
      expect((await professionals({ sort: 'fee' })).names).toEqual(['p2', 'p1', 'p3']);
    });

    it('near me with care filters: open now, a plan, a fee, within the radius only', async () => {
      at('2026-11-30T16:59');
      const near = { near: '6.45,3.40', radius: '5' };
      // PostgreSQL: the near-me copy in memory holds plans (tags) and fees, not hours: it refuses open now.
      const fromMemory = () => (engine instanceof PostgresEngine ? engine.nearAnswers.memory : 0);
      const before = fromMemory();
      expect(sorted((await institutions({ ...near, openNow: 'true' })).names)).toEqual(['a', 'b']);
      expect(fromMemory()).toBe(before);
      expect(sorted((await institutions({ ...near, plan: 'nhia', primary: 'true' })).names)).toEqual(['a']);
      expect(sorted((await institutions({ ...near, maxFee: '1000' })).names)).toEqual(['b']);
      if (engine instanceof PostgresEngine) expect(fromMemory()).toBeGreaterThan(before);
      const wide = await institutions({ ...near, radius: '5', sort: 'distance' });
      expect(sorted(wide.facets.plan.map((f) => `${f.value}:${f.count}`))).toEqual(['iroko-health:1', 'nhia:2']);
      at('2026-12-05T01:00');
      expect(sorted((await institutions({ ...near, openNow: 'true' })).names)).toEqual(['b']);
      expect(sorted((await institutions({ ...near, radius: '30', openNow: 'true', sort: 'distance' })).names)).toEqual(['b', 'c']);
    });

    it('multi_search takes openNow:=true and the real fields in Typesense syntax, with facets and the fee order', async () => {
      at('2026-11-30T16:59');
      const { results } = await multiSearch(engine, {
        searches: [
          { collection: 'institutions', q: '*', filter_by: 'openNow:=true && plans:=[nhia]', facet_by: 'plans,services', sort_by: 'consultationFeeNaira:asc', per_page: 10 },
          { collection: 'institutions', q: '*', filter_by: 'consultationFeeNaira:<=5000 && open24Hours:=false', per_page: 10 },
          { collection: 'institutions', q: '*', filter_by: 'primaryPlans:=[nhia] && services:=[Oxygen]', per_page: 10 },
          { collection: 'institutions', q: '*', filter_by: 'openNow:=false', per_page: 10 },
        ],
      });
      const [open, cheap, primary, refused] = results as (SearchResult & { hits: { document: Record<string, unknown> }[] })[];
      expect(open.found).toBe(2);
      expect(named(open.hits.map((h) => h.document), 'i')).toEqual(['b', 'a']);
      expect(open.hits.every((h) => h.document.openNow === true)).toBe(true);
      expect(open.facet_counts.find((f) => f.field_name === 'services')!.counts.map((c) => `${c.value}:${c.count}`).sort()).toEqual([
        '24-Hour Emergency:1',
        'Oxygen:2',
        'Pharmacy:1',
      ]);
      expect(named(cheap.hits.map((h) => h.document), 'i')).toEqual(['a']);
      expect(named(primary.hits.map((h) => h.document), 'i')).toEqual(['a']);
      expect(isSearchError(refused as never)).toBe(true);
      expect((refused as unknown as { error: string }).error).toMatch(/openNow/);
    });

    it('understands "open now", "24hrs", "NHIA", a payer of the list, "cheap" and "free" as chips', async () => {
      at('2026-11-30T16:59');
      const open = await institutions({ query: 'clinic open now' });
      expect(open.understood.map((u) => u.field).sort()).toEqual(['openNow', 'type']);
      // "clinic" covers the register's health centres too: the 24-hour listing is one.
      expect(sorted(open.names)).toEqual(['a', 'b']);
      expect(sorted((await institutions({ query: '24hrs' })).names)).toEqual(['b']);
      expect((await institutions({ query: 'open 24 hours' })).understood).toEqual([expect.objectContaining({ field: 'open24Hours', label: 'Open 24 hours' })]);
      expect(sorted((await institutions({ query: 'NHIA' })).names)).toEqual(['a', 'b']);
      const iroko = await institutions({ query: 'iroko health' });
      expect(iroko.understood).toEqual([expect.objectContaining({ field: 'plans', value: 'iroko-health' })]);
      expect(sorted(iroko.names)).toEqual(['a']);
      const cheap = await institutions({ query: 'cheap' });
      expect(cheap.understood).toEqual([expect.objectContaining({ field: 'sort', value: 'fee' })]);
      expect(cheap.names.slice(0, 3)).toEqual(['b', 'a', 'c']);
      expect(sorted((await institutions({ query: 'free' })).names)).toEqual(['b']);
      // An explicit filter wins over the words.
      expect((await institutions({ query: 'open now', openNow: 'true' })).understood).toEqual([]);
    });
  });

  describe('the answer cache', () => {
    beforeAll(async () => {
      at('2026-11-30T09:00');
      await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    });
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return { cache: res.headers['x-search-cache'], body: res.json() as { hits: Record<string, unknown>[]; found: number } };
    };

    it('never says "open" after closing: the same search at 16:59 and at 17:01', async () => {
      at('2026-11-30T16:59');
      const first = await get('/api/institutions/search?openNow=true');
      expect(sorted(named(first.body.hits, 'i'))).toEqual(['a', 'b']);
      expect((await get('/api/institutions/search?openNow=true')).cache).toBe('hit');
      at('2026-11-30T17:01');
      const later = await get('/api/institutions/search?openNow=true');
      expect(sorted(named(later.body.hits, 'i'))).toEqual(['b']);
      expect(later.body.found).toBe(1);
      // A search without the filter may be served from the cache, but its hits say what is open now.
      at('2026-11-30T16:59');
      const plain = await get('/api/institutions/search?plan=nhia');
      const clinic = () => plain.body.hits.find((h) => name[`${String(h.id)}i`] === 'a');
      expect(clinic()).toMatchObject({ openNow: true });
      at('2026-11-30T17:01');
      const again = await get('/api/institutions/search?plan=nhia');
      expect(again.cache).toBe('hit');
      expect(again.body.hits.find((h) => name[`${String(h.id)}i`] === 'a')).toMatchObject({ openNow: false, opensAt: '2026-12-01T08:00:00+01:00' });
      const multi = await ctx.app.inject({
        method: 'POST',
        url: '/api/search/multi_search',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ searches: [{ collection: 'institutions', q: '*', filter_by: 'openNow:=true', per_page: 10 }] }),
      });
      expect(multi.json().results[0].found).toBe(1);
    });
  });

  const sorted = (xs: string[]) => [...xs].sort();
});

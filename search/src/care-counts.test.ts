import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { engineTargets } from '../../test/engine-targets';
import { isSearchError, type SearchEngine, type SearchResult } from './engine';
import { withOpenNow } from './care-filters';
import type { SearchDocument } from './schema';

/**
 * Issue 45: every care filter and facet counted exactly, on both engines, against counting the documents
 * here: 400 institutions with random hours (some 24 hours, some past midnight), closed days, validity
 * (some expired), plans (some primary), services and fees, searched with random combinations of care
 * filters, a key filter (state) and a tag filter, at random WAT instants. On PostgreSQL these searches go
 * through the cube's and the live counts' paths alike (a tag filter alone is the cube's; an hour or fee
 * filter the documents'), and within a radius through the near-me copy in memory (plans, fees) or the SQL
 * (hours).
 */

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAYERS = ['nhia', 'lagos-scheme', 'iroko-hmo'];
const SERVICES = ['Oxygen', 'Pharmacy', 'Laboratory Services', 'Ambulance'];
const STATES = ['Lagos', 'Kano', 'FCT'];
const DAY_MS = 86_400_000;
/** WAT day number and quarter hour of the week (0 = Monday 00:00 WAT), worked out here. */
const watDay = (t: number) => Math.floor((t + 3_600_000) / DAY_MS);
const weekQuarter = (t: number) => Math.floor(((Math.floor((t + 3_600_000) / 60_000) + 3 * 1440) % 10_080) / 15);

function documents(): SearchDocument[] {
  const r = random(45);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const base = Date.parse('2026-11-30T00:00:00+01:00');
  return Array.from({ length: 400 }, (_, i) => {
    const doc: SearchDocument = {
      id: String(i + 1),
      name: `Clinic ${i + 1}`,
      type: 'clinic',
      typeLabel: 'Clinic',
      services: SERVICES.filter(() => r() < 0.4),
      state: pick(STATES),
      city: 'Town',
      professionalCount: 0,
      rating: Math.round(r() * 50) / 10,
      reviewCount: 0,
      isVerified: r() < 0.5,
      isApproved: true,
    };
    // Most within 40 km of Lagos, some without a location.
    if (r() < 0.9) doc.location = [6.5 + (r() - 0.5) * 0.7, 3.4 + (r() - 0.5) * 0.7];
    if (r() < 0.7) {
      const allDay = r() < 0.15;
      const slots = new Set<number>();
      if (allDay) for (let q = 0; q < 672; q++) slots.add(q);
      else {
        for (let d = 0; d < 7; d++) {
          if (r() < 0.25) continue;
          const opens = Math.floor(r() * 80);
          const length = 8 + Math.floor(r() * 60); // past midnight sometimes, past Sunday's end wraps
          for (let q = opens; q < opens + length; q++) slots.add((d * 96 + q) % 672);
        }
      }
      doc.openSlots = [...slots].sort((a, b) => a - b);
      doc.open24Hours = allDay;
      const closed = [...new Set(Array.from({ length: Math.floor(r() * 4) }, () => watDay(base) + Math.floor(r() * 14)))].sort((a, b) => a - b);
      // Days closed in part (a night past midnight whose day is closed): some of a day's quarters as tokens.
      if (r() < 0.3) {
        const day = watDay(base) + Math.floor(r() * 14);
        const from = Math.floor(r() * 90);
        for (let q = from; q < from + 1 + Math.floor(r() * 16) && q < 96; q++) closed.push(day * 96 + q);
      }
      doc.closedDays = closed;
      // A tenth expired (a listing's hours over 12 months old), on a quarter hour.
      doc.hoursValidUntil = r() < 0.1 ? Math.floor((base + r() * 10 * DAY_MS) / 900_000) * 900 : 4_102_444_800;
    }
    const plans = PAYERS.filter(() => r() < 0.35);
    if (plans.length) {
      doc.plans = plans;
      const primary = plans.filter(() => r() < 0.4);
      if (primary.length) doc.primaryPlans = primary;
    }
    if (r() < 0.6) doc.consultationFeeNaira = Math.floor(r() * 20) * 1000;
    if (r() < 0.5) doc.freeAtPointOfCare = doc.consultationFeeNaira === 0;
    return doc;
  });
}

interface Ask {
  at: number;
  openNow?: boolean;
  open24?: boolean;
  plan?: string;
  primary?: boolean;
  service?: string;
  maxFee?: number;
  free?: boolean;
  state?: string;
  /** Within a radius of a point (km). */
  near?: { lat: number; lng: number; km: number };
}

/** Great-circle km (haversine, mean earth radius), worked out here. */
function km(a: readonly number[], b: readonly number[]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const matches = (d: SearchDocument, a: Ask): boolean => {
  const n = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);
  if (a.openNow) {
    const until = d.hoursValidUntil as number | undefined;
    if (until === undefined || until * 1000 <= Math.floor(a.at / 900_000) * 900_000) return false;
    const day = watDay(a.at);
    const quarter = weekQuarter(a.at);
    if (n(d.closedDays).includes(day) || n(d.closedDays).includes(day * 96 + (quarter % 96)) || !n(d.openSlots).includes(quarter)) return false;
  }
  if (a.open24 && d.open24Hours !== true) return false;
  if (a.plan && !n(a.primary ? d.primaryPlans : d.plans).includes(a.plan)) return false;
  if (a.service && !n(d.services).includes(a.service)) return false;
  if (a.maxFee !== undefined && !(typeof d.consultationFeeNaira === 'number' && d.consultationFeeNaira <= a.maxFee)) return false;
  if (a.free && d.freeAtPointOfCare !== true) return false;
  if (a.state && d.state !== a.state) return false;
  if (a.near && !(Array.isArray(d.location) && km([a.near.lat, a.near.lng], d.location as number[]) <= a.near.km)) return false;
  return true;
};

const filterOf = (a: Ask): string =>
  [
    a.openNow ? 'openNow:=true' : '',
    a.open24 ? 'open24Hours:=true' : '',
    a.plan ? `${a.primary ? 'primaryPlans' : 'plans'}:=[\`${a.plan}\`]` : '',
    a.service ? `services:=[\`${a.service}\`]` : '',
    a.maxFee !== undefined ? `consultationFeeNaira:<=${a.maxFee}` : '',
    a.free ? 'freeAtPointOfCare:=true' : '',
    a.state ? `state:=[\`${a.state}\`]` : '',
    a.near ? `location:(${a.near.lat}, ${a.near.lng}, ${a.near.km} km)` : '',
  ]
    .filter(Boolean)
    .join(' && ');

function asks(): Ask[] {
  const r = random(4545);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const start = Date.parse('2026-11-30T00:00:00+01:00');
  return Array.from({ length: 100 }, () => {
    const a: Ask = { at: start + Math.floor(r() * 14 * 96) * 900_000 + Math.floor(r() * 900_000) };
    if (r() < 0.6) a.openNow = true;
    if (r() < 0.15) a.open24 = true;
    if (r() < 0.4) {
      a.plan = pick(PAYERS);
      a.primary = r() < 0.3;
    }
    if (r() < 0.3) a.service = pick(SERVICES);
    if (r() < 0.3) a.maxFee = Math.floor(r() * 20) * 1000;
    if (r() < 0.1) a.free = true;
    if (r() < 0.4) a.state = pick(STATES);
    if (r() < 0.5) a.near = { lat: 6.5 + (r() - 0.5) * 0.3, lng: 3.4 + (r() - 0.5) * 0.3, km: 3 + Math.floor(r() * 25) };
    return a;
  });
}

describe.each(engineTargets('carecounts'))('care filters and facets counted exactly: $name', (target) => {
  let db: { sql: Sql };
  let engine: SearchEngine;
  let close: () => Promise<void>;
  const docs = documents();

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ engine, close } = await target.make(db.sql));
    await engine.ensureCollections();
    await engine.upsert('institutions', docs);
  });
  afterAll(async () => {
    await close();
    await db.sql.end({ timeout: 2 });
  });

  it('found, the plans, services and state facets, and the page equal counting the documents', async () => {
    const all = asks();
    let nonEmpty = 0;
    let near = 0;
    for (const a of all) {
      const filter = withOpenNow(filterOf(a), new Date(a.at));
      const [res] = await engine.multiSearch([
        { collection: 'institutions', q: '*', filter_by: filter || undefined, facet_by: 'plans,primaryPlans,services,state', max_facet_values: 50, per_page: 50, sort_by: 'consultationFeeNaira:asc,rating:desc' },
      ]);
      if (isSearchError(res)) throw new Error(res.error);
      const r = res as SearchResult;
      // No document within 50 m of the circle's edge: engines measure the earth a little differently.
      if (a.near && docs.some((d) => Array.isArray(d.location) && Math.abs(km([a.near!.lat, a.near!.lng], d.location as number[]) - a.near!.km) < 0.05)) continue;
      const want = docs.filter((d) => matches(d, a));
      if (want.length) nonEmpty++;
      if (a.near) near++;
      const facet = (field: string) => {
        const counts = new Map<string, number>();
        for (const d of want) for (const v of (Array.isArray(d[field]) ? d[field] : d[field] === undefined ? [] : [d[field]]) as string[]) counts.set(v, (counts.get(v) ?? 0) + 1);
        return [...counts].map(([v, c]) => `${v}:${c}`).sort();
      };
      const got = (field: string) => (r.facet_counts.find((f) => f.field_name === field)?.counts ?? []).map((c) => `${c.value}:${c.count}`).sort();
      const ask = JSON.stringify({ ...a, at: new Date(a.at).toISOString() });
      expect({ ask, found: r.found }).toEqual({ ask, found: want.length });
      for (const f of ['plans', 'primaryPlans', 'services', 'state']) expect({ ask, f, counts: got(f) }).toEqual({ ask, f, counts: facet(f) });
      // The page: the cheapest first, unknown fees last (ties in any order between engines: compare fees).
      const fees = r.hits.map((h) => (h.document.consultationFeeNaira as number | undefined) ?? Infinity);
      const wantFees = want.map((d) => (d.consultationFeeNaira as number | undefined) ?? Infinity).sort((x, y) => x - y).slice(0, 50);
      expect({ ask, fees }).toEqual({ ask, fees: wantFees });
    }
    // The searches are not mostly empty.
    expect(nonEmpty).toBeGreaterThan(all.length / 2);
    expect(near).toBeGreaterThan(10);
  });
});

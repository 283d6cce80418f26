import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { engineTargets } from '../../test/engine-targets';
import { isSearchError, nearFilter, nearSort, type SearchEngine, type SearchRequest, type SearchResult } from './engine';
import type { SearchDocument } from './schema';

/**
 * Issue 46: a hit's distance as Typesense 27.1 gives it, on both engines and whatever the order.
 * 27.1's geo_distance_meters is GeoPoint::distance (include/field.h at v27.1, lines 559-583): both
 * points packed to 1e-6 degree (cast to int32, toward zero), S2LatLng::GetDistance's haversine angle,
 * times 3958.75 miles of 1609 m, truncated to whole metres. Written out here from that source, not
 * taken from our code; 100 seeded random pairs up to 500 km apart.
 */
function typesense27Metres(a: readonly [number, number], b: readonly [number, number]): number {
  const pack = (deg: number) => Math.trunc(deg * 1e6) / 1e6;
  const r = Math.PI / 180;
  const [lat1, lng1, lat2, lng2] = [pack(a[0]) * r, pack(a[1]) * r, pack(b[0]) * r, pack(b[1]) * r];
  const x = Math.sin((lat2 - lat1) / 2) ** 2 + Math.sin((lng2 - lng1) / 2) ** 2 * Math.cos(lat1) * Math.cos(lat2);
  return Math.trunc(3958.75 * 2 * Math.asin(Math.sqrt(Math.min(1, x))) * 1609);
}

/** A seeded generator (mulberry32): the same pairs every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The point `km` from `from` on `bearing` (radians), on a sphere of the mean radius. */
function destination(from: [number, number], km: number, bearing: number): [number, number] {
  const r = Math.PI / 180;
  const d = km / 6371.0088;
  const lat1 = from[0] * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 = from[1] * r + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [Math.round((lat2 / r) * 1e7) / 1e7, Math.round((lng2 / r) * 1e7) / 1e7];
}

const next = random(46);
// Five origins in Nigeria, twenty places around each, 1 to 500 km away (coordinates with 7 decimals: packing matters).
const origins: [number, number][] = Array.from({ length: 5 }, () => [Math.round((5 + next() * 8) * 1e7) / 1e7, Math.round((3 + next() * 10) * 1e7) / 1e7]);
const places = origins.flatMap((o, k) => Array.from({ length: 20 }, (_, i) => ({ id: String(k * 100 + i + 1), origin: k, at: destination(o, 1 + next() * 499, next() * 2 * Math.PI) })));

const clinic = (id: string, location: [number, number]): SearchDocument => ({
  id, name: `Clinic ${id}`, type: 'clinic', typeLabel: 'Clinic', services: [], professionalCount: 0,
  rating: Number(id) % 5, reviewCount: 0, isVerified: false, isApproved: true, location,
});

describe.each(engineTargets('dist'))('distances as 27.1 gives them: $name', (target) => {
  let db: { sql: Sql };
  let engine: SearchEngine;
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await createTestDatabase();
    ({ engine, close } = await target.make(db.sql));
    await engine.ensureCollections();
    await engine.upsert('institutions', places.map((p) => clinic(p.id, p.at)));
  });
  afterAll(async () => {
    await close();
    await db.sql.end({ timeout: 2 });
  });

  it.each([
    ['nearest first', (o: { lat: number; lng: number }) => nearSort(o)],
    ['by rating', () => 'rating:desc'],
  ])('100 random pairs up to 500 km agree within 1 m, %s', async (_order, sortOf) => {
    const diffs: number[] = [];
    for (const [k, o] of origins.entries()) {
      const near = { lat: o[0], lng: o[1], radiusKm: 505 };
      const hits: SearchResult['hits'] = [];
      for (const page of [1, 2]) {
        const [r] = await engine.multiSearch([{ collection: 'institutions', q: '*', page, per_page: 50, filter_by: nearFilter(near), sort_by: sortOf(near) } as SearchRequest]);
        if (isSearchError(r)) throw new Error(r.error);
        hits.push(...(r as SearchResult).hits);
      }
      // Each origin's own twenty, and whatever else lies within the radius.
      expect(places.filter((p) => p.origin === k).every((p) => hits.some((h) => h.document.id === p.id))).toBe(true);
      for (const h of hits) {
        const at = places.find((p) => p.id === h.document.id)!.at;
        diffs.push(Math.abs(h.geo_distance_meters!.location - typesense27Metres(o, at)));
      }
    }
    expect(diffs.length).toBeGreaterThanOrEqual(100);
    expect(Math.max(...diffs)).toBeLessThanOrEqual(1);
  });
});

// The emergency page's data (issue 33, D23): where the patient is, and the nearest hospitals.
// Hospitals come from the search engine in use (PostgreSQL or Typesense) through the same
// multi_search protocol the search page speaks, so the page answers on both engines.
import { institutionTypeLabel, type InstitutionType } from '@ilera/contracts';
import { isSearchError, sanitizeSearch, type SearchEngine } from '@ilera/search';

/** The institution types that take emergencies: secondary and tertiary care, and urgent care. */
export const EMERGENCY_TYPES: readonly InstitutionType[] = [
  'general_hospital',
  'teaching_hospital',
  'specialist_hospital',
  'medical_center',
  'hospital',
  'private_hospital',
  'urgent-care',
];

/** Widening rings: an emergency page never answers "none" while a hospital exists within 500 km. */
const RADII_KM = [25, 100, 500];
export const NEAREST_COUNT = 10;

export interface Point {
  lat: number;
  lng: number;
}

export interface Whereabouts extends Point {
  /** What the point came from: the device, or the typed place's name as matched. */
  label: string;
  approximate: boolean;
}

export interface NearbyHospital {
  id: string;
  name: string;
  typeLabel: string;
  distanceKm: number;
  lat: number;
  lng: number;
  city?: string;
  lga?: string;
  state?: string;
  phone?: string;
  listed: boolean;
}

// Nigeria's bounding box, a little wide: a point outside it is not a Nigerian place.
const inNigeria = (p: Point) => p.lat >= 4 && p.lat <= 14 && p.lng >= 2.5 && p.lng <= 15;

/** `near=LAT,LNG` as sent by the page's "Use my location" (or a shared link); undefined when not a point in Nigeria. */
export function parseNear(raw: string | undefined): Point | undefined {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(raw ?? '');
  if (!m) return undefined;
  const p = { lat: Number(m[1]), lng: Number(m[2]) };
  return inNigeria(p) ? p : undefined;
}

const round1 = (km: number) => Math.round(km * 10) / 10;

/** A search hit as the page lists it. */
function hospitalOf(hit: { document: Record<string, unknown> }): NearbyHospital & { metres: number } {
  const d = hit.document;
  const [lat, lng] = d.location as [number, number];
  const metres = (hit as { geo_distance_meters?: { location?: number } }).geo_distance_meters?.location ?? 0;
  return {
    id: String(d.id),
    name: String(d.name),
    typeLabel: institutionTypeLabel(String(d.type)),
    distanceKm: round1(metres / 1000),
    lat,
    lng,
    city: d.city as string | undefined,
    lga: d.lga as string | undefined,
    state: d.state as string | undefined,
    phone: d.phone as string | undefined,
    listed: d.listed === true,
    metres,
  };
}

/**
 * The nearest emergency-capable facilities to a point, nearest first: those of a hospital type, and
 * the register's secondary and tertiary facilities whatever their type (two searches, since the
 * filter syntax both engines share has no `||`), merged by distance.
 */
export async function nearestHospitals(engine: SearchEngine, at: Point): Promise<NearbyHospital[]> {
  const point = `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`;
  const kinds = [`type:=[${EMERGENCY_TYPES.map((t) => `\`${t}\``).join(',')}]`, 'level:=[`Secondary`,`Tertiary`]'];
  for (const radius of RADII_KM) {
    const results = await engine.multiSearch(
      kinds.map((kind) =>
        sanitizeSearch({
          collection: 'institutions',
          q: '*',
          filter_by: `${kind} && location:(${point}, ${radius} km)`,
          sort_by: `location(${point}):asc`,
          per_page: NEAREST_COUNT,
        }),
      ),
    );
    const byId = new Map<string, NearbyHospital & { metres: number }>();
    for (const result of results) {
      if (isSearchError(result)) throw new Error(`emergency search failed: ${result.error}`);
      for (const hit of result.hits) byId.set(String(hit.document.id), hospitalOf(hit));
    }
    if (byId.size === 0 && radius !== RADII_KM.at(-1)) continue;
    return [...byId.values()]
      .sort((a, b) => a.metres - b.metres)
      .slice(0, NEAREST_COUNT)
      .map(({ metres: _, ...h }) => h);
  }
  return [];
}

// The emergency page's data (issue 33, D23): where the patient is, and the nearest hospitals.
// Hospitals come from the search engine in use (PostgreSQL or Typesense) through the same
// multi_search protocol the search page speaks, so the page answers on both engines. Issue 45:
// their care facts (loadCare) put those with a 24-hour emergency first, then those open now, and
// give each its emergency readiness and when it was last confirmed.
import { emergencyReadinessServices, institutionTypeLabel, type CareFacts, type InstitutionType } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { isSearchError, sanitizeSearch, type SearchEngine } from '@ilera/search';
import { loadCare } from '../care/care.service';

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
  /** Issue 45: what the facility publishes about being ready for an emergency. */
  care?: EmergencyCare;
}

export interface EmergencyCare {
  /** A 24-hour emergency: the '24-Hour Emergency' service, or open 24 hours, and not closed now. */
  emergency24h: boolean;
  openNow: boolean | null;
  opensAt: string | null;
  closesAt: string | null;
  /** Its emergency readiness services, in the canonical list's order. */
  readiness: string[];
  /** When the services and the hours were last confirmed (ISO), when known. */
  servicesConfirmedAt: string | null;
  hoursConfirmedAt: string | null;
}

const EMERGENCY_24H = '24-Hour Emergency';

/** The page's facts of one facility, from its care facts at `at`. */
function emergencyCare(care: CareFacts | undefined): EmergencyCare | undefined {
  if (!care) return undefined;
  const readiness = emergencyReadinessServices.filter((s) => care.services.includes(s));
  const allDay = care.openingHours?.open24Hours === true && care.openNow === true;
  return {
    emergency24h: allDay || (readiness.includes(EMERGENCY_24H) && care.openNow !== false),
    openNow: care.openNow,
    opensAt: care.opensAt,
    closesAt: care.closesAt,
    readiness,
    servicesConfirmedAt: care.sources.services.confirmedAt,
    hoursConfirmedAt: care.openingHours ? care.sources.openingHours.confirmedAt : null,
  };
}

/** 0: a 24-hour emergency, 1: open now, 2: the rest (closed, or hours unknown). */
const rank = (h: NearbyHospital) => (h.care?.emergency24h ? 0 : h.care?.openNow === true ? 1 : 2);

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
 * The emergency-capable facilities near a point: those of a hospital type, the register's secondary and
 * tertiary facilities whatever their type, and (issue 45) any with a 24-hour emergency service or a hospital
 * open 24 hours, however many nearer ones there are (four searches, since the filter syntax both engines
 * share has no `||`), merged. Listed 24-hour emergencies first, then those open now, then the rest, each
 * group nearest first; `now` is the moment "open now" is read at (WAT).
 */
export async function nearestHospitals(engine: SearchEngine, db: Db, at: Point, now: Date = new Date()): Promise<NearbyHospital[]> {
  const point = `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`;
  const types = `type:=[${EMERGENCY_TYPES.map((t) => `\`${t}\``).join(',')}]`;
  const kinds = [types, 'level:=[`Secondary`,`Tertiary`]', `services:=[\`${EMERGENCY_24H}\`]`, `${types} && open24Hours:=true`];
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
    // One read of every candidate's care facts (at most four searches' pages). Without them the list is still
    // the nearest hospitals: a failed read never hides it.
    const care = await loadCare(db, 'institution', [...byId.keys()].map(Number), now).catch(() => new Map<number, CareFacts>());
    for (const h of byId.values()) h.care = emergencyCare(care.get(Number(h.id)));
    return [...byId.values()]
      .sort((a, b) => rank(a) - rank(b) || a.metres - b.metres)
      .slice(0, NEAREST_COUNT)
      .map(({ metres: _, ...h }) => h);
  }
  return [];
}

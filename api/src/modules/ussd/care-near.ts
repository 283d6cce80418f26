// What the USSD menus and SMS search find (issue 49, decision 045): a typed place as a point, through the
// same place understanding as the website (the located facilities' centre of a ward, LGA, town or state,
// and query understanding's reading of a misspelt or partial name), and the providers of one kind nearest
// it, through the search engine in use (either engine: the multi_search protocol both speak). Care facts
// ("open now", 24 hours) come from the care module; the emergency list is the emergency page's own.
import { formatLagosTime, type CareFacts, type InstitutionType } from '@ilera/contracts';
import { DEFAULT_LOCALE, type Locale } from '@ilera/contracts/locales';
import type { Db } from '@ilera/db';
import { message } from '@ilera/workers/messages';
import { isSearchError, sanitizeSearch, understand, type RegisterWards, type SearchEngine } from '@ilera/search';
import { loadCare } from '../care/care.service';
import { locatePlace } from '../institutions/location';
import type { Whereabouts } from '../emergency/emergency.service';

/** A typed place as a point: as typed (ward, LGA, town, state), else as query understanding reads it (misspellings). */
export async function findPlace(db: Db, typed: string, wards?: RegisterWards): Promise<Whereabouts | undefined> {
  const name = typed.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!name) return undefined;
  const exact = await locatePlace(db, name);
  if (exact) return exact;
  const { understood } = understand('institutions', name, new Set(), wards);
  for (const item of understood) {
    if (item.field !== 'lga' && item.field !== 'city' && item.field !== 'state') continue;
    const at = await locatePlace(db, item.value);
    if (at) return at;
  }
  return undefined;
}

export type CareKind = 'hospital' | 'pharmacy' | 'lab' | 'gp' | 'children' | 'women' | 'dentist' | 'eye';

const HOSPITAL_TYPES: readonly InstitutionType[] = [
  'hospital', 'general_hospital', 'teaching_hospital', 'specialist_hospital', 'private_hospital', 'medical_center',
  'clinic', 'urgent-care', 'primary_health_centre', 'maternity_home',
];

/**
 * Each kind a feature phone can ask for: its collection and the filter both engines understand. Its name in
 * each language is the message `ussd.kind.<kind>` (contracts/src/phone-messages.ts; careKindLabel).
 */
export const careKinds: Record<CareKind, { collection: 'institutions' | 'professionals'; filter: string }> = {
  hospital: { collection: 'institutions', filter: `type:=[${HOSPITAL_TYPES.map((t) => `\`${t}\``).join(',')}]` },
  pharmacy: { collection: 'institutions', filter: 'type:=[`pharmacy`]' },
  lab: { collection: 'institutions', filter: 'type:=[`diagnostic_lab`,`diagnostic_center`,`laboratory`]' },
  gp: { collection: 'professionals', filter: 'specialty:=[`General Practice`,`Family Medicine`]' },
  children: { collection: 'professionals', filter: 'specialty:=[`Pediatrics`]' },
  women: { collection: 'professionals', filter: 'specialty:=[`Obstetrics & Gynecology`]' },
  dentist: { collection: 'professionals', filter: 'specialty:=[`Dentistry`]' },
  eye: { collection: 'professionals', filter: 'specialty:=[`Ophthalmology`]' },
};

/** 'Hospitals and clinics', 'Pharmacies'... in `locale`. */
export const careKindLabel = (kind: CareKind, locale: Locale = DEFAULT_LOCALE): string => message(locale, `ussd.kind.${kind}`);

/** How far a place's care is looked for. */
export const CARE_RADIUS_KM = 100;
export const PAGE_SIZE = 3;

export interface NearbyCare {
  id: string;
  collection: 'institutions' | 'professionals';
  name: string;
  distanceKm: number;
  phone?: string;
  lat: number;
  lng: number;
}

export interface CarePage {
  items: NearbyCare[];
  found: number;
}

const point = (at: { lat: number; lng: number }) => `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`;

/** One page (of 3) of a kind's providers nearest `at`, within CARE_RADIUS_KM; `open24` keeps those open 24 hours. */
export async function nearCare(engine: SearchEngine, kind: CareKind, at: { lat: number; lng: number }, page = 1, open24 = false): Promise<CarePage> {
  const k = careKinds[kind];
  const filters = [k.filter, ...(open24 ? ['open24Hours:=true'] : []), `location:(${point(at)}, ${CARE_RADIUS_KM} km)`];
  const [result] = await engine.multiSearch([
    sanitizeSearch({ collection: k.collection, q: '*', filter_by: filters.join(' && '), sort_by: `location(${point(at)}):asc`, per_page: PAGE_SIZE, page }),
  ]);
  if (!result || isSearchError(result)) throw new Error(`care search failed: ${result && isSearchError(result) ? result.error : 'no answer'}`);
  return {
    found: result.found,
    items: result.hits.map((hit) => {
      const d = hit.document as Record<string, unknown>;
      const [lat, lng] = d.location as [number, number];
      const metres = (hit as { geo_distance_meters?: { location?: number } }).geo_distance_meters?.location ?? 0;
      return {
        id: String(d.id),
        collection: k.collection,
        name: String(d.name),
        distanceKm: Math.round(metres / 100) / 10,
        phone: typeof d.phone === 'string' && d.phone ? d.phone : undefined,
        lat,
        lng,
      };
    }),
  };
}

/** A phone as short as a screen needs it: no spaces. */
export const shortPhone = (phone: string | undefined) => (phone ?? '').replace(/[\s()-]/g, '');

/** "1.2km" (under 10 km one decimal, else whole). */
export const km = (d: number) => `${d < 10 ? d.toFixed(1) : Math.round(d)}km`;

/** "Open 24 hours", "Open now, closes 17:00", "Closed now, opens 08:00" (in `locale`), or undefined when the hours are not known. */
export function hoursLine(care: CareFacts | undefined, locale: Locale = DEFAULT_LOCALE): string | undefined {
  if (!care || care.openNow === null) return undefined;
  if (care.openingHours?.open24Hours && care.openNow) return message(locale, 'care.open-24');
  const at = (iso: string | null) => (iso ? formatLagosTime(new Date(iso)) : undefined);
  const closes = at(care.closesAt);
  const opens = at(care.opensAt);
  if (care.openNow) return closes ? message(locale, 'care.open-closes', { time: closes }) : message(locale, 'care.open');
  return opens ? message(locale, 'care.closed-opens', { time: opens }) : message(locale, 'care.closed');
}

/** One provider's details for a text (in `locale`): address, phone, hours, a map link and its page. */
export async function careDetails(db: Db, item: NearbyCare, appUrl: string, now = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const institution = item.collection === 'institutions';
  const [row] = institution
    ? await db<{ address: string | null; city: string | null }[]>`SELECT address, city FROM institutions WHERE id = ${Number(item.id)}`
    : await db<{ address: string | null; city: string | null }[]>`SELECT NULL::text AS address, city FROM professionals WHERE id = ${Number(item.id)}`;
  const care = (await loadCare(db, institution ? 'institution' : 'professional', [Number(item.id)], now).catch(() => new Map<number, CareFacts>())).get(Number(item.id));
  const where = [row?.address, row?.city].filter(Boolean).join(', ');
  const parts = [
    `Ilera: ${item.name}`,
    where,
    item.phone ? message(locale, 'care.tel', { phone: shortPhone(item.phone) }) : '',
    hoursLine(care, locale) ?? '',
    message(locale, 'care.map', { link: `https://maps.google.com/?q=${item.lat.toFixed(5)},${item.lng.toFixed(5)}` }),
    `${appUrl}/${institution ? 'institution' : 'professional'}/${item.id}`,
  ];
  return parts.filter(Boolean).join('. ');
}

// One row of the national facility register (NHFR as published by GRID3, "GRID3 NGA Health Facilities
// v2.0") turned into the fields of an institution listing, or into the reason it cannot be one.
// Pure: no I/O, so the rules are tested on their own (rows.test.ts) and the importer only writes.
import { createHash } from 'node:crypto';
import { matchNigeriaLga, matchNigeriaState, type InstitutionType } from '@ilera/contracts';

/** The register's header, exactly (issue 33): a file with another header is refused as a whole. */
export const REGISTER_HEADER = [
  'OBJECTID', 'globalid', 'nhfr_uid', 'nhfr_facility_code', 'country', 'iso', 'state', 'lga', 'lga_name_disagreement',
  'ward', 'ward_name_disagreement', 'facility_name', 'facility_name_source', 'ownership', 'ownership_type',
  'facility_level', 'facility_level_option', 'latitude', 'longitude', 'geocoordinates_source', 'last_updated', 'x', 'y',
] as const;
export type RegisterColumn = (typeof REGISTER_HEADER)[number];
export type RegisterRow = Record<RegisterColumn, string>;

/** Nigeria's bounding box, a little wider than the land (4.27-13.89 N, 2.67-14.68 E) so border
 *  facilities pass; a point outside it is a swapped or mistyped coordinate. */
export const NIGERIA_BOUNDS = { minLat: 4.0, maxLat: 14.0, minLng: 2.5, maxLng: 14.8 } as const;

export type BadRowReason =
  | 'broken_line'
  | 'no_identifier'
  | 'no_name'
  | 'unknown_state'
  | 'outside_nigeria'
  | 'duplicate_key';

/** What the register says about one facility, as stored on its listing (register_listings.fields). */
export interface RegisterFields {
  name: string;
  type: InstitutionType;
  state: string;
  lga: string | null;
  /** The IG code of the LGA, when the name matched one of the 774. */
  lgaCode: string | null;
  city: string | null;
  ward: string | null;
  ownership: 'Public' | 'Private' | null;
  ownershipType: string | null;
  level: 'Primary' | 'Secondary' | 'Tertiary' | null;
  levelOption: string | null;
  latitude: number | null;
  longitude: number | null;
  globalid: string;
  nhfrUid: string | null;
  nhfrCode: string | null;
  nameSource: string | null;
  coordinatesSource: string | null;
  /** The register's last_updated, as YYYY-MM-DD. */
  registerUpdated: string | null;
  lgaDisagrees: boolean;
}

export interface RegisterListing {
  /** nhfr_facility_code, else nhfr_uid, else globalid, prefixed 'code:', 'uid:' or 'globalid:'. */
  key: string;
  fields: RegisterFields;
  hash: string;
  /** The LGA named no LGA of the state (kept as given). */
  lgaUnknown: boolean;
}

export type RowVerdict = { ok: true; listing: RegisterListing } | { ok: false; reason: BadRowReason; detail: string };

const text = (v: string | undefined): string | null => {
  const t = (v ?? '').replace(/\s+/g, ' ').trim();
  return t === '' || /^(null|n\/a|na|none)$/i.test(t) ? null : t;
};

const yes = (v: string | undefined): boolean => /^(1|true|yes|y|t)$/i.test((v ?? '').trim());

const number = (v: string | undefined): number | null => {
  const t = text(v);
  if (t === null) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

function oneOf<T extends string>(v: string | undefined, values: readonly T[]): T | null {
  const t = text(v)?.toLowerCase();
  return values.find((x) => x.toLowerCase() === t) ?? null;
}

/** A date the register writes as 2024-11-11, 2024/11/11, 11/11/2024 or a timestamp: YYYY-MM-DD, or null. */
function registerDate(v: string | undefined): string | null {
  const t = text(v);
  if (!t) return null;
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(t);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(t);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

/**
 * D7's canonical institution type of a register row, from its level option first (the register's own
 * word for what the facility is), then its level and ownership. First rule that matches wins; the
 * table is the whole mapping (tested row by row in rows.test.ts).
 */
export const INSTITUTION_TYPE_RULES: readonly (readonly [option: RegExp, type: InstitutionType])[] = [
  [/teaching hospital|university.*hospital/, 'teaching_hospital'],
  [/psychiatr|neuro.?psychiatr|mental/, 'mental_health_facility'],
  [/specialist|orthop|eye hospital|ear nose|cancer|children.?s hospital|women.?s hospital/, 'specialist_hospital'],
  [/federal medical cent|medical cent/, 'medical_center'],
  [/maternity|birth/, 'maternity_home'],
  [/pharmac|patent medicine|chemist|drug/, 'pharmacy'],
  [/laborator|\blab\b/, 'laboratory'],
  [/diagnostic|imaging|radiolog|x.?ray|scan/, 'diagnostic_center'],
  [/rehabilitat|physiotherap/, 'rehabilitation_center'],
  [/general hospital|district hospital|cottage hospital|rural hospital|state hospital/, 'general_hospital'],
  [/primary health cent|comprehensive health cent|basic health cent|model health cent|health cent/, 'primary_health_centre'],
  [/health post|dispensary|health station/, 'health_post'],
  [/clinic/, 'clinic'],
];

export function institutionTypeOf(level: string | null, option: string | null, ownership: string | null): InstitutionType {
  const o = (option ?? '').toLowerCase();
  for (const [pattern, type] of INSTITUTION_TYPE_RULES) if (pattern.test(o)) return type;
  const priv = ownership === 'Private';
  if (/hospital/.test(o)) return level === 'Tertiary' ? 'teaching_hospital' : priv ? 'private_hospital' : 'general_hospital';
  // 'Unknown' or an option no rule names: the level decides.
  if (level === 'Tertiary') return 'hospital';
  if (level === 'Secondary') return priv ? 'private_hospital' : 'general_hospital';
  return priv ? 'clinic' : 'primary_health_centre';
}

/** A stable hash of the fields: key order fixed by RegisterFields' construction. */
export const fieldsHash = (fields: RegisterFields): string => createHash('sha1').update(JSON.stringify(fields)).digest('hex');

/** Judges one parsed record (already the right number of columns). */
export function registerListingOf(row: RegisterRow): RowVerdict {
  const code = text(row.nhfr_facility_code);
  const uid = text(row.nhfr_uid);
  const globalid = text(row.globalid);
  const key = code ? `code:${code}` : uid ? `uid:${uid}` : globalid ? `globalid:${globalid.toLowerCase()}` : null;
  if (!key || !globalid) return { ok: false, reason: 'no_identifier', detail: 'no nhfr_facility_code, nhfr_uid or globalid' };
  const name = text(row.facility_name);
  if (!name) return { ok: false, reason: 'no_name', detail: 'no facility_name' };
  const state = matchNigeriaState(row.state);
  if (!state) return { ok: false, reason: 'unknown_state', detail: `state "${text(row.state) ?? ''}" is none of the 37` };

  // The decimal columns first; x/y (longitude/latitude) when those are empty.
  const lat = number(row.latitude) ?? number(row.y);
  const lng = number(row.longitude) ?? number(row.x);
  const located = lat !== null && lng !== null;
  if (located) {
    const b = NIGERIA_BOUNDS;
    if (lat < b.minLat || lat > b.maxLat || lng < b.minLng || lng > b.maxLng) {
      return { ok: false, reason: 'outside_nigeria', detail: `coordinates ${lat}, ${lng} are outside Nigeria` };
    }
  }

  // An LGA the register itself flags as disagreeing with its boundaries is kept exactly as given.
  const lgaGiven = text(row.lga);
  const lgaDisagrees = yes(row.lga_name_disagreement);
  const lga = lgaGiven && !lgaDisagrees ? matchNigeriaLga(lgaGiven, state.name) : null;
  const ownership = oneOf(row.ownership, ['Public', 'Private'] as const);
  const level = oneOf(row.facility_level, ['Primary', 'Secondary', 'Tertiary'] as const);
  const levelOption = text(row.facility_level_option);
  const fields: RegisterFields = {
    name,
    type: institutionTypeOf(level, levelOption, ownership),
    state: state.name,
    lga: lga?.name ?? lgaGiven,
    lgaCode: lga?.code ?? null,
    city: lga?.city ?? lgaGiven,
    ward: text(row.ward),
    ownership,
    ownershipType: text(row.ownership_type),
    level,
    levelOption,
    latitude: located ? lat : null,
    longitude: located ? lng : null,
    globalid,
    nhfrUid: uid,
    nhfrCode: code,
    nameSource: text(row.facility_name_source),
    coordinatesSource: text(row.geocoordinates_source),
    registerUpdated: registerDate(row.last_updated),
    lgaDisagrees,
  };
  return { ok: true, listing: { key, fields, hash: fieldsHash(fields), lgaUnknown: !!lgaGiven && !lgaDisagrees && !lga } };
}

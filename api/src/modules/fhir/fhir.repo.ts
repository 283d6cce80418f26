// The FHIR directory's SQL: each resource type is a query over the tables the site reads
// (no second copy, PRODUCT.md D25), restricted to what the public pages show: approved
// professionals and institutions (register listings are approved institutions without an
// owner), confirmed affiliations between approved ones. Every row carries a stable key
// (k1, k2) that orders a search and pages it by keyset, and its last_updated.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import { invalid } from './fhir.errors';
import type { Criterion, Cursor, SearchSpec } from './fhir.params';
import { nigerianCouncils } from '@ilera/contracts';
import { NS, slug, slugSql, systems } from './fhir.systems';

export type ResourceType = 'Practitioner' | 'PractitionerRole' | 'Organization' | 'Location' | 'HealthcareService' | 'InsurancePlan';
export const resourceTypes: readonly ResourceType[] = ['Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'InsurancePlan'];

/** An InsurancePlan lists at most this many Organizations in its network; Organization?insurance-plan= finds them all. */
const NETWORK_MAX = 500;

type Fragment = postgres.PendingQuery<postgres.Row[]> | postgres.Fragment;
export type Row = Record<string, unknown> & { k1: number; k2: number; lastUpdated: Date; distanceM?: number };

export interface ParamDef {
  type: 'string' | 'token' | 'reference' | 'date' | 'special';
  /** The R4 SearchParameter it implements (CapabilityStatement.rest.resource.searchParam.definition). */
  definition: string;
  documentation: string;
  modifiers?: readonly string[];
  /** SQL for one value (the values of one occurrence are ORed). */
  filter(db: Db, value: string, modifier?: string): Fragment;
}

/** Ids are PostgreSQL integers: a larger number names nothing (and must not reach SQL, where it is an error). */
export const MAX_ID = 2147483647;

const base = (code: string) => `http://hl7.org/fhir/SearchParameter/${code}`;

const and = (db: Db, parts: Fragment[]): Fragment => parts.reduce((a, b) => db`${a} AND ${b}`, db`TRUE`);
const or = (db: Db, parts: Fragment[]): Fragment => (parts.length ? parts.reduce((a, b) => db`${a} OR ${b}`) : db`FALSE`);

const likeEscaped = (v: string) => v.replace(/[\\%_]/g, (c) => '\\' + c);

/** A string search (R4 3.1.1.4.8): by default a word of the text starts with the value, case-insensitive; :exact, :contains. */
function stringParam(columns: string[], documentation: string, definition: string): ParamDef {
  return {
    type: 'string',
    definition,
    documentation,
    modifiers: ['exact', 'contains'],
    filter(db, value, modifier) {
      const v = likeEscaped(value);
      return or(
        db,
        columns.map((c) => {
          const col = db.unsafe(c);
          if (modifier === 'exact') return db`${col} = ${value}`;
          if (modifier === 'contains') return db`${col} ILIKE ${'%' + v + '%'}`;
          return db`(${col} ILIKE ${v + '%'} OR ${col} ILIKE ${'% ' + v + '%'})`;
        }),
      );
    },
  };
}

/** `[system]|code`, `|code` (no system) or `code` (any system). */
function splitToken(value: string): { system?: string; code: string } {
  const bar = value.indexOf('|');
  if (bar < 0) return { code: value };
  return { system: value.slice(0, bar), code: value.slice(bar + 1) };
}

/** A token whose codes are our own text codes (a specialty, a service): matched case-insensitively. */
function textCodeParam(system: string, column: (db: Db, code: string) => Fragment, documentation: string, definition: string): ParamDef {
  return {
    type: 'token',
    definition,
    documentation,
    filter(db, value) {
      const { system: s, code } = splitToken(value);
      if (s !== undefined && s !== system) return db`FALSE`;
      return column(db, code);
    },
  };
}

/** The id a reference names: `123`, `Organization/123` or an absolute URL ending so; null when it names none of `target`. */
function referencedId(target: ResourceType, value: string): number | null {
  const m = new RegExp(`^(?:.*/)?(?:${target}/)?(\\d{1,10})$`).exec(value);
  if (!m || (value.includes('/') && !value.includes(`${target}/`)) || Number(m[1]) > MAX_ID) return null;
  return Number(m[1]);
}

/** A reference to one of our resources. */
function referenceParam(target: ResourceType, column: string, documentation: string, definition: string): ParamDef {
  return {
    type: 'reference',
    definition,
    documentation,
    filter(db, value) {
      const id = referencedId(target, value);
      return id === null ? db`FALSE` : db`${db.unsafe(column)} = ${id}`;
    },
  };
}

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** [start, end) of the instant or period a date value names, at its precision. */
function dateRange(raw: string): [Date, Date] {
  const m = DATE.exec(raw);
  if (!m) throw invalid(`"${raw}" is not a FHIR date`, '_lastUpdated');
  const [, y, mo, d, h, mi, s, tz] = m;
  const iso = (parts: string) => new Date(parts);
  let start: Date;
  let end: Date;
  if (h !== undefined) {
    const zone = tz ?? 'Z';
    start = iso(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone}`);
    end = new Date(start.getTime() + (s !== undefined ? 1000 : 60_000));
  } else if (d !== undefined) {
    start = iso(`${y}-${mo}-${d}T00:00:00Z`);
    end = new Date(start.getTime() + 86_400_000);
  } else if (mo !== undefined) {
    start = iso(`${y}-${mo}-01T00:00:00Z`);
    end = new Date(Date.UTC(Number(y), Number(mo), 1));
  } else {
    start = iso(`${y}-01-01T00:00:00Z`);
    end = new Date(Date.UTC(Number(y) + 1, 0, 1));
  }
  if (Number.isNaN(start.getTime())) throw invalid(`"${raw}" is not a FHIR date`, '_lastUpdated');
  return [start, end];
}

const lastUpdated: ParamDef = {
  type: 'date',
  definition: base('Resource-lastUpdated'),
  documentation: 'When the resource last changed; prefixes eq, gt, ge, lt, le, sa, eb',
  filter(db, value) {
    const m = /^(eq|ne|gt|ge|lt|le|sa|eb)?(.*)$/.exec(value)!;
    const prefix = m[1] ?? 'eq';
    const [start, end] = dateRange(m[2]!);
    switch (prefix) {
      case 'eq':
        return db`(r.last_updated >= ${start} AND r.last_updated < ${end})`;
      case 'ne':
        return db`(r.last_updated < ${start} OR r.last_updated >= ${end})`;
      case 'gt':
      case 'sa':
        return db`r.last_updated >= ${end}`;
      case 'ge':
        return db`r.last_updated >= ${start}`;
      case 'lt':
      case 'eb':
        return db`r.last_updated < ${start}`;
      default:
        return db`r.last_updated < ${end}`;
    }
  },
};

/** Everything served is active (approved, confirmed): active=false finds nothing. */
const active = (definition: string): ParamDef => ({
  type: 'token',
  definition,
  documentation: 'Always true: only active (approved) entries are served',
  filter(db, value) {
    const { code } = splitToken(value);
    if (code !== 'true' && code !== 'false') throw invalid('active is true or false', 'active');
    return code === 'true' ? db`TRUE` : db`FALSE`;
  },
});

/** Resource ids: a provider's id, or for an affiliation's role `<professional>-<institution>`. */
export function keyOfId(type: ResourceType, id: string): { k1: number; k2: number } | null {
  const m = type === 'PractitionerRole' ? /^(\d{1,10})(?:-(\d{1,10}))?$/.exec(id) : /^(\d{1,10})()$/.exec(id);
  if (!m) return null;
  const k1 = Number(m[1]);
  const k2 = m[2] ? Number(m[2]) : 0;
  if (k1 > MAX_ID || k2 > MAX_ID || (m[2] && k2 === 0)) return null;
  return { k1, k2 };
}

const idParam = (type: ResourceType): ParamDef => ({
  type: 'token',
  definition: base('Resource-id'),
  documentation: 'The logical id',
  filter(db, value) {
    const key = keyOfId(type, value);
    return key ? db`(r.k1 = ${key.k1} AND r.k2 = ${key.k2})` : db`FALSE`;
  },
});

const common = (type: ResourceType) => ({ _id: idParam(type), _lastUpdated: lastUpdated });

const addressParams = (definitionPrefix: string) => ({
  'address-state': stringParam(['r.state'], 'The state (one of the 36 and the FCT)', base(`${definitionPrefix}-address-state`)),
  'address-city': stringParam(['r.city'], 'The city or town', base(`${definitionPrefix}-address-city`)),
});

// ---------------------------------------------------------------- the rows of each type

const practitionerRows = (db: Db) => db`
  SELECT p.id AS k1, 0 AS k2, p.id, u.first_name, u.last_name, p.title, p.professional_type, p.specialty, p.license_number,
         p.country_licenses, p.phone, p.contact_email, p.address, p.city, p.state, p.lga, p.zip_code, p.language_codes,
         greatest(p.updated_at, u.updated_at) AS last_updated
  -- LEFT JOIN (every professional has its user): PostgreSQL drops the join when no name is asked, as in counts.
  FROM professionals p LEFT JOIN users u ON u.id = p.user_id
  WHERE p.status = 'approved'`;

// A professional's own practice (k2 = 0, working hours) and each confirmed affiliation (k2 = the institution).
const ownRoleRows = (db: Db) => db`
  SELECT p.id AS k1, 0 AS k2, p.id AS professional_id, NULL::integer AS institution_id, NULL::text AS role,
         p.specialty, p.professional_type, p.phone, p.contact_email, p.working_hours, p.updated_at AS last_updated
  FROM professionals p WHERE p.status = 'approved'`;
// A page after (before) a cursor bounds the affiliations' own professional_id too: the planner carries a
// bound on k1 (p.id) to professionals only, and a merge join then read the affiliations from the first
// professional up to the cursor (218,921 index entries, 230 ms, for a page at id 233,343 of 500,000).
const affiliationRoleRows = (db: Db, cursor?: Cursor) => db`
  SELECT p.id AS k1, i.id AS k2, p.id AS professional_id, i.id AS institution_id, pi.role, p.specialty, p.professional_type,
         p.phone, p.contact_email, NULL::jsonb AS working_hours, greatest(p.updated_at, pi.updated_at) AS last_updated
  FROM professional_institutions pi
  JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
  JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
  WHERE pi.status = 'confirmed'
    ${!cursor ? db`` : cursor.dir === 'before' ? db`AND pi.professional_id <= ${cursor.k1}` : db`AND pi.professional_id >= ${cursor.k1}`}`;
const roleRows = (db: Db) => db`${ownRoleRows(db)} UNION ALL ${affiliationRoleRows(db)}`;

// Organization, Location and HealthcareService are three views of one institution row. Its care facts
// (opening hours, closures) are read by loadCare (fhir.service.ts); a change of them changes last_updated.
const institutionRows = (db: Db) => db`
  SELECT i.id AS k1, 0 AS k2, i.id, i.name, i.type, i.services, i.phone, i.email, i.website, i.address, i.city, i.state,
         i.lga, i.ward, i.zip_code, i.registrations, i.latitude, i.longitude, i.location_source, i.working_hours,
         rl.nhfr_facility_code, rl.nhfr_uid, i.user_id IS NULL AS listed, to_char(rl.register_updated, 'YYYY-MM-DD') AS register_updated,
         greatest(i.updated_at, rl.updated_at, cf.updated_at) AS last_updated
  FROM institutions i LEFT JOIN register_listings rl ON rl.institution_id = i.id
  LEFT JOIN care_facts cf ON cf.institution_id = i.id
  WHERE i.status = 'approved'`;

// A payer (NHIA, a state scheme, an HMO) as an InsurancePlan: its network is the approved institutions taking
// it (active provider_plans rows), the first NETWORK_MAX of them by id.
const insurancePlanRows = (db: Db) => db`
  SELECT py.id AS k1, 0 AS k2, py.slug, py.name, py.kind, py.accreditation_number, py.plans, py.is_demo,
         ARRAY(SELECT DISTINCT pp.institution_id FROM provider_plans pp
               JOIN institutions i ON i.id = pp.institution_id AND i.status = 'approved'
               WHERE pp.payer_slug = py.slug AND pp.withdrawn_at IS NULL
               ORDER BY pp.institution_id LIMIT ${NETWORK_MAX}) AS network,
         py.updated_at AS last_updated
  FROM payers py`;

// ---------------------------------------------------------------- parameters

const institutionIdentifier: ParamDef = {
  type: 'token',
  definition: base('Organization-identifier'),
  documentation: 'A registration number (system: its issuer) or the NHFR facility code',
  filter(db, value) {
    const { system, code } = splitToken(value);
    const nhfr = system === undefined || system === `${NS}/sid/nhfr-facility-code` ? db`r.nhfr_facility_code = ${code}` : db`FALSE`;
    return db`(${nhfr} OR EXISTS (
      SELECT 1 FROM jsonb_array_elements(r.registrations) g
      WHERE g->>'licenseNumber' = ${code}
        AND (${system ?? null}::text IS NULL OR ${system ?? ''} = ${NS + '/sid/registration/'} || ${slugSql(db, db`g->>'council'`)})))`;
  },
};

// The profile's own licence number is its profession's council's (as fhir.mappers.ts says it).
const councilSlugs = Object.fromEntries(Object.entries(nigerianCouncils).map(([type, council]) => [type, slug(council)]));

const practitionerIdentifier: ParamDef = {
  type: 'token',
  definition: base('Practitioner-identifier'),
  documentation: 'A licence number (system: its council)',
  filter(db, value) {
    const { system, code } = splitToken(value);
    return db`EXISTS (
      SELECT 1 FROM jsonb_array_elements(r.country_licenses) l
      WHERE l->>'licenseNumber' = ${code}
        AND (${system ?? null}::text IS NULL OR ${system ?? ''} = ${NS + '/sid/licence/'} || ${slugSql(db, db`l->>'council'`)}))
      OR (r.license_number = ${code} AND (${system ?? null}::text IS NULL
        OR ${system ?? ''} = ${NS + '/sid/licence/'} || (${db.json(councilSlugs)}::jsonb ->> r.professional_type)))`;
  },
};

const institutionType: ParamDef = {
  type: 'token',
  definition: base('Organization-type'),
  documentation: `The kind of institution (codes of ${NS}/CodeSystem/institution-type)`,
  filter(db, value) {
    const { system, code } = splitToken(value);
    if (system !== undefined && system !== `${NS}/CodeSystem/institution-type`) return db`FALSE`;
    return db`r.type = ${code}`;
  },
};

/** Organizations in a payer's network (its InsurancePlan id): every one, where InsurancePlan.network stops at NETWORK_MAX. */
const insurancePlanOf: ParamDef = {
  type: 'reference',
  definition: `${NS}/SearchParameter/Organization-insurance-plan`,
  documentation: 'Organizations taking this health plan (an InsurancePlan id): its whole network',
  filter(db, value) {
    const id = referencedId('InsurancePlan', value);
    if (id === null) return db`FALSE`;
    return db`EXISTS (SELECT 1 FROM provider_plans pp JOIN payers py ON py.slug = pp.payer_slug
      WHERE pp.institution_id = r.id AND pp.withdrawn_at IS NULL AND py.id = ${id})`;
  },
};

const payerIdentifier: ParamDef = {
  type: 'token',
  definition: base('InsurancePlan-identifier'),
  documentation: `The payer's accreditation number, or its slug (system ${NS}/sid/payer)`,
  filter(db, value) {
    const { system, code } = splitToken(value);
    if (system === `${NS}/sid/payer`) return db`r.slug = ${code}`;
    if (system === undefined) return db`(r.accreditation_number = ${code} OR r.slug = ${code})`;
    return system === `${NS}/sid/payer-accreditation` || system === '' ? db`r.accreditation_number = ${code}` : db`FALSE`;
  },
};

const payerType: ParamDef = {
  type: 'token',
  definition: base('InsurancePlan-type'),
  documentation: `The kind of payer: nhia, state_scheme or hmo (codes of ${NS}/CodeSystem/payer-kind)`,
  filter(db, value) {
    const { system, code } = splitToken(value);
    if (system !== undefined && system !== `${NS}/CodeSystem/payer-kind`) return db`FALSE`;
    return db`r.kind = ${code}`;
  },
};

export interface ResourceDef extends SearchSpec {
  rows(db: Db): Fragment;
  /**
   * The rows as parts whose union they are, each searched apart for a page (its own LIMIT in its own
   * key order, merged here): the planner walks each table's key instead of sorting the whole union.
   */
  parts?: ((db: Db, cursor?: Cursor) => Fragment)[];
  /** Extra WHERE on the rows (a HealthcareService exists only for an institution that lists services). */
  exists?(db: Db): Fragment;
  /**
   * The total from `fhir_counts` (migration 043) when every criterion is one of `params`: rows of
   * these kinds carry the columns those parameters' filters read (r.specialty, r.state), one row a
   * value with its number of resources, so the same filters over them sum to the exact count.
   */
  counted?: { kinds: readonly ('professional' | 'affiliation')[]; params: readonly string[] };
  params: Record<string, ParamDef>;
}

const names = (...cols: string[]) => cols;

export const resources: Record<ResourceType, ResourceDef> = {
  Practitioner: {
    rows: practitionerRows,
    params: {
      ...common('Practitioner'),
      name: stringParam(names('r.first_name', 'r.last_name', "r.first_name || ' ' || r.last_name"), 'A given or family name', base('Practitioner-name')),
      identifier: practitionerIdentifier,
      // Not an R4 Practitioner parameter (R4 puts specialty on PractitionerRole, also served): ours, so that
      // "cardiologists in Lagos" is one search (issue 37's Practitioner?specialty=...&address-state=...).
      specialty: textCodeParam(`${NS}/CodeSystem/specialty`, (db, code) => db`lower(r.specialty) = lower(${code})`, "The practitioner's specialty (its name), as on their roles", `${NS}/SearchParameter/Practitioner-specialty`),
      ...addressParams('individual'),
      active: active(base('Practitioner-active')),
      // Issue 50: a language they consult in, a BCP 47 code (`ha`, `urn:ietf:bcp:47|ha`).
      communication: {
        type: 'token',
        definition: base('Practitioner-communication'),
        documentation: 'A language the practitioner consults in (BCP 47: en, ha, yo, ig, pcm...)',
        filter(db, value) {
          const { system, code } = splitToken(value);
          if (system !== undefined && system !== systems.language) return db`FALSE`;
          return db`${code.toLowerCase()} = ANY(r.language_codes)`;
        },
      },
    },
    include: [],
    revinclude: ['PractitionerRole:practitioner'],
    counted: { kinds: ['professional'], params: ['specialty', 'address-state', 'active'] },
  },
  PractitionerRole: {
    rows: roleRows,
    parts: [ownRoleRows, affiliationRoleRows],
    params: {
      ...common('PractitionerRole'),
      practitioner: referenceParam('Practitioner', 'r.professional_id', 'The practitioner', base('PractitionerRole-practitioner')),
      organization: referenceParam('Organization', 'r.institution_id', 'The organization where the role is held', base('PractitionerRole-organization')),
      location: referenceParam('Location', 'r.institution_id', 'The location where the role is held', base('PractitionerRole-location')),
      specialty: textCodeParam(`${NS}/CodeSystem/specialty`, (db, code) => db`lower(r.specialty) = lower(${code})`, 'The specialty (its name)', base('PractitionerRole-specialty')),
      active: active(base('PractitionerRole-active')),
    },
    include: ['PractitionerRole:practitioner', 'PractitionerRole:organization', 'PractitionerRole:location'],
    revinclude: [],
    // An approved professional's own practice, and the confirmed affiliations between approved ones.
    counted: { kinds: ['professional', 'affiliation'], params: ['specialty', 'active'] },
  },
  Organization: {
    rows: institutionRows,
    params: {
      ...common('Organization'),
      name: stringParam(['r.name'], 'A word of the name', base('Organization-name')),
      identifier: institutionIdentifier,
      type: institutionType,
      ...addressParams('Organization'),
      active: active(base('Organization-active')),
      'insurance-plan': insurancePlanOf,
    },
    include: [],
    revinclude: ['PractitionerRole:organization', 'Location:organization', 'HealthcareService:organization'],
  },
  Location: {
    rows: institutionRows,
    params: {
      ...common('Location'),
      name: stringParam(['r.name'], 'A word of the name', base('Location-name')),
      identifier: { ...institutionIdentifier, definition: base('Location-identifier') },
      type: { ...institutionType, definition: base('Location-type') },
      ...addressParams('Location'),
      organization: referenceParam('Organization', 'r.id', 'The organization the location belongs to', base('Location-organization')),
      near: {
        type: 'special',
        definition: base('Location-near'),
        documentation: 'lat|lng|distance|units (km, m, mi; default 25 km, at most 500 km); each match carries the location-distance extension',
        filter: () => {
          throw new Error('near is applied by the search itself');
        },
      },
    },
    include: ['Location:organization'],
    revinclude: ['PractitionerRole:location', 'HealthcareService:location'],
  },
  HealthcareService: {
    rows: institutionRows,
    exists: (db) => db`cardinality(r.services) > 0`,
    params: {
      ...common('HealthcareService'),
      name: stringParam(['r.name'], "A word of the institution's name", base('HealthcareService-name')),
      'service-type': textCodeParam(
        `${NS}/CodeSystem/service`,
        (db, code) => db`EXISTS (SELECT 1 FROM unnest(r.services) s WHERE lower(s) = lower(${code}))`,
        'A service offered (its name)',
        base('HealthcareService-service-type'),
      ),
      organization: referenceParam('Organization', 'r.id', 'The organization providing the service', base('HealthcareService-organization')),
      location: referenceParam('Location', 'r.id', 'Where the service is provided', base('HealthcareService-location')),
      active: active(base('HealthcareService-active')),
    },
    include: ['HealthcareService:organization', 'HealthcareService:location'],
    revinclude: [],
  },
  InsurancePlan: {
    rows: insurancePlanRows,
    params: {
      ...common('InsurancePlan'),
      name: stringParam(['r.name'], "A word of the payer's name", base('InsurancePlan-name')),
      identifier: payerIdentifier,
      type: payerType,
    },
    include: [],
    revinclude: [],
  },
};

/** A `near` value: the point and the radius in metres. */
export interface Near {
  lat: number;
  lng: number;
  radiusM: number;
}

const UNITS_M: Record<string, number> = { km: 1000, m: 1, mi: 1609.344, '[mi_i]': 1609.344 };
export const NEAR_DEFAULT_KM = 25;
export const NEAR_MAX_KM = 500;

export function parseNear(value: string): Near {
  const [lat, lng, distance, units = 'km'] = value.split('|');
  const la = Number(lat);
  const lo = Number(lng);
  if (!lat || !lng || !(Math.abs(la) <= 90) || !(Math.abs(lo) <= 180)) {
    throw invalid('near is latitude|longitude|distance|units, e.g. 6.5|3.37|10|km', 'near');
  }
  const perUnit = UNITS_M[units];
  if (!perUnit) throw invalid('near units are km, m or mi', 'near');
  const d = distance ? Number(distance) : NEAR_DEFAULT_KM * 1000 / perUnit;
  if (!(d > 0) || d * perUnit > NEAR_MAX_KM * 1000) throw invalid(`near distance is above 0 and at most ${NEAR_MAX_KM} km`, 'near');
  return { lat: la, lng: lo, radiusM: d * perUnit };
}

/** Mean earth radius (IUGG), metres: the distance is the haversine great-circle distance. */
const EARTH_RADIUS_M = 6371008.8;
const distanceSql = (db: Db, at: Near) => db`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(
  power(sin(radians(r.latitude - ${at.lat}::float8) / 2), 2)
  + cos(radians(${at.lat}::float8)) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${at.lng}::float8) / 2), 2)))))`;

/** WHERE for a search's criteria (AND of occurrences, OR of an occurrence's values). */
function whereOf(db: Db, def: ResourceDef, criteria: Criterion[], near?: Near): Fragment {
  const parts: Fragment[] = def.exists ? [def.exists(db)] : [];
  for (const c of criteria) {
    if (c.name === 'near') continue;
    const p = def.params[c.name]!;
    parts.push(db`(${or(db, c.values.map((v) => p.filter(db, v, c.modifier)))})`);
  }
  if (near) {
    // A box first (cheap on every row), then the exact distance.
    const dLat = (near.radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
    const dLng = dLat / Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01);
    parts.push(db`r.latitude BETWEEN ${near.lat - dLat} AND ${near.lat + dLat}
      AND r.longitude BETWEEN ${near.lng - dLng} AND ${near.lng + dLng}
      AND ${distanceSql(db, near)} <= ${near.radiusM}`);
  }
  return and(db, parts);
}

/** One page of a search in key order (after or before the cursor), one row more than asked to tell whether more follow. */
export async function searchPage(db: Db, type: ResourceType, criteria: Criterion[], count: number, cursor?: Cursor, near?: Near): Promise<Row[]> {
  const def = resources[type];
  const where = whereOf(db, def, criteria, near);
  const distance = near ? db`, ${distanceSql(db, near)} AS distance_m` : db``;
  const before = cursor?.dir === 'before';
  // The plain bound on k1 besides the row comparison reaches each table's primary key (a row comparison alone does not).
  const keyset = !cursor
    ? db`TRUE`
    : before
      ? db`r.k1 <= ${cursor.k1} AND (r.k1, r.k2) < (${cursor.k1}, ${cursor.k2})`
      : db`r.k1 >= ${cursor.k1} AND (r.k1, r.k2) > (${cursor.k1}, ${cursor.k2})`;
  const page = (rows: Fragment) => db<Row[]>`
    SELECT r.* ${distance} FROM (${rows}) r
    WHERE ${where} AND ${keyset}
    ORDER BY ${before ? db`r.k1 DESC, r.k2 DESC` : db`r.k1, r.k2`}
    LIMIT ${count + 1}`;
  if (!def.parts) return page(def.rows(db));
  const sign = before ? -1 : 1;
  const merged = (await Promise.all(def.parts.map((part) => page(part(db, cursor))))).flat();
  return merged.sort((a, b) => sign * (a.k1 - b.k1 || a.k2 - b.k2)).slice(0, count + 1);
}

export async function searchTotal(db: Db, type: ResourceType, criteria: Criterion[], near?: Near): Promise<number> {
  const def = resources[type];
  const counted = def.counted;
  if (counted && !near && criteria.every((c) => counted.params.includes(c.name))) {
    // A few dozen rows of fhir_counts (one a specialty and state) instead of every match (0.7 s at 100,000 professionals).
    const [sum] = await db<{ n: number }[]>`
      SELECT coalesce(sum(r.n), 0)::int AS n FROM fhir_counts r
      WHERE r.kind = ANY(${counted.kinds as string[]}::text[]) AND ${whereOf(db, def, criteria)}`;
    return sum!.n;
  }
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM (${def.rows(db)}) r WHERE ${whereOf(db, def, criteria, near)}`;
  return row!.n;
}

/** Rows by key (reads and _include): only what is served, so a pending provider's id finds nothing. */
export async function rowsByKeys(db: Db, type: ResourceType, keys: { k1: number; k2: number }[]): Promise<Row[]> {
  if (!keys.length) return [];
  const def = resources[type];
  return db<Row[]>`
    SELECT r.* FROM (${def.rows(db)}) r
    WHERE ${def.exists ? def.exists(db) : db`TRUE`}
      AND r.k1 = ANY(${keys.map((k) => k.k1)}::int[])
      AND (r.k1, r.k2) IN (SELECT * FROM unnest(${keys.map((k) => k.k1)}::int[], ${keys.map((k) => k.k2)}::int[]))
    ORDER BY r.k1, r.k2`;
}

/** Roles pointing at these practitioners or institutions (_revinclude), capped. */
export async function rolesOf(db: Db, column: 'professional_id' | 'institution_id', ids: number[], limit: number): Promise<Row[]> {
  if (!ids.length) return [];
  return db<Row[]>`
    SELECT r.* FROM (${roleRows(db)}) r WHERE ${db.unsafe('r.' + column)} = ANY(${ids}::int[])
    ORDER BY r.k1, r.k2 LIMIT ${limit}`;
}

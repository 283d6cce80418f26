// Query strings of GET /api/professionals/search and /api/institutions/search (D10, D13).
// Every field comes from a query string: '' and 'all' mean "not given".
import { z } from 'zod';
import { institutionTypeValues, professionalTypes } from '../lists.js';
import { emptyToUndefined } from './common.js';
import { availabilityWindows } from '../availability.js';
import { languageCodes } from '../languages.js';

function queryValue(v: unknown): unknown {
  const x = emptyToUndefined(v);
  if (typeof x === 'string') {
    const t = x.trim();
    return t.toLowerCase() === 'all' ? undefined : t;
  }
  return x;
}

const text = (max = 200) => z.preprocess(queryValue, z.string().max(max).optional());
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(queryValue, z.enum(values as unknown as [T[number], ...T[number][]]).optional());
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(queryValue, z.coerce.number().int().min(min).max(max).default(fallback));

export const searchSorts = ['relevance', 'rating', 'experience', 'fee', 'soonest'] as const;
export type SearchSort = (typeof searchSorts)[number];
export const institutionSearchSorts = ['relevance', 'rating', 'fee', 'soonest'] as const;
export type InstitutionSearchSort = (typeof institutionSearchSorts)[number];

/** "Verified licence" filter (issue 18): `verified=true` keeps verified providers only. */
const verified = z.preprocess(queryValue, z.enum(['true', 'false']).optional()).transform((v) => (v === undefined ? undefined : v === 'true'));

/**
 * Near-me search (D23, issue 33): `near=LAT,LNG` (decimal degrees), `radius` in km (default 25, at
 * most 500), and `sort=distance` (nearest first; only with `near`). Hits then carry `distanceKm`.
 */
const NEAR = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const nearMessage = 'near must be a latitude and a longitude in degrees, like near=6.5244,3.3792';
const near = z
  .preprocess(queryValue, z.string().max(60).optional())
  .refine((v) => {
    const m = v === undefined ? undefined : NEAR.exec(v);
    return v === undefined || (!!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180);
  }, nearMessage)
  .transform((v) => {
    const m = v === undefined ? undefined : NEAR.exec(v);
    return m ? { lat: Number(m[1]), lng: Number(m[2]) } : undefined;
  });
export const MAX_RADIUS_KM = 500;
export const DEFAULT_RADIUS_KM = 25;
const radius = z.preprocess(
  queryValue,
  z.coerce
    .number({ invalid_type_error: `radius must be a number of km, above 0 and at most ${MAX_RADIUS_KM}` })
    .gt(0, `radius must be a number of km, above 0 and at most ${MAX_RADIUS_KM}`)
    .max(MAX_RADIUS_KM, `radius must be a number of km, above 0 and at most ${MAX_RADIUS_KM}`)
    .default(DEFAULT_RADIUS_KM),
);
/** The register's values (GRID3/NHFR), in any case: `ownership=public`. */
const capitalised = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => {
    const x = queryValue(v);
    return typeof x === 'string' ? (values.find((k) => k.toLowerCase() === x.toLowerCase()) ?? x) : x;
  }, z.enum(values as unknown as [T[number], ...T[number][]]).optional());
export const facilityOwnerships = ['Public', 'Private'] as const;
export const facilityLevels = ['Primary', 'Secondary', 'Tertiary'] as const;
const nearMe = { near, radius, lga: text(100) };

/** A yes/no filter: `true` keeps only those; `false`, '' or nothing means not filtered. */
const flag = z.preprocess(queryValue, z.enum(['true', 'false']).optional()).transform((v) => (v === 'true' ? true : undefined));
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const planMessage = 'plan must be a health plan from the list (its slug, like plan=nhia)';
export const MAX_SERVICE_FILTERS = 10;
const serviceMessage = `service takes at most ${MAX_SERVICE_FILTERS} services of at most 100 characters each`;
/**
 * Issue 45, care facts: `openNow=true` (open at the moment of the search, WAT), `open24h=true`, `plan=SLUG`
 * (a payer's slug; with `primary=true` only its primary providers), `service=` (repeated: every one of them),
 * `maxFee=N` (consultation fee in naira, at most N; free care counts as 0), `free=true` (free at the point
 * of care); `sort=fee` (cheapest first, unknown fees last).
 */
const care = {
  openNow: flag,
  open24h: flag,
  free: flag,
  plan: z.preprocess(
    (v) => (typeof queryValue(v) === 'string' ? String(queryValue(v)).toLowerCase() : queryValue(v)),
    z.string({ invalid_type_error: planMessage }).max(60, planMessage).regex(SLUG, planMessage).optional(),
  ),
  primary: flag,
  service: z.preprocess(
    (v) => {
      const values = (Array.isArray(v) ? v : [v]).map(queryValue).filter((x) => x !== undefined);
      return values.length ? values : undefined;
    },
    z.array(z.string({ invalid_type_error: serviceMessage }).max(100, serviceMessage)).max(MAX_SERVICE_FILTERS, serviceMessage).optional(),
  ),
  maxFee: z.preprocess(
    queryValue,
    z.coerce
      .number({ invalid_type_error: 'maxFee must be a whole number of naira, 0 or more' })
      .int('maxFee must be a whole number of naira, 0 or more')
      .min(0, 'maxFee must be a whole number of naira, 0 or more')
      .max(10_000_000, 'maxFee must be at most 10,000,000 naira')
      .optional(),
  ),
};

/** Issue 50: `language=ha`, professionals who consult in that language: a code of contracts' list, in any case. */
const LANGUAGE_FILTER_MESSAGE = 'language must be a language from the list (its code, like language=ha)';
const language = z.preprocess(
  (v) => (typeof queryValue(v) === 'string' ? String(queryValue(v)).toLowerCase() : queryValue(v)),
  z.enum(languageCodes, { errorMap: () => ({ message: LANGUAGE_FILTER_MESSAGE }) }).optional(),
);

const paging = {
  page: int(1, 1_000_000, 1),
  perPage: int(1, 50, 20),
};

export const professionalSearchQuerySchema = z.object({
  query: text(),
  specialty: text(),
  city: text(100),
  state: text(100),
  professionalType: oneOf(professionalTypes),
  location: text(100),
  availability: oneOf(availabilityWindows),
  verified,
  language,
  ...nearMe,
  ...care,
  ...paging,
  sort: z.preprocess(queryValue, z.enum([...searchSorts, 'distance']).default('relevance')),
});
export type ProfessionalSearchQuery = z.infer<typeof professionalSearchQuerySchema>;
export type ProfessionalSearchQueryInput = ProfessionalSearchQuery;

export const institutionSearchQuerySchema = z.object({
  query: text(),
  city: text(100),
  state: text(100),
  type: oneOf(institutionTypeValues),
  location: text(100),
  availability: oneOf(availabilityWindows),
  verified,
  ...nearMe,
  ownership: capitalised(facilityOwnerships),
  level: capitalised(facilityLevels),
  ...care,
  ...paging,
  sort: z.preprocess(queryValue, z.enum([...institutionSearchSorts, 'distance']).default('relevance')),
});
export type InstitutionSearchQuery = z.infer<typeof institutionSearchQuerySchema>;
export type InstitutionSearchQueryInput = InstitutionSearchQuery;

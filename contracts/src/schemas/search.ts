// Query strings of GET /api/professionals/search and /api/institutions/search (D10, D13).
// Every field comes from a query string: '' and 'all' mean "not given".
import { z } from 'zod';
import { institutionTypeValues, professionalTypes } from '../lists.js';
import { emptyToUndefined } from './common.js';
import { availabilityWindows } from '../availability.js';

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
export const institutionSearchSorts = ['relevance', 'rating', 'soonest'] as const;
export type InstitutionSearchSort = (typeof institutionSearchSorts)[number];

/** "Verified licence" filter (issue 18): `verified=true` keeps verified providers only. */
const verified = z.preprocess(queryValue, z.enum(['true', 'false']).optional()).transform((v) => (v === undefined ? undefined : v === 'true'));

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
  ...paging,
  sort: z.preprocess(queryValue, z.enum(searchSorts).default('relevance')),
});
export type ProfessionalSearchQuery = z.infer<typeof professionalSearchQuerySchema>;
export type ProfessionalSearchQueryInput = ProfessionalSearchQuery;

export const institutionSearchQuerySchema = z.object({
  query: text(),
  service: text(),
  city: text(100),
  state: text(100),
  type: oneOf(institutionTypeValues),
  location: text(100),
  availability: oneOf(availabilityWindows),
  verified,
  ...paging,
  sort: z.preprocess(queryValue, z.enum(institutionSearchSorts).default('relevance')),
});
export type InstitutionSearchQuery = z.infer<typeof institutionSearchQuerySchema>;
export type InstitutionSearchQueryInput = InstitutionSearchQuery;

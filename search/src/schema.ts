// The two collections and their fields: one description that the Typesense
// collection schemas, the PostgreSQL engine's filters and facets, the
// multi_search protocol's checks and the document builder all read.
import { searchCollections, searchQueryBy, searchSortBy, type SearchCollection } from '@ilera/contracts';

export const collectionNames = searchCollections;
export type CollectionName = SearchCollection;

export function isCollectionName(value: unknown): value is CollectionName {
  return typeof value === 'string' && (collectionNames as readonly string[]).includes(value);
}

/** `geopoint`: [lat, lng] in degrees (Typesense's order); filtered and sorted by distance only (D23). */
export type FieldType = 'string' | 'string[]' | 'int32' | 'int32[]' | 'float' | 'bool' | 'geopoint';

export interface FieldDef {
  type: FieldType;
  /** Facet counts may be asked for it (and it can be filtered exactly). */
  facet?: boolean;
  /** Free-text search looks at it (query_by). */
  search?: boolean;
  /** May be absent from a document. */
  optional?: boolean;
  /** Filterable or sortable (numbers, booleans). */
  filter?: boolean;
  sort?: boolean;
  /**
   * A whole number past int32's range (epoch seconds pass 2^31 on 2038-01-19): Typesense's int64.
   * To the PostgreSQL engine and the protocol it is a number like an int32's.
   */
  int64?: boolean;
  /** Stored only: not searchable, filterable or sortable (Typesense `index: false`). */
  storeOnly?: boolean;
  /**
   * A single-valued facet the PostgreSQL engine counts among the document's tags, like an array
   * facet, not in its facet key (migration 035: the LGA would multiply every city's keys).
   */
  tagged?: boolean;
}

export interface CollectionDef {
  fields: Record<string, FieldDef>;
  /** The default query_by, most important first. */
  queryBy: string[];
}

/** What both kinds of provider end with: rating, badges, booking mode and next slot, in this order. */
const standingFields: Record<string, FieldDef> = {
  rating: { type: 'float', filter: true, sort: true },
  reviewCount: { type: 'int32', filter: true, sort: true },
  isVerified: { type: 'bool', facet: true },
  isApproved: { type: 'bool', facet: true },
  // Issue 17: instant, request or directory (a card says "No online booking").
  bookingMode: { type: 'string', optional: true, storeOnly: true },
  // The next free slot within 14 days, epoch seconds; absent when none (decision 012).
  nextSlot: { type: 'int32', int64: true, optional: true, filter: true, sort: true },
};

/**
 * Care facts (issue 45; contracts/src/care-search.ts says how a document holds the hours). "Open now" is
 * not a field: the API turns the virtual `openNow:=true` into a filter on openSlots, closedDays and
 * hoursValidUntil at the moment of the search. plans: the payers' slugs of the provider's active plans;
 * primaryPlans: those it is a primary (capitation) provider for. consultationFeeNaira: professionals'
 * consultation_fee, institutions' care fees.
 */
const careFields: Record<string, FieldDef> = {
  openSlots: { type: 'int32[]', optional: true, filter: true },
  open24Hours: { type: 'bool', optional: true, filter: true },
  closedDays: { type: 'int32[]', optional: true, filter: true },
  hoursValidUntil: { type: 'int32', int64: true, optional: true, filter: true },
  plans: { type: 'string[]', facet: true, optional: true },
  primaryPlans: { type: 'string[]', facet: true, optional: true },
  consultationFeeNaira: { type: 'int32', optional: true, filter: true, sort: true },
  freeAtPointOfCare: { type: 'bool', optional: true, filter: true },
};

/**
 * Where a provider is (D23, issue 33): what both kinds share. `location` is absent when unknown;
 * `locationApproximate` is true when it is an LGA's centre; `lga` is the LGA's name (a facet).
 */
const placeFields: Record<string, FieldDef> = {
  location: { type: 'geopoint', optional: true, filter: true, sort: true },
  locationApproximate: { type: 'bool', optional: true, storeOnly: true },
  lga: { type: 'string', facet: true, optional: true, tagged: true },
};

export const schemas: Record<CollectionName, CollectionDef> = {
  professionals: {
    fields: {
      name: { type: 'string', search: true }, // "Dr. Adaeze Okonkwo"
      title: { type: 'string', optional: true, storeOnly: true },
      firstName: { type: 'string', optional: true, search: true },
      lastName: { type: 'string', optional: true, search: true },
      professionalType: { type: 'string', facet: true, search: true },
      specialty: { type: 'string', facet: true, search: true },
      city: { type: 'string', facet: true, search: true, optional: true },
      state: { type: 'string', facet: true, search: true, optional: true },
      countries: { type: 'string[]', facet: true },
      institution: { type: 'string', optional: true, search: true },
      institutionId: { type: 'int32', optional: true, filter: true },
      education: { type: 'string', optional: true, storeOnly: true },
      yearsOfExperience: { type: 'int32', filter: true, sort: true },
      // Naira; absent when the professional gave none (sorted after every fee).
      consultationFee: { type: 'int32', optional: true, filter: true, sort: true },
      phone: { type: 'string', optional: true, storeOnly: true },
      bio: { type: 'string', optional: true, search: true },
      photo: { type: 'string', optional: true, storeOnly: true },
      ...placeFields,
      // Issue 45: the canonical care services (contracts careServices), a filter and a facet, not searched text.
      services: { type: 'string[]', facet: true, optional: true },
      // Issue 50: the languages they consult in, codes of contracts' consultationLanguages ('ha'): filter and facet.
      languages: { type: 'string[]', facet: true, optional: true },
      ...careFields,
      ...standingFields,
    },
    queryBy: [...searchQueryBy.professionals],
  },
  institutions: {
    fields: {
      name: { type: 'string', search: true },
      type: { type: 'string', facet: true, search: true },
      typeLabel: { type: 'string', search: true },
      services: { type: 'string[]', facet: true, search: true },
      city: { type: 'string', facet: true, search: true, optional: true },
      state: { type: 'string', facet: true, search: true, optional: true },
      phone: { type: 'string', optional: true, storeOnly: true },
      email: { type: 'string', optional: true, storeOnly: true },
      website: { type: 'string', optional: true, storeOnly: true },
      description: { type: 'string', optional: true, search: true },
      photo: { type: 'string', optional: true, storeOnly: true },
      professionalCount: { type: 'int32', filter: true, sort: true },
      ...placeFields,
      // The register's ownership ('Public' | 'Private') and level ('Primary' | 'Secondary' | 'Tertiary').
      ownership: { type: 'string', facet: true, optional: true, tagged: true },
      level: { type: 'string', facet: true, optional: true, tagged: true },
      // An unclaimed register listing (D22): not bookable; its card says "Listed from the national register"
      // with the register's date (registerUpdated, 'YYYY-MM-DD'), offers View Profile and Call, never booking.
      listed: { type: 'bool', facet: true, optional: true },
      registerUpdated: { type: 'string', optional: true, storeOnly: true },
      ...careFields,
      ...standingFields,
    },
    queryBy: [...searchQueryBy.institutions],
  },
};

export const fieldOf = (collection: CollectionName, name: string): FieldDef | undefined =>
  Object.prototype.hasOwnProperty.call(schemas[collection].fields, name) ? schemas[collection].fields[name] : undefined;

export const isFilterable = (f: FieldDef | undefined): boolean => !!f && !f.storeOnly && !!(f.facet || f.filter || f.sort);

/** Sort orders the API and the web offer, as Typesense sort_by strings. */
export const sortBy = searchSortBy;

/** A document as both engines hold it: `id` is a string, absent values are left out. */
export type SearchDocument = { id: string } & Record<string, unknown>;

export class DocumentRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentRejectedError';
  }
}

/** [lat, lng] in degrees. */
export const isGeopoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x)) && Math.abs(v[0]) <= 90 && Math.abs(v[1]) <= 180;

/** Refuses a document that does not fit its collection (the worker makes such a job unrecoverable). */
export function validateDocument(collection: CollectionName, doc: SearchDocument): void {
  if (typeof doc.id !== 'string' || !doc.id) throw new DocumentRejectedError(`${collection}: document without id`);
  const fields = schemas[collection].fields;
  for (const [name, def] of Object.entries(fields)) {
    const v = doc[name];
    if (v === undefined || v === null) {
      if (!def.optional) throw new DocumentRejectedError(`${collection}/${doc.id}: field ${name} is required`);
      continue;
    }
    const ok =
      def.type === 'string'
        ? typeof v === 'string'
        : def.type === 'string[]'
          ? Array.isArray(v) && v.every((x) => typeof x === 'string')
          : def.type === 'int32[]'
            ? Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31)
          : def.type === 'bool'
            ? typeof v === 'boolean'
            : def.type === 'int32'
              ? Number.isInteger(v) && (def.int64 ? Number.isSafeInteger(v) : (v as number) >= -(2 ** 31) && (v as number) < 2 ** 31)
              : def.type === 'geopoint'
                ? isGeopoint(v)
                : typeof v === 'number' && Number.isFinite(v);
    if (!ok) throw new DocumentRejectedError(`${collection}/${doc.id}: field ${name} must be ${def.type}`);
  }
  for (const key of Object.keys(doc)) {
    if (key !== 'id' && !(key in fields)) throw new DocumentRejectedError(`${collection}/${doc.id}: unknown field ${key}`);
  }
}

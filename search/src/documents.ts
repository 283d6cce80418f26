// The one place a profile becomes a search document. The index worker (one
// profile per event) and the full reindex (every approved profile) both call
// these builders, so an edit can never produce a document that differs from a
// reindex (CONVENTIONS, "The event path").
import type { Db } from '@ilera/db';
import {
  NEXT_SLOT_DAYS,
  addDays,
  averageRating,
  institutionTypeLabel,
  lagosTimestamp,
  lagosToday,
  nextFreeSlot,
  normalizeState,
  weeklyHoursFromStored,
  documentClosedDays,
  documentSlots,
  hoursValidUntil,
  openingHoursSchema,
  type BookingMode,
  type TimeOffRange,
} from '@ilera/contracts';
import type { CollectionName, SearchDocument } from './schema';

export const BIO_EXCERPT = 200;
export const DESCRIPTION_EXCERPT = 240;

/** The first `max` characters, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string | null | undefined, max: number): string | undefined {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const clean = (v: string | null | undefined): string | undefined => {
  const t = (v ?? '').trim();
  return t ? t : undefined;
};

/** Leaves out absent values: Typesense refuses null in fields, and both engines hold the same JSON. */
function compact(doc: Record<string, unknown>): SearchDocument {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined && v !== null)) as SearchDocument;
}

interface ProfessionalRow {
  id: number;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  professionalType: string;
  specialty: string;
  city: string | null;
  state: string | null;
  countries: string[];
  education: string | null;
  yearsOfExperience: number;
  consultationFee: number | null;
  phone: string | null;
  bio: string | null;
  photo: string | null;
  isVerified: boolean;
  ratingSum: number;
  reviewCount: number;
  institutionId: number | null;
  institutionName: string | null;
  bookingMode: BookingMode;
  workingHours: unknown;
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
  lga: string | null;
  services: string[];
  languageCodes: string[];
}

interface ScheduleFields {
  id: number;
  bookingMode: BookingMode;
  workingHours: unknown;
}

/**
 * Issue 17: each provider's next free slot within NEXT_SLOT_DAYS (Lagos days, today first), as epoch
 * seconds, or nothing. Three statements for a whole batch: the time off and the active appointments
 * of the window, then the pure rule of contracts/availability.ts per provider.
 */
export async function nextSlots(
  sql: Db,
  collection: CollectionName,
  rows: readonly ScheduleFields[],
  now: Date = new Date(),
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const bookable = rows.filter((r) => r.bookingMode !== 'directory');
  if (bookable.length === 0) return out;
  const ids = bookable.map((r) => r.id);
  const today = lagosToday(now);
  const from = lagosTimestamp(today, '00:00');
  const to = lagosTimestamp(addDays(today, NEXT_SLOT_DAYS), '00:00');
  const owner = collection === 'professionals' ? sql`professional_id` : sql`institution_id`;
  const [off, taken] = await Promise.all([
    sql<{ owner: number; startDate: string; endDate: string }[]>`
      SELECT ${owner} AS owner, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date
      FROM time_off WHERE ${owner} = ANY(${ids}::int[]) AND end_date >= ${today}`,
    sql<{ owner: number; appointmentDate: Date }[]>`
      SELECT ${owner} AS owner, appointment_date FROM appointments
      WHERE ${owner} = ANY(${ids}::int[]) AND status IN ('pending', 'confirmed')
        AND appointment_date >= ${from} AND appointment_date < ${to}`,
  ]);
  const offBy = new Map<number, TimeOffRange[]>();
  for (const t of off) offBy.set(t.owner, [...(offBy.get(t.owner) ?? []), t]);
  const takenBy = new Map<number, Set<number>>();
  for (const a of taken) {
    let set = takenBy.get(a.owner);
    if (!set) takenBy.set(a.owner, (set = new Set()));
    set.add(a.appointmentDate.getTime());
  }
  for (const r of bookable) {
    const next = nextFreeSlot(
      { bookingMode: r.bookingMode, weeklyHours: weeklyHoursFromStored(r.workingHours), timeOff: offBy.get(r.id) ?? [] },
      takenBy.get(r.id) ?? new Set(),
      now,
    );
    if (next) out.set(r.id, next.getTime() / 1000);
  }
  return out;
}

/** Search documents of the given professionals that are approved; the others are simply absent. */
export async function buildProfessionalDocuments(sql: Db, ids: readonly number[], now: Date = new Date()): Promise<SearchDocument[]> {
  if (ids.length === 0) return [];
  const rows = await sql<ProfessionalRow[]>`
    SELECT p.id, p.title, u.first_name, u.last_name, p.professional_type, p.specialty, p.city, p.state,
      p.countries, p.education, p.years_of_experience, p.consultation_fee, coalesce(nullif(p.phone, ''), u.phone) AS phone, p.bio,
      coalesce(nullif(p.profile_image_url, ''), nullif(u.profile_image_url, '')) AS photo, p.is_verified,
      coalesce(r.rating_sum, 0)::int AS rating_sum, coalesce(r.review_count, 0)::int AS review_count,
      inst.id AS institution_id, inst.name AS institution_name, p.booking_mode, p.working_hours,
      coalesce(loc.latitude, p.latitude) AS latitude, coalesce(loc.longitude, p.longitude) AS longitude,
      coalesce(loc.location_source, p.location_source) AS location_source, coalesce(p.lga, loc.lga) AS lga, p.services,
      p.language_codes
    FROM professionals p
    JOIN users u ON u.id = p.user_id
    LEFT JOIN LATERAL (
      -- A review a moderator hid leaves the rating and the count (D27).
      SELECT sum(rating) AS rating_sum, count(*) AS review_count FROM reviews WHERE professional_id = p.id AND hidden_at IS NULL
    ) r ON true
    -- The first affiliation: current ones before ended ones, then the oldest link.
    -- Only a confirmed link (D20) to a public (approved) institution is named on a public card.
    LEFT JOIN LATERAL (
      SELECT i.id, i.name FROM professional_institutions pi
      JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
      WHERE pi.professional_id = p.id AND pi.status = 'confirmed'
      ORDER BY (pi.end_date IS NOT NULL AND pi.end_date < current_date), pi.start_date NULLS LAST, pi.id
      LIMIT 1
    ) inst ON true
    -- Where they are (D23): their own point (device or pin), else that of their first confirmed affiliation
    -- (in the same order) with a located institution, else (issue 48) their own LGA's centre. A change of
    -- either reindexes them (linkedIds).
    LEFT JOIN LATERAL (
      SELECT i.latitude, i.longitude, i.location_source, i.lga FROM professional_institutions pi
      JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved' AND i.latitude IS NOT NULL
      WHERE (p.latitude IS NULL OR p.location_source = 'lga_centre') AND pi.professional_id = p.id AND pi.status = 'confirmed'
      ORDER BY (pi.end_date IS NOT NULL AND pi.end_date < current_date), pi.start_date NULLS LAST, pi.id
      LIMIT 1
    ) loc ON true
    WHERE p.id = ANY(${ids as number[]}::int[]) AND p.status = 'approved'
    ORDER BY p.id`;
  const [next, care] = await Promise.all([nextSlots(sql, 'professionals', rows, now), careOf(sql, 'professionals', rows, now)]);
  return rows.map((r) => {
    const first = clean(r.firstName);
    const last = clean(r.lastName);
    const title = clean(r.title);
    const person = [first, last].filter(Boolean).join(' ');
    return compact({
      id: String(r.id),
      name: [title, person].filter(Boolean).join(' ') || `Professional ${r.id}`,
      title,
      firstName: first,
      lastName: last,
      professionalType: r.professionalType,
      specialty: r.specialty,
      city: clean(r.city),
      state: r.state && clean(r.state) ? normalizeState(r.state) : undefined,
      countries: r.countries ?? [],
      institution: clean(r.institutionName),
      institutionId: r.institutionId ?? undefined,
      education: clean((r.education ?? '').split(/\r?\n/).find((line) => line.trim())),
      yearsOfExperience: r.yearsOfExperience ?? 0,
      consultationFee: r.consultationFee ?? undefined,
      phone: clean(r.phone),
      bio: excerpt(r.bio, BIO_EXCERPT),
      photo: clean(r.photo),
      ...place(r),
      services: r.services ?? [],
      languages: r.languageCodes ?? [],
      ...careFields(care, r.id, false, r.consultationFee),
      ...standing(r, next),
    });
  });
}

/** A provider's care facts as read for its document (care_facts, provider_plans: migration 048). */
interface CareRow {
  id: number;
  openingHours: unknown;
  hoursConfirmedAt: Date | null;
  fees: Record<string, unknown> | null;
  plans: string[] | null;
  primaryPlans: string[] | null;
}

interface CareRead {
  rows: Map<number, CareRow>;
  holidays: string[];
  now: Date;
}

/**
 * Issue 45: the care facts of a batch of providers in two statements (their care_facts rows with their
 * active plans, and the public holidays), whatever the batch's size.
 */
async function careOf(sql: Db, collection: CollectionName, rows: readonly { id: number }[], now: Date): Promise<CareRead> {
  const ids = rows.map((r) => r.id);
  const owner = collection === 'professionals' ? sql`professional_id` : sql`institution_id`;
  const [facts, holidays] = await Promise.all([
    sql<CareRow[]>`
      SELECT i.id, c.opening_hours, c.hours_confirmed_at, c.fees, pl.plans, pl.primary_plans
      FROM unnest(${ids as number[]}::int[]) AS i(id)
      LEFT JOIN care_facts c ON c.${owner} = i.id
      LEFT JOIN LATERAL (
        SELECT array_agg(DISTINCT payer_slug ORDER BY payer_slug) AS plans,
          array_agg(DISTINCT payer_slug ORDER BY payer_slug) FILTER (WHERE is_primary) AS primary_plans
        FROM provider_plans WHERE ${owner} = i.id AND withdrawn_at IS NULL
      ) pl ON true
      WHERE c.id IS NOT NULL OR pl.plans IS NOT NULL`,
    sql<{ day: string }[]>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM public_holidays ORDER BY day`,
  ]);
  return { rows: new Map(facts.map((f) => [f.id, f])), holidays: holidays.map((h) => h.day), now };
}

/**
 * The care fields of a document (schema.ts careFields; contracts/src/care-search.ts): hours as slots,
 * closed days and validity (a listing's hours stop counting CARE_STALE_MONTHS after their confirmation),
 * plans, the consultation fee (`ownFee`: a professional's profile field) and free care.
 */
function careFields(read: CareRead, id: number, listing: boolean, ownFee?: number | null) {
  const c = read.rows.get(id);
  const parsed = c?.openingHours ? openingHoursSchema.safeParse(c.openingHours) : undefined;
  const hours = parsed?.success ? parsed.data : undefined;
  const until = hours ? hoursValidUntil(listing, c?.hoursConfirmedAt ?? null) : null;
  const fees = c?.fees ?? undefined;
  const feeOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const known = hours && until !== null;
  return {
    openSlots: known ? documentSlots(hours) : undefined,
    open24Hours: known ? hours.open24Hours : undefined,
    closedDays: known ? documentClosedDays(hours, read.holidays, read.now) : undefined,
    hoursValidUntil: known ? until : undefined,
    plans: c?.plans?.length ? c.plans : undefined,
    primaryPlans: c?.primaryPlans?.length ? c.primaryPlans : undefined,
    // Free at the point of care without a fee of its own is a fee of 0 (maxFee and sort=fee count it so).
    consultationFeeNaira: (ownFee !== undefined ? feeOf(ownFee) : feeOf(fees?.consultationNaira)) ?? (fees?.freeAtPointOfCare === true ? 0 : undefined),
    freeAtPointOfCare: fees ? fees.freeAtPointOfCare === true : undefined,
  };
}

interface PlaceFields {
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
  lga: string | null;
}

/** Where a provider is (D23): [lat, lng] when known, approximate when it is its LGA's centre. */
function place(r: PlaceFields) {
  const known = r.latitude !== null && r.longitude !== null;
  return {
    location: known ? [Number(r.latitude), Number(r.longitude)] : undefined,
    locationApproximate: known && r.locationSource === 'lga_centre' ? true : undefined,
    lga: clean(r.lga),
  };
}

interface StandingFields extends ScheduleFields {
  isVerified: boolean;
  ratingSum: number;
  reviewCount: number;
}

/**
 * What both kinds' documents end with, in the schema's order: rating, badges, booking mode, next slot.
 * isApproved is the profile's status (only approved profiles are indexed, and the search key is scoped to
 * it); an unclaimed register listing is approved to be listed but was never checked by our team, so its
 * document also says `listed` and no card calls it "Approved" (issue 48, D22).
 */
function standing(r: StandingFields, next: Map<number, number>) {
  return {
    rating: r.reviewCount ? averageRating(spread(r.ratingSum, r.reviewCount)) : 0,
    reviewCount: r.reviewCount,
    isVerified: r.isVerified,
    isApproved: true,
    bookingMode: r.bookingMode,
    nextSlot: next.get(r.id),
  };
}

/** averageRating (contracts) takes the ratings; the sum spread over `count` entries has the same mean. */
function spread(sum: number, count: number): number[] {
  const out = new Array<number>(count).fill(0);
  out[0] = sum;
  return out;
}

interface InstitutionRow {
  id: number;
  name: string;
  type: string;
  services: string[];
  city: string | null;
  state: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string | null;
  photo: string | null;
  isVerified: boolean;
  ratingSum: number;
  reviewCount: number;
  professionalCount: number;
  bookingMode: BookingMode;
  workingHours: unknown;
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
  lga: string | null;
  ownership: string | null;
  facilityLevel: string | null;
  listed: boolean;
  registerUpdated: string | null;
}

/** Search documents of the given institutions that are approved. */
export async function buildInstitutionDocuments(sql: Db, ids: readonly number[], now: Date = new Date()): Promise<SearchDocument[]> {
  if (ids.length === 0) return [];
  const rows = await sql<InstitutionRow[]>`
    SELECT i.id, i.name, i.type, i.services, i.city, i.state, i.phone,
      -- D18: the institution's own public e-mail only, never its account's sign-in e-mail.
      nullif(i.email, '') AS email, i.website, i.description,
      coalesce(nullif(i.profile_image_url, ''), nullif(u.profile_image_url, '')) AS photo, i.is_verified,
      coalesce(r.rating_sum, 0)::int AS rating_sum, coalesce(r.review_count, 0)::int AS review_count,
      (SELECT count(*)::int FROM professional_institutions pi
        JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
        WHERE pi.institution_id = i.id AND pi.status = 'confirmed') AS professional_count,
      i.booking_mode, i.working_hours, i.latitude, i.longitude, i.location_source, i.lga, i.ownership, i.facility_level,
      i.user_id IS NULL AS listed,
      -- Issue 48: a listing's card names the register's date (D22: "marked with their source and date").
      (SELECT to_char(rl.register_updated, 'YYYY-MM-DD') FROM register_listings rl WHERE rl.institution_id = i.id AND i.user_id IS NULL) AS register_updated
    FROM institutions i
    -- A register listing has no owner until it is claimed (D22, migration 033).
    LEFT JOIN users u ON u.id = i.user_id
    LEFT JOIN LATERAL (
      SELECT sum(rating) AS rating_sum, count(*) AS review_count FROM reviews WHERE institution_id = i.id AND hidden_at IS NULL
    ) r ON true
    WHERE i.id = ANY(${ids as number[]}::int[]) AND i.status = 'approved'
    ORDER BY i.id`;
  const [next, care] = await Promise.all([nextSlots(sql, 'institutions', rows, now), careOf(sql, 'institutions', rows, now)]);
  return rows.map((r) =>
    compact({
      id: String(r.id),
      name: r.name,
      type: r.type,
      typeLabel: institutionTypeLabel(r.type),
      services: r.services ?? [],
      city: clean(r.city),
      state: r.state && clean(r.state) ? normalizeState(r.state) : undefined,
      phone: clean(r.phone),
      email: clean(r.email),
      website: clean(r.website),
      description: excerpt(r.description, DESCRIPTION_EXCERPT),
      photo: clean(r.photo),
      professionalCount: r.professionalCount,
      ...place(r),
      ownership: clean(r.ownership),
      level: clean(r.facilityLevel),
      listed: r.listed || undefined,
      registerUpdated: r.listed ? clean(r.registerUpdated) : undefined,
      ...careFields(care, r.id, r.listed),
      ...standing(r, next),
    }),
  );
}

/**
 * `now`: the moment whose clock-derived fields (nextSlot, closedDays) the documents carry; search:check
 * builds at earlier moments too, to tell a document built then from one that is out of date.
 */
export function buildDocuments(sql: Db, collection: CollectionName, ids: readonly number[], now: Date = new Date()): Promise<SearchDocument[]> {
  return collection === 'professionals' ? buildProfessionalDocuments(sql, ids, now) : buildInstitutionDocuments(sql, ids, now);
}

/**
 * Ids of every approved profile of a collection, in the order a full reindex writes their documents.
 * Professionals come by surname: a fresh index's rows lie in the order they were written, so the
 * documents of one surname share a few heap pages, and a search for a common surname reads those
 * pages instead of one page per match ("effiong", 2,695 documents at 500,000: 2,534 heap pages read for
 * a deep page in id order; clustered by surname p95 of the typo scenario's SQL 6.1-7.6 -> 4.6-4.7 ms,
 * docs/PERFORMANCE.md 2026-11-25). Institutions come by name for the same reason: the 742 institutions
 * named "Gold Cross …" lay on 681 of their table's pages in id order.
 */
export async function approvedIds(sql: Db, collection: CollectionName): Promise<number[]> {
  const rows =
    collection === 'professionals'
      ? await sql<{ id: number }[]>`
          SELECT p.id FROM professionals p JOIN users u ON u.id = p.user_id
          WHERE p.status = 'approved' ORDER BY lower(u.last_name), p.id`
      : await sql<{ id: number }[]>`SELECT id FROM institutions WHERE status = 'approved' ORDER BY lower(name), id`;
  return rows.map((r) => r.id);
}

/**
 * The profiles of the other kind whose documents show something of these (each once):
 * a professional's card names its first institution, an institution's card
 * counts its professionals.
 */
export async function linkedIds(sql: Db, collection: CollectionName, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows =
    collection === 'professionals'
      ? await sql<{ id: number }[]>`SELECT DISTINCT institution_id AS id FROM professional_institutions WHERE professional_id = ANY(${ids as number[]}::int[]) ORDER BY 1`
      : await sql<{ id: number }[]>`SELECT DISTINCT professional_id AS id FROM professional_institutions WHERE institution_id = ANY(${ids as number[]}::int[]) ORDER BY 1`;
  return rows.map((r) => r.id);
}

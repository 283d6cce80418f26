// Licences behind the "Verified" badge (issue 18, decision 011): who issues a
// Nigerian licence, when a licence counts, and what a provider's licences mean
// for the badge and for bookings. Pure rules: the API, the workers and the web
// app decide alike.
import { z } from 'zod';
import type { InstitutionType, ProfessionalType } from './lists.js';
import { lagosToday } from './rules.js';

/** Nigeria's councils, by the profession they register. */
export const nigerianCouncils = {
  doctor: 'MDCN',
  pharmacist: 'PCN',
  nurse: 'NMCN',
} as const satisfies Record<ProfessionalType, string>;
export type NigerianCouncil = (typeof nigerianCouncils)[ProfessionalType];

export const councilNames: Record<NigerianCouncil, string> = {
  MDCN: 'Medical and Dental Council of Nigeria',
  PCN: 'Pharmacists Council of Nigeria',
  NMCN: 'Nursing and Midwifery Council of Nigeria',
};

/**
 * The Nigerian bodies that register health facilities (issue 18, institutions): a
 * state Ministry of Health registers hospitals and clinics (in Lagos through HEFAMAA,
 * in the FCT through the Health and Human Services Secretariat), the Pharmacists
 * Council registers pharmacy premises, the Medical Laboratory Science Council
 * laboratories, and the Radiographers Registration Board imaging centres.
 */
export const nigerianFacilityBodies = ['State Ministry of Health', 'HEFAMAA', 'FCT HHSS', 'PCN', 'MLSCN', 'RRBN'] as const;
export type NigerianFacilityBody = (typeof nigerianFacilityBodies)[number];

export const facilityBodyNames: Record<NigerianFacilityBody, string> = {
  'State Ministry of Health': 'State Ministry of Health',
  HEFAMAA: 'Health Facility Monitoring and Accreditation Agency (Lagos)',
  'FCT HHSS': 'FCT Health and Human Services Secretariat',
  PCN: 'Pharmacists Council of Nigeria',
  MLSCN: 'Medical Laboratory Science Council of Nigeria',
  RRBN: 'Radiographers Registration Board of Nigeria',
};

export const isNigerianFacilityBody = (v: unknown): v is NigerianFacilityBody =>
  typeof v === 'string' && (nigerianFacilityBodies as readonly string[]).includes(v);

/** The body that usually registers a facility of this type: what the forms preselect. */
export function defaultFacilityBody(type: InstitutionType | string | null | undefined): NigerianFacilityBody {
  if (type === 'pharmacy') return 'PCN';
  if (type === 'diagnostic_lab' || type === 'laboratory' || type === 'diagnostic_center') return 'MLSCN';
  return 'State Ministry of Health';
}

/** Professionals hold licences; institutions hold registrations: the same records under the same rules. */
export type ProviderKind = 'professional' | 'institution';

/**
 * Who issued a Nigerian licence: a professional's council follows from the profession;
 * an institution's body is the one chosen from the list, else its type's usual one.
 */
export function nigerianIssuer(kind: ProviderKind, type: string | null, given?: string | null): string | null {
  if (kind === 'professional') return type ? (nigerianCouncils[type as ProfessionalType] ?? null) : null;
  return isNigerianFacilityBody(given) ? given : defaultFacilityBody(type);
}

export const LICENCE_RENEWAL_PENDING = 'Not currently accepting bookings: licence renewal pending';

/** A licence as stored in a profile's `country_licenses` and shown on it. */
export const licenceRecordSchema = z.object({
  country: z.string(),
  licenseNumber: z.string(),
  council: z.string().nullable().optional(),
  /** Last day the licence is valid, 'YYYY-MM-DD' (Lagos calendar). */
  expiresOn: z.string().nullable().optional(),
  /** When and by which administrator the licence was checked against the council's register (the administrator for admins only). */
  verifiedAt: z.string().nullable().optional(),
  verifiedBy: z.string().nullable().optional(),
});
export type LicenceRecord = z.infer<typeof licenceRecordSchema>;

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); negative once past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86400_000);
}

/** A licence counts through its expiry day; one without a date has not been given an end. */
export const licenceCurrent = (l: LicenceRecord, today: string) => !l.expiresOn || l.expiresOn >= today;

export interface LicenceStanding {
  /** At least one Nigerian licence verified by an administrator and not expired. */
  isVerified: boolean;
  /** The provider's Nigerian licences have all expired: no new bookings until one is renewed. */
  renewalPending: boolean;
}

export function licenceStanding(licences: readonly LicenceRecord[], now: Date): LicenceStanding {
  const today = lagosToday(now);
  const nigerian = licences.filter((l) => l.country === 'Nigeria');
  return {
    isVerified: nigerian.some((l) => !!l.verifiedAt && licenceCurrent(l, today)),
    renewalPending: nigerian.length > 0 && !nigerian.some((l) => licenceCurrent(l, today)),
  };
}

/** What a provider sends for one licence (registration, profile edit). */
export interface LicenceInput {
  country: string;
  licenseNumber: string;
  council?: string | null;
  expiresOn?: string | null;
}

const same = (a?: string | null, b?: string | null) => (a || null) === (b || null);

/**
 * The licences (or an institution's registrations) to store: a Nigerian one's council
 * is `nigerianIssuer`'s; a licence whose country, number, council and expiry are
 * unchanged keeps its verification, any other is unverified (an administrator checks it anew).
 */
export function licencesToStore(
  kind: ProviderKind,
  type: string | null,
  input: readonly LicenceInput[],
  previous: readonly LicenceRecord[],
): LicenceRecord[] {
  return input.map((l) => {
    const council = (l.country === 'Nigeria' ? nigerianIssuer(kind, type, l.council?.trim()) : l.council?.trim()) || null;
    const next: LicenceRecord = { country: l.country, licenseNumber: l.licenseNumber.trim(), council, expiresOn: l.expiresOn || null };
    const old = previous.find((p) => p.country === l.country);
    const unchanged =
      old && same(old.licenseNumber, next.licenseNumber) && same(old.council, next.council) && same(old.expiresOn, next.expiresOn);
    return unchanged && old.verifiedAt ? { ...next, verifiedAt: old.verifiedAt, verifiedBy: old.verifiedBy ?? null } : next;
  });
}

/** A licence as the public sees it: which administrator verified it is for administrators (and the audit log). */
export const withoutVerifier = (licences: readonly LicenceRecord[]): LicenceRecord[] =>
  licences.map(({ verifiedBy: _admin, ...l }) => l);

/**
 * The licence number a professional's Details row shows: the Nigerian licence of record (the one
 * an administrator verifies, Countries dialog), never a second copy that can disagree with it. The
 * profile-setup number stands in only for a professional with no Nigerian licence.
 */
export function licenceNumberOfRecord(p: { licenseNumber: string | null; countryLicenses: readonly LicenceRecord[] }): string | null {
  const nigerian = p.countryLicenses.find((l) => l.country === 'Nigeria')?.licenseNumber.trim();
  return nigerian || p.licenseNumber || null;
}

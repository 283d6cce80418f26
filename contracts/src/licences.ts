// Licences behind the "Verified" badge (issue 18, decision 011): who issues a
// Nigerian licence, when a licence counts, and what a provider's licences mean
// for the badge and for bookings. Pure rules: the API, the workers and the web
// app decide alike.
import { z } from 'zod';
import type { ProfessionalType } from './lists.js';
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
 * The licences to store: a Nigerian licence's council is the one that registers
 * the profession; a licence whose country, number, council and expiry are unchanged
 * keeps its verification, any other is unverified (an administrator checks it anew).
 */
export function licencesToStore(
  type: ProfessionalType | null,
  input: readonly LicenceInput[],
  previous: readonly LicenceRecord[],
): LicenceRecord[] {
  return input.map((l) => {
    const council = (l.country === 'Nigeria' && type ? nigerianCouncils[type] : l.council?.trim()) || null;
    const next: LicenceRecord = { country: l.country, licenseNumber: l.licenseNumber.trim(), council, expiresOn: l.expiresOn || null };
    const old = previous.find((p) => p.country === l.country);
    const unchanged =
      old && same(old.licenseNumber, next.licenseNumber) && same(old.council, next.council) && same(old.expiresOn, next.expiresOn);
    return unchanged && old.verifiedAt ? { ...next, verifiedAt: old.verifiedAt, verifiedBy: old.verifiedBy ?? null } : next;
  });
}

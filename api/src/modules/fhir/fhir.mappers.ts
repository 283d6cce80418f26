// Rows (fhir.repo.ts) to FHIR R4 resources: only what the public profile pages show. The
// account's sign-in e-mail is never read (the rows have no such column); telecom e-mail is
// the provider's public contact e-mail (D18).
import type {
  Address,
  ContactPoint,
  HealthcareService,
  HealthcareServiceAvailableTime,
  Identifier,
  InsurancePlan,
  Location,
  LocationHoursOfOperation,
  Organization,
  Practitioner,
  PractitionerRole,
  Resource,
} from '@medplum/fhirtypes';
import {
  councilNames,
  institutionTypeLabel,
  languageName,
  LISTED_FROM_REGISTER,
  NOT_ON_ILERA,
  registerSourceLine,
  nigerianCouncils,
  payerKindLabels,
  type CareFacts,
  type NigerianCouncil,
  type OpeningHours,
  type PayerKind,
} from '@ilera/contracts';
import type { ResourceType, Row } from './fhir.repo';
import { slug, systems } from './fhir.systems';

type Hours = ([string, string] | null)[];
interface Licence {
  country?: string;
  licenseNumber?: string;
  council?: string | null;
  expiresOn?: string | null;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof DAYS)[number];
/** D11's slot grid: a day's hours name its first and last 30-minute slot, so it closes 30 minutes after the last starts. */
const SLOT_MINUTES = 30;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function plusMinutes(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const total = Math.min(h * 60 + m + minutes, 24 * 60 - 1);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
}

/** Days with the same hours grouped: [{days, open, close}], Monday first. */
function weekly(hours: unknown): { days: Day[]; open: string; close: string }[] {
  if (!Array.isArray(hours)) return [];
  const groups: { days: Day[]; open: string; close: string }[] = [];
  (hours as Hours).forEach((d, i) => {
    if (!Array.isArray(d) || d.length !== 2) return;
    const open = `${d[0]}:00`;
    const close = plusMinutes(d[1], SLOT_MINUTES);
    const same = groups.find((g) => g.open === open && g.close === close);
    if (same) same.days.push(DAYS[i]!);
    else groups.push({ days: [DAYS[i]!], open, close });
  });
  return groups;
}

/** A week of hours in FHIR's terms: days with the same times grouped, or every day all day. */
type Week = { days: Day[]; allDay?: true; open?: string; close?: string }[];

function group(pieces: { day: Day; open: string; close: string }[]): Week {
  const groups: { days: Day[]; open: string; close: string }[] = [];
  for (const p of pieces) {
    const same = groups.find((g) => g.open === p.open && g.close === p.close);
    if (same) {
      if (!same.days.includes(p.day)) same.days.push(p.day);
    } else groups.push({ days: [p.day], open: p.open, close: p.close });
  }
  for (const g of groups) g.days.sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
  return groups;
}

/**
 * Published opening hours (issue 45) as FHIR's weekly times. FHIR's times stay within a day, so a period past
 * midnight is two: until 23:59:59 on its day and from 00:00:00 on the next.
 */
function openingWeek(h: OpeningHours): Week {
  if (h.open24Hours) return [{ days: [...DAYS], allDay: true }];
  const pieces: { day: Day; open: string; close: string }[] = [];
  for (const entry of h.week) {
    for (const p of entry.periods) {
      if (p.closes > p.opens) {
        pieces.push({ day: entry.day, open: `${p.opens}:00`, close: `${p.closes}:00` });
        continue;
      }
      pieces.push({ day: entry.day, open: `${p.opens}:00`, close: '23:59:59' });
      const next = DAYS[(DAYS.indexOf(entry.day) + 1) % 7]!;
      if (p.closes !== '00:00') pieces.push({ day: next, open: '00:00:00', close: `${p.closes}:00` });
    }
  }
  return group(pieces);
}

const careOf = (row: Row) => row.care as CareFacts | undefined;

/** An institution's week: its published opening hours; without them its booking hours (not a listing's: those are the table's default). */
function weekOf(row: Row): Week {
  const hours = careOf(row)?.openingHours;
  return hours ? openingWeek(hours) : row.listed ? [] : weekly(row.workingHours);
}

/** Closures and public holidays in words (Location and HealthcareService.availabilityExceptions). */
function exceptionsText(row: Row): string | undefined {
  const hours = careOf(row)?.openingHours;
  if (!hours) return undefined;
  const parts = hours.closures.map((c) => `Closed ${c.from === c.to ? `on ${c.from}` : `from ${c.from} to ${c.to}`}${c.reason ? ` (${c.reason})` : ''}`);
  if (!hours.open24Hours) parts.push("Closed on Nigeria's public holidays");
  return parts.length ? parts.join('; ') : undefined;
}

function telecom(row: Row, website = false): ContactPoint[] | undefined {
  const out: ContactPoint[] = [];
  const phone = str(row.phone);
  const email = str(row.contactEmail ?? row.email);
  if (phone) out.push({ system: 'phone', value: phone, use: 'work' });
  if (email) out.push({ system: 'email', value: email, use: 'work' });
  const url = website ? str(row.website) : undefined;
  if (url) out.push({ system: 'url', value: url, use: 'work' });
  return out.length ? out : undefined;
}

/** Address with the LGA as its district (FHIR's county-level part). */
function address(row: Row): Address | undefined {
  const a: Address = {
    use: 'work',
    line: str(row.address) ? [str(row.address)!] : undefined,
    city: str(row.city),
    district: str(row.lga),
    state: str(row.state),
    postalCode: str(row.zipCode),
  };
  if (!a.line && !a.city && !a.district && !a.state && !a.postalCode) return undefined;
  return clean({ ...a, country: 'NG' });
}

/** Drops undefined members, so an answer never carries empty elements (FHIR forbids them). */
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const meta = (row: Row) => ({ lastUpdated: new Date(row.lastUpdated).toISOString() });

/**
 * Issue 48 (D22): an unclaimed register listing is not an Ilera provider, and each resource of it says so:
 * a tag in its meta, and (Location, HealthcareService) its source and date in words.
 */
const institutionMeta = (row: Row) =>
  clean({ ...meta(row), tag: row.listed ? [{ system: systems.tag, code: 'register-listing', display: LISTED_FROM_REGISTER }] : undefined });
const listingNote = (row: Row): string | undefined =>
  row.listed ? `${LISTED_FROM_REGISTER}. ${registerSourceLine(str(row.registerUpdated))}. ${NOT_ON_ILERA}.` : undefined;

export function resourceId(type: ResourceType, row: Row): string {
  return type === 'PractitionerRole' && row.k2 ? `${row.k1}-${row.k2}` : String(row.k1);
}

function licences(row: Row): Licence[] {
  const list = (Array.isArray(row.countryLicenses) ? row.countryLicenses : []) as Licence[];
  const kept = list.filter((l) => str(l.licenseNumber));
  // The profile's own licence number, when no licence record repeats it: its council follows from the profession.
  const own = str(row.licenseNumber);
  if (own && !kept.some((l) => l.licenseNumber === own)) {
    kept.push({ country: 'Nigeria', licenseNumber: own, council: nigerianCouncils[row.professionalType as keyof typeof nigerianCouncils] });
  }
  return kept;
}

const councilDisplay = (c: string) => councilNames[c as NigerianCouncil] ?? c;

function licenceIdentifier(l: Licence, system: (issuer: string) => string, type: string): Identifier {
  return clean({
    use: 'official' as const,
    type: { text: type },
    system: l.council ? system(l.council) : undefined,
    value: l.licenseNumber!,
    assigner: l.council ? { display: councilDisplay(l.council) } : undefined,
    period: l.expiresOn ? { end: l.expiresOn } : undefined,
  });
}

const languageCodesOf = (row: Row): string[] => (Array.isArray(row.languageCodes) ? row.languageCodes.filter((c): c is string => typeof c === 'string') : []);

const professionLabel: Record<string, string> = { doctor: 'Doctor', pharmacist: 'Pharmacist', nurse: 'Nurse' };

export function practitioner(row: Row): Practitioner {
  const given = str(row.firstName);
  const family = str(row.lastName);
  const prefix = str(row.title);
  const ls = licences(row);
  return clean({
    resourceType: 'Practitioner' as const,
    id: resourceId('Practitioner', row),
    meta: meta(row),
    identifier: ls.length ? ls.map((l) => licenceIdentifier(l, systems.licence, 'Licence number')) : undefined,
    active: true,
    name: [
      clean({
        use: 'official' as const,
        text: [prefix, given, family].filter(Boolean).join(' '),
        family,
        given: given ? [given] : undefined,
        prefix: prefix ? [prefix] : undefined,
      }),
    ],
    telecom: telecom(row),
    address: address(row) ? [address(row)!] : undefined,
    // Issue 50: the languages they consult in (R4: CodeableConcept from BCP 47), in contracts' order.
    communication: languageCodesOf(row).length
      ? languageCodesOf(row).map((code) => ({ coding: [{ system: systems.language, code, display: languageName(code) }], text: languageName(code) }))
      : undefined,
    qualification: ls.length
      ? ls.map((l) =>
          clean({
            identifier: [licenceIdentifier(l, systems.licence, 'Licence number')],
            code: {
              coding: [{ system: systems.professionalType, code: String(row.professionalType), display: professionLabel[String(row.professionalType)] }],
              text: `${professionLabel[String(row.professionalType)] ?? 'Professional'} licence${l.country ? ` (${l.country})` : ''}`,
            },
            period: l.expiresOn ? { end: l.expiresOn } : undefined,
            issuer: l.council ? { display: councilDisplay(l.council) } : undefined,
          }),
        )
      : undefined,
  });
}

function institutionIdentifiers(row: Row): Identifier[] | undefined {
  const regs = ((Array.isArray(row.registrations) ? row.registrations : []) as Licence[]).filter((l) => str(l.licenseNumber));
  const out = regs.map((l) => licenceIdentifier(l, systems.registration, 'Registration number'));
  if (str(row.nhfrFacilityCode)) {
    out.push({ use: 'official', type: { text: 'NHFR facility code' }, system: systems.nhfrFacilityCode, value: String(row.nhfrFacilityCode), assigner: { display: 'Nigeria Health Facility Registry' } });
  }
  return out.length ? out : undefined;
}

const typeConcept = (row: Row) => ({
  coding: [{ system: systems.institutionType, code: String(row.type), display: institutionTypeLabel(String(row.type)) }],
  text: institutionTypeLabel(String(row.type)),
});

export function organization(row: Row): Organization {
  return clean({
    resourceType: 'Organization' as const,
    id: resourceId('Organization', row),
    meta: institutionMeta(row),
    identifier: institutionIdentifiers(row),
    active: true,
    type: [typeConcept(row)],
    name: String(row.name),
    telecom: telecom(row, true),
    address: address(row) ? [address(row)!] : undefined,
  });
}

export function location(row: Row): Location {
  const located = typeof row.latitude === 'number' && typeof row.longitude === 'number';
  const hours = weekOf(row);
  return clean({
    resourceType: 'Location' as const,
    id: resourceId('Location', row),
    meta: institutionMeta(row),
    identifier: institutionIdentifiers(row),
    status: 'active' as const,
    name: String(row.name),
    description:
      [listingNote(row), row.locationSource === 'lga_centre' ? 'Position approximate: the centre of its local government area' : undefined]
        .filter(Boolean)
        .join(' ') || undefined,
    mode: 'instance' as const,
    type: [typeConcept(row)],
    telecom: telecom(row, true),
    address: address(row),
    position: located ? { latitude: row.latitude as number, longitude: row.longitude as number } : undefined,
    managingOrganization: { reference: `Organization/${row.k1}` },
    hoursOfOperation: hours.length
      ? hours.map((h): LocationHoursOfOperation => clean({ daysOfWeek: h.days, allDay: h.allDay, openingTime: h.open, closingTime: h.close }))
      : undefined,
    availabilityExceptions: exceptionsText(row),
  });
}

export function healthcareService(row: Row): HealthcareService {
  const hours = weekOf(row);
  const closures = careOf(row)?.openingHours?.closures ?? [];
  const services = (row.services as string[]).filter((s) => str(s));
  return clean({
    resourceType: 'HealthcareService' as const,
    id: resourceId('HealthcareService', row),
    meta: institutionMeta(row),
    active: true,
    providedBy: { reference: `Organization/${row.k1}` },
    location: [{ reference: `Location/${row.k1}` }],
    name: String(row.name),
    type: services.map((s) => ({ coding: [{ system: systems.service, code: s.trim(), display: s.trim() }], text: s.trim() })),
    telecom: telecom(row, true),
    availableTime: hours.length
      ? hours.map((h): HealthcareServiceAvailableTime =>
          clean({ daysOfWeek: h.days, allDay: h.allDay, availableStartTime: h.open, availableEndTime: h.close }))
      : undefined,
    notAvailable: closures.length
      ? closures.map((c) => ({ description: c.reason || 'Closed', during: { start: c.from, end: c.to } }))
      : undefined,
    availabilityExceptions: exceptionsText(row),
    comment: listingNote(row),
  });
}

interface PayerPlan {
  name: string;
  tier: string | null;
}

/** A payer (NHIA, a state scheme, an HMO) as NDH's InsurancePlan, its network the Organizations taking it. */
export function insurancePlan(row: Row): InsurancePlan {
  const kind = String(row.kind) as PayerKind;
  const plans = (Array.isArray(row.plans) ? row.plans : []) as PayerPlan[];
  const network = (row.network as number[] | null) ?? [];
  const accreditation = str(row.accreditationNumber);
  return clean({
    resourceType: 'InsurancePlan' as const,
    id: resourceId('InsurancePlan', row),
    meta: clean({
      ...meta(row),
      // Invented by the demo seed: never a real payer's data.
      tag: row.isDemo ? [{ system: systems.tag, code: 'demo', display: 'Invented demo data' }] : undefined,
    }),
    identifier: [
      { use: 'secondary' as const, system: systems.payer, value: String(row.slug) },
      ...(accreditation ? [{ use: 'official' as const, type: { text: 'Accreditation number' }, system: systems.payerAccreditation, value: accreditation }] : []),
    ],
    status: 'active' as const,
    type: [{ coding: [{ system: systems.payerKind, code: kind, display: payerKindLabels[kind] ?? kind }], text: payerKindLabels[kind] ?? kind }],
    name: String(row.name),
    ownedBy: { display: String(row.name) },
    network: network.length ? network.map((id) => ({ reference: `Organization/${id}` })) : undefined,
    plan: plans.length
      ? plans.map((p) => ({
          type: clean({
            coding: p.tier ? [{ system: systems.planTier, code: slug(p.tier), display: p.tier }] : undefined,
            text: p.name,
          }),
        }))
      : undefined,
  });
}

export function practitionerRole(row: Row): PractitionerRole {
  const hours = weekly(row.workingHours);
  const at = row.institutionId as number | null;
  const specialty = String(row.specialty);
  return clean({
    resourceType: 'PractitionerRole' as const,
    id: resourceId('PractitionerRole', row),
    meta: meta(row),
    active: true,
    practitioner: { reference: `Practitioner/${row.professionalId}` },
    organization: at ? { reference: `Organization/${at}` } : undefined,
    location: at ? [{ reference: `Location/${at}` }] : undefined,
    code: str(row.role) ? [{ text: str(row.role)! }] : [{ coding: [{ system: systems.professionalType, code: String(row.professionalType), display: professionLabel[String(row.professionalType)] }] }],
    specialty: [{ coding: [{ system: systems.specialty, code: specialty, display: specialty }], text: specialty }],
    telecom: telecom(row),
    availableTime: hours.length ? hours.map((h) => ({ daysOfWeek: h.days, availableStartTime: h.open, availableEndTime: h.close })) : undefined,
  });
}

export const mappers: Record<ResourceType, (row: Row) => Resource> = {
  Practitioner: practitioner,
  PractitionerRole: practitionerRole,
  Organization: organization,
  Location: location,
  HealthcareService: healthcareService,
  InsurancePlan: insurancePlan,
};

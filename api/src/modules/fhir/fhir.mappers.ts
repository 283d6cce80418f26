// Rows (fhir.repo.ts) to FHIR R4 resources: only what the public profile pages show. The
// account's sign-in e-mail is never read (the rows have no such column); telecom e-mail is
// the provider's public contact e-mail (D18).
import type {
  Address,
  ContactPoint,
  HealthcareService,
  Identifier,
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  Resource,
} from '@medplum/fhirtypes';
import { councilNames, institutionTypeLabel, nigerianCouncils, type NigerianCouncil } from '@ilera/contracts';
import type { ResourceType, Row } from './fhir.repo';
import { systems } from './fhir.systems';

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
    meta: meta(row),
    identifier: institutionIdentifiers(row),
    active: true,
    type: [typeConcept(row)],
    name: String(row.name),
    telecom: telecom(row, true),
    address: address(row) ? [address(row)!] : undefined,
  });
}

/** A register listing's hours are the table's default, not the facility's: they are not served. */
const hoursOf = (row: Row) => (row.listed ? [] : weekly(row.workingHours));

export function location(row: Row): Location {
  const located = typeof row.latitude === 'number' && typeof row.longitude === 'number';
  const hours = hoursOf(row);
  return clean({
    resourceType: 'Location' as const,
    id: resourceId('Location', row),
    meta: meta(row),
    identifier: institutionIdentifiers(row),
    status: 'active' as const,
    name: String(row.name),
    description: row.locationSource === 'lga_centre' ? 'Position approximate: the centre of its local government area' : undefined,
    mode: 'instance' as const,
    type: [typeConcept(row)],
    telecom: telecom(row, true),
    address: address(row),
    position: located ? { latitude: row.latitude as number, longitude: row.longitude as number } : undefined,
    managingOrganization: { reference: `Organization/${row.k1}` },
    hoursOfOperation: hours.length ? hours.map((h) => ({ daysOfWeek: h.days, openingTime: h.open, closingTime: h.close })) : undefined,
  });
}

export function healthcareService(row: Row): HealthcareService {
  const hours = hoursOf(row);
  const services = (row.services as string[]).filter((s) => str(s));
  return clean({
    resourceType: 'HealthcareService' as const,
    id: resourceId('HealthcareService', row),
    meta: meta(row),
    active: true,
    providedBy: { reference: `Organization/${row.k1}` },
    location: [{ reference: `Location/${row.k1}` }],
    name: String(row.name),
    type: services.map((s) => ({ coding: [{ system: systems.service, code: s.trim(), display: s.trim() }], text: s.trim() })),
    telecom: telecom(row, true),
    availableTime: hours.length ? hours.map((h) => ({ daysOfWeek: h.days, availableStartTime: h.open, availableEndTime: h.close })) : undefined,
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
};

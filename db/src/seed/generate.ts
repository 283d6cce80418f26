// The one generator behind both the demo data (first start, `npm run seed -- --reset`)
// and the national-scale data (`npm run seed -- --professionals 500000 ...`).
// Everything is streamed with COPY inside the caller's transaction; no outbox events
// are written (whoever seeds rebuilds the search index with reindexAll afterwards).
import {
  allSpecialties,
  appointmentTypes,
  institutionTypeLabel,
  lagosToday,
  languagesFromText,
  nigerianCouncils,
  defaultFacilityBody,
  specialtiesByType,
  type InstitutionType,
  type ProfessionalType,
} from '@ilera/contracts';
import type { Tx } from '../client';
import { copyRows, line, pgArray, type ProgressFactory } from './copy';
import {
  appointmentReasons,
  bioClosings,
  cities,
  doctorCertifications,
  doctorSpecialtyText,
  emailDomains,
  labReasons,
  medicalSchools,
  names,
  nurseCertifications,
  nurseFocus,
  nursingDegreeSchools,
  nursingSchools,
  pharmacistCertifications,
  pharmacistFocus,
  pharmacyReasons,
  pharmacySchools,
  phonePrefixes,
  professionalRejectionReasons,
  institutionRejectionReasons,
  reviewComments,
  virtues,
  type Group,
  type Region,
} from './data';
import { institutionCareOf, professionalCareOf } from './care';
import { hash3, Rng, Weighted } from './random';

export interface GeneratePlan {
  /** Approved professionals (pending and rejected applications come on top). */
  professionals: number;
  /** Approved institutions (pending and rejected applications come on top). */
  institutions: number;
  patients: number;
  appointments: number;
  reviews: number;
  seed: number;
  /** The four demo accounts and the hand-made cases around them. */
  demoAccounts: boolean;
  /** One argon2 hash shared by every seeded account. */
  passwordHash: string;
  now?: Date;
  log?: (msg: string) => void;
  progress?: ProgressFactory;
}

export interface SeedSummary {
  users: number;
  patients: number;
  professionals: { approved: number; pending: number; rejected: number };
  institutions: { approved: number; pending: number; rejected: number };
  affiliations: number;
  appointments: Record<'pending' | 'confirmed' | 'completed' | 'cancelled', number>;
  reviews: number;
  states: number;
  /** Care facts (issue 45, seed/care.ts): payers in the list, providers with facts, plan rows. */
  care?: { payers: number; providers: number; plans: number; claimedListings?: number };
}

export const DEMO_PASSWORD = 'ilera-demo-2025';
export const DEMO_ACCOUNTS = {
  patient: { email: 'patient@ilera.ng', firstName: 'Amaka', lastName: 'Eze', phone: '0803 123 4567' },
  professional: { email: 'professional@ilera.ng', firstName: 'Tunde', lastName: 'Bakare', phone: '0802 345 6789' },
  institution: { email: 'institution@ilera.ng', firstName: 'Ngozi', lastName: 'Obi', phone: '0812 345 6789' },
  admin: { email: 'admin@ilera.ng', firstName: 'Ilera', lastName: 'Admin', phone: null },
} as const;
export const DEMO_INSTITUTION_NAME = 'Lagos Island Specialist Hospital';

/** Pending and rejected applications beside `approved` approved profiles (12 and 4 at demo size). */
export function applicationCounts(approvedProfessionals: number, approvedInstitutions: number) {
  return {
    pendingProfessionals: 8 + Math.floor(approvedProfessionals / 2000),
    rejectedProfessionals: 2 + Math.floor(approvedProfessionals / 5000),
    pendingInstitutions: 4 + Math.floor(approvedInstitutions / 2000),
    rejectedInstitutions: 2 + Math.floor(approvedInstitutions / 5000),
  };
}

// ------------------------------------------------------------------ constants

const DAY = 86_400_000;
const HOUR = 3_600_000;
const K = { patient: 1, prof: 2, profDetail: 3, inst: 4, instDetail: 5, affil: 6, appt: 7, apptDetail: 8, review: 9, userId: 10 };
const STATUS = ['approved', 'pending', 'rejected'] as const;
const TYPES: readonly ProfessionalType[] = ['doctor', 'pharmacist', 'nurse'];
const APPT_STATUS = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
const ACTIVE = (s: number) => s <= 1;

const typeTable = new Weighted<number>([[0, 52], [1, 18], [2, 30]]);
const specialtyWeights: Record<ProfessionalType, Record<string, number>> = {
  doctor: {
    'General Practice': 22, Pediatrics: 10, 'Obstetrics & Gynecology': 10, 'Internal Medicine': 9, Surgery: 8, Cardiology: 5,
    Orthopedics: 4, Psychiatry: 3, Ophthalmology: 4, 'ENT (Ear, Nose & Throat)': 3, Dermatology: 3, Radiology: 4, Pathology: 3,
    Anesthesiology: 4, 'Emergency Medicine': 3, Neurology: 3, Dentistry: 4,
  },
  pharmacist: {
    'Community Pharmacy': 38, 'Hospital Pharmacy': 24, 'Clinical Pharmacy': 12, 'Industrial Pharmacy': 6, 'Pharmaceutical Care': 6,
    Pharmacovigilance: 3, 'Drug Information': 3, 'Regulatory Affairs': 3, 'Pharmaceutical Research': 2, 'Compounding Pharmacy': 3,
  },
  nurse: {
    'General Nursing': 30, Midwifery: 20, 'Pediatric Nursing': 8, 'Surgical Nursing': 7, 'Critical Care Nursing': 6,
    'Mental Health Nursing': 4, 'Community Health Nursing': 8, 'Geriatric Nursing': 2, 'Oncology Nursing': 2,
    'Emergency Nursing': 5, 'Operating Room Nursing': 5, 'Public Health Nursing': 5,
  },
};
const specialtyTables = TYPES.map(
  (t) => new Weighted<number>(specialtiesByType[t].map((s, i) => [i, specialtyWeights[t][s] ?? 1] as const)),
);
const cityTable = new Weighted<number>(cities.map((c, i) => [i, c.weight] as const));
const groupTables = cities.map((c) => new Weighted<Group>(c.groups));
const states = [...new Set(cities.map((c) => c.state))];
const cityState = cities.map((c) => states.indexOf(c.state));
const regions: Region[] = ['sw', 'se', 'north', 'ss', 'mb'];

const countryTable = new Weighted<string>([
  ['United Kingdom', 35], ['Ghana', 20], ['United States', 15], ['Canada', 8], ['South Africa', 7],
  ['United Arab Emirates', 5], ['Saudi Arabia', 5], ['Germany', 3], ['Kenya', 2],
]);

const institutionTypeTable = new Weighted<InstitutionType>([
  ['hospital', 27], ['pharmacy', 25], ['diagnostic_lab', 16], ['clinic', 9], ['private_hospital', 3], ['specialist_hospital', 3],
  ['general_hospital', 3], ['medical_center', 2], ['maternity_home', 3], ['diagnostic_center', 2], ['laboratory', 1],
  ['teaching_hospital', 1], ['practice', 1.5], ['urgent-care', 0.5], ['specialty-center', 1], ['rehabilitation_center', 0.7],
  ['rehabilitation', 0.3], ['mental_health_facility', 0.6],
]);
/** 0: hospitals and clinics, 1: pharmacies, 2: laboratories and imaging. */
function categoryOf(type: InstitutionType): number {
  if (type === 'pharmacy') return 1;
  if (type === 'diagnostic_lab' || type === 'diagnostic_center' || type === 'laboratory') return 2;
  return 0;
}

const apptTypeTable = new Weighted<number>(
  appointmentTypes.map((t, i) => [i, { consultation: 45, 'follow-up': 25, 'check-up': 18, procedure: 8, emergency: 4 }[t]] as const),
);
const goodRatings = new Weighted<1 | 2 | 3 | 4 | 5>([[5, 50], [4, 31], [3, 10], [2, 5], [1, 4]]);
const poorRatings = new Weighted<1 | 2 | 3 | 4 | 5>([[5, 18], [4, 25], [3, 25], [2, 15], [1, 17]]);

// ------------------------------------------------------------------ small helpers

const P2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const P3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayText = new Map<number, string>();
/** ISO-8601 UTC text of an instant; Date#toISOString is the seed's hottest call at 500,000 rows. */
function iso(ms: number): string {
  ms = Math.floor(ms);
  const day = Math.floor(ms / DAY);
  let date = dayText.get(day);
  if (date === undefined) dayText.set(day, (date = new Date(day * DAY).toISOString().slice(0, 10)));
  let rest = ms - day * DAY;
  const h = Math.floor(rest / HOUR);
  rest -= h * HOUR;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${date}T${P2[h]}:${P2[m]}:${P2[s]}.${P3[rest - s * 1000]}Z`;
}
const isoDate = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 10); // Lagos calendar date
const pad = (n: number, w: number) => String(n).padStart(w, '0');

function phone(r: Rng): string {
  return `${r.pick(phonePrefixes)} ${pad(r.int(0, 999), 3)} ${pad(r.int(0, 9999), 4)}`;
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
}

function emailFor(first: string, last: string, n: number, r: Rng): string {
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]+/g, '');
  return `${local}${n}@${r.pick(emailDomains)}`;
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A bijection of [0, n) so that "popular" providers are spread over the whole id range. */
function permutation(n: number): (k: number) => number {
  const primes = [15485863, 1299709, 104729, 7919, 101];
  const a = primes.find((p) => n % p !== 0) ?? 1;
  const c = Math.floor(n / 3);
  return (k) => (k * a + c) % n;
}

interface Person {
  group: Group;
  female: boolean;
  first: string;
  last: string;
}

function person(r: Rng, cityIdx: number, femaleShare: number): Person {
  const group = r.chance(0.85) ? groupTables[cityIdx].draw(r) : groupTables[r.int(0, cities.length - 1)].draw(r);
  const set = names[group];
  const female = r.chance(femaleShare);
  return { group, female, first: r.pick(female ? set.female : set.male), last: r.pick(set.surnames) };
}

function address(r: Rng, cityIdx: number): string {
  const c = cities[cityIdx];
  return `${r.int(1, 120)} ${r.pick(c.streets)}, ${r.pick(c.areas)}`;
}

// ------------------------------------------------------------------ the plan's entities

interface Bases {
  users: number;
  professionals: number;
  institutions: number;
  affiliations: number;
  appointments: number;
  reviews: number;
}

interface ProfCore extends Person {
  status: number;
  type: number;
  spec: number;
  specialty: string;
  cityIdx: number;
  title: string;
  years: number;
  email: string;
  phone: string;
  createdAt: number;
}

interface InstCore {
  status: number;
  type: InstitutionType;
  cat: number;
  cityIdx: number;
  name: string;
  contact: Person;
  email: string;
  phone: string;
  createdAt: number;
}

export async function generate(tx: Tx, plan: GeneratePlan): Promise<SeedSummary> {
  clinicTurn = 0;
  const now = (plan.now ?? new Date()).getTime();
  const nowYear = new Date(now).getUTCFullYear();
  const log = plan.log ?? (() => {});
  const progress = plan.progress;

  const [b] = await tx<Bases[]>`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT COALESCE(max(id), 0) FROM professionals)::int AS professionals,
           (SELECT COALESCE(max(id), 0) FROM institutions)::int AS institutions,
           (SELECT COALESCE(max(id), 0) FROM professional_institutions)::int AS affiliations,
           (SELECT COALESCE(max(id), 0) FROM appointments)::int AS appointments,
           (SELECT COALESCE(max(id), 0) FROM reviews)::int AS reviews`;
  // On an empty database the run seed is used as is; appending to existing data
  // draws other people, so a second run does not clone the first.
  const seed = b.users === 0 ? plan.seed >>> 0 : hash3(plan.seed, b.users, 77);
  const rngFor = (kind: number, i: number) => new Rng(hash3(seed, kind, i));

  const demo = plan.demoAccounts;
  const apps = applicationCounts(plan.professionals, plan.institutions);
  const nApprovedProf = Math.max(plan.professionals, demo ? 1 : 0);
  const nProf = nApprovedProf + apps.pendingProfessionals + apps.rejectedProfessionals;
  const nApprovedInst = Math.max(plan.institutions, demo ? 1 : 0);
  const nInst = nApprovedInst + apps.pendingInstitutions + apps.rejectedInstitutions;
  const nPatients = Math.max(plan.patients, demo ? 12 : 1);
  const userNo = { patient: b.users + 1, prof: b.users + 1 + nPatients, inst: b.users + 1 + nPatients + nProf };

  // Account ids: UUIDv7-shaped, their time part counting up from a point of this run.
  const idBase = 1_735_689_600_000 + (seed % 1_000_000) * 1_000_000 + b.users;
  const idOrder: Record<number, number> = { [K.patient]: 1, [K.prof]: 1 + nPatients, [K.inst]: 1 + nPatients + nProf };
  const userId = (kind: number, i: number) => rngFor(K.userId * 16 + kind, i).uuidOrdered(idBase + idOrder[kind] + i);

  const statusOf = (i: number, approved: number, pending: number) => (i < approved ? 0 : i < approved + pending ? 1 : 2);

  // ---------------------------------------------------------------- patients
  const patientId: string[] = new Array(nPatients);
  const patientName: string[] = new Array(nPatients);
  const patientEmail: string[] = new Array(nPatients);
  const patientPhone: string[] = new Array(nPatients);
  const patientCreated = new Float64Array(nPatients);
  for (let i = 0; i < nPatients; i++) {
    const r = rngFor(K.patient, i);
    patientId[i] = userId(K.patient, i);
    if (demo && i === 0) {
      const a = DEMO_ACCOUNTS.patient;
      patientName[i] = `${a.firstName} ${a.lastName}`;
      patientEmail[i] = a.email;
      patientPhone[i] = a.phone;
      patientCreated[i] = now - 400 * DAY;
      continue;
    }
    const p = person(r, cityTable.draw(r), 0.55);
    patientName[i] = `${p.first} ${p.last}`;
    patientEmail[i] = emailFor(p.first, p.last, userNo.patient + i, r);
    patientPhone[i] = phone(r);
    patientCreated[i] = now - r.int(1, 900) * DAY - r.int(0, DAY);
  }

  // ---------------------------------------------------------------- professionals (core)
  const profCore = (i: number): ProfCore => {
    const r = rngFor(K.prof, i);
    const status = statusOf(i, nApprovedProf, apps.pendingProfessionals);
    if (demo && i === 0) {
      const a = DEMO_ACCOUNTS.professional;
      return {
        group: 'yoruba', female: false, first: a.firstName, last: a.lastName, status: 0, type: 0,
        spec: specialtiesByType.doctor.indexOf('Cardiology'), specialty: 'Cardiology', cityIdx: 0, title: 'Dr.',
        years: 16, email: a.email, phone: a.phone, createdAt: now - 700 * DAY,
      };
    }
    const type = typeTable.draw(r);
    const spec = specialtyTables[type].draw(r);
    const specialty = specialtiesByType[TYPES[type]][spec];
    const femaleShare =
      type === 2 ? (specialty === 'Midwifery' ? 0.98 : 0.85)
      : type === 1 ? 0.5
      : specialty === 'Obstetrics & Gynecology' ? 0.5 : specialty === 'Pediatrics' ? 0.6 : 0.4;
    const cityIdx = cityTable.draw(r);
    const p = person(r, cityIdx, femaleShare);
    const specialist = type === 0 && specialty !== 'General Practice';
    const years = Math.max(specialist ? 6 : 1, 1 + Math.floor(34 * Math.pow(r.next(), 1.3)));
    let title: string;
    if (type === 0) title = years >= 22 && r.chance(0.2) ? 'Prof.' : 'Dr.';
    else if (type === 1 && r.chance(0.12)) title = 'Dr.';
    else title = p.female ? (r.chance(0.65) ? 'Mrs.' : 'Ms.') : 'Mr.';
    const createdAt =
      status === 0 ? now - r.int(30, 1100) * DAY - r.int(0, DAY)
      : status === 1 ? now - r.int(0, 13) * DAY - r.int(0, DAY)
      : now - r.int(5, 60) * DAY;
    return {
      group: p.group, female: p.female, first: p.first, last: p.last, status, type, spec, specialty, cityIdx, title, years,
      email: emailFor(p.first, p.last, userNo.prof + i, r), phone: phone(r), createdAt,
    };
  };

  // ---------------------------------------------------------------- institutions (core)
  const instCore = (i: number): InstCore => {
    const r = rngFor(K.inst, i);
    const status = statusOf(i, nApprovedInst, apps.pendingInstitutions);
    if (demo && i === 0) {
      const a = DEMO_ACCOUNTS.institution;
      return {
        status: 0, type: 'hospital', cat: 0, cityIdx: 0, name: DEMO_INSTITUTION_NAME,
        contact: { group: 'igbo', female: true, first: a.firstName, last: a.lastName },
        email: a.email, phone: a.phone, createdAt: now - 800 * DAY,
      };
    }
    const type = institutionTypeTable.draw(r);
    // The first institutions visit every city once, so that even a small directory covers the country.
    const cityIdx = i < cities.length * 4 && i % 4 === 2 ? i >> 2 : cityTable.draw(r);
    const contact = person(r, cityIdx, 0.5);
    const createdAt =
      status === 0 ? now - r.int(30, 1500) * DAY - r.int(0, DAY)
      : status === 1 ? now - r.int(0, 13) * DAY - r.int(0, DAY)
      : now - r.int(5, 60) * DAY;
    return {
      status, type, cat: categoryOf(type), cityIdx, name: institutionName(r, type, cityIdx), contact,
      email: emailFor(contact.first, contact.last, userNo.inst + i, r), phone: phone(r), createdAt,
    };
  };

  // Meta kept for the later passes (affiliations, appointments, reviews).
  const profType = new Uint8Array(nProf);
  const profYears = new Uint8Array(nProf);
  const profState = new Uint8Array(nProf);
  const instCat = new Uint8Array(nInst);
  const instState = new Uint8Array(nInst);

  // ---------------------------------------------------------------- specialties
  await tx`INSERT INTO specialties ${tx(allSpecialties.map((name) => ({ name })))} ON CONFLICT (name) DO NOTHING`;

  // ---------------------------------------------------------------- users
  const demoAdminId = demo ? rngFor(K.userId, 0).uuidOrdered(idBase) : null;
  const userCols = ['id', 'email', 'first_name', 'last_name', 'phone', 'user_type', 'created_at', 'updated_at'];
  const totalUsers = nPatients + nProf + nInst + (demo ? 1 : 0);
  const users = await copyRows(tx, 'users', userCols, totalUsers, function* () {
    if (demoAdminId) {
      const a = DEMO_ACCOUNTS.admin;
      yield line([demoAdminId, a.email, a.firstName, a.lastName, a.phone, 'admin', iso(now - 900 * DAY), iso(now - 900 * DAY)]);
    }
    for (let i = 0; i < nPatients; i++) {
      const [first, ...rest] = patientName[i].split(' ');
      const t = iso(patientCreated[i]);
      yield line([patientId[i], patientEmail[i], first, rest.join(' '), patientPhone[i], 'patient', t, t]);
    }
    for (let i = 0; i < nProf; i++) {
      const p = profCore(i);
      profType[i] = p.type;
      profYears[i] = p.years;
      profState[i] = cityState[p.cityIdx];
      const t = iso(p.createdAt);
      yield line([userId(K.prof, i), p.email, p.first, p.last, p.phone, 'professional', t, t]);
    }
    for (let i = 0; i < nInst; i++) {
      const c = instCore(i);
      instCat[i] = c.cat;
      instState[i] = cityState[c.cityIdx];
      const t = iso(c.createdAt);
      yield line([userId(K.inst, i), c.email, c.contact.first, c.contact.last, c.phone, 'institution', t, t]);
    }
  }, progress);

  const nowIso = iso(now);
  await copyRows(tx, 'user_passwords', ['user_id', 'password_hash', 'created_at', 'updated_at'], totalUsers, function* () {
    const h = plan.passwordHash;
    if (demoAdminId) yield line([demoAdminId, h, nowIso, nowIso]);
    for (let i = 0; i < nPatients; i++) yield line([patientId[i], h, nowIso, nowIso]);
    for (let i = 0; i < nProf; i++) yield line([userId(K.prof, i), h, nowIso, nowIso]);
    for (let i = 0; i < nInst; i++) yield line([userId(K.inst, i), h, nowIso, nowIso]);
  }, progress);

  // ---------------------------------------------------------------- institutions
  const instCols = ['id', 'user_id', 'name', 'type', 'services', 'description', 'phone', 'email', 'website', 'address', 'city',
    'state', 'zip_code', 'status', 'rejection_reason', 'is_verified', 'registrations', 'created_at', 'updated_at'];
  await copyRows(tx, 'institutions', instCols, nInst, function* () {
    for (let i = 0; i < nInst; i++) {
      const c = instCore(i);
      const r = rngFor(K.instDetail, i);
      const city = cities[c.cityIdx];
      const isDemo = demo && i === 0;
      const services = isDemo
        ? ['Emergency Care', 'Surgery', 'Inpatient Care', 'Outpatient Care', 'Maternity Services', 'Pediatric Care', 'Cardiology',
          'Radiology', 'Laboratory Services', 'Pharmacy', 'Intensive Care Unit']
        : institutionServices(r, c.type, c.name);
      const area = isDemo ? 'Lagos Island' : r.pick(city.areas);
      const addr = isDemo ? '12 Broad Street, Lagos Island' : `${r.int(1, 150)} ${r.pick(city.streets)}, ${area}`;
      const description = isDemo
        ? 'Lagos Island Specialist Hospital is a 120-bed private specialist hospital on Broad Street, Lagos Island. ' +
          'Our consultants cover cardiology, obstetrics, paediatrics and surgery, with a 24-hour emergency unit, ' +
          'an intensive care unit and on-site laboratory and radiology. We accept NHIA and most HMO plans.'
        : institutionDescription(r, c, area, services, nowYear);
      const s = slug(c.name);
      const updated = Math.min(now, c.createdAt + r.int(0, 60) * DAY);
      // Drawn in the order the columns were always drawn, so the same seed gives the same data.
      const telephone = isDemo ? '0809 444 1200' : phone(r);
      const website = isDemo ? 'https://lagosislandspecialist.example.com' : r.chance(0.4) ? `https://${s}.example.com` : null;
      const zip = r.chance(0.5) ? String(city.zip + r.int(0, 40)) : null;
      const reason = c.status === 2 ? r.pick(institutionRejectionReasons) : null;
      const verified = c.status === 0 && (isDemo || r.chance(0.85));
      // Issue 18: each institution's Nigerian registration with its usual issuing body, renewed yearly (expiring at the
      // end of a month of next year); a "Verified" one was checked by an administrator when the profile was last updated.
      const id = b.institutions + i + 1;
      // Care facts (issue 45, care.ts): readiness services join what the institution picks; the rest is seedCare's.
      const care = c.status === 0 ? institutionCareOf(plan.seed, id, c.type, services, city.state, now, isDemo) : null;
      const body = facilityBodyIn(c.type, city.state);
      const registration = {
        country: 'Nigeria',
        licenseNumber: `${body === 'State Ministry of Health' ? 'SMOH' : body.replace(' ', '')}/${100000 + id}`,
        council: body,
        expiresOn: `${nowYear + 1}-${String(1 + (id % 12)).padStart(2, '0')}-28`,
        ...(verified ? { verifiedAt: iso(updated), verifiedBy: null } : {}),
      };
      yield line([
        id, userId(K.inst, i), c.name, c.type, pgArray(care?.services ?? services), description,
        telephone,
        isDemo ? 'info@lagosislandspecialist.example.com' : `info@${s}.example.com`,
        website, addr, city.city, city.state, zip,
        STATUS[c.status], reason,
        verified, JSON.stringify([registration]), iso(c.createdAt), iso(c.status === 2 ? c.createdAt + 2 * DAY : updated),
      ]);
    }
  }, progress);

  // ---------------------------------------------------------------- professionals
  const profCols = ['id', 'user_id', 'professional_type', 'title', 'specialty', 'license_number', 'years_of_experience',
    'consultation_fee', 'education', 'bio', 'certifications', 'languages', 'phone', 'address', 'city', 'state', 'zip_code',
    'countries', 'country_licenses', 'status', 'rejection_reason', 'is_verified', 'created_at', 'updated_at', 'services',
    'language_codes'];
  await copyRows(tx, 'professionals', profCols, nProf, function* () {
    for (let i = 0; i < nProf; i++) {
      const p = profCore(i);
      const r = rngFor(K.profDetail, i);
      const d = demo && i === 0 ? tundeDetail() : professionalDetail(r, p, i + b.professionals, nowYear);
      const city = cities[p.cityIdx];
      const updated = Math.min(now, p.createdAt + r.int(0, 90) * DAY);
      // Drawn in the order the columns were always drawn, so the same seed gives the same data.
      const street = d.address ?? address(r, p.cityIdx);
      const zip = d.zip ?? (r.chance(0.5) ? String(city.zip + r.int(0, 40)) : null);
      const reason = p.status === 2 ? r.pick(professionalRejectionReasons) : null;
      const verified = p.status === 0 && (d.verified ?? r.chance(0.88));
      // Nigerian licences are renewed yearly (issue 18): each expires at the end of a month of next year, and a
      // "Verified" profile's Nigerian licence was checked by an administrator when the profile was last updated.
      const expiresOn = `${nowYear + 1}-${String(1 + ((b.professionals + i) % 12)).padStart(2, '0')}-28`;
      // Care facts (issue 45, care.ts): the services are the profile's column; the rest is seedCare's.
      const care = p.status === 0
        ? professionalCareOf(plan.seed, b.professionals + i + 1, TYPES[p.type], p.specialty, d.fee, city.state, now, demo && i === 0)
        : null;
      const licences = d.countries.map((l) =>
        l.country === 'Nigeria'
          ? { ...l, council: nigerianCouncils[TYPES[p.type]], expiresOn, ...(verified ? { verifiedAt: iso(updated), verifiedBy: null } : {}) }
          : l,
      );
      yield line([
        b.professionals + i + 1, userId(K.prof, i), TYPES[p.type], p.title, p.specialty, d.license, p.years, d.fee,
        d.education, d.bio, d.certifications, d.languages, p.phone, street, city.city, city.state, zip,
        pgArray(d.countries.map((x) => x.country)), JSON.stringify(licences),
        STATUS[p.status], reason,
        verified, iso(p.createdAt), iso(p.status === 2 ? p.createdAt + 2 * DAY : updated),
        pgArray(care?.services ?? []),
        // Issue 50: the codes of the languages the text names (English, their group's, Pidgin...), as the API reads them.
        pgArray(languagesFromText(d.languages)),
      ]);
    }
  }, progress);

  // ---------------------------------------------------------------- affiliations
  // Pools of approved institutions by state and category; a professional joins places near them.
  const pools = new Map<number, number[]>();
  const national: number[][] = [[], [], []];
  for (let j = 0; j < nApprovedInst; j++) {
    const key = instState[j] * 4 + instCat[j];
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = []));
    pool.push(j);
    national[instCat[j]].push(j);
  }
  const pickInstitution = (r: Rng, state: number, cat: number): number | null => {
    const local = pools.get(state * 4 + cat);
    const pool = local && (local.length > 2 || r.chance(0.7)) ? local : national[cat];
    return pool.length ? pool[r.int(0, pool.length - 1)] : null;
  };
  let affiliations = 0;
  await copyRows(tx, 'professional_institutions',
    ['id', 'professional_id', 'institution_id', 'role', 'start_date', 'end_date', 'created_at'], nApprovedProf, function* () {
      for (let i = 0; i < nApprovedProf; i++) {
        const r = rngFor(K.affil, i);
        const type = profType[i];
        const years = profYears[i];
        const n = demo && i === 0 ? 1 : r.chance(0.22) ? 0 : r.chance(0.8) ? 1 : 2;
        const chosen: number[] = [];
        for (let k = 0; k < n; k++) {
          let j: number | null;
          if (demo && i === 0) j = 0;
          else {
            const cat = type === 1 ? (r.chance(0.65) ? 1 : 0) : type === 0 && r.chance(0.06) ? 2 : 0;
            j = pickInstitution(r, profState[i], cat);
          }
          if (j === null || chosen.includes(j)) continue;
          chosen.push(j);
          const role = demo && i === 0 ? 'Consultant' : affiliationRole(r, type, years, instCat[j], k);
          const start = now - r.int(60, Math.max(90, Math.min(years, 20) * 365)) * DAY;
          const ended = k === 1 && r.chance(0.3);
          const end = ended ? Math.min(now - 30 * DAY, start + r.int(180, 1500) * DAY) : null;
          affiliations++;
          yield line([
            b.affiliations + affiliations, b.professionals + i + 1, b.institutions + j + 1, role, isoDate(start),
            end !== null && end > start ? isoDate(end) : null, iso(Math.min(now, start + 7 * DAY)),
          ]);
        }
      }
    }, progress);

  // ---------------------------------------------------------------- appointments (planned in memory)
  const extra = demo ? 40 : 0;
  const cap = plan.appointments + extra;
  const aPatient = new Int32Array(cap);
  const aProvider = new Int32Array(cap); // professional index, or nProf + institution index
  const aTime = new Float64Array(cap);
  const aStatus = new Uint8Array(cap);
  const aType = new Uint8Array(cap);
  const aForced = new Uint8Array(cap); // hand-made: always reviewed when completed
  let nAppt = 0;
  const lagosMidnight = Date.parse(`${lagosToday(new Date(now))}T00:00:00+01:00`);
  const todayWeekday = new Date(lagosMidnight + 2 * HOUR).getUTCDay();
  const weekday = (d: number) => (((todayWeekday + d) % 7) + 7) % 7;
  const taken = new Set<number>();
  const slotKey = (prov: number, d: number, slot: number) => prov * 12800 + (d + 700) * 16 + slot;
  const instantOf = (d: number, slot: number) => lagosMidnight + d * DAY + (9 * 60 + 30 * slot) * 60_000;
  const handReasons = new Map<number, string>();
  const push = (patient: number, prov: number, d: number, slot: number, status: number, type: number, forced = false, reason?: string) => {
    if (reason) handReasons.set(nAppt, reason);
    taken.add(slotKey(prov, d, slot));
    aPatient[nAppt] = patient;
    aProvider[nAppt] = prov;
    aTime[nAppt] = instantOf(d, slot);
    aStatus[nAppt] = status;
    aType[nAppt] = type;
    aForced[nAppt] = forced ? 1 : 0;
    nAppt++;
  };
  const weekdayAfter = (d: number) => {
    while (weekday(d) === 0 || weekday(d) === 6) d++;
    return d;
  };
  const weekdayBefore = (d: number) => {
    while (weekday(d) === 0 || weekday(d) === 6) d--;
    return d;
  };

  if (demo) {
    const [pending, confirmed, completed, cancelled] = [0, 1, 2, 3];
    const [consultation, followUp, , checkUp] = [0, 1, 2, 3];
    const tunde = 0;
    const hospital = nProf + 0;
    // Amaka's own appointments with other Lagos doctors: a general practitioner and a paediatrician.
    let gp = 1;
    let paed = 2;
    for (let i = Math.min(nApprovedProf - 1, 2000); i >= 1; i--) {
      const c = profCore(i);
      if (c.cityIdx <= 2 && c.specialty === 'General Practice') gp = i;
      if (c.cityIdx <= 2 && c.specialty === 'Pediatrics') paed = i;
    }
    if (paed === gp) paed = gp === 1 ? 2 : 1;
    push(0, tunde, weekdayAfter(3), 2, confirmed, followUp, false, 'Review of echocardiogram and blood pressure readings');
    push(0, gp, weekdayAfter(8), 11, confirmed, checkUp, false, 'Annual medical check-up');
    push(0, hospital, weekdayAfter(5), 5, pending, consultation, false, 'Ultrasound scan referral');
    push(0, tunde, weekdayBefore(-30), 1, completed, consultation, false, 'Chest pain when climbing stairs'); // reviewed below
    push(0, paed, weekdayBefore(-12), 6, cancelled, consultation, false, "My son's cough and fever");
    push(0, gp, weekdayBefore(-60), 3, completed, checkUp, false, 'Fever and body aches');
    // Requests addressed to Dr. Bakare and to the hospital, from other patients.
    const plans: [number, number, number, number][] = [
      // [day offset, slot, status, type]
      [1, 0, pending, consultation], [2, 4, pending, followUp], [4, 7, pending, consultation], [6, 9, pending, checkUp],
      [9, 12, pending, consultation], [1, 3, confirmed, followUp], [7, 8, confirmed, consultation],
      [-3, 2, completed, consultation], [-9, 5, completed, followUp], [-20, 10, completed, consultation], [-45, 4, completed, checkUp],
      [-14, 13, cancelled, consultation], [5, 14, cancelled, followUp],
    ];
    plans.forEach(([d, slot, status, type], k) => {
      const day = d > 0 ? weekdayAfter(d) : weekdayBefore(d);
      push(1 + (k % (nPatients - 1)), tunde, day, slot, status, type, true);
      push(1 + ((k + 5) % (nPatients - 1)), hospital, day, (slot + 3) % 16, status, type, true);
    });
  }

  const nApprovedProviders = nApprovedProf + nApprovedInst;
  const permProf = permutation(nApprovedProf);
  const permInst = permutation(nApprovedInst);
  const permPatient = permutation(nPatients);
  const ar = rngFor(K.appt, 0);
  const planBar = plan.appointments >= 100_000 ? progress?.('appointments (plan)', plan.appointments) : undefined;
  for (let i = 0; i < plan.appointments && nApprovedProviders > 0; i++) {
    const toInstitution = nApprovedProf === 0 || (nApprovedInst > 0 && ar.chance(0.2));
    const prov = toInstitution ? nProf + permInst(ar.skewed(nApprovedInst, 1.6)) : permProf(ar.skewed(nApprovedProf, 1.7));
    const patient = permPatient(ar.skewed(nPatients, 1.3));
    let d = 0;
    let slot = 0;
    let free = false;
    for (let attempt = 0; attempt < 8 && !free; attempt++) {
      d = ar.chance(0.72) ? -ar.int(1, 650) : ar.int(0, 90);
      if (weekday(d) === 0) d += d < 0 ? -1 : 1; // clinics are closed on Sundays
      slot = ar.int(0, 15);
      free = !taken.has(slotKey(prov, d, slot));
    }
    const past = instantOf(d, slot) < now;
    let status: number;
    if (past) status = ar.chance(0.81) ? 2 : 3;
    else {
      const x = ar.next();
      status = x < 0.4 ? 0 : x < 0.85 ? 1 : 3;
    }
    if (!free && ACTIVE(status)) status = 3; // the slot is held: this request was cancelled
    push(patient, prov, d, slot, status, apptTypeTable.draw(ar));
    if (planBar && i % 50_000 === 0) planBar.update(i);
  }
  planBar?.update(plan.appointments);
  planBar?.stop();
  taken.clear();

  const byStatus = { pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  const apptCols = ['id', 'patient_id', 'professional_id', 'institution_id', 'appointment_type', 'appointment_date', 'status',
    'patient_name', 'patient_email', 'patient_phone', 'reason_for_visit', 'reminder_sent_at', 'created_at', 'updated_at'];
  await copyRows(tx, 'appointments', apptCols, nAppt, function* () {
    for (let i = 0; i < nAppt; i++) {
      const r = rngFor(K.apptDetail, i);
      const prov = aProvider[i];
      const isInst = prov >= nProf;
      const t = aTime[i];
      const status = aStatus[i];
      const type = appointmentTypes[aType[i]];
      byStatus[APPT_STATUS[status]]++;
      const p = aPatient[i];
      const reasons = isInst
        ? instCat[prov - nProf] === 2 ? labReasons : instCat[prov - nProf] === 1 ? pharmacyReasons : appointmentReasons[type]
        : profType[prov] === 1 ? pharmacyReasons : appointmentReasons[type];
      const reason = handReasons.get(i) ?? (r.chance(0.9) ? r.pick(reasons) : null);
      const created = Math.min(now - r.int(1, 48) * HOUR, t - r.int(1, 21) * DAY - r.int(0, DAY));
      const updated =
        status === 2 ? t + r.int(1, 3) * HOUR
        : status === 3 ? created + Math.max(0, Math.floor((Math.min(t, now) - created) * r.next()))
        : status === 1 ? Math.min(now, created + r.int(1, 48) * HOUR)
        : created;
      yield line([
        b.appointments + i + 1, patientId[p], isInst ? null : b.professionals + prov + 1,
        isInst ? b.institutions + prov - nProf + 1 : null, type, iso(t), APPT_STATUS[status],
        patientName[p], patientEmail[p], patientPhone[p], reason,
        status === 2 ? iso(t - DAY) : null, iso(created), iso(Math.min(Math.max(updated, created), now)),
      ]);
    }
  }, progress);

  // ---------------------------------------------------------------- reviews
  const completedCount = byStatus.completed;
  const nProviders = nProf + nInst;
  const reviewed = new Set<number>();
  const pairKey = (patient: number, prov: number) => patient * nProviders + prov;
  const quality = (prov: number) => hash3(seed, 4242, prov) % 10 === 0; // one provider in ten is mediocre
  const rr = rngFor(K.review, 0);
  const wanted = plan.reviews + (demo ? 1 : 0);
  const rPatient = new Int32Array(wanted);
  const rProvider = new Int32Array(wanted);
  const rRating = new Uint8Array(wanted);
  const rCreated = new Float64Array(wanted);
  const rComment: (string | null)[] = new Array(wanted);
  // Issue 34: "Verified visit" is stored with the review (migration 032): the reviewer has a completed visit there.
  const completedPairs = new Set<number>();
  for (let i = 0; i < nAppt; i++) if (aStatus[i] === 2) completedPairs.add(pairKey(aPatient[i], aProvider[i]));
  const rVerified = new Uint8Array(wanted);
  let nReviews = 0;
  const addReview = (patient: number, prov: number, created: number, rating?: number, comment?: string | null) => {
    const key = pairKey(patient, prov);
    if (reviewed.has(key)) return;
    reviewed.add(key);
    const stars = rating ?? (quality(prov) ? poorRatings : goodRatings).draw(rr);
    const text = comment !== undefined ? comment : rr.chance(0.88) ? rr.pick(reviewComments[stars as 1 | 2 | 3 | 4 | 5]) : null;
    rPatient[nReviews] = patient;
    rProvider[nReviews] = prov;
    rRating[nReviews] = stars;
    rComment[nReviews] = text;
    rCreated[nReviews] = Math.min(created, now - HOUR);
    rVerified[nReviews] = completedPairs.has(key) ? 1 : 0;
    nReviews++;
  };
  if (demo) {
    // Amaka reviewed her completed consultation with Dr. Bakare.
    let k = 0;
    while (!(aPatient[k] === 0 && aProvider[k] === 0 && aStatus[k] === 2)) k++;
    addReview(0, 0, aTime[k] + 2 * DAY, 5,
      'Dr. Bakare explained my echo results clearly and adjusted my blood pressure medicine. I feel much better.');
  }
  const accept = completedCount ? Math.min(1, (plan.reviews / completedCount) * 1.1) : 0;
  for (let i = 0; i < nAppt && nReviews < wanted; i++) {
    if (aStatus[i] !== 2) continue;
    if (aForced[i] || rr.next() < accept) addReview(aPatient[i], aProvider[i], aTime[i] + rr.int(2, 240) * HOUR);
  }
  // Not enough completed visits for the reviews asked: the rest come from patients without a booking here.
  for (let tries = 0; nReviews < wanted && tries < wanted * 4 && nApprovedProviders > 0; tries++) {
    const toProfessional = nApprovedProf > 0 && (nApprovedInst === 0 || rr.chance(0.8));
    const prov = toProfessional ? permProf(rr.skewed(nApprovedProf, 1.5)) : nProf + permInst(rr.skewed(nApprovedInst, 1.5));
    addReview(permPatient(rr.skewed(nPatients, 1.2)), prov, now - rr.int(1, 700) * DAY);
  }
  reviewed.clear();
  completedPairs.clear();
  await copyRows(tx, 'reviews',
    ['id', 'reviewer_id', 'professional_id', 'institution_id', 'rating', 'comment', 'verified_visit', 'created_at', 'updated_at'],
    nReviews, function* () {
      for (let i = 0; i < nReviews; i++) {
        const prov = rProvider[i];
        const isInst = prov >= nProf;
        const t = iso(rCreated[i]);
        yield line([
          b.reviews + i + 1, patientId[rPatient[i]], isInst ? null : b.professionals + prov + 1,
          isInst ? b.institutions + prov - nProf + 1 : null, rRating[i], rComment[i], rVerified[i] === 1, t, t,
        ]);
      }
    }, progress);

  // ---------------------------------------------------------------- sequences follow the explicit ids
  for (const table of ['professionals', 'institutions', 'professional_institutions', 'appointments', 'reviews']) {
    await tx.unsafe(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(max(id), 0) + 1 FROM ${table}), false)`,
    );
  }

  const summary: SeedSummary = {
    users,
    patients: nPatients,
    professionals: { approved: nApprovedProf, pending: apps.pendingProfessionals, rejected: apps.rejectedProfessionals },
    institutions: { approved: nApprovedInst, pending: apps.pendingInstitutions, rejected: apps.rejectedInstitutions },
    affiliations,
    appointments: byStatus,
    reviews: nReviews,
    states: new Set([...instState]).size,
  };
  log(
    `seeded ${nApprovedProf} approved professionals, ${nApprovedInst} approved institutions, ${nPatients} patients, ` +
      `${nAppt} appointments, ${nReviews} reviews, ${affiliations} affiliations`,
  );
  return summary;
}

// ------------------------------------------------------------------ detail builders

interface ProfDetail {
  license: string;
  fee: number | null;
  education: string;
  bio: string;
  certifications: string | null;
  languages: string;
  countries: { country: string; licenseNumber: string }[];
  address?: string;
  zip?: string;
  verified?: boolean;
}

function tundeDetail(): ProfDetail {
  return {
    license: 'MDCN/45821',
    fee: 25000,
    education:
      'MBBS, University of Lagos (2009)\nFWACP (Cardiology), West African College of Physicians (2017)\n' +
      'Fellowship in Echocardiography, Royal Brompton Hospital, London (2019)',
    bio:
      'Dr. Tunde Bakare is a consultant cardiologist with 16 years of experience, practising in Lagos. He manages ' +
      'hypertension, heart failure and rhythm problems, and reads echocardiograms and ECGs. He believes in explaining ' +
      'every diagnosis in plain language and involving families in decisions about care.',
    certifications: 'Advanced Cardiac Life Support (ACLS), Basic Life Support (BLS)',
    languages: 'English, Yoruba, Nigerian Pidgin',
    countries: [
      { country: 'Nigeria', licenseNumber: 'MDCN/45821' },
      { country: 'United Kingdom', licenseNumber: 'GMC 7284519' },
    ],
    address: '24 Awolowo Road, Ikoyi',
    zip: '101233',
    verified: true,
  };
}

/** The body that registers a facility of this type where it stands (Lagos: HEFAMAA; the FCT: its Secretariat). */
function facilityBodyIn(type: InstitutionType, state: string): string {
  const body = defaultFacilityBody(type);
  if (body !== 'State Ministry of Health') return body;
  return state === 'Lagos' ? 'HEFAMAA' : state === 'FCT' ? 'FCT HHSS' : body;
}

const licencePrefix: Record<string, string> = {
  'United States': 'NPI ',
  Ghana: 'GH/',
  Canada: 'CPSO ',
  'South Africa': 'HPCSA MP',
  'United Arab Emirates': 'DHA-P-',
  'Saudi Arabia': 'SCFHS ',
  Germany: 'LAK-',
  Kenya: 'KMPDC/',
};

function foreignLicence(r: Rng, country: string, type: number): string {
  if (country === 'United Kingdom') {
    return type === 0 ? `GMC ${r.int(6_000_000, 7_999_999)}` : type === 1 ? `GPhC ${r.int(2_000_000, 2_299_999)}` : `NMC ${r.int(10, 99)}I${r.int(1000, 9999)}O`;
  }
  return `${licencePrefix[country] ?? ''}${r.int(100_000, 9_999_999)}`;
}

function professionalDetail(r: Rng, p: ProfCore, serial: number, nowYear: number): ProfDetail {
  const type = TYPES[p.type];
  const city = cities[p.cityIdx];
  const region: Region = r.chance(0.8) ? names[p.group].region : r.pick(regions);
  const number = 10000 + ((serial * 7919) % 990000);
  const license =
    type === 'doctor' ? `MDCN/${number}` : type === 'pharmacist' ? `PCN/${number}` : `NMCN/${p.specialty === 'Midwifery' ? 'RM' : 'RN'}/${number}`;
  const grad = Math.max(1975, nowYear - p.years - r.int(0, 2));
  // A later qualification is listed only once it has been earned.
  const later = (min: number, max: number) => {
    const year = grad + r.int(min, max);
    return year < nowYear ? year : null;
  };
  const them = p.female ? 'her' : 'him';
  const display = `${p.title} ${p.first} ${p.last}`;
  const yearsText = `${p.years} year${p.years === 1 ? '' : 's'} of experience`;
  const closing = r.pick(bioClosings).replace('{them}', them);
  const education: string[] = [];
  let bio: string;
  let certs: readonly string[];
  let fee: number | null;
  const big = p.cityIdx <= 3; // Lagos and Abuja charge more
  if (type === 'doctor') {
    const text = doctorSpecialtyText[p.specialty];
    education.push(`${p.specialty === 'Dentistry' ? 'BDS' : 'MBBS'}, ${r.pick(medicalSchools[region])} (${grad})`);
    const fellowship = p.specialty !== 'General Practice' || (p.years >= 8 && r.chance(0.4)) ? later(5, 6) : null;
    if (fellowship) education.push(`${text.fellowship} (${fellowship})`);
    const mph = r.chance(0.15) ? later(3, 10) : null;
    if (mph) education.push(`MPH, ${r.pick(medicalSchools[region])} (${mph})`);
    bio = `${display} is a ${p.title === 'Prof.' ? 'professor and consultant ' : ''}${text.noun} with ${yearsText}, practising in ${city.city}. ${r.pick(text.focus)} ${closing}`;
    certs = doctorCertifications;
    const base = p.specialty === 'General Practice' ? r.int(5, 15) : r.int(10, 40);
    fee = Math.round(base * (big ? 1.5 : 1)) * 1000;
  } else if (type === 'pharmacist') {
    education.push(`${r.chance(0.2) ? 'PharmD' : 'B.Pharm'}, ${r.pick(pharmacySchools[region])} (${grad})`);
    const msc = r.chance(0.2) ? later(3, 8) : null;
    if (msc) education.push(`M.Sc. Clinical Pharmacy, ${r.pick(pharmacySchools[region])} (${msc})`);
    const fellow = p.years >= 8 && r.chance(0.2) ? later(6, 8) : null;
    if (fellow) education.push(`FPCPharm, West African Postgraduate College of Pharmacists (${fellow})`);
    bio = `${display} is a registered pharmacist (${p.specialty}) with ${yearsText} in ${city.city}. ${pharmacistFocus[p.specialty]} ${closing}`;
    certs = pharmacistCertifications;
    fee = r.chance(0.6) ? null : r.int(2, 5) * 1000;
  } else {
    const school = r.pick(nursingSchools[region]);
    education.push(`RN, ${school} (${grad})`);
    if (p.specialty === 'Midwifery') education.push(`RM, ${school.replace('School of Nursing', 'School of Midwifery')} (${Math.min(nowYear - 1, grad + 1)})`);
    const bnsc = r.chance(0.35) ? later(2, 8) : null;
    if (bnsc) education.push(`BNSc, ${r.pick(nursingDegreeSchools[region])} (${bnsc})`);
    bio = `${display} is a registered ${p.specialty === 'Midwifery' ? 'midwife' : 'nurse'} (${p.specialty}) with ${yearsText} in ${city.city}. ${nurseFocus[p.specialty]} ${closing}`;
    certs = nurseCertifications;
    fee = r.chance(0.4) ? null : r.int(3, 10) * 1000;
  }
  const languages = ['English', names[p.group].language];
  if (p.group !== groupTables[p.cityIdx].draw(r) && r.chance(0.3)) languages.push(names[cities[p.cityIdx].groups[0][0]].language);
  if (r.chance(0.35)) languages.push('Nigerian Pidgin');
  const countries = [{ country: 'Nigeria', licenseNumber: license }];
  if (p.years >= 4 && r.chance(0.14)) {
    const country = countryTable.draw(r);
    countries.push({ country, licenseNumber: foreignLicence(r, country, p.type) });
  }
  return {
    license,
    fee,
    education: education.join('\n'),
    bio,
    certifications: r.chance(0.6) ? r.sample(certs, r.int(1, 3)).join(', ') : null,
    languages: [...new Set(languages)].join(', '),
    countries,
  };
}

function affiliationRole(r: Rng, type: number, years: number, cat: number, k: number): string {
  if (type === 0) {
    if (years >= 18 && r.chance(0.15)) return k === 0 ? 'Head of Department' : 'Visiting Consultant';
    if (years >= 10) return k === 0 ? 'Consultant' : 'Visiting Consultant';
    if (years >= 6) return 'Senior Registrar';
    return r.chance(0.5) ? 'Resident Doctor' : 'Medical Officer';
  }
  if (type === 1) {
    if (cat === 1) return years >= 5 ? (r.chance(0.3) ? 'Superintendent Pharmacist' : 'Pharmacist in Charge') : 'Community Pharmacist';
    return years >= 15 ? 'Chief Pharmacist' : 'Hospital Pharmacist';
  }
  if (years >= 20) return r.chance(0.5) ? 'Chief Nursing Officer' : 'Matron';
  if (years >= 8) return 'Senior Nursing Officer';
  return 'Nursing Officer';
}

let clinicTurn = 0;

function institutionName(r: Rng, type: InstitutionType, cityIdx: number): string {
  const c = cities[cityIdx];
  const v = r.pick(virtues);
  const s = r.pick(names[groupTables[cityIdx].draw(r)].surnames);
  const area = r.pick(c.areas);
  const choose = (options: string[]) => r.pick(options);
  switch (type) {
    case 'hospital':
      return choose([`${v} Hospital`, `${v} Specialist Hospital`, `${s} Memorial Hospital`, `${v} Hospital and Maternity`, `${v} Hospital, ${area}`]);
    case 'private_hospital':
      return choose([`${v} Hospital Ltd`, `${s} Clinic and Hospital`, `${v} Private Hospital`]);
    case 'specialist_hospital':
      return choose([`${v} Specialist Hospital`, `${v} Eye Specialist Hospital`, `${v} Women and Children Specialist Hospital`, `${v} Orthopaedic Specialist Hospital`]);
    case 'general_hospital':
      return `General Hospital, ${area}`;
    case 'teaching_hospital':
      return choose([`${c.city} University Teaching Hospital`, `Federal University Teaching Hospital, ${c.city}`, `${c.state} State University Teaching Hospital`]);
    case 'medical_center':
      return choose([`Federal Medical Centre, ${c.city}`, `${v} Medical Centre`, `${area} Medical Centre`]);
    case 'clinic': {
      // Clinics take their kinds in turn (the draw is still made, so the rest of the directory
      // stays as it was): even the small demo directory has an eye and a dental clinic (D17).
      const kinds = [`${v} Family Clinic`, `${v} Eye Clinic`, `${v} Dental Clinic`, `${v} Medical Clinic`, `${area} Medical Clinic`];
      choose(kinds);
      return kinds[clinicTurn++ % kinds.length];
    }
    case 'practice':
      return `Dr. ${s} Family Practice`;
    case 'urgent-care':
      return `${v} Urgent Care Centre`;
    case 'specialty-center':
      return choose([`${v} Cardiac Centre`, `${v} Fertility Centre`, `${v} Kidney and Dialysis Centre`]);
    case 'rehabilitation':
    case 'rehabilitation_center':
      return `${v} Physiotherapy and Rehabilitation Centre`;
    case 'mental_health_facility':
      return choose([`${v} Mental Wellness Centre`, `${v} Neuropsychiatric Hospital`]);
    case 'maternity_home':
      return choose([`${v} Maternity Home`, `Mama ${s} Maternity Home`]);
    case 'pharmacy':
      return choose([`${v} Pharmacy`, `${s} Pharmacy`, `${v} Pharmacy and Stores`, `${v} Chemists`, `${area} Pharmacy`]);
    case 'diagnostic_lab':
      return choose([`${v} Diagnostics`, `${v} Medical Laboratories`, `${v} Clinical Laboratory`]);
    case 'diagnostic_center':
      return choose([`${v} Imaging and Diagnostic Centre`, `${area} Diagnostic Centre`]);
    case 'laboratory':
      return choose([`${v} Medical Laboratory`, `${s} Laboratories`]);
    // The register's levels (issue 33) come from the register import, not from this generator.
    case 'primary_health_centre':
      return `Primary Health Centre, ${area}`;
    case 'health_post':
      return `Health Post, ${area}`;
  }
}

type ServiceOdds = readonly (readonly [string, number])[];
const hospitalOdds: ServiceOdds = [
  ['Emergency Care', 0.8], ['Surgery', 0.65], ['Inpatient Care', 0.85], ['Outpatient Care', 1], ['Maternity Services', 0.7],
  ['Pediatric Care', 0.7], ['Cardiology', 0.25], ['Oncology', 0.1], ['Orthopedics', 0.25], ['Neurology', 0.12], ['Radiology', 0.5],
  ['Laboratory Services', 0.8], ['Pharmacy', 0.8], ['Intensive Care Unit', 0.25], ['Dialysis Center', 0.12],
];
const clinicOdds: ServiceOdds = [
  ['Outpatient Care', 1], ['Pediatric Care', 0.5], ['Maternity Services', 0.25], ['Laboratory Services', 0.4], ['Pharmacy', 0.4],
];
const pharmacyOdds: ServiceOdds = [
  ['Prescription Filling', 1], ['Over-the-Counter Medications', 1], ['Compounding Services', 0.15], ['Immunizations', 0.3],
  ['Health Screenings', 0.5], ['Medication Therapy Management', 0.25], ['Diabetic Supplies', 0.45], ['Medical Equipment', 0.35],
  ['Health Consultations', 0.5], ['Prescription Delivery', 0.35], ['24/7 Service', 0.15], ['Insurance Processing', 0.3],
];
const labOdds: ServiceOdds = [
  ['Blood Tests', 1], ['Urine Analysis', 0.85], ['X-Ray', 0.5], ['CT Scan', 0.15], ['MRI', 0.08], ['Ultrasound', 0.6],
  ['ECG/EKG', 0.4], ['Mammography', 0.15], ['Pathology', 0.3], ['Microbiology', 0.55], ['Biochemistry', 0.65],
  ['Hematology', 0.7], ['Immunology', 0.35], ['Molecular Diagnostics', 0.15], ['Genetic Testing', 0.06],
];
const imagingOdds: ServiceOdds = labOdds.map(([s, p]) =>
  ['X-Ray', 'CT Scan', 'MRI', 'Ultrasound', 'Mammography'].includes(s) ? ([s, Math.min(1, p * 2 + 0.2)] as const) : ([s, p] as const),
);

function draw(r: Rng, odds: ServiceOdds): string[] {
  return odds.filter(([, p]) => r.chance(p)).map(([s]) => s);
}

/** The service an eye or dental clinic (or an eye specialist hospital) is named for (D17). */
const specialistServiceOf = (name: string): string[] => (/\bEye\b/.test(name) ? ['Ophthalmology'] : /\bDental\b/.test(name) ? ['Dentistry'] : []);

function institutionServices(r: Rng, type: InstitutionType, name: string): string[] {
  switch (type) {
    case 'pharmacy':
      return draw(r, pharmacyOdds);
    case 'diagnostic_lab':
    case 'laboratory':
      return draw(r, labOdds);
    case 'diagnostic_center':
      return draw(r, imagingOdds);
    case 'teaching_hospital':
    case 'medical_center':
      return draw(r, hospitalOdds.map(([s, p]) => [s, Math.min(1, p + 0.4)] as const));
    case 'clinic':
    case 'practice':
      // D17: an eye or a dental clinic offers what it is named for (added after the draw: the rest of the directory stays as it was).
      return [...draw(r, clinicOdds), ...specialistServiceOf(name)];
    case 'urgent-care':
      return ['Emergency Care', 'Outpatient Care', ...draw(r, [['Laboratory Services', 0.5], ['Radiology', 0.3]])];
    case 'specialty-center':
      if (name.includes('Cardiac')) return ['Cardiology', 'Outpatient Care', ...draw(r, [['Radiology', 0.5], ['Laboratory Services', 0.6]])];
      if (name.includes('Kidney')) return ['Dialysis Center', 'Outpatient Care', 'Laboratory Services'];
      return ['Maternity Services', 'Outpatient Care', ...draw(r, [['Laboratory Services', 0.7], ['Surgery', 0.4]])];
    case 'rehabilitation':
    case 'rehabilitation_center':
      return ['Outpatient Care', 'Orthopedics', ...draw(r, [['Inpatient Care', 0.4], ['Neurology', 0.6]])];
    case 'mental_health_facility':
      return ['Outpatient Care', 'Inpatient Care', ...draw(r, [['Pharmacy', 0.5], ['Emergency Care', 0.3]])];
    case 'maternity_home':
      return ['Maternity Services', 'Pediatric Care', 'Outpatient Care', ...draw(r, [['Laboratory Services', 0.4]])];
    default: {
      const services = [...draw(r, hospitalOdds), ...specialistServiceOf(name)];
      if (name.includes('Maternity') && !services.includes('Maternity Services')) services.splice(4, 0, 'Maternity Services');
      return services;
    }
  }
}

const hospitalExtras = ['Open 24 hours with an ambulance on call.', 'We accept NHIA and most HMO plans.',
  'Consultants run specialist clinics every weekday.', 'Walk-ins are welcome; booked appointments are seen first.'];
const pharmacyExtras = ['Open Monday to Saturday, 8am to 9pm.', 'A pharmacist is always available for advice.',
  'Ask about home delivery within the city.', 'We accept NHIA and most HMO prescriptions.'];
const labExtras = ['Most results are ready within 24 hours.', 'Home sample collection is available.',
  'Accredited by the Medical Laboratory Science Council of Nigeria.', 'Results can be sent to your doctor by e-mail.'];

function institutionDescription(r: Rng, c: InstCore, area: string, services: string[], nowYear: number): string {
  const city = cities[c.cityIdx].city;
  const some = r.sample(services, 3).map((s) => s.toLowerCase().replace('ecg/ekg', 'ECG').replace('x-ray', 'X-ray').replace('ct scan', 'CT scan').replace('mri', 'MRI'));
  const since = ` Serving ${city} since ${nowYear - r.int(2, 35)}.`;
  if (c.cat === 1) {
    return `${c.name} is a community pharmacy in ${area}, ${city}. We dispense prescriptions, stock NAFDAC-registered medicines and offer ${listText(some)}. ${r.pick(pharmacyExtras)}${r.chance(0.3) ? since : ''}`;
  }
  const label = institutionTypeLabel(c.type).toLowerCase();
  if (c.cat === 2) {
    return `${c.name} is a ${label} in ${area}, ${city}, offering ${listText(some)}. ${r.pick(labExtras)}${r.chance(0.3) ? since : ''}`;
  }
  const beds = ['hospital', 'general_hospital', 'specialist_hospital', 'teaching_hospital', 'private_hospital', 'medical_center'].includes(c.type)
    ? `${c.type === 'teaching_hospital' ? r.int(300, 900) : r.int(20, 200)}-bed `
    : '';
  const extras = beds ? hospitalExtras : hospitalExtras.slice(1);
  return `${c.name} is a ${beds}${label} in ${area}, ${city}, offering ${listText(some)}. ${r.pick(extras)}${r.chance(0.4) ? since : ''}`;
}

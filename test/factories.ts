import type { FastifyInstance } from 'fastify';
import type { Sql } from '@ilera/db';
import { hashPassword } from '@ilera/db/passwords';

let n = 0;
const uniq = () => `${Date.now().toString(36)}${(++n).toString(36)}`;

/**
 * One real argon2id hash per password for the users a test process makes, made once: each hash costs 18 ms on a
 * quiet machine and far more at load, and a test file may create dozens of users with the same password.
 * Sign-in still verifies the password against a real hash; only the salt is shared between test users.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: string;
}

export async function createUser(
  sql: Sql,
  o: Partial<Omit<TestUser, 'id'>> & { phone?: string } = {},
): Promise<TestUser> {
  const u = {
    email: o.email ?? `user-${uniq()}@example.ng`,
    password: o.password ?? 'correct-horse-battery',
    firstName: o.firstName ?? 'Adaeze',
    lastName: o.lastName ?? 'Okonkwo',
    userType: o.userType ?? 'patient',
  };
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO users (email, first_name, last_name, user_type, phone)
    VALUES (${u.email}, ${u.firstName}, ${u.lastName}, ${u.userType}, ${o.phone ?? '0803 123 4567'}) RETURNING id`;
  await sql`INSERT INTO user_passwords (user_id, password_hash) VALUES (${row.id}, ${await hashOnce(u.password)})`;
  return { id: row.id, ...u };
}

export interface ProfessionalOverrides {
  status?: 'pending' | 'approved' | 'rejected';
  professionalType?: 'doctor' | 'pharmacist' | 'nurse';
  title?: string;
  specialty?: string;
  city?: string;
  state?: string;
  yearsOfExperience?: number;
  bio?: string;
  education?: string;
  licenseNumber?: string;
  countries?: string[];
  isVerified?: boolean;
  /** Issue 17. Test providers work every day, 09:00-16:30, unless a test says otherwise: a test that
   *  books "in 5 days" must not depend on the weekday it runs (the product default is Monday to Friday). */
  weeklyHours?: ([string, string] | null)[];
  bookingMode?: 'instant' | 'request' | 'directory';
  /** The Nigerian licence's last valid day ('YYYY-MM-DD'); none by default. */
  expiresOn?: string;
  user?: Partial<Omit<TestUser, 'id'>>;
}

const EVERY_DAY: [string, string][] = Array.from({ length: 7 }, () => ['09:00', '16:30']);

export async function createProfessional(sql: Sql, o: ProfessionalOverrides = {}) {
  const user = await createUser(sql, { userType: 'professional', firstName: 'Chinedu', lastName: 'Okafor', ...o.user });
  const countries = o.countries ?? ['Nigeria'];
  // A verified profile is one whose Nigerian licence an administrator verified (issue 18).
  const verified = (o.isVerified ?? true) && countries.includes('Nigeria');
  const licences = countries.map((c) => ({
    country: c,
    licenseNumber: `LIC-${c}`,
    ...(c === 'Nigeria' ? { council: { doctor: 'MDCN', pharmacist: 'PCN', nurse: 'NMCN' }[o.professionalType ?? 'doctor'], expiresOn: o.expiresOn ?? null } : {}),
    ...(c === 'Nigeria' && verified ? { verifiedAt: '2026-01-05T09:00:00.000Z', verifiedBy: null } : {}),
  }));
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO professionals (user_id, professional_type, title, specialty, license_number, years_of_experience,
      education, bio, phone, address, city, state, countries, country_licenses, status, is_verified,
      working_hours, booking_mode)
    VALUES (${user.id}, ${o.professionalType ?? 'doctor'}, ${o.title ?? 'Dr.'}, ${o.specialty ?? 'Cardiology'},
      ${o.licenseNumber ?? 'MDCN/12345'}, ${o.yearsOfExperience ?? 10},
      ${o.education ?? 'MBBS, University of Lagos (2008)\nFWACP Cardiology (2015)'},
      ${o.bio ?? 'Consultant cardiologist with a decade of experience in Lagos hospitals.'},
      '0803 123 4567', '12 Awolowo Road', ${o.city ?? 'Lagos'}, ${o.state ?? 'Lagos'},
      ${countries}, ${sql.json(licences as never)},
      ${o.status ?? 'approved'}, ${verified},
      ${sql.json(o.weeklyHours ?? EVERY_DAY)}, ${o.bookingMode ?? 'request'})
    RETURNING id`;
  return { id: row.id, user };
}

export interface InstitutionOverrides {
  status?: 'pending' | 'approved' | 'rejected';
  name?: string;
  type?: string;
  services?: string[];
  city?: string;
  state?: string;
  description?: string;
  /** As for professionals: every day unless a test says otherwise. */
  weeklyHours?: ([string, string] | null)[];
  bookingMode?: 'instant' | 'request' | 'directory';
  /** Verified by default: its Nigerian registration was checked by an administrator (issue 18). */
  isVerified?: boolean;
  /** The Nigerian registration's last valid day ('YYYY-MM-DD'); none by default. */
  expiresOn?: string;
  /** The public contact e-mail (D18), never the account's sign-in e-mail; null for none. */
  email?: string | null;
  user?: Partial<Omit<TestUser, 'id'>>;
}

/** The public contact e-mail of factory institutions unless a test gives another. */
export const INSTITUTION_CONTACT_EMAIL = 'desk@lagoon.example.ng';

export async function createInstitution(sql: Sql, o: InstitutionOverrides = {}) {
  const user = await createUser(sql, { userType: 'institution', firstName: 'Bola', lastName: 'Adeyemi', ...o.user });
  const verified = o.isVerified ?? true;
  const registration = {
    country: 'Nigeria',
    licenseNumber: 'REG-Nigeria',
    council: o.type === 'pharmacy' ? 'PCN' : o.type === 'diagnostic_lab' ? 'MLSCN' : 'HEFAMAA',
    expiresOn: o.expiresOn ?? null,
    ...(verified ? { verifiedAt: '2026-01-05T09:00:00.000Z', verifiedBy: null } : {}),
  };
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO institutions (user_id, name, type, services, description, phone, email, website, address, city, state, status, is_verified,
      registrations, working_hours, booking_mode)
    VALUES (${user.id}, ${o.name ?? 'Lagoon General Hospital'}, ${o.type ?? 'hospital'},
      ${o.services ?? ['Emergency Care', 'Surgery', 'Maternity Services', 'Radiology']},
      ${o.description ?? 'A 200-bed general hospital serving Lagos Island and its surroundings.'},
      '01 234 5678', ${o.email === undefined ? INSTITUTION_CONTACT_EMAIL : o.email}, 'https://lagoon.example.ng', '5 Marina Road',
      ${o.city ?? 'Lagos'}, ${o.state ?? 'Lagos'}, ${o.status ?? 'approved'}, ${verified}, ${sql.json([registration] as never)},
      ${sql.json(o.weeklyHours ?? EVERY_DAY)}, ${o.bookingMode ?? 'request'})
    RETURNING id`;
  return { id: row.id, user };
}

/** Signs in through the real endpoint and returns the Cookie header to send. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

/** An administrator created and signed in at /api/admin/login: the Cookie header to send. */
export async function signInAdmin(app: FastifyInstance, sql: Sql): Promise<string> {
  const admin = await createUser(sql, { userType: 'admin', password: 'admin-password-1' });
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** One API call as a client makes it: the method, the path, the session's Cookie header and a JSON body. */
export function callApi(app: FastifyInstance, method: string, url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The body of POST /api/appointments as the booking dialog sends it, for one professional. */
export function bookingBody(professionalId: number, appointmentDate: string) {
  return {
    appointmentType: 'consultation',
    patientName: 'Adaeze Okonkwo',
    patientEmail: 'adaeze.patient@example.ng',
    patientPhone: '0803 123 4567',
    appointmentDate,
    professionalId,
  };
}

export interface ListingOverrides {
  name?: string;
  type?: string;
  state?: string;
  lga?: string;
  ward?: string;
  phone?: string | null;
  latitude?: number;
  longitude?: number;
  ownership?: 'Public' | 'Private';
  ownershipType?: string;
  facilityLevel?: 'Primary' | 'Secondary' | 'Tertiary';
  /** The NHFR facility code (register key 'code:...'); a fresh one by default. */
  facilityCode?: string;
  /** The register's last_updated, 'YYYY-MM-DD'. */
  registerUpdated?: string;
  inLatestRegister?: boolean;
}

/**
 * A listing from the national register (issue 33) as the importer writes it: an institution row
 * with no owner (user_id NULL), approved, directory only, located by the register, and its
 * register_listings row.
 */
export async function createRegisterListing(sql: Sql, o: ListingOverrides = {}) {
  const code = o.facilityCode ?? `25/11/1/1/1/${(++n).toString().padStart(4, '0')}`;
  const fields = {
    facility_name: o.name ?? 'Yaba Primary Health Centre',
    state: o.state ?? 'Lagos',
    lga: o.lga ?? 'Lagos Mainland',
    ward: o.ward ?? 'Yaba',
    latitude: o.latitude ?? 6.5095,
    longitude: o.longitude ?? 3.3711,
  };
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO institutions (user_id, name, type, services, phone, city, state, lga, ward, ownership, ownership_type,
      facility_level, latitude, longitude, location_source, status, booking_mode)
    VALUES (NULL, ${fields.facility_name}, ${o.type ?? 'primary_health_centre'}, '{}', ${o.phone === undefined ? '0802 555 0147' : o.phone},
      ${fields.ward}, ${fields.state}, ${fields.lga}, ${fields.ward}, ${o.ownership ?? 'Public'}, ${o.ownershipType ?? 'Local Government'},
      ${o.facilityLevel ?? 'Primary'}, ${fields.latitude}, ${fields.longitude}, 'register', 'approved', 'directory')
    RETURNING id`;
  await sql`
    INSERT INTO register_listings (institution_id, register_key, globalid, nhfr_uid, nhfr_facility_code, facility_level_option,
      name_source, coordinates_source, register_updated, fields, fields_hash, in_latest_register)
    VALUES (${row.id}, ${`code:${code}`}, ${`{${crypto.randomUUID()}}`}, ${`NHFR-${uniq()}`}, ${code}, 'Primary Health Center',
      'NHFR', 'GRID3', ${o.registerUpdated ?? '2024-11-11'}, ${sql.json(fields)}, ${uniq()}, ${o.inLatestRegister ?? true})`;
  return { id: row.id, code };
}

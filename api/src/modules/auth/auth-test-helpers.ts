// Payloads and small helpers shared by the accounts tests (not a test file itself).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let n = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}${(++n).toString(36)}@example.ng`;

/** A distinct client address per call site, so per-address limits stay out of unrelated tests. */
let ip = 0;
export const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

export function patientPayload(o: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('patient'),
    firstName: 'Adaeze',
    lastName: 'Okonkwo',
    phone: '0803 123 4567',
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    ...o,
  };
}

export function professionalPayload(o: Record<string, unknown> = {}) {
  return {
    ...patientPayload({ email: uniqueEmail('pro'), firstName: 'Chinedu', lastName: 'Okafor' }),
    professionalType: 'doctor',
    title: 'Dr.',
    specialty: 'Cardiology',
    yearsOfExperience: 12,
    education: 'MBBS, University of Lagos (2008)',
    bio: 'Consultant cardiologist with twelve years of practice in Lagos.',
    profileImageUrl: '',
    countries: ['Nigeria', 'Ghana'],
    countryLicenses: [
      { country: 'Nigeria', licenseNumber: 'MDCN/12345' },
      { country: 'Ghana', licenseNumber: 'GMDC/678' },
    ],
    address: '12 Awolowo Road, Ikoyi',
    city: 'Lagos',
    state: 'Lagos',
    zipCode: '',
    ...o,
  };
}

export function institutionPayload(o: Record<string, unknown> = {}) {
  return {
    ...patientPayload({ email: uniqueEmail('inst'), firstName: 'Bola', lastName: 'Adeyemi' }),
    institutionName: 'Lagoon General Hospital',
    type: 'hospital',
    services: ['Emergency Care', 'Surgery'],
    description: 'A 200-bed general hospital serving Lagos Island.',
    profileImageUrl: '',
    website: 'https://lagoon.example.ng',
    address: '5 Marina Road, Lagos Island',
    city: 'Lagos',
    state: 'Lagos',
    ...o,
  };
}

export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  o: { payload?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload: o.payload as never,
    headers: {
      'x-forwarded-for': o.ip ?? nextIp(),
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...o.headers,
    },
  });
}

/** PUT /api/institutions/{id} as the profile setup form sends it, with `registrations` when given. */
export function institutionEditPayload(registrations?: unknown) {
  return {
    name: 'Lagoon General Hospital',
    type: 'hospital',
    description: 'A 200-bed general hospital serving Lagos Island and its surroundings.',
    services: ['Emergency Care', 'Surgery'],
    city: 'Lagos',
    state: 'Lagos',
    ...(registrations === undefined ? {} : { registrations }),
  };
}

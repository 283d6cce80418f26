import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminCreateUserSchema,
  adminLoginSchema,
  appointmentStatusSchema,
  bookingFormSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  countriesSchema,
  createAppointmentSchema,
  createReviewSchema,
  forgotPasswordSchema,
  institutionProfileSchema,
  institutionSearchQuerySchema,
  lagosTimestamp,
  lagosToday,
  loginSchema,
  photoSchema,
  professionalProfileSchema,
  professionalSearchQuerySchema,
  registerInstitutionSchema,
  registerPatientSchema,
  registerProfessionalSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './index.js';

/** Messages of a failed parse, keyed by path ('' for the root). */
function messages(schema: z.ZodTypeAny, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

const patient = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  phone: '0803 123 4567',
  password: 'secret123',
  confirmPassword: 'secret123',
};

const professional = {
  ...patient,
  professionalType: 'doctor',
  title: 'Dr.',
  specialty: 'Cardiology',
  licenseNumber: 'MDCN/1234',
  yearsOfExperience: '7',
  education: 'MBBS, University of Lagos',
  bio: 'Consultant cardiologist with ten years of practice.',
  profileImageUrl: '',
  countries: ['Nigeria'],
  countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/1234' }],
  address: '12 Marina Road',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '',
};

const institution = {
  ...patient,
  institutionName: 'Lagos General',
  type: 'hospital',
  services: ['Surgery', 'Emergency Care'],
  description: 'A general hospital serving Lagos Island.',
  profileImageUrl: '',
  website: 'https://lagosgeneral.ng',
  address: '1 Broad Street',
  city: 'Lagos',
  state: 'Lagos',
};

const adminUser = {
  email: 'new@example.com',
  password: 'secret123',
  firstName: 'N',
  lastName: 'U',
  userType: 'patient',
};

const appointment = {
  appointmentType: 'consultation',
  patientName: 'Ada Obi',
  patientEmail: 'ada@example.com',
  patientPhone: '0803 123 4567',
  reasonForVisit: '',
  appointmentDate: '2030-01-15T09:30:00+01:00',
  professionalId: 3,
  institutionId: null,
};

type Case = [name: string, schema: z.ZodTypeAny, input: unknown, path: string, message: string];

const cases: Case[] = [
  ['login email', loginSchema, { email: 'nope', password: 'x' }, 'email', 'Please enter a valid email address'],
  ['login password', loginSchema, { email: 'a@b.co', password: '' }, 'password', 'Password is required'],
  ['patient email', registerPatientSchema, { ...patient, email: 'x' }, 'email', 'Please enter a valid email address'],
  ['patient firstName', registerPatientSchema, { ...patient, firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
  ['patient lastName', registerPatientSchema, { ...patient, lastName: 'O' }, 'lastName', 'Last name must be at least 2 characters'],
  ['patient phone', registerPatientSchema, { ...patient, phone: '0803 12' }, 'phone', 'Phone number must be at least 10 digits'],
  ['patient password', registerPatientSchema, { ...patient, password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
  ['patient confirm', registerPatientSchema, { ...patient, confirmPassword: 'other1234' }, 'confirmPassword', "Passwords don't match"],
  ['pro confirm', registerProfessionalSchema, { ...professional, confirmPassword: 'other1234' }, 'confirmPassword', "Passwords don't match"],
  ['pro title', registerProfessionalSchema, { ...professional, title: 'D' }, 'title', 'Title is required'],
  ['pro specialty', registerProfessionalSchema, { ...professional, specialty: '' }, 'specialty', 'Specialty is required'],
  ['pro years', registerProfessionalSchema, { ...professional, yearsOfExperience: -1 }, 'yearsOfExperience', 'Years of experience cannot be negative'],
  ['pro education', registerProfessionalSchema, { ...professional, education: 'MBBS' }, 'education', 'Education details are required'],
  ['pro bio', registerProfessionalSchema, { ...professional, bio: 'Too short' }, 'bio', 'Bio must be at least 20 characters'],
  ['pro image', registerProfessionalSchema, { ...professional, profileImageUrl: 'not a url' }, 'profileImageUrl', 'Please enter a valid image URL'],
  ['pro image scheme', registerProfessionalSchema, { ...professional, profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', 'Please enter a valid image URL'],
  ['pro countries', registerProfessionalSchema, { ...professional, countries: [] }, 'countries', 'At least one country must be selected'],
  ['pro licence number', registerProfessionalSchema, { ...professional, countryLicenses: [{ country: 'Nigeria', licenseNumber: ' ' }] }, 'countryLicenses.0.licenseNumber', 'License number is required for each country'],
  ['pro licences missing', registerProfessionalSchema, { ...professional, countries: ['Nigeria', 'Ghana'] }, 'countryLicenses', 'License number is required for each selected country'],
  ['pro address', registerProfessionalSchema, { ...professional, address: 'x' }, 'address', 'Address is required'],
  ['pro city', registerProfessionalSchema, { ...professional, city: 'L' }, 'city', 'City is required'],
  ['pro state', registerProfessionalSchema, { ...professional, state: '' }, 'state', 'State is required'],
  ['inst name', registerInstitutionSchema, { ...institution, institutionName: 'L' }, 'institutionName', 'Institution name is required'],
  ['inst services', registerInstitutionSchema, { ...institution, services: [] }, 'services', 'At least one service must be selected'],
  ['inst description', registerInstitutionSchema, { ...institution, description: 'Short' }, 'description', 'Description must be at least 20 characters'],
  ['inst website', registerInstitutionSchema, { ...institution, website: 'lagos general' }, 'website', 'Please enter a valid website URL'],
  ['inst image', registerInstitutionSchema, { ...institution, profileImageUrl: 'nope' }, 'profileImageUrl', 'Please enter a valid image URL'],
  ['inst confirm', registerInstitutionSchema, { ...institution, confirmPassword: 'x' }, 'confirmPassword', "Passwords don't match"],
  ['change current', changePasswordFormSchema, { currentPassword: '', newPassword: 'newsecret1', confirmPassword: 'newsecret1' }, 'currentPassword', 'Current password is required'],
  ['change new', changePasswordFormSchema, { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'New password must be at least 8 characters'],
  ['change confirm', changePasswordFormSchema, { currentPassword: 'old', newPassword: 'newsecret1', confirmPassword: '' }, 'confirmPassword', 'Please confirm your new password'],
  ['change match', changePasswordFormSchema, { currentPassword: 'old', newPassword: 'newsecret1', confirmPassword: 'newsecret2' }, 'confirmPassword', "New passwords don't match"],
  ['change body current', changePasswordSchema, { currentPassword: '', newPassword: 'newsecret1' }, 'currentPassword', 'Current password is required'],
  ['change body new', changePasswordSchema, { currentPassword: 'old', newPassword: 'short' }, 'newPassword', 'New password must be at least 8 characters'],
  ['forgot required', forgotPasswordSchema, { email: '' }, 'email', 'Email is required'],
  ['forgot valid', forgotPasswordSchema, { email: 'x' }, 'email', 'Please enter a valid email address'],
  ['reset form short', resetPasswordFormSchema, { newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters long'],
  ['reset form match', resetPasswordFormSchema, { newPassword: 'longenough1', confirmPassword: 'longenough2' }, 'confirmPassword', 'Passwords do not match'],
  ['reset body short', resetPasswordSchema, { token: 'abc', newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters long'],
  ['admin login email', adminLoginSchema, { email: '', password: 'x' }, 'email', 'Email is required'],
  ['admin login password', adminLoginSchema, { email: 'a@b.co', password: '' }, 'password', 'Password is required'],
  ['admin email', adminCreateUserSchema, { ...adminUser, email: 'x' }, 'email', 'Invalid email address'],
  ['admin password', adminCreateUserSchema, { ...adminUser, password: 'short' }, 'password', 'Password must be at least 8 characters'],
  ['admin first', adminCreateUserSchema, { ...adminUser, firstName: '' }, 'firstName', 'First name is required'],
  ['admin last', adminCreateUserSchema, { ...adminUser, lastName: ' ' }, 'lastName', 'Last name is required'],
  ['admin pro title', adminCreateUserSchema, { ...adminUser, userType: 'professional', specialty: 'Cardiology' }, 'title', 'Required fields missing for selected user type'],
  ['admin pro specialty', adminCreateUserSchema, { ...adminUser, userType: 'professional', title: 'Dr.', specialty: '' }, 'specialty', 'Required fields missing for selected user type'],
  ['admin inst name', adminCreateUserSchema, { ...adminUser, userType: 'institution', institutionType: 'clinic' }, 'institutionName', 'Required fields missing for selected user type'],
  ['admin inst type', adminCreateUserSchema, { ...adminUser, userType: 'institution', institutionName: 'Clinic One' }, 'institutionType', 'Required fields missing for selected user type'],
  ['admin licence', adminCreateUserSchema, { ...adminUser, countriesOfPractice: ['Nigeria', 'Zambia'], licenseNumbers: { Nigeria: 'N1', Zambia: ' ' } }, 'licenseNumbers.Zambia', 'License number is required for each selected country'],
  ['admin website', adminCreateUserSchema, { ...adminUser, website: 'nope' }, 'website', 'Please enter a valid website URL'],
  ['profile title', professionalProfileSchema, { professionalType: 'nurse', title: '', specialty: 'Midwifery' }, 'title', 'Title is required'],
  ['profile specialty', professionalProfileSchema, { professionalType: 'nurse', title: 'Mrs.', specialty: '' }, 'specialty', 'Specialty is required'],
  ['profile specialty list', professionalProfileSchema, { professionalType: 'nurse', title: 'Mrs.', specialty: 'Cardiology' }, 'specialty', 'Please choose a specialty from the list'],
  ['profile years', professionalProfileSchema, { professionalType: 'nurse', title: 'Mrs.', specialty: 'Midwifery', yearsOfExperience: -2 }, 'yearsOfExperience', 'Years of experience cannot be negative'],
  ['inst profile name', institutionProfileSchema, { name: '', type: 'clinic' }, 'name', 'Institution name is required'],
  ['inst profile website', institutionProfileSchema, { name: 'Clinic One', type: 'clinic', website: 'x' }, 'website', 'Please enter a valid website URL'],
  ['photo empty', photoSchema, { profileImageUrl: '   ' }, 'profileImageUrl', 'Please enter a valid photo URL'],
  ['photo invalid', photoSchema, { profileImageUrl: 'ftp://x/y.jpg' }, 'profileImageUrl', 'Please enter a valid photo URL'],
  ['countries empty', countriesSchema, [], '', 'At least one country must be selected'],
  ['booking date', bookingFormSchema, { ...appointment, date: '', time: '09:30' }, 'date', 'Please select both date and time for your appointment.'],
  ['booking time', bookingFormSchema, { ...appointment, date: '2030-01-15', time: '' }, 'time', 'Please select both date and time for your appointment.'],
  ['appointment target none', createAppointmentSchema, { ...appointment, professionalId: null }, 'professionalId', 'Choose either a professional or an institution'],
  ['appointment target both', createAppointmentSchema, { ...appointment, institutionId: 4 }, 'professionalId', 'Choose either a professional or an institution'],
  ['review rating 0', createReviewSchema, { rating: 0, professionalId: 1 }, 'rating', 'Please select a rating before submitting your review.'],
  ['review rating 6', createReviewSchema, { rating: 6, professionalId: 1 }, 'rating', 'Please select a rating before submitting your review.'],
  ['review rating missing', createReviewSchema, { professionalId: 1 }, 'rating', 'Please select a rating before submitting your review.'],
  ['review rating 4.5', createReviewSchema, { rating: 4.5, professionalId: 1 }, 'rating', 'Please select a rating before submitting your review.'],
];

describe('every spec message appears for its bad input', () => {
  it.each(cases)('%s', (_name, schema, input, path, message) => {
    expect(messages(schema, input)[path]).toContain(message);
  });
});

describe('valid inputs pass', () => {
  it.each<[string, z.ZodTypeAny, unknown]>([
    ['login', loginSchema, { email: ' ada@example.com ', password: 'x' }],
    ['patient', registerPatientSchema, patient],
    ['patient +234 phone', registerPatientSchema, { ...patient, phone: '+234 803 123 4567' }],
    ['professional', registerProfessionalSchema, professional],
    ['institution', registerInstitutionSchema, institution],
    ['institution empty urls', registerInstitutionSchema, { ...institution, website: '', profileImageUrl: undefined }],
    ['admin patient', adminCreateUserSchema, adminUser],
    ['admin professional', adminCreateUserSchema, { ...adminUser, userType: 'professional', title: 'Dr.', specialty: 'Allergy & Immunology', countriesOfPractice: ['Nigeria'], licenseNumbers: { Nigeria: 'MDCN/1' }, consultationFee: '15000', yearsOfExperience: '' }],
    ['admin institution', adminCreateUserSchema, { ...adminUser, userType: 'institution', institutionName: 'Clinic One', institutionType: 'maternity_home', state: 'Federal Capital Territory' }],
    ['change password', changePasswordFormSchema, { currentPassword: 'old', newPassword: 'newsecret1', confirmPassword: 'newsecret1' }],
    ['reset', resetPasswordSchema, { token: 't', newPassword: 'longenough' }],
    ['profile', professionalProfileSchema, { professionalType: 'pharmacist', title: 'Mr.', specialty: 'Clinical Pharmacy' }],
    ['inst profile', institutionProfileSchema, { name: 'Clinic One', type: 'urgent-care', email: '', website: '' }],
    ['photo url', photoSchema, { profileImageUrl: ' https://cdn.example.com/a.jpg ' }],
    ['photo null', photoSchema, { profileImageUrl: null }],
    ['appointment', createAppointmentSchema, appointment],
    ['status', appointmentStatusSchema, { status: 'confirmed' }],
    ['review', createReviewSchema, { rating: 5, comment: 'Great', institutionId: 2, professionalId: null }],
  ])('%s', (_name, schema, input) => {
    const r = schema.safeParse(input);
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });
});

describe('countries and licences must be the same set', () => {
  const withCountries = (countries: string[], licensed: string[]) =>
    registerProfessionalSchema.safeParse({
      ...professional,
      countries,
      countryLicenses: licensed.map((country) => ({ country, licenseNumber: `L-${country}` })),
    });

  it('refuses a selected country without a licence', () => {
    expect(withCountries(['Nigeria', 'Ghana'], ['Nigeria']).success).toBe(false);
  });
  it('refuses a licence for a country not selected', () => {
    expect(withCountries(['Nigeria'], ['Nigeria', 'Ghana']).success).toBe(false);
  });
  it('accepts the same set in any order, including admin-only countries (D8)', () => {
    expect(withCountries(['Nigeria', 'Zambia'], ['Zambia', 'Nigeria']).success).toBe(true);
  });
  it('refuses a country outside the canonical list', () => {
    expect(withCountries(['Narnia'], ['Narnia']).success).toBe(false);
  });
  it('coerces and defaults years of experience', () => {
    const r = registerProfessionalSchema.parse({ ...professional, yearsOfExperience: undefined });
    expect(r.yearsOfExperience).toBe(0);
    expect(registerProfessionalSchema.parse(professional).yearsOfExperience).toBe(7);
  });
});

describe('institution services depend on the type', () => {
  it('accepts services of the chosen type', () => {
    expect(registerInstitutionSchema.safeParse({ ...institution, type: 'pharmacy', services: ['24/7 Service'] }).success).toBe(true);
    expect(registerInstitutionSchema.safeParse({ ...institution, type: 'diagnostic_lab', services: ['MRI', 'Pathology'] }).success).toBe(true);
  });
  it('refuses services of another type', () => {
    const m = messages(registerInstitutionSchema, { ...institution, type: 'pharmacy', services: ['Surgery'] });
    expect(m.services).toEqual(['Please choose services offered by the selected institution type']);
    expect(registerInstitutionSchema.safeParse({ ...institution, type: 'hospital', services: ['MRI'] }).success).toBe(false);
  });
  it('accepts every canonical type (D7), refusing only values outside it', () => {
    expect(registerInstitutionSchema.safeParse({ ...institution, type: 'clinic', services: ['Antenatal care'] }).success).toBe(true);
    expect(registerInstitutionSchema.safeParse({ ...institution, type: 'spa' }).success).toBe(false);
  });
});

describe('adminCreateUser per-type rules', () => {
  it('patients and admins need no extra fields', () => {
    expect(adminCreateUserSchema.safeParse({ ...adminUser, userType: 'admin' }).success).toBe(true);
  });
  it('a professional without title and specialty gets both issues', () => {
    const m = messages(adminCreateUserSchema, { ...adminUser, userType: 'professional' });
    expect(m.title).toEqual(['Required fields missing for selected user type']);
    expect(m.specialty).toEqual(['Required fields missing for selected user type']);
  });
  it('refuses a specialty outside the lists and an institution type outside the canonical list (D7)', () => {
    expect(adminCreateUserSchema.safeParse({ ...adminUser, userType: 'professional', title: 'Dr.', specialty: 'Astrology' }).success).toBe(false);
    expect(adminCreateUserSchema.safeParse({ ...adminUser, userType: 'institution', institutionName: 'X Y', institutionType: 'spa' }).success).toBe(false);
    expect(adminCreateUserSchema.safeParse({ ...adminUser, userType: 'institution', institutionName: 'X Y', institutionType: 'hospital' }).success).toBe(true);
  });
  it('needs a licence for each country of practice', () => {
    expect(adminCreateUserSchema.safeParse({ ...adminUser, countriesOfPractice: ['Ghana'] }).success).toBe(false);
    expect(adminCreateUserSchema.safeParse({ ...adminUser, countriesOfPractice: ['Ghana'], licenseNumbers: { Ghana: 'G1' } }).success).toBe(true);
  });
});

describe('transforms', () => {
  it('institution services are trimmed and deduplicated', () => {
    const r = institutionProfileSchema.parse({ name: 'Clinic One', type: 'clinic', services: [' X-Ray', 'x-ray ', 'MRI'] });
    expect(r.services).toEqual(['X-Ray', 'MRI']);
  });
  it('institution services refuse empties and more than 50', () => {
    expect(institutionProfileSchema.safeParse({ name: 'Clinic One', type: 'clinic', services: [' '] }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => `S${i}`);
    expect(institutionProfileSchema.safeParse({ name: 'Clinic One', type: 'clinic', services: many }).success).toBe(false);
  });
  it('institution profile accepts every canonical type (D7)', () => {
    for (const type of ['hospital', 'diagnostic_lab', 'practice', 'maternity_home']) {
      expect(institutionProfileSchema.safeParse({ name: 'Clinic One', type }).success).toBe(true);
    }
  });
  it('countries are deduplicated', () => {
    expect(countriesSchema.parse(['Nigeria', 'Ghana', 'Nigeria'])).toEqual(['Nigeria', 'Ghana']);
  });
});

describe('appointments', () => {
  it('needs an ISO timestamp with an offset on a Lagos slot', () => {
    expect(createAppointmentSchema.safeParse({ ...appointment, appointmentDate: '2030-01-15T09:30:00' }).success).toBe(false);
    expect(createAppointmentSchema.safeParse({ ...appointment, appointmentDate: '2030-01-15T08:30:00Z' }).success).toBe(true);
    expect(createAppointmentSchema.safeParse({ ...appointment, appointmentDate: '2030-01-15T17:00:00+01:00' }).success).toBe(false);
    expect(createAppointmentSchema.safeParse({ ...appointment, appointmentDate: lagosTimestamp('2030-01-15', '16:30') }).success).toBe(true);
  });
  it('the booking form refuses past dates and off-slot times', () => {
    expect(bookingFormSchema.safeParse({ ...appointment, date: lagosToday(), time: '09:00' }).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...appointment, date: '2000-01-01', time: '09:00' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...appointment, date: '2030-01-15', time: '09:15' }).success).toBe(false);
  });
  it('status must be known', () => {
    expect(appointmentStatusSchema.safeParse({ status: 'done' }).success).toBe(false);
  });
});

describe('search query strings', () => {
  it('applies defaults and treats "" and "all" as not given', () => {
    expect(professionalSearchQuerySchema.parse({ query: '', professionalType: 'all', state: 'Lagos' })).toEqual({
      state: 'Lagos',
      radius: 25,
      page: 1,
      perPage: 20,
      sort: 'relevance',
    });
  });
  it('reads near=LAT,LNG as a point and bounds the radius (issue 33)', () => {
    expect(institutionSearchQuerySchema.parse({ near: ' 6.5244, 3.3792 ', radius: '7.5', sort: 'distance' })).toMatchObject({
      near: { lat: 6.5244, lng: 3.3792 },
      radius: 7.5,
      sort: 'distance',
    });
    for (const near of ['6.5', 'lagos', '91,3', '6.5,181']) expect(institutionSearchQuerySchema.safeParse({ near }).success).toBe(false);
    for (const radius of ['0', '-3', '501', 'far']) expect(institutionSearchQuerySchema.safeParse({ radius }).success).toBe(false);
  });
  it('coerces numbers and bounds perPage', () => {
    expect(professionalSearchQuerySchema.parse({ page: '3', perPage: '50', sort: 'rating' })).toMatchObject({ page: 3, perPage: 50, sort: 'rating' });
    expect(professionalSearchQuerySchema.safeParse({ perPage: '51' }).success).toBe(false);
    expect(professionalSearchQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(professionalSearchQuerySchema.safeParse({ professionalType: 'wizard' }).success).toBe(false);
  });
  it('institution search takes canonical types and its sorts', () => {
    expect(institutionSearchQuerySchema.parse({ type: 'diagnostic_lab', service: 'MRI', location: 'lagos-lagos' })).toMatchObject({ type: 'diagnostic_lab', service: ['MRI'], location: 'lagos-lagos' });
    expect(institutionSearchQuerySchema.safeParse({ sort: 'experience' }).success).toBe(false);
  });
  it('reads the care filters (issue 45): flags, a plan slug, repeated services, a fee in whole naira', () => {
    expect(institutionSearchQuerySchema.parse({ openNow: 'true', open24h: 'false', plan: 'NHIA', primary: 'true', service: ['Oxygen', 'Ambulance'], maxFee: '5000', sort: 'fee' })).toMatchObject({
      openNow: true,
      plan: 'nhia',
      primary: true,
      service: ['Oxygen', 'Ambulance'],
      maxFee: 5000,
      sort: 'fee',
    });
    expect(professionalSearchQuerySchema.parse({ open24h: 'false' }).open24h).toBeUndefined();
    for (const bad of [{ plan: 'n h i a' }, { maxFee: '-1' }, { maxFee: '12.5' }, { openNow: 'yes' }, { service: Array.from({ length: 11 }, () => 'Oxygen') }]) {
      expect(professionalSearchQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});

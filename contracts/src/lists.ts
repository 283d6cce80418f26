// Reference lists from the two specs (directory-and-appointments.md §3,
// accounts-and-admin.md §2/§9). Values and labels are a contract: screens, the API
// and the workers all read them from here, never from a copy.

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

const dedupe = <T>(items: readonly T[]): T[] => [...new Set(items)];

// ---------------------------------------------------------------- user types

export const userTypes = ['patient', 'professional', 'institution', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

// ---------------------------------------------------------------- professionals

export const professionalTypes = ['doctor', 'pharmacist', 'nurse'] as const;
export type ProfessionalType = (typeof professionalTypes)[number];

export const professionalTypeLabels: Record<ProfessionalType, string> = {
  doctor: 'Doctor',
  pharmacist: 'Pharmacist',
  nurse: 'Nurse',
};

export const doctorSpecialties = [
  'General Practice',
  'Cardiology',
  'Neurology',
  'Orthopedics',
  'Pediatrics',
  'Obstetrics & Gynecology',
  'Psychiatry',
  'Dermatology',
  'Ophthalmology',
  'ENT (Ear, Nose & Throat)',
  'Radiology',
  'Pathology',
  'Anesthesiology',
  'Emergency Medicine',
  'Surgery',
  'Internal Medicine',
  // D17: the admin screen's ten more, and Dentistry (Nigeria's council registers dentists with doctors).
  'Oncology',
  'Endocrinology',
  'Gastroenterology',
  'Nephrology',
  'Pulmonology',
  'Urology',
  'Rheumatology',
  'Infectious Disease',
  'Plastic Surgery',
  'Allergy & Immunology',
  'Dentistry',
] as const;

export const pharmacistSpecialties = [
  'Community Pharmacy',
  'Hospital Pharmacy',
  'Clinical Pharmacy',
  'Industrial Pharmacy',
  'Pharmaceutical Care',
  'Pharmacovigilance',
  'Drug Information',
  'Regulatory Affairs',
  'Pharmaceutical Research',
  'Compounding Pharmacy',
] as const;

export const nurseSpecialties = [
  'General Nursing',
  'Pediatric Nursing',
  'Surgical Nursing',
  'Critical Care Nursing',
  'Mental Health Nursing',
  'Community Health Nursing',
  'Midwifery',
  'Geriatric Nursing',
  'Oncology Nursing',
  'Emergency Nursing',
  'Operating Room Nursing',
  'Public Health Nursing',
] as const;

export const specialtiesByType: Record<ProfessionalType, readonly string[]> = {
  doctor: doctorSpecialties,
  pharmacist: pharmacistSpecialties,
  nurse: nurseSpecialties,
};

export const allSpecialties: readonly string[] = dedupe([
  ...doctorSpecialties,
  ...pharmacistSpecialties,
  ...nurseSpecialties,
]);

// D17: one canonical doctor list; the admin's "Add user" offers the same as profile setup.
export const adminSpecialties = doctorSpecialties;
export type AdminSpecialty = (typeof adminSpecialties)[number];

export const titles = ['Dr.', 'Prof.', 'Mr.', 'Mrs.', 'Ms.'] as const;
export type Title = (typeof titles)[number];

// ---------------------------------------------------------------- institutions

// D7: one canonical list holding every value any screen can send.
export const institutionTypeValues = [
  'hospital',
  'pharmacy',
  'diagnostic_lab',
  'clinic',
  'practice',
  'urgent-care',
  'specialty-center',
  'rehabilitation',
  'general_hospital',
  'specialist_hospital',
  'teaching_hospital',
  'private_hospital',
  'medical_center',
  'diagnostic_center',
  'laboratory',
  'rehabilitation_center',
  'mental_health_facility',
  'maternity_home',
  // Issue 33: the national register's primary-care levels (its listings, D22).
  'primary_health_centre',
  'health_post',
] as const;
export type InstitutionType = (typeof institutionTypeValues)[number];

const institutionTypeLabelMap: Record<InstitutionType, string> = {
  hospital: 'Hospital',
  pharmacy: 'Pharmacy',
  diagnostic_lab: 'Diagnostic Lab',
  clinic: 'Clinic',
  practice: 'Private Practice',
  'urgent-care': 'Urgent Care',
  'specialty-center': 'Specialty Center',
  rehabilitation: 'Rehabilitation',
  general_hospital: 'General Hospital',
  specialist_hospital: 'Specialist Hospital',
  teaching_hospital: 'Teaching Hospital',
  private_hospital: 'Private Hospital',
  medical_center: 'Medical Center',
  diagnostic_center: 'Diagnostic Center',
  laboratory: 'Laboratory',
  rehabilitation_center: 'Rehabilitation Center',
  mental_health_facility: 'Mental Health Facility',
  maternity_home: 'Maternity Home',
  primary_health_centre: 'Primary Health Centre',
  health_post: 'Health Post',
};

export const institutionTypes: readonly Option<InstitutionType>[] = institutionTypeValues.map(
  (value) => ({ value, label: institutionTypeLabelMap[value] }),
);

export function isInstitutionType(value: unknown): value is InstitutionType {
  return typeof value === 'string' && (institutionTypeValues as readonly string[]).includes(value);
}

/** The display label of an institution type; an unknown value is shown as is. */
export function institutionTypeLabel(value: string): string {
  return isInstitutionType(value) ? institutionTypeLabelMap[value] : value;
}

const pick = <V extends InstitutionType>(values: readonly V[]): readonly Option<V>[] =>
  values.map((value) => ({ value, label: institutionTypeLabelMap[value] }));

export const registrationInstitutionTypeValues = ['hospital', 'pharmacy', 'diagnostic_lab'] as const;
export type RegistrationInstitutionType = (typeof registrationInstitutionTypeValues)[number];
export const registrationInstitutionTypes = pick(registrationInstitutionTypeValues);

export const profileSetupInstitutionTypeValues = [
  'hospital',
  'clinic',
  'practice',
  'urgent-care',
  'specialty-center',
  'rehabilitation',
] as const;
export type ProfileSetupInstitutionType = (typeof profileSetupInstitutionTypeValues)[number];
export const profileSetupInstitutionTypes = pick(profileSetupInstitutionTypeValues);

// The admin form's 12 labels, in spec order; Clinic, Pharmacy and Laboratory reuse
// the canonical values that carry the same label.
export const adminInstitutionTypeValues = [
  'general_hospital',
  'specialist_hospital',
  'teaching_hospital',
  'private_hospital',
  'clinic',
  'medical_center',
  'diagnostic_center',
  'pharmacy',
  'laboratory',
  'rehabilitation_center',
  'mental_health_facility',
  'maternity_home',
] as const;
export type AdminInstitutionType = (typeof adminInstitutionTypeValues)[number];
export const adminInstitutionTypes = pick(adminInstitutionTypeValues);

export const hospitalServices = [
  'Emergency Care',
  'Surgery',
  'Inpatient Care',
  'Outpatient Care',
  'Maternity Services',
  'Pediatric Care',
  'Cardiology',
  'Oncology',
  'Orthopedics',
  'Neurology',
  'Radiology',
  'Laboratory Services',
  'Pharmacy',
  'Intensive Care Unit',
  'Dialysis Center',
] as const;

export const pharmacyServices = [
  'Prescription Filling',
  'Over-the-Counter Medications',
  'Compounding Services',
  'Immunizations',
  'Health Screenings',
  'Medication Therapy Management',
  'Diabetic Supplies',
  'Medical Equipment',
  'Health Consultations',
  'Prescription Delivery',
  '24/7 Service',
  'Insurance Processing',
] as const;

export const diagnosticLabServices = [
  'Blood Tests',
  'Urine Analysis',
  'X-Ray',
  'CT Scan',
  'MRI',
  'Ultrasound',
  'ECG/EKG',
  'Mammography',
  'Pathology',
  'Microbiology',
  'Biochemistry',
  'Hematology',
  'Immunology',
  'Molecular Diagnostics',
  'Genetic Testing',
] as const;

export const servicesByInstitutionType: Record<RegistrationInstitutionType, readonly string[]> = {
  hospital: hospitalServices,
  pharmacy: pharmacyServices,
  diagnostic_lab: diagnosticLabServices,
};

/**
 * D17 (ours): what the landing page's "Eye Clinic" and "Dental Clinic" name. No registration
 * list offers them (the spec's lists stay as they are); clinics, specialist hospitals and
 * practices list them in profile setup, whose services are free, and search finds them by them.
 */
const specialistClinicServices = ['Ophthalmology', 'Dentistry'] as const;

export const allServices: readonly string[] = dedupe([
  ...hospitalServices,
  ...pharmacyServices,
  ...diagnosticLabServices,
  ...specialistClinicServices,
]);

// ---------------------------------------------------------------- countries

export const professionalCountries = [
  'Nigeria',
  'United States',
  'United Kingdom',
  'Canada',
  'South Africa',
  'Ghana',
  'Kenya',
  'Australia',
  'Germany',
  'France',
  'United Arab Emirates',
  'Saudi Arabia',
  'India',
  'Egypt',
  'Morocco',
  'Ethiopia',
  'Tanzania',
  'Uganda',
  'Rwanda',
  'Botswana',
  'Namibia',
  'Cameroon',
  'Senegal',
  'Ivory Coast',
  'Burkina Faso',
  'Mali',
  'Niger',
  'Chad',
  'Benin',
  'Togo',
] as const;

export const adminCountries = [
  'Nigeria',
  'Ghana',
  'Kenya',
  'South Africa',
  'Egypt',
  'Morocco',
  'Tunisia',
  'Algeria',
  'Libya',
  'Sudan',
  'Ethiopia',
  'Uganda',
  'Tanzania',
  'Rwanda',
  'Botswana',
  'Namibia',
  'Zambia',
  'Zimbabwe',
  'Malawi',
  'Mozambique',
] as const;

export type Country = (typeof professionalCountries)[number] | (typeof adminCountries)[number];

// D8: the union of both lists; Nigeria first, then the professional list's order,
// then the admin-only countries in their order.
export const countries = dedupe<Country>([...professionalCountries, ...adminCountries]) as unknown as readonly [
  Country,
  ...Country[],
];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (countries as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- places

export const nigerianStates = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof nigerianStates)[number];

export const stateFilterValues = [
  'Lagos',
  'FCT',
  'Kano',
  'Oyo',
  'Rivers',
  'Kaduna',
  'Edo',
  'Plateau',
  'Enugu',
  'Cross River',
] as const;
export type StateFilterValue = (typeof stateFilterValues)[number];

/** Stored and filtered states use the filter's spelling: 'FCT', not 'Federal Capital Territory'. */
export function normalizeState(state: string): string {
  const s = state.trim();
  const lower = s.toLowerCase();
  if (lower === 'federal capital territory' || lower === 'abuja' || lower === 'fct') return 'FCT';
  return s;
}

interface LocationDef {
  value: string;
  city: string;
  state: StateFilterValue;
}

const locationDefs: readonly LocationDef[] = [
  { value: 'lagos-lagos', city: 'Lagos', state: 'Lagos' },
  { value: 'abuja-fct', city: 'Abuja', state: 'FCT' },
  { value: 'kano-kano', city: 'Kano', state: 'Kano' },
  { value: 'ibadan-oyo', city: 'Ibadan', state: 'Oyo' },
  { value: 'port-harcourt-rivers', city: 'Port Harcourt', state: 'Rivers' },
  { value: 'kaduna-kaduna', city: 'Kaduna', state: 'Kaduna' },
  { value: 'benin-edo', city: 'Benin City', state: 'Edo' },
  { value: 'jos-plateau', city: 'Jos', state: 'Plateau' },
  { value: 'enugu-enugu', city: 'Enugu', state: 'Enugu' },
  { value: 'calabar-cross-river', city: 'Calabar', state: 'Cross River' },
];

const locationOption = (d: LocationDef): Option => ({ value: d.value, label: `${d.city}, ${d.state}` });

/** Landing page (accounts §9): nine cities, then 'all'. */
export const landingLocations: readonly Option[] = [
  ...locationDefs.slice(0, 9).map(locationOption),
  { value: 'all', label: 'All Locations' },
];

/** Dashboard quick search (directory §3): ten cities. */
export const dashboardLocations: readonly Option[] = locationDefs.map(locationOption);

export const locationValues: readonly string[] = locationDefs.map((d) => d.value);

/** The city and state a location value stands for; null for 'all' or an unknown value. */
export function locationToCityState(value: string | null | undefined): { city?: string; state?: string } | null {
  const def = locationDefs.find((d) => d.value === value);
  return def ? { city: def.city, state: def.state } : null;
}

// ---------------------------------------------------------------- landing quick search

export const quickSearchSpecialties: readonly Option[] = [
  { value: 'general-practitioner', label: 'General Practitioner' },
  { value: 'cardiologist', label: 'Cardiologist' },
  { value: 'neurologist', label: 'Neurologist' },
  { value: 'ophthalmologist', label: 'Ophthalmologist' },
  { value: 'orthopedic', label: 'Orthopedic Surgeon' },
  { value: 'pediatrician', label: 'Pediatrician' },
  { value: 'pharmacist', label: 'Pharmacist' },
  { value: 'nurse', label: 'Registered Nurse' },
  { value: 'dentist', label: 'Dentist' },
  { value: 'ent', label: 'ENT Specialist' },
];

export const quickSearchFacilities: readonly Option[] = [
  { value: 'general-hospital', label: 'General Hospital' },
  { value: 'specialty-clinic', label: 'Specialty Clinic' },
  { value: 'pharmacy', label: 'Pharmacy' },
  { value: 'diagnostic-center', label: 'Diagnostic Center' },
  { value: 'maternity-hospital', label: 'Maternity Hospital' },
  { value: 'cardiac-center', label: 'Cardiac Center' },
  { value: 'eye-clinic', label: 'Eye Clinic' },
  { value: 'orthopedic-center', label: 'Orthopedic Center' },
  { value: 'dental-clinic', label: 'Dental Clinic' },
  { value: 'surgical-center', label: 'Surgical Center' },
];

// Ours: the search text each quick-search value stands for (specialty and service
// names as stored, so that the search matches them).
const quickSearchQueries: Record<string, string> = {
  'general-practitioner': 'General Practice',
  cardiologist: 'Cardiology',
  neurologist: 'Neurology',
  ophthalmologist: 'Ophthalmology',
  orthopedic: 'Orthopedics',
  pediatrician: 'Pediatrics',
  pharmacist: 'Pharmacist',
  nurse: 'Nurse',
  dentist: 'Dentist',
  ent: 'ENT',
  'general-hospital': 'General Hospital',
  'specialty-clinic': 'Specialty Clinic',
  pharmacy: 'Pharmacy',
  'diagnostic-center': 'Diagnostic Center',
  'maternity-hospital': 'Maternity',
  'cardiac-center': 'Cardiology',
  // D17: what these clinics offer, not their names (a name search found only clinics called so).
  'eye-clinic': 'Ophthalmology',
  'orthopedic-center': 'Orthopedics',
  'dental-clinic': 'Dentistry',
  'surgical-center': 'Surgery',
};

/** The search text a quick-search value stands for; undefined for 'all', '' or unknown values. */
export function quickSearchQuery(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return Object.prototype.hasOwnProperty.call(quickSearchQueries, value) ? quickSearchQueries[value] : undefined;
}

// ---------------------------------------------------------------- appointments & statuses

export const appointmentTypes = ['consultation', 'follow-up', 'procedure', 'check-up', 'emergency'] as const;
export type AppointmentType = (typeof appointmentTypes)[number];
export const appointmentTypeLabels: Record<AppointmentType, string> = {
  consultation: 'Consultation',
  'follow-up': 'Follow-up',
  procedure: 'Procedure',
  'check-up': 'Check-up',
  emergency: 'Emergency',
};
export const appointmentTypeOptions: readonly Option<AppointmentType>[] = appointmentTypes.map((value) => ({
  value,
  label: appointmentTypeLabels[value],
}));

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const profileStatuses = ['pending', 'approved', 'rejected'] as const;
export type ProfileStatus = (typeof profileStatuses)[number];
export const profileStatusLabels: Record<ProfileStatus, string> = {
  pending: 'Pending Approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

// Every 30 minutes from 09:00 to 16:30, Africa/Lagos time (D11).
export const timeSlots = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
] as const;
export type TimeSlot = (typeof timeSlots)[number];

// Administrator requests (accounts-and-admin.md §2 "Admin add user", §5).
import { z } from 'zod';
import {
  allSpecialties,
  countries,
  institutionTypeValues,
  nigerianStates,
  professionalTypes,
  specialtiesByType,
  titles,
  userTypes,
} from '../lists.js';
import { enumField, optionalInt, optionalText, urlOrEmpty } from './common.js';
import { LICENSE_PER_COUNTRY_MESSAGE } from './auth.js';
import { CONSULTATION_FEE_MESSAGE } from './profiles.js';
import { ACCOUNT_LANGUAGE_MESSAGE } from './account.js';
import { LOCALES } from '../locales.js';

export const REQUIRED_FOR_USER_TYPE_MESSAGE = 'Required fields missing for selected user type';

export const adminLoginSchema = z.object({
  email: z.string().trim().min(1, { message: 'Email is required' }).max(254),
  password: z.string().min(1, { message: 'Password is required' }).max(256),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** A select whose empty choice is ''; one enum, so a bad value gets the field's message, not a union's "Invalid input". */
const choiceOrEmpty = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  enumField([...values, ''] as [T[number] | '', ...(T[number] | '')[]], message).optional();

/** The add-user form's fields, without the per-type rules, for others to extend. */
export const adminCreateUserFields = z.object({
  email: z.string().trim().max(254, { message: 'Invalid email address' }).email({ message: 'Invalid email address' }),
  password: z
    .string()
    .min(8, { message: 'Password must be at least 8 characters' })
    .max(256, { message: 'Password must be at most 256 characters' }), // max: ours
  firstName: z.string().trim().min(1, { message: 'First name is required' }).max(100),
  lastName: z.string().trim().min(1, { message: 'Last name is required' }).max(100),
  userType: enumField(userTypes, 'Please choose a user type'), // ours
  profileImageUrl: urlOrEmpty('Please enter a valid image URL'),
  // Professional section
  // D17: the type comes first and decides the specialties offered; a client that
  // sends none (the spec's form) creates a doctor, as the spec's form did.
  professionalType: enumField(professionalTypes, 'Please choose a professional type').default('doctor'), // ours
  title: choiceOrEmpty(titles, 'Please choose a title from the list'), // ours
  specialty: choiceOrEmpty(allSpecialties as [string, ...string[]], 'Please choose a specialty from the list'), // ours
  phone: optionalText(30),
  yearsOfExperience: optionalInt(0, 80, 'Years of experience cannot be negative'),
  consultationFee: optionalInt(0, 100_000_000, CONSULTATION_FEE_MESSAGE),
  city: optionalText(100),
  state: choiceOrEmpty(nigerianStates, 'Please choose a state from the list'), // ours
  country: choiceOrEmpty(countries, 'Please choose a country from the list'), // ours
  countriesOfPractice: z
    .array(enumField(countries, 'Please choose a country from the list')) // ours
    .max(countries.length)
    .default([]),
  // Keyed by country; entries for countries not selected are ignored.
  licenseNumbers: z.record(z.string(), z.string().trim().max(100)).default({}),
  bio: optionalText(5000),
  education: optionalText(5000),
  certifications: optionalText(5000),
  languages: optionalText(500),
  // Institution section
  institutionName: optionalText(200),
  // D7: the form offers the admin screen's 12 labels; the server accepts every canonical type.
  institutionType: choiceOrEmpty(institutionTypeValues, 'Please choose an institution type'), // ours
  address: optionalText(300),
  website: urlOrEmpty('Please enter a valid website URL'),
  description: optionalText(5000),
  services: optionalText(2000), // comma-separated; see splitServices
  /**
   * Ours (issue 50, decision 049): the new account's language, one of the site's; its welcome mail is written
   * in it and it is kept as the account's (users.language). Absent (the spec's form sends none): no language,
   * the welcome in English.
   */
  language: z.enum(LOCALES, { errorMap: () => ({ message: ACCOUNT_LANGUAGE_MESSAGE }) }).optional(),
});

export const adminCreateUserSchema = adminCreateUserFields.superRefine((v, ctx) => {
  const required: (keyof typeof v)[] =
    v.userType === 'professional'
      ? ['title', 'specialty']
      : v.userType === 'institution'
        ? ['institutionName', 'institutionType']
        : [];
  for (const field of required) {
    const value = v[field];
    if (typeof value !== 'string' || value.trim() === '') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: REQUIRED_FOR_USER_TYPE_MESSAGE, path: [field] });
    }
  }
  // The specialty must be one of the chosen type's, or the owner's later profile edits would be refused.
  if (v.userType === 'professional' && v.specialty && !specialtiesByType[v.professionalType].includes(v.specialty)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Please choose a specialty from the list', path: ['specialty'] });
  }
  for (const country of new Set(v.countriesOfPractice)) {
    if (!v.licenseNumbers[country]?.trim()) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: LICENSE_PER_COUNTRY_MESSAGE,
        path: ['licenseNumbers', country],
      });
    }
  }
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;
export type AdminCreateUserFormValues = z.input<typeof adminCreateUserSchema>;

/** The add-user form's comma-separated services as a clean list. */
export function splitServices(services: string | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of (services ?? '').split(',')) {
    const s = raw.trim();
    if (s && !seen.has(s.toLowerCase())) {
      seen.add(s.toLowerCase());
      out.push(s);
    }
  }
  return out;
}

// Profile setup, photo and countries requests (directory-and-appointments.md §2, §5, §7).
import { z } from 'zod';
import { countries, institutionTypeValues, professionalTypes, specialtiesByType } from '../lists.js';
import { isLanguageCode, LANGUAGE_FROM_LIST_MESSAGE, languageCodes, type LanguageCode } from '../languages.js';
import { checkCountryLicenses, countryLicenseSchema, registrationsField } from './auth.js';
import { institutionLocationFields } from './claims.js';
import { dedupeStrings, emailOrEmpty, enumField, isHttpUrl, optionalInt, yearsOfExperienceField, optionalText, urlOrEmpty } from './common.js';

export const CONSULTATION_FEE_MESSAGE = 'Consultation fee must be a whole number of naira, 0 or more'; // ours

export const SPECIALTY_FROM_LIST_MESSAGE = 'Please choose a specialty from the list'; // ours

/** A list of language codes from contracts' list, once each in the list's order; any other refused as a whole. */
const languageCodesField = z
  .array(z.unknown(), { invalid_type_error: LANGUAGE_FROM_LIST_MESSAGE })
  .max(languageCodes.length * 2, { message: LANGUAGE_FROM_LIST_MESSAGE })
  .superRefine((list, ctx) => {
    if (!list.every(isLanguageCode)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: LANGUAGE_FROM_LIST_MESSAGE });
  })
  .transform((list): LanguageCode[] => languageCodes.filter((c) => list.includes(c)))
  .optional();

/** Body of POST /api/professionals and PUT /api/professionals/{id}; the profile setup form. */
export const professionalProfileFields = z.object({
  professionalType: enumField(professionalTypes, 'Please choose a professional type'), // ours
  title: z.string().trim().min(2, { message: 'Title is required' }).max(20),
  specialty: z.string().trim().min(2, { message: 'Specialty is required' }).max(100),
  licenseNumber: optionalText(100),
  yearsOfExperience: yearsOfExperienceField,
  education: optionalText(5000),
  bio: optionalText(5000),
  phone: optionalText(30),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  consultationFee: optionalInt(0, 100_000_000, CONSULTATION_FEE_MESSAGE),
  languages: optionalText(500),
  /**
   * Issue 50 (ours): the languages they consult in, as codes of contracts' list (languages.ts). Absent, the
   * server reads them from the spec's free-text `languages`; given, that text becomes their names.
   */
  languageCodes: languageCodesField,
  certifications: optionalText(5000),
  // D18: the public contact e-mail; empty by default, never the sign-in e-mail.
  contactEmail: emailOrEmpty('Please enter a valid email address'),
  // Issue 48 (D23, ours): their own practice location, as an institution's (absent fields keep it).
  ...institutionLocationFields,
});

export const professionalProfileSchema = professionalProfileFields.superRefine((v, ctx) => {
  if (v.specialty.length >= 2 && !specialtiesByType[v.professionalType].includes(v.specialty)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SPECIALTY_FROM_LIST_MESSAGE, path: ['specialty'] });
  }
});
export type ProfessionalProfileInput = z.infer<typeof professionalProfileSchema>;
export type ProfessionalProfileFormValues = z.input<typeof professionalProfileSchema>;

/** Body of POST /api/institutions and PUT /api/institutions/{id}; the profile setup form. */
export const institutionProfileSchema = z.object({
  name: z.string().trim().min(2, { message: 'Institution name is required' }).max(200),
  // D7: the server accepts every canonical type, whichever screen sent it.
  type: enumField(institutionTypeValues, 'Please choose an institution type'), // ours
  description: optionalText(5000),
  services: z
    .array(z.string().trim().min(1, { message: 'Service name cannot be empty' }).max(100)) // ours
    .max(50, { message: 'At most 50 services can be listed' }) // ours
    .default([])
    .transform(dedupeStrings),
  phone: optionalText(30),
  // D18: the public contact e-mail (the spec's institution `email`); empty by default, never
  // filled from the account's sign-in e-mail (decision 028).
  email: emailOrEmpty('Please enter a valid email address'),
  website: urlOrEmpty('Please enter a valid website URL'),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  /** Issue 18 (ours): absent keeps the registrations on record. */
  registrations: registrationsField,
  /** Issue 33 (D23, ours): LGA and location; absent keeps them. */
  ...institutionLocationFields,
});
export type InstitutionProfileInput = z.infer<typeof institutionProfileSchema>;
export type InstitutionProfileFormValues = z.input<typeof institutionProfileSchema>;

export const PHOTO_URL_MESSAGE = 'Please enter a valid photo URL';

/** Body of PUT /api/professionals/photo and PUT /api/institutions/photo; null removes the photo. */
export const photoSchema = z.object({
  profileImageUrl: z
    .string({ invalid_type_error: PHOTO_URL_MESSAGE })
    .trim()
    .max(2048, { message: PHOTO_URL_MESSAGE })
    .refine(isHttpUrl, { message: PHOTO_URL_MESSAGE })
    .nullable(),
});
export type PhotoInput = z.infer<typeof photoSchema>;

/** Body of PUT /api/professionals/countries: a JSON list of country names. */
export const countriesSchema = z
  .array(enumField(countries, 'Please choose a country from the list')) // ours
  .min(1, { message: 'At least one country must be selected' })
  .transform((list) => [...new Set(list)]);
export type CountriesInput = z.infer<typeof countriesSchema>;

/**
 * Body of PUT /api/professionals/countries with licences (issue 14): the countries
 * of practice and one licence per country; the two sets must be equal.
 */
export const countriesWithLicencesSchema = z
  .object({
    countries: countriesSchema,
    countryLicenses: z.array(countryLicenseSchema).max(countries.length),
  })
  .superRefine((v, ctx) => checkCountryLicenses(v as never, ctx));
export type CountriesWithLicencesInput = z.infer<typeof countriesWithLicencesSchema>;

const countriesOnlySchema = z.object({ countries: countriesSchema });

/**
 * Body of PUT /api/professionals/countries: the spec's client sends a bare JSON list;
 * `{countries: [...]}` is accepted too, and `{countries, countryLicenses}` (issue 14)
 * edits the licences with them.
 */
export const countriesBodySchema = z.unknown().transform((body, ctx): { countries: CountriesInput; countryLicenses?: CountriesWithLicencesInput['countryLicenses'] } => {
  const value = Array.isArray(body) ? { countries: body } : body;
  const withLicences = !!value && typeof value === 'object' && 'countryLicenses' in value;
  const result = (withLicences ? countriesWithLicencesSchema : countriesOnlySchema).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue(issue);
  return z.NEVER;
});

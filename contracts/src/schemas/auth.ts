// Sign-in, registration and password requests (accounts-and-admin.md §5).
import { z } from 'zod';
import {
  countries,
  institutionTypeValues,
  professionalTypes,
  servicesByInstitutionType,
  type Country,
  type InstitutionType,
} from '../lists.js';
import { isIsoDate } from '../rules.js';
import { isNigerianFacilityBody } from '../licences.js';
import { emailField, enumField, yearsOfExperienceField, urlOrEmpty } from './common.js';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const LICENSE_PER_COUNTRY_MESSAGE = 'License number is required for each selected country';

// Long enough for any passphrase, short enough to keep argon2 input bounded (ours).
const PASSWORD_MAX = 256;

// ---------------------------------------------------------------- login

export const loginSchema = z.object({
  email: emailField(EMAIL_MESSAGE),
  password: z.string().min(1, { message: 'Password is required' }).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------- registration

const passwordField = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX, { message: 'Password must be at most 256 characters' }); // max: ours

/** The patient form's fields, without the cross-field rule, for others to extend. */
export const registerPatientFields = z.object({
  email: emailField(EMAIL_MESSAGE),
  firstName: z
    .string()
    .trim()
    .min(2, { message: 'First name must be at least 2 characters' })
    .max(100, { message: 'First name must be at most 100 characters' }),
  lastName: z
    .string()
    .trim()
    .min(2, { message: 'Last name must be at least 2 characters' })
    .max(100, { message: 'Last name must be at most 100 characters' }),
  // The spec counts characters; we count digits, which is what the message says.
  phone: z
    .string()
    .trim()
    .max(30, { message: 'Phone number must be at least 10 digits' })
    .refine((v) => v.replace(/\D/g, '').length >= 10, { message: 'Phone number must be at least 10 digits' }),
  password: passwordField,
  confirmPassword: z.string(),
});

/** Adds "Passwords don't match" on confirmPassword. */
export function checkPasswordsMatch(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
  }
}

export const registerPatientSchema = registerPatientFields.superRefine(checkPasswordsMatch);
export type RegisterPatientInput = z.infer<typeof registerPatientSchema>;

const countryEnum = enumField(countries, 'Please choose a country from the list'); // ours

/** One licence (a professional's) or registration (an institution's): the same record (issue 18). */
const licenceItem = (numberMessage: string) =>
  z.object({
    country: countryEnum,
    licenseNumber: z
      .string()
      .trim()
      .min(1, { message: numberMessage })
      .max(100, { message: 'License number must be at most 100 characters' }), // max: ours
    // Issue 18 (ours): the issuing council (Nigeria's follows from the profession) and the last valid day.
    council: z.string().trim().max(200, { message: 'Council must be at most 200 characters' }).nullish(),
    expiresOn: z
      .string()
      .trim()
      .refine((v) => v === '' || isIsoDate(v), { message: 'Please enter a valid expiry date' })
      .nullish()
      .transform((v) => v || null),
  });

export const countryLicenseSchema = licenceItem('License number is required for each country');
export type CountryLicense = z.infer<typeof countryLicenseSchema>;

export const REGISTRATION_NUMBER_MESSAGE = 'Registration number is required'; // ours
export const ISSUING_BODY_MESSAGE = 'Please choose the issuing body from the list'; // ours
export const ONE_REGISTRATION_PER_COUNTRY_MESSAGE = 'Only one registration per country'; // ours

/**
 * An institution's registrations (issue 18, ours; optional, so the spec's bodies stay
 * valid): number, issuing body (for Nigeria one of `nigerianFacilityBodies`) and expiry.
 */
export const registrationSchema = licenceItem(REGISTRATION_NUMBER_MESSAGE).superRefine((v, ctx) => {
  if (v.country === 'Nigeria' && v.council && !isNigerianFacilityBody(v.council)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: ISSUING_BODY_MESSAGE, path: ['council'] });
  }
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const registrationsField = z
  .array(registrationSchema)
  .max(countries.length)
  .superRefine((list, ctx) => {
    if (new Set(list.map((r) => r.country)).size !== list.length) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ONE_REGISTRATION_PER_COUNTRY_MESSAGE });
    }
  })
  .optional();

const addressFields = {
  address: z.string().trim().min(5, { message: 'Address is required' }).max(300),
  city: z.string().trim().min(2, { message: 'City is required' }).max(100),
  state: z.string().trim().min(2, { message: 'State is required' }).max(100),
  zipCode: z.string().trim().max(20).optional(),
};

/** The professional form's fields, without the cross-field rules. */
export const registerProfessionalFields = registerPatientFields.extend({
  professionalType: enumField(professionalTypes, 'Please choose a professional type'), // ours
  title: z.string().trim().min(2, { message: 'Title is required' }).max(20),
  specialty: z.string().trim().min(2, { message: 'Specialty is required' }).max(100),
  licenseNumber: z.string().trim().max(100).optional(),
  yearsOfExperience: yearsOfExperienceField,
  education: z.string().trim().min(10, { message: 'Education details are required' }).max(5000),
  bio: z.string().trim().min(20, { message: 'Bio must be at least 20 characters' }).max(5000),
  profileImageUrl: urlOrEmpty('Please enter a valid image URL'),
  countries: z.array(countryEnum).min(1, { message: 'At least one country must be selected' }),
  countryLicenses: z.array(countryLicenseSchema).min(1, { message: LICENSE_PER_COUNTRY_MESSAGE }),
  ...addressFields,
});

/** The set of selected countries must equal the set of countries with a licence. */
export function checkCountryLicenses(
  v: { countries: readonly Country[]; countryLicenses: readonly { country: Country }[] },
  ctx: z.RefinementCtx,
): void {
  const selected = new Set(v.countries);
  const licensed = new Set(v.countryLicenses.map((l) => l.country));
  const equal = selected.size === licensed.size && [...selected].every((c) => licensed.has(c));
  if (!equal) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: LICENSE_PER_COUNTRY_MESSAGE, path: ['countryLicenses'] });
  }
}

export const registerProfessionalSchema = registerProfessionalFields.superRefine((v, ctx) => {
  checkPasswordsMatch(v, ctx);
  checkCountryLicenses(v, ctx);
});
export type RegisterProfessionalInput = z.infer<typeof registerProfessionalSchema>;
export type RegisterProfessionalFormValues = z.input<typeof registerProfessionalSchema>;

export const SERVICES_FOR_TYPE_MESSAGE = 'Please choose services offered by the selected institution type'; // ours

/** The institution form's fields (contact person + institution), without the cross-field rules. */
export const registerInstitutionFields = registerPatientFields.extend({
  institutionName: z.string().trim().min(2, { message: 'Institution name is required' }).max(200),
  // D7: the form offers the registration screen's three types; the server accepts every canonical type.
  type: enumField(institutionTypeValues, 'Please choose an institution type'), // ours
  services: z
    .array(z.string().trim())
    .min(1, { message: 'At least one service must be selected' })
    .max(50, { message: 'At most 50 services can be selected' }), // ours
  description: z
    .string()
    .trim()
    .min(20, { message: 'Description must be at least 20 characters' })
    .max(5000),
  profileImageUrl: urlOrEmpty('Please enter a valid image URL'),
  website: urlOrEmpty('Please enter a valid website URL'),
  ...addressFields,
  registrations: registrationsField,
});

/**
 * Every chosen service must be one the chosen type offers. Only the registration screen's three
 * types have a service list; another canonical type's services are free text, as in profile setup.
 */
export function checkServicesForType(
  v: { type: InstitutionType; services: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  const allowed = v.type in servicesByInstitutionType ? servicesByInstitutionType[v.type as keyof typeof servicesByInstitutionType] : null;
  if (allowed && !v.services.every((s) => allowed.includes(s))) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SERVICES_FOR_TYPE_MESSAGE, path: ['services'] });
  }
}

export const registerInstitutionSchema = registerInstitutionFields.superRefine((v, ctx) => {
  checkPasswordsMatch(v, ctx);
  checkServicesForType(v, ctx);
});
export type RegisterInstitutionInput = z.infer<typeof registerInstitutionSchema>;

// ---------------------------------------------------------------- change password

const newPasswordField = z
  .string()
  .min(8, { message: 'New password must be at least 8 characters' })
  .max(PASSWORD_MAX, { message: 'New password must be at most 256 characters' }); // max: ours

/** The call body of PUT /api/auth/change-password and PUT /api/admin/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: 'Current password is required' }).max(PASSWORD_MAX),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormFields = changePasswordSchema.extend({
  confirmPassword: z.string().min(1, { message: 'Please confirm your new password' }),
});

export const changePasswordFormSchema = changePasswordFormFields.superRefine((v, ctx) => {
  if (v.newPassword !== v.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "New passwords don't match", path: ['confirmPassword'] });
  }
});
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

// ---------------------------------------------------------------- forgot / reset password

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'Email is required' })
    .max(254, { message: EMAIL_MESSAGE })
    .email({ message: EMAIL_MESSAGE }),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const resetNewPasswordField = z
  .string()
  .min(1, { message: 'Password is required' }) // ours: the spec shows no "required" text
  .min(8, { message: 'Password must be at least 8 characters long' })
  .max(PASSWORD_MAX, { message: 'Password must be at most 256 characters' }); // max: ours

export const resetPasswordFormFields = z.object({
  newPassword: resetNewPasswordField,
  confirmPassword: z.string().min(1, { message: 'Please confirm your password' }), // ours
});

export const resetPasswordFormSchema = resetPasswordFormFields.superRefine((v, ctx) => {
  if (v.newPassword !== v.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Passwords do not match', path: ['confirmPassword'] });
  }
});
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, { message: 'Reset token is required' }).max(512), // ours
  newPassword: z
    .string()
    .min(8, { message: 'Password must be at least 8 characters long' })
    .max(PASSWORD_MAX, { message: 'Password must be at most 256 characters' }),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

// Account settings for every role (issue 14; PRODUCT.md D21): name and phone,
// sign out everywhere, data export and account deletion. All ours: the spec has none.
import { z } from 'zod';
import { registerPatientFields } from './auth.js';
import { myPlanField } from '../care.js';
import { LOCALES } from '../locales.js';

export const ACCOUNT_LANGUAGE_MESSAGE = 'Please choose English, Hausa, Yoruba, Igbo or Pidgin'; // ours

/**
 * Body of PUT /api/account: the same rules as at registration; `myPlan` (issue 45) a payer's slug or null
 * for none, left as it is when absent; `language` (issue 50) one of the site's languages or null (follow
 * the browser), left as it is when absent.
 */
export const updateAccountSchema = registerPatientFields
  .pick({ firstName: true, lastName: true, phone: true })
  .extend({ myPlan: myPlanField, language: z.enum(LOCALES, { errorMap: () => ({ message: ACCOUNT_LANGUAGE_MESSAGE }) }).nullable().optional() });
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account';
export const DELETE_PASSWORD_INCORRECT = 'Password is incorrect';

/** Body of DELETE /api/account: the password, so a borrowed session cannot erase an account. */
export const deleteAccountSchema = z.object({
  password: z.string({ message: DELETE_PASSWORD_REQUIRED }).min(1, { message: DELETE_PASSWORD_REQUIRED }).max(256),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** How a deleted author appears under their reviews (D21). */
export const FORMER_PATIENT = 'Former patient';

// Account settings for every role (issue 14; PRODUCT.md D21): name and phone,
// sign out everywhere, data export and account deletion. All ours: the spec has none.
import { z } from 'zod';
import { registerPatientFields } from './auth.js';
import { myPlanField } from '../care.js';

/**
 * Body of PUT /api/account: the same rules as at registration; `myPlan` (issue 45) a payer's slug or null
 * for none, left as it is when absent.
 */
export const updateAccountSchema = registerPatientFields.pick({ firstName: true, lastName: true, phone: true }).extend({ myPlan: myPlanField });
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

// Issue 50: what contracts' admin schemas and the API say to the admin's forms and queues (English, the API's words), in
// the page's language (src/i18n/said.ts): a field's message under the sign-in, Add User and Change Password forms, and a
// refusal in a toast. English, and a message not listed here, as said. The API's own constants are named beside each.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  ACCOUNT_LANGUAGE_MESSAGE,
  CONSULTATION_FEE_MESSAGE,
  LICENSE_PER_COUNTRY_MESSAGE,
  REGISTER_CHANGE_NOT_FOUND,
  REQUIRED_FOR_USER_TYPE_MESSAGE,
  REVIEW_NOT_FOUND,
} from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

const known = new Map<string, MessageDescriptor>([
  // adminLoginSchema; the API's INVALID_CREDENTIALS and the page's own fallback.
  ['Email is required', msg`Email is required`],
  ['Password is required', msg`Password is required`],
  ['Invalid email or password', msg`Invalid email or password`],
  ['Invalid credentials', msg`Invalid credentials`],
  // adminCreateUserSchema's own words.
  ['Invalid email address', msg`Invalid email address`],
  ['Password must be at least 8 characters', msg`Password must be at least 8 characters`],
  ['Password must be at most 256 characters', msg`Password must be at most 256 characters`],
  ['First name is required', msg`First name is required`],
  ['Last name is required', msg`Last name is required`],
  ['Please choose a user type', msg`Please choose a user type`],
  ['Please enter a valid image URL', msg`Please enter a valid image URL`],
  ['Please choose a professional type', msg`Please choose a professional type`],
  ['Please choose a title from the list', msg`Please choose a title from the list`],
  ['Please choose a specialty from the list', msg`Please choose a specialty from the list`],
  ['Years of experience cannot be negative', msg`Years of experience cannot be negative`],
  [CONSULTATION_FEE_MESSAGE, msg`Consultation fee must be a whole number of naira, 0 or more`],
  ['Please choose a state from the list', msg`Please choose a state from the list`],
  ['Please choose a country from the list', msg`Please choose a country from the list`],
  ['Please choose an institution type', msg`Please choose an institution type`],
  ['Please enter a valid website URL', msg`Please enter a valid website URL`],
  [ACCOUNT_LANGUAGE_MESSAGE, msg`Please choose English, Hausa, Yoruba, Igbo or Pidgin`],
  [REQUIRED_FOR_USER_TYPE_MESSAGE, msg`Required fields missing for selected user type`],
  [LICENSE_PER_COUNTRY_MESSAGE, msg`License number is required for each selected country`],
  // The API's EMAIL_TAKEN (api/src/modules/auth/register.service.ts).
  ['An account with this email already exists', msg`An account with this email already exists`],
  // changePasswordFormSchema's words and the API's refusal of a wrong current password.
  ['Current password is required', msg`Current password is required`],
  ['New password must be at least 8 characters', msg`New password must be at least 8 characters`],
  ['New password must be at most 256 characters', msg`New password must be at most 256 characters`],
  ['Please confirm your new password', msg`Please confirm your new password`],
  ["New passwords don't match", msg`New passwords don't match`],
  ['Current password is incorrect', msg`Current password is incorrect`],
  // The queues' refusals: api/src/modules/admin/admin.service.ts, claims.service.ts, contracts.
  ['Professional is already approved', msg`Professional is already approved`],
  ['Institution is already approved', msg`Institution is already approved`],
  ['Professional is already rejected', msg`Professional is already rejected`],
  ['Institution is already rejected', msg`Institution is already rejected`],
  ['Professional not found', msg`Professional not found`],
  ['Institution not found', msg`Institution not found`],
  ['Licence not found', msg`Licence not found`],
  ['This licence has expired and cannot be verified', msg`This licence has expired and cannot be verified`],
  [REVIEW_NOT_FOUND, msg`Review not found`],
  ['Claim not found', msg`Claim not found`],
  ['Listing not found', msg`Listing not found`],
  ['This claim has already been decided', msg`This claim has already been decided`],
  ['This facility has already been claimed', msg`This facility has already been claimed`],
  ['The claimant is no longer an institution account', msg`The claimant is no longer an institution account`],
  [REGISTER_CHANGE_NOT_FOUND, msg`No register change is waiting for this listing`],
]);

/** A message the admin's pages know, in the page's language; English, and any other, as said. */
export const useAdminSaid = () => useSaid(known);

// Issue 50: what contracts' account schemas and the API say to Account settings' forms (English, the API's words), in the
// page's language (src/i18n/said.ts): the messages under a field and in a toast its forms show.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CARE_PAYER_MESSAGE, DELETE_PASSWORD_INCORRECT, DELETE_PASSWORD_REQUIRED, MOBILE_NUMBER_MESSAGE } from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

const known = new Map<string, MessageDescriptor>([
  [CARE_PAYER_MESSAGE, msg`Please choose a health plan from the list`],
  [MOBILE_NUMBER_MESSAGE, msg`Enter a mobile number we can text, e.g. 0803 123 4567`],
  ['Choose SMS, WhatsApp or no texts', msg`Choose SMS, WhatsApp or no texts`],
  // The USSD PIN's (api/src/modules/ussd/ussd.routes.ts).
  ['Your USSD PIN must be 4 digits.', msg`Your USSD PIN must be 4 digits.`],
  ['Enter your password.', msg`Enter your password.`],
  ['That password is not right.', msg`That password is not right.`],
  ['Add your mobile number (Texts, above) before setting a USSD PIN.', msg`Add your mobile number (Texts, above) before setting a USSD PIN.`],
  // Your details (the registration's rules) and Delete account.
  ['First name must be at least 2 characters', msg`First name must be at least 2 characters`],
  ['First name must be at most 100 characters', msg`First name must be at most 100 characters`],
  ['Last name must be at least 2 characters', msg`Last name must be at least 2 characters`],
  ['Last name must be at most 100 characters', msg`Last name must be at most 100 characters`],
  ['Phone number must be at least 10 digits', msg`Phone number must be at least 10 digits`],
  [DELETE_PASSWORD_REQUIRED, msg`Enter your password to delete your account`],
  [DELETE_PASSWORD_INCORRECT, msg`Password is incorrect`],
  // The forms' own, when the API's answer says nothing.
  ['Could not save your plan. Please try again.', msg`Could not save your plan. Please try again.`],
  ['Could not save your text settings. Please try again.', msg`Could not save your text settings. Please try again.`],
  ['Please try again.', msg`Please try again.`],
  ['Could not save your details. Please try again.', msg`Could not save your details. Please try again.`],
  ['Could not delete your account. Please try again.', msg`Could not delete your account. Please try again.`],
]);

/** A message Account settings knows, in the page's language; English, and any other, as said. Nothing stays nothing. */
export function useAccountSaid(): (message: string | undefined) => string | undefined {
  const said = useSaid(known);
  return (message) => (message ? said(message) : message);
}

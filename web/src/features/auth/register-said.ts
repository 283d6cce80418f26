// Issue 50: what contracts' registration schemas and the API say to the registration forms (English, the API's words), in
// the page's language (src/i18n/said.ts): the messages under a field and in a toast these forms may show.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  EMAIL_MESSAGE,
  ISSUING_BODY_MESSAGE,
  LICENSE_PER_COUNTRY_MESSAGE,
  ONE_REGISTRATION_PER_COUNTRY_MESSAGE,
  PASSWORDS_DONT_MATCH,
  REGISTRATION_NUMBER_MESSAGE,
  SERVICES_FOR_TYPE_MESSAGE,
} from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

const known = new Map<string, MessageDescriptor>([
  [EMAIL_MESSAGE, msg`Please enter a valid email address`],
  [PASSWORDS_DONT_MATCH, msg`Passwords don't match`],
  [LICENSE_PER_COUNTRY_MESSAGE, msg`License number is required for each selected country`],
  ['License number is required for each country', msg`License number is required for each country`],
  ['License number must be at most 100 characters', msg`License number must be at most 100 characters`],
  ['Council must be at most 200 characters', msg`Council must be at most 200 characters`],
  ['Please enter a valid expiry date', msg`Please enter a valid expiry date`],
  ['Please choose a country from the list', msg`Please choose a country from the list`],
  [REGISTRATION_NUMBER_MESSAGE, msg`Registration number is required`],
  [ISSUING_BODY_MESSAGE, msg`Please choose the issuing body from the list`],
  [ONE_REGISTRATION_PER_COUNTRY_MESSAGE, msg`Only one registration per country`],
  ['Password must be at least 8 characters', msg`Password must be at least 8 characters`],
  ['Password must be at most 256 characters', msg`Password must be at most 256 characters`],
  ['First name must be at least 2 characters', msg`First name must be at least 2 characters`],
  ['First name must be at most 100 characters', msg`First name must be at most 100 characters`],
  ['Last name must be at least 2 characters', msg`Last name must be at least 2 characters`],
  ['Last name must be at most 100 characters', msg`Last name must be at most 100 characters`],
  ['Phone number must be at least 10 digits', msg`Phone number must be at least 10 digits`],
  ['Address is required', msg`Address is required`],
  ['City is required', msg`City is required`],
  ['State is required', msg`State is required`],
  ['Please choose a professional type', msg`Please choose a professional type`],
  ['Title is required', msg`Title is required`],
  ['Specialty is required', msg`Specialty is required`],
  ['Years of experience must be a number', msg`Years of experience must be a number`],
  ['Years of experience must be a whole number', msg`Years of experience must be a whole number`],
  ['Years of experience cannot be negative', msg`Years of experience cannot be negative`],
  ['Years of experience must be at most 80', msg`Years of experience must be at most 80`],
  ['Education details are required', msg`Education details are required`],
  ['Bio must be at least 20 characters', msg`Bio must be at least 20 characters`],
  ['Please enter a valid image URL', msg`Please enter a valid image URL`],
  ['At least one country must be selected', msg`At least one country must be selected`],
  ['Institution name is required', msg`Institution name is required`],
  ['Please choose an institution type', msg`Please choose an institution type`],
  ['At least one service must be selected', msg`At least one service must be selected`],
  ['At most 50 services can be selected', msg`At most 50 services can be selected`],
  [SERVICES_FOR_TYPE_MESSAGE, msg`Please choose services offered by the selected institution type`],
  ['Description must be at least 20 characters', msg`Description must be at least 20 characters`],
  ['Please enter a valid website URL', msg`Please enter a valid website URL`],
  // The API's refusals of a registration.
  ['An account with this email already exists', msg`An account with this email already exists`],
  ['An error occurred during registration', msg`An error occurred during registration`],
]);

/**
 * A message these forms know, in the page's language; English, and any other, as said. zod's own words (a field past its
 * length with no message of ours) stay as said.
 */
export function useRegisterSaid(): (message: string) => string {
  return useSaid(known);
}

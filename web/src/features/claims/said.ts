// Issue 50: what contracts' claim schema and the API say to the claim page (English, the API's words), in the page's
// language (src/i18n/said.ts): a field's message under the registration's fields and the refusals of a claim.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  CLAIM_ISSUING_BODY_MESSAGE,
  CLAIM_NIGERIAN_REGISTRATION_MESSAGE,
  ISSUING_BODY_MESSAGE,
  REGISTRATION_NUMBER_MESSAGE,
} from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

const known = new Map<string, MessageDescriptor>([
  // createClaimSchema and the registration's own words.
  [REGISTRATION_NUMBER_MESSAGE, msg`Registration number is required`],
  [ISSUING_BODY_MESSAGE, msg`Please choose the issuing body from the list`],
  [CLAIM_ISSUING_BODY_MESSAGE, msg`Please choose the issuing body`],
  [CLAIM_NIGERIAN_REGISTRATION_MESSAGE, msg`A facility in the national register needs its Nigerian registration`],
  ['Please enter a valid expiry date', msg`Please enter a valid expiry date`],
  ['License number must be at most 100 characters', msg`License number must be at most 100 characters`],
  ['Council must be at most 200 characters', msg`Council must be at most 200 characters`],
  ['Please choose a country from the list', msg`Please choose a country from the list`],
  ['Must be at most 1000 characters', msg`Must be at most 1000 characters`],
  // The API's refusals of a claim (api/src/modules/claims/claims.service.ts).
  ['Listing not found', msg`Listing not found`],
  ['This facility has already been claimed', msg`This facility has already been claimed`],
  ['You have already claimed this facility: your claim is being reviewed', msg`You have already claimed this facility: your claim is being reviewed`],
  ['Your account already manages a facility from the national register', msg`Your account already manages a facility from the national register`],
  [
    'Your institution profile already has appointments, reviews or affiliations: ask Ilera support to merge it with this listing',
    msg`Your institution profile already has appointments, reviews or affiliations: ask Ilera support to merge it with this listing`,
  ],
]);

/** A message the claim page knows, in the page's language; English, and any other, as said. */
export const useClaimSaid = () => useSaid(known);

// Issue 50: what contracts' care schemas and the API say to the card's dialogs (English, the API's words), in the page's
// language: the messages the dialogs may show under a field or in a toast (src/i18n/said.ts).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  CARE_FEE_MESSAGE,
  CARE_PAYER_MESSAGE,
  CARE_PLAN_ACCEPTED_MESSAGE,
  CARE_REPORT_EMPTY_MESSAGE,
  CARE_VISITED_ON_MESSAGE,
  type CareSuggestionKind,
} from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

/** contracts' careSuggestionKindLabels. */
export const suggestionKindText: Record<CareSuggestionKind, MessageDescriptor> = {
  hours: msg`Wrong opening hours`,
  closed: msg`Permanently closed`,
  place: msg`Wrong place on the map`,
  phone: msg`Wrong phone number`,
  other: msg`Something else`,
};

const known = new Map<string, MessageDescriptor>([
  // careSuggestionSchema's and careReportSchema's own words.
  ['Please choose what is wrong', msg`Please choose what is wrong`],
  ['Please say what should change', msg`Please say what should change`],
  ['Must be at most 1000 characters', msg`Must be at most 1000 characters`],
  ['Please answer yes or no', msg`Please answer yes or no`],
  [CARE_REPORT_EMPTY_MESSAGE, msg`Please answer at least one question`],
  [CARE_VISITED_ON_MESSAGE, msg`Please give the day of your visit (YYYY-MM-DD), today or in the last 6 months`],
  [CARE_PLAN_ACCEPTED_MESSAGE, msg`Please say which health plan you used`],
  [CARE_PAYER_MESSAGE, msg`Please choose a health plan from the list`],
  [CARE_FEE_MESSAGE, msg`Fees are whole naira between 0 and 10,000,000`],
]);

/** A message the card's dialogs know, in the page's language; English, and any other, as said. */
export const useCareSaid = () => useSaid(known);


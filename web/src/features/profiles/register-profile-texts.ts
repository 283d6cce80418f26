// Issue 50 (decision 046): a register listing's banner and actions on its profile in a language other than English
// (profile-later.po, fetched by ProfileLaterText.tsx). English says them as contracts do (claims.ts), in the code that
// draws them (RegisterListingParts.tsx).
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { listedIn, registerSourceIn } from './register-texts';

/** Which of a listing's texts on its profile, and its values (RegisterListingParts.tsx draws English at once). */
export type RegisterTextOf =
  | ['listed' | 'notInLatest' | 'notOnIlera' | 'workHere' | 'claim']
  | ['source', string, string | null | undefined]
  | ['registerCode' | 'facilityCode' | 'call', string];

/** A listing's text on its profile, in `i18n`'s language. */
export function registerTextIn(i18n: I18n, text: RegisterTextOf): string {
  switch (text[0]) {
    case 'listed':
      return listedIn(i18n);
    case 'source':
      return registerSourceIn(i18n, text[1], text[2]);
    case 'notInLatest':
      return i18n._(msg`Not in the latest register`);
    case 'notOnIlera':
      return i18n._(msg`Not on Ilera yet: call or visit`);
    case 'workHere':
      return i18n._(msg`Work here? Claim the listing to manage this profile and take bookings.`);
    case 'claim':
      return i18n._(msg`Claim this facility`);
    case 'registerCode': {
      const code = text[1];
      return i18n._(msg`National register code ${code}`);
    }
    case 'facilityCode': {
      const code = text[1];
      return i18n._(msg`Facility code ${code}`);
    }
    case 'call': {
      const phone = text[1];
      return i18n._(msg`Call ${phone}`);
    }
  }
}

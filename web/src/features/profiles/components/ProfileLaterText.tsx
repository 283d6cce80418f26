import type { ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from '../../../i18n/use-locale';
import { usePartMessages, WithMessages } from '../../../i18n/with-messages';
import { registerTextIn, type RegisterTextOf } from '../register-profile-texts';

// Issue 50 (decision 046): a register listing's words on its profile, with profile-later.po, in a chunk of their own
// (loaded by RegisterListingParts.tsx): few profiles are listings, and the profile page's first load has no room left.
const catalogs = new Map<Locale, Promise<Messages>>();
const load = async (locale: Locale): Promise<Messages> => ((await import(`../../../locales/${locale}/profile-later.po`)) as { messages: Messages }).messages;

export default function ProfileLaterText({ text }: { text: RegisterTextOf }) {
  const messages = usePartMessages(useLocale(), load, catalogs);
  return (
    <WithMessages messages={messages}>
      <Said text={text} />
    </WithMessages>
  );
}

function Said({ text }: { text: RegisterTextOf }): ReactNode {
  return registerTextIn(useLingui().i18n, text);
}

import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { partMessages } from '../../../i18n/with-messages';
import { registerTextIn, type RegisterTextOf } from '../register-profile-texts';

// Issue 50 (decision 046): a register listing's words on its profile, with profile-later.po, in a chunk of their own
// (loaded by RegisterListingParts.tsx): few profiles are listings, and the profile page's first load has no room left.
const ProfileLaterMessages = partMessages((locale) => import(`../../../locales/${locale}/profile-later.po`));

export default function ProfileLaterText({ text }: { text: RegisterTextOf }) {
  return (
    <ProfileLaterMessages>
      <Said text={text} />
    </ProfileLaterMessages>
  );
}

function Said({ text }: { text: RegisterTextOf }): ReactNode {
  return registerTextIn(useLingui().i18n, text);
}

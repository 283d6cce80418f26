import { partMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): the registration pages' texts are a catalog of their own (register.po), fetched with the page's
 * code (drawn by the browser only), as sign-in's are (auth-messages.tsx): no other page's first load carries them.
 */
export const WithRegisterMessages = partMessages((locale) => import(`../../locales/${locale}/register.po`));

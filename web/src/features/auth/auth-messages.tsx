import { partMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): sign-in's and the password pages' texts are a catalog of their own (auth.po), fetched with the
 * page's code (these pages are drawn by the browser only): a page group catalog would have added its import table to
 * every page's loader, where the search page has no room.
 */

export const WithAuthMessages = partMessages((locale) => import(`../../locales/${locale}/auth.po`));

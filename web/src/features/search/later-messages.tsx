import { partMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): the texts of the search page's parts that only the browser draws, after a tap or
 * an answer (the care filters, once the Filters panel opens; the place form, once the device could not say
 * where it is): a catalog of their own (search-later.po), fetched with the first of them, so that the search
 * page's first load does not carry them. Under a Suspense boundary: drawn once the catalog has come.
 */
export const WithSearchLaterMessages = partMessages((locale) => import(`../../locales/${locale}/search-later.po`));


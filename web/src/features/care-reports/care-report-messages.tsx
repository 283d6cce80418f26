import { partMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): a profile's "Help keep this page right" card and its dialogs ("Suggest an edit", "How was
 * your visit?") are drawn only in the browser, for a signed-in visitor: their texts are a catalog of their own
 * (care-report.po), fetched with the card's code, so that no page's first load carries them.
 */
export const WithCareReportMessages = partMessages((locale) => import(`../../locales/${locale}/care-report.po`));

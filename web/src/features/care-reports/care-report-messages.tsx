import type { ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from '../../i18n/use-locale';
import { usePartMessages, WithMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): a profile's "Help keep this page right" card and its dialogs ("Suggest an edit", "How was
 * your visit?") are drawn only in the browser, for a signed-in visitor: their texts are a catalog of their own
 * (care-report.po), fetched with the card's code, so that no page's first load carries them.
 */
const catalogs = new Map<Locale, Promise<Messages>>();
const load = async (locale: Locale): Promise<Messages> => ((await import(`../../locales/${locale}/care-report.po`)) as { messages: Messages }).messages;

export function WithCareReportMessages({ children }: { children: ReactNode }) {
  const messages = usePartMessages(useLocale(), load, catalogs);
  return <WithMessages messages={messages}>{children}</WithMessages>;
}

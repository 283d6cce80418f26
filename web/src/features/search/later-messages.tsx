import type { ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from '../../i18n/use-locale';
import { usePartMessages, WithMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): the texts of the search page's parts that only the browser draws, after a tap or
 * an answer (the care filters, once the Filters panel opens; the place form, once the device could not say
 * where it is): a catalog of their own (search-later.po), fetched with the first of them, so that the search
 * page's first load does not carry them. Under a Suspense boundary: drawn once the catalog has come.
 */
const catalogs = new Map<Locale, Promise<Messages>>();
const load = async (locale: Locale): Promise<Messages> => ((await import(`../../locales/${locale}/search-later.po`)) as { messages: Messages }).messages;

export function WithSearchLaterMessages({ children }: { children: ReactNode }) {
  const messages = usePartMessages(useLocale(), load, catalogs);
  return <WithMessages messages={messages}>{children}</WithMessages>;
}


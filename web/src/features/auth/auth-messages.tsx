import type { ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from '../../i18n/use-locale';
import { usePartMessages, WithMessages } from '../../i18n/with-messages';

/**
 * Issue 50 (decision 046): sign-in's and the password pages' texts are a catalog of their own (auth.po), fetched with the
 * page's code (these pages are drawn by the browser only): a page group catalog would have added its import table to
 * every page's loader, where the search page has no room.
 */
const catalogs = new Map<Locale, Promise<Messages>>();
const load = async (locale: Locale): Promise<Messages> => ((await import(`../../locales/${locale}/auth.po`)) as { messages: Messages }).messages;

export function WithAuthMessages({ children }: { children: ReactNode }) {
  const messages = usePartMessages(useLocale(), load, catalogs);
  return <WithMessages messages={messages}>{children}</WithMessages>;
}

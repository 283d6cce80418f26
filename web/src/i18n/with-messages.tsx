import { use, useMemo, type ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import type { Locale } from '@ilera/contracts/locales';
import { createI18n } from './i18n';
import { useLocale } from './use-locale';

/**
 * The page's messages and a lazily loaded part's own (issue 50, decision 046): a dialog most visitors
 * never open keeps its texts in a catalog of its own, fetched with its code, so that no page's first
 * load pays for them. Drawn only in the browser (a dialog opens on a tap), so no hydration to match.
 */
function WithMessages({ messages, children }: { messages: Messages; children: ReactNode }) {
  const { i18n } = useLingui();
  const own = useMemo(() => createI18n(i18n.locale as Locale, { ...i18n.messages, ...messages }), [i18n, messages]);
  return <I18nProvider i18n={own}>{children}</I18nProvider>;
}

/** A part's catalog for the page's language, fetched once per language (React's `use` suspends meanwhile). */
function usePartMessages(locale: Locale, load: (locale: Locale) => Promise<Messages>, cache: Map<Locale, Promise<Messages>>): Messages {
  let pending = cache.get(locale);
  if (!pending) {
    pending = load(locale);
    // Offline, the catalog may not come: the next opening tries again.
    pending.catch(() => cache.delete(locale));
    cache.set(locale, pending);
  }
  return use(pending);
}

/**
 * The wrapper of a lazily fetched catalog: `load` imports the catalog of a language (its literal path, so the build
 * makes a chunk per language); the wrapper draws its children with those messages in the page's language.
 */
export function partMessages(load: (locale: Locale) => Promise<{ messages: Messages }>) {
  const cache = new Map<Locale, Promise<Messages>>();
  const messagesOf = async (locale: Locale) => (await load(locale)).messages;
  return function PartMessages({ children }: { children: ReactNode }) {
    return <WithMessages messages={usePartMessages(useLocale(), messagesOf, cache)}>{children}</WithMessages>;
  };
}

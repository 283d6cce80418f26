import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale, localeBase, type Locale } from '@ilera/contracts/locales';

/** The page's language (issue 50): its address's prefix, as the page's I18n was set up with. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** The page's language's path prefix ('/ha'; '' in English), for addresses outside the router (forms, full navigations). */
export const useLocaleBase = (): string => localeBase(useLocale());

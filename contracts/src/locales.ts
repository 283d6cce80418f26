// The site's languages (issue 50, decision 046): English, the spec's text, without a path
// prefix; Hausa, Yoruba, Igbo and Nigerian Pidgin under /ha, /yo, /ig and /pcm.
// Imported as '@ilera/contracts/locales' by the web (router basename, language menu) and the API
// (prefixed routes, hreflang, Accept-Language, sitemap).

export const LOCALES = ['en', 'ha', 'yo', 'ig', 'pcm'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers the language chosen from the menu (a year). */
export const LOCALE_COOKIE = 'ilera-lang';

/** Each language by its own name, as the language menu lists it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
  pcm: 'Naijá (Pidgin)',
};

/**
 * 'reviewed' once a native-speaking clinician has reviewed the language's catalog; until then
 * 'beta', shown beside the language menu with a "Suggest a better translation" link.
 */
export const reviewState: Record<Locale, 'reviewed' | 'beta'> = { en: 'reviewed', ha: 'beta', yo: 'beta', ig: 'beta', pcm: 'beta' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** '/ha/search' -> { locale: 'ha', path: '/search' }; '/ha' -> '/'; '/search' -> English. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(ha|yo|ig|pcm)(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale: match[1] as Locale, path: match[2] || '/' };
}

/** The address of `path` (with its query) in `locale`: '/search?q=x' in Hausa is '/ha/search?q=x'. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/** The router's basename for a locale ('' for English). */
export const localeBase = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

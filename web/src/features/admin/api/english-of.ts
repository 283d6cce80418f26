import { useQuery } from '@tanstack/react-query';
import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@ilera/contracts/locales';

/**
 * Every catalog of every language (web/src/locales/<locale>/<catalog>.po: the shared one, each page group's, the parts'
 * fetched later, the booking dialog's...), each fetched only when asked for: a catalog added to web/lingui.config.ts is
 * searched without a change here.
 */
const catalogFiles = import.meta.glob<{ messages: Messages }>('../../../locales/*/*.po');

/** `locale`'s catalogs by name ('messages', 'search-later'...). */
async function catalogsOf(locale: Locale): Promise<Map<string, Messages>> {
  const own = Object.entries(catalogFiles).flatMap(([file, load]) => {
    const [, fileLocale, name] = /\/locales\/([a-z]+)\/([a-z-]+)\.po$/.exec(file) ?? [];
    return fileLocale === locale && name ? [[name, load] as const] : [];
  });
  return new Map(await Promise.all(own.map(async ([name, load]) => [name, (await load()).messages] as const)));
}

/** A compiled message as text, its placeholders written `{name}`, as a visitor would copy the words around them. */
function asText(m: Messages[string] | undefined): string | null {
  if (typeof m === 'string') return m;
  if (!Array.isArray(m)) return null;
  return m.map((token) => (typeof token === 'string' ? token : `{${String(token[0])}}`)).join('');
}

const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Each of `locale`'s site messages (as the words read), in every catalog, mapped to the English they translate. */
async function englishIndex(locale: Locale): Promise<Map<string, string>> {
  const [own, en] = await Promise.all([catalogsOf(locale), catalogsOf(DEFAULT_LOCALE)]);
  const index = new Map<string, string>();
  for (const [name, catalog] of own) {
    const english = en.get(name) ?? {};
    for (const [id, compiled] of Object.entries(catalog)) {
      const words = asText(compiled);
      const source = asText(english[id]);
      if (words && source && !index.has(normal(words))) index.set(normal(words), source);
    }
  }
  return index;
}

/**
 * The English of the words a suggestion says the page shows (issue 50): the site's catalogue message of that
 * language whose words they are, if any. The admin reads the suggestion against the spec's English.
 */
export function useEnglishOf(items: readonly { locale: string; shown: string | null }[]): (s: { locale: string; shown: string | null }) => string | null {
  const locales = [...new Set(items.filter((s) => s.shown).map((s) => s.locale))].filter(isLocale).sort();
  // One query for the page's languages (useQueries would add its observer to every visitor's first load).
  const { data } = useQuery({
    queryKey: ['english-index', ...locales],
    queryFn: async () => new Map(await Promise.all(locales.map(async (l) => [l, await englishIndex(l)] as const))),
    enabled: locales.length > 0,
    staleTime: Infinity,
  });
  return (s) => (s.shown && isLocale(s.locale) ? (data?.get(s.locale)?.get(normal(s.shown)) ?? null) : null);
}

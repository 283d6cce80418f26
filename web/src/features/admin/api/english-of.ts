import { useQuery } from '@tanstack/react-query';
import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@ilera/contracts/locales';
import { loadMessages, PAGE_CATALOGS } from '../../../i18n/catalogs';

/** The booking dialog's own catalog (web/src/locales/<locale>/booking.po). */
async function loadBookingMessages(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../../../locales/${locale}/booking.po`)) as { messages: Messages };
  return messages;
}

/** A compiled message as text, its placeholders written `{name}`, as a visitor would copy the words around them. */
function asText(m: Messages[string] | undefined): string | null {
  if (typeof m === 'string') return m;
  if (!Array.isArray(m)) return null;
  return m.map((token) => (typeof token === 'string' ? token : `{${String(token[0])}}`)).join('');
}

const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Each of `locale`'s site messages (as the words read) mapped to the English they translate. */
async function englishIndex(locale: Locale): Promise<Map<string, string>> {
  // The shared catalog, every page group's and the booking dialog's (the care filters' search-later.po aside).
  const [own, booking, en, enBooking] = await Promise.all([
    loadMessages(locale, PAGE_CATALOGS),
    loadBookingMessages(locale),
    loadMessages(DEFAULT_LOCALE, PAGE_CATALOGS),
    loadBookingMessages(DEFAULT_LOCALE),
  ]);
  const index = new Map<string, string>();
  for (const [catalog, english] of [
    [own, en],
    [booking, enBooking],
  ] as const) {
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

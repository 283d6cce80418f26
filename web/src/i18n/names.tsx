import { Suspense, use, useEffect, useState } from 'react';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from './use-locale';

/**
 * Issue 50 (decision 046): the directory's names (specialties, services, institution types) in the page's
 * language, from docs/glossary/directory-names.csv (`npm run glossary` writes src/locales/<locale>/names.json).
 * A language's table is a chunk of its own, fetched by the first name a page in that language shows, so no
 * page's first load carries it: on a page the server drew, the name stays as drawn until the table has come
 * (React keeps a suspended boundary's server HTML while it hydrates); in the browser, the English name shows
 * meanwhile. English is the directory's own words: nothing is fetched. A name the table lacks (what an owner
 * typed) is shown as it is.
 */
type Names = Readonly<Record<string, string>>;

const tables = new Map<Locale, Promise<Names>>();
function tableOf(locale: Locale): Promise<Names> {
  let table = tables.get(locale);
  if (!table) {
    table = import(`../locales/${locale}/names.json`).then((m: { default: Names }) => m.default);
    // Offline, it may not come: the next name tries again.
    table.catch(() => tables.delete(locale));
    tables.set(locale, table);
  }
  return table;
}

function NameIn({ locale, value }: { locale: Locale; value: string }) {
  return use(tableOf(locale))[value] ?? value;
}

/** The names table of the page's language, as a function (under a Suspense boundary: it suspends until the table has come). */
export function useNames(): (name: string) => string {
  const locale = useLocale();
  const names = locale === 'en' ? undefined : use(tableOf(locale));
  return (name) => names?.[name] ?? name;
}

/** A specialty's, a service's or an institution type's name in the page's language. */
export function Name({ value }: { value: string }) {
  const locale = useLocale();
  if (locale === 'en') return value;
  return (
    <Suspense fallback={value}>
      <NameIn locale={locale} value={value} />
    </Suspense>
  );
}

/** Several names in the page's language, joined by commas (a professional's consultation languages). */
export function NameList({ values }: { values: readonly string[] }) {
  const locale = useLocale();
  if (locale === 'en') return values.join(', ');
  return (
    <Suspense fallback={values.join(', ')}>
      <NamesIn locale={locale} values={values} />
    </Suspense>
  );
}

function NamesIn({ locale, values }: { locale: Locale; values: readonly string[] }) {
  const table = use(tableOf(locale));
  return values.map((v) => table[v] ?? v).join(', ');
}

/**
 * The names table of the page's language once `wanted` and once it has come, without suspending: for text-only
 * places (a select's options, drawn by the server in English), which show the English names until then. The first
 * render is always English, as the server drew it, so hydration matches.
 */
export function useNamesWhen(wanted: boolean): (name: string) => string {
  const locale = useLocale();
  const [came, setCame] = useState<{ locale: Locale; names: Names }>();
  useEffect(() => {
    if (!wanted || locale === 'en') return;
    let live = true;
    tableOf(locale).then(
      (names) => live && setCame({ locale, names }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, locale]);
  const names = came?.locale === locale ? came.names : undefined;
  return (name) => names?.[name] ?? name;
}

import { readdirSync, readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@ilera/contracts/locales';

// Issue 50 (decision 046): plurals and numbers come from CLDR through Intl, not from tables of ours.
// These are what the runtime's ICU answers for each language, and what the catalogs do with them.

/** msgid -> msgstr of a language's catalogs (web/src/locales/<locale>/*.po: the shared one and the page groups'). */
function catalog(locale: Locale): Map<string, string> {
  const dir = new URL(`../locales/${locale}/`, import.meta.url);
  const po = readdirSync(dir).filter((f) => f.endsWith('.po')).map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
  const unquote = (s: string) => JSON.parse(s) as string;
  return new Map([...po.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)].map((m) => [unquote(m[1]!), unquote(m[2]!)]));
}

/** The forms (one, other, =0...) that a compiled message's plurals name. */
function pluralForms(compiled: unknown): string[] {
  if (!Array.isArray(compiled)) return [];
  const own = compiled[1] === 'plural' && compiled[2] && typeof compiled[2] === 'object' ? Object.keys(compiled[2]).filter((k) => k !== 'offset' && !k.startsWith('=')) : [];
  const nested = compiled.flatMap((part) => (Array.isArray(part) ? pluralForms(part) : part && typeof part === 'object' ? Object.values(part).flatMap(pluralForms) : []));
  return [...own, ...nested];
}

const COUNT = '{count, plural, one {{shown} professional} other {{shown} professionals}}';

/** The landing page's count in a language, as Lingui's runtime formats the catalog's message. */
function countIn(locale: Locale, count: number): string {
  const message = locale === 'en' ? COUNT : catalog(locale).get(COUNT);
  expect(message, `${locale} translates the count`).toBeTruthy();
  const i18n = setupI18n({ locale, messages: { [locale]: { count: compileMessage(message!) } } });
  return i18n._('count', { count, shown: String(count) });
}

describe('plural rules per language (CLDR, Intl.PluralRules)', () => {
  it('Hausa and Pidgin have one and other; Yoruba and Igbo one form for every number', () => {
    const categories = Object.fromEntries(LOCALES.map((l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories]));
    expect(categories).toEqual({ en: ['one', 'other'], ha: ['one', 'other'], yo: ['other'], ig: ['other'], pcm: ['one', 'other'] });
  });

  it("picks each catalog's form by the language's rule", () => {
    expect(countIn('en', 1)).toBe('1 professional');
    expect(countIn('en', 2)).toBe('2 professionals');
    expect(countIn('ha', 1)).toBe("ma'aikacin lafiya 1");
    expect(countIn('ha', 3)).toBe("ma'aikatan lafiya 3");
    expect(countIn('pcm', 1)).toBe('1 health worker');
    expect(countIn('pcm', 0)).toBe('0 health worker');
    expect(countIn('pcm', 5)).toBe('5 health workers');
    expect(countIn('yo', 1)).toBe('oníṣẹ́ ìlera 1');
    expect(countIn('yo', 7)).toBe('oníṣẹ́ ìlera 7');
    expect(countIn('ig', 1)).toBe('ndị ọrụ ahụike 1');
    expect(countIn('ig', 7)).toBe('ndị ọrụ ahụike 7');
  });

  it('every plural message of every catalog names only the forms its language has', () => {
    let seen = 0;
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const forms = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      for (const [, text] of catalog(locale)) {
        for (const form of pluralForms(compileMessage(text))) {
          seen++;
          expect(forms.has(form as Intl.LDMLPluralRule), `${locale}: ${form} in ${text}`).toBe(true);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(6);
  });
});

describe('numbers, naira and dates per language (CLDR, Intl)', () => {
  const naira = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 }).format(15000);
  const watDate = (locale: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Lagos' }).format(
      new Date('2026-11-30T08:30:00Z'),
    );

  it('writes ₦15,000 in every language (Nigerian English is en-NG)', () => {
    expect(naira('en-NG')).toBe('₦15,000.00'.replace('.00', ''));
    for (const l of ['yo', 'ig', 'pcm']) expect(naira(l), l).toBe('₦15,000');
    // Hausa's CLDR pattern puts a space after the sign.
    expect(naira('ha').replace(/\s/g, ' ')).toBe('₦ 15,000');
    for (const l of LOCALES) expect(new Intl.NumberFormat(l).format(1234.5), l).toBe('1,234.5');
  });

  it('shows 08:30 UTC as 09:30 WAT, with the month in the language where CLDR has its name', () => {
    for (const l of ['en-NG', ...LOCALES]) expect(watDate(l), l).toContain('09:30');
    expect(watDate('ha')).toMatch(/Nuw/);
    expect(watDate('pcm')).toMatch(/Nọv/);
  });
});

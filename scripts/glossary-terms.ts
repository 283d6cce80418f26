/**
 * `npm run glossary`: writes search/src/glossary.ts from docs/glossary/medical-terms.csv
 * (issue 50): the terms of each language, which query understanding reads (patient-words.ts). The
 * production image holds no docs/, so the search package carries them as a module; test/glossary.test.ts
 * fails when the module and the file differ. Run it after editing the glossary.
 * It also writes web/src/locales/<locale>/names.json from docs/glossary/directory-names.csv: the directory's
 * specialty, service and institution type names in each language (decision 046), which the web fetches only
 * for a page in that language, and contracts/src/directory-names.ts: the same names for the API, which draws a profile's
 * <title> and description in the page's language (api/src/modules/seo/pages.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export const glossaryColumns = ['english', 'ha', 'yo', 'ig', 'pcm'] as const;

/** The module's text for the glossary's text. */
export function glossaryModule(csv: string): string {
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const lines = rows.map((r) => `  ${JSON.stringify(Object.fromEntries(glossaryColumns.map((c) => [c, r[c]?.trim() ?? ''])))},`);
  return [
    '// Generated from docs/glossary/medical-terms.csv by `npm run glossary`: do not edit (issue 50).',
    '// Sources and review state are in the file; test/glossary.test.ts checks this module is current.',
    'export interface GlossaryTerm {',
    ...glossaryColumns.map((c) => `  ${c}: string;`),
    '}',
    '',
    'export const glossaryTerms: readonly GlossaryTerm[] = [',
    ...lines,
    '];',
    '',
  ].join('\n');
}

/** The languages with a names table (English is the directory's own words). */
export const nameLocales = ['ha', 'yo', 'ig', 'pcm'] as const;

/** web/src/locales/<locale>/names.json's text: the English name -> the language's, in the file's order. */
export function namesJson(csv: string, locale: (typeof nameLocales)[number]): string {
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return `${JSON.stringify(Object.fromEntries(rows.map((r) => [r.english!.trim(), r[locale]!.trim()])), null, 1)}\n`;
}

/** contracts/src/directory-names.ts's text: every language's names, for what the API draws (a page's <head>). */
export function directoryNamesModule(csv: string): string {
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const table = (locale: (typeof nameLocales)[number]) =>
    [`  ${locale}: {`, ...rows.map((r) => `    ${JSON.stringify(r.english!.trim())}: ${JSON.stringify(r[locale]!.trim())},`), '  },'];
  return [
    '// Generated from docs/glossary/directory-names.csv by `npm run glossary`: do not edit (issue 50).',
    "// The directory's names (specialties, services, types, consultation languages) in each language, for what the API",
    "// draws in a page's language (a profile's <title> and description); the web fetches web/src/locales/<locale>/names.json.",
    "import type { Locale } from './locales';",
    '',
    `const names: Record<Exclude<Locale, 'en'>, Readonly<Record<string, string>>> = {`,
    ...nameLocales.flatMap(table),
    '};',
    '',
    "/** A directory name in `locale`; English, and a name the glossary lacks (what an owner typed), as it is. */",
    "export const directoryName = (locale: Locale, english: string): string => (locale === 'en' ? english : names[locale][english] ?? english);",
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('../', import.meta.url);
  writeFileSync(new URL('search/src/glossary.ts', root), glossaryModule(readFileSync(new URL('docs/glossary/medical-terms.csv', root), 'utf8')));
  const names = readFileSync(new URL('docs/glossary/directory-names.csv', root), 'utf8');
  for (const locale of nameLocales) writeFileSync(new URL(`web/src/locales/${locale}/names.json`, root), namesJson(names, locale));
  writeFileSync(new URL('contracts/src/directory-names.ts', root), directoryNamesModule(names));
}

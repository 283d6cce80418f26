/**
 * `npm run glossary`: writes search/src/glossary.ts from docs/glossary/medical-terms.csv
 * (issue 50): the terms of each language, which query understanding reads (patient-words.ts). The
 * production image holds no docs/, so the search package carries them as a module; test/glossary.test.ts
 * fails when the module and the file differ. Run it after editing the glossary.
 * It also writes web/src/locales/<locale>/names.json from docs/glossary/directory-names.csv: the directory's
 * specialty, service and institution type names in each language (decision 046), which the web fetches only
 * for a page in that language.
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('../', import.meta.url);
  writeFileSync(new URL('search/src/glossary.ts', root), glossaryModule(readFileSync(new URL('docs/glossary/medical-terms.csv', root), 'utf8')));
  const names = readFileSync(new URL('docs/glossary/directory-names.csv', root), 'utf8');
  for (const locale of nameLocales) writeFileSync(new URL(`web/src/locales/${locale}/names.json`, root), namesJson(names, locale));
}

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { allServices, allSpecialties, careServices, consultationLanguages, countries, institutionTypes, professionalTypeLabels } from '@ilera/contracts';
import { institutionTypeGroupLabels } from '../search/src/patient-words';
import { directoryNamesModule, glossaryModule, nameLocales, namesJson } from '../scripts/glossary-terms';

// Issue 50: every medical term of the translations comes from the glossary, each with the source
// consulted and who reviewed it (decision 046).
describe('docs/glossary/medical-terms.csv', () => {
  const rows = parse(readFileSync(new URL('../docs/glossary/medical-terms.csv', import.meta.url), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

  it('has the English term, each language, a source and a reviewer for every term', () => {
    expect(Object.keys(rows[0]!)).toEqual(['english', 'ha', 'yo', 'ig', 'pcm', 'source', 'reviewed_by']);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      for (const column of ['english', 'ha', 'yo', 'ig', 'pcm', 'source', 'reviewed_by']) expect(row[column]?.trim(), `${row.english}: ${column}`).toBeTruthy();
    }
    expect(new Set(rows.map((r) => r.english)).size).toBe(rows.length);
  });

  it('is what query understanding reads (search/src/glossary.ts, written by `npm run glossary`)', () => {
    const csv = readFileSync(new URL('../docs/glossary/medical-terms.csv', import.meta.url), 'utf8');
    expect(readFileSync(new URL('../search/src/glossary.ts', import.meta.url), 'utf8')).toBe(glossaryModule(csv));
  });
});

// Issue 50: the directory's names (specialties, services, professional and institution types) in each language, as
// profiles and search results show them (web/src/i18n/names.tsx), each with its source and review state.
describe('docs/glossary/directory-names.csv', () => {
  const csv = readFileSync(new URL('../docs/glossary/directory-names.csv', import.meta.url), 'utf8');
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

  it('names every specialty, service (care services too), type, consultation language, chip of a group of types and country once, in each language, with a source and a reviewer', () => {
    expect(Object.keys(rows[0]!)).toEqual(['english', 'kind', 'ha', 'yo', 'ig', 'pcm', 'source', 'reviewed_by']);
    for (const row of rows) {
      for (const column of ['english', 'kind', 'ha', 'yo', 'ig', 'pcm', 'source', 'reviewed_by']) expect(row[column]?.trim(), `${row.english}: ${column}`).toBeTruthy();
    }
    const names = rows.map((r) => r.english);
    expect(new Set(names).size).toBe(rows.length);
    const types = institutionTypes.map((t) => t.label);
    const listed = [
      ...allSpecialties,
      ...new Set([...allServices, ...careServices]),
      ...Object.values(professionalTypeLabels),
      ...types,
      // Issue 50: the languages professionals consult in, and the chips of a group of institution types (the API's words).
      ...consultationLanguages.map(([, name]) => name),
      ...institutionTypeGroupLabels.filter((label) => !types.includes(label)),
      // The countries a professional practises in (a profile's badges and Details row).
      ...countries,
    ];
    expect(listed.filter((n) => !names.includes(n))).toEqual([]);
    expect(names.filter((n) => !listed.includes(n))).toEqual([]);
  });

  it('is what the web fetches (web/src/locales/<locale>/names.json, written by `npm run glossary`)', () => {
    for (const locale of nameLocales) {
      expect(readFileSync(new URL(`../web/src/locales/${locale}/names.json`, import.meta.url), 'utf8'), locale).toBe(namesJson(csv, locale));
    }
    expect(JSON.parse(namesJson(csv, 'yo')).Pediatrics).toBe('Ìlera ọmọdé');
  });

  it('is what the API reads for a page\'s <head> (contracts/src/directory-names.ts, written by `npm run glossary`)', () => {
    expect(readFileSync(new URL('../contracts/src/directory-names.ts', import.meta.url), 'utf8')).toBe(directoryNamesModule(csv));
  });
});

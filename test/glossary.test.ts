import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { glossaryModule } from '../scripts/glossary-terms';

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

import { describe, expect, it } from 'vitest';
import { clearCareFilters, hasCareFilters, readSearchState, searchParametersOf, writeSearchState } from './search-state';
import { speaks } from '../profiles/speaks';

// Issue 50: the search page's "Speaks" filter, in the address and in the multi_search filters.
const read = (qs: string) => readSearchState(new URLSearchParams(qs));

describe('the language filter of the search page', () => {
  it('reads language= for professionals, writes it back and sends languages:=[code]', () => {
    const s = read('q=doctor&language=ha');
    expect(s.language).toBe('ha');
    expect(writeSearchState(s).toString()).toBe('q=doctor&language=ha');
    expect(searchParametersOf(s).filters).toBe('languages:=[`ha`]');
    expect(hasCareFilters(s)).toBe(true);
    expect({ ...s, ...clearCareFilters }.language).toBeUndefined();
  });

  it('ignores it for institutions and when it is not a code', () => {
    expect(read('type=institutions&language=ha').language).toBeUndefined();
    expect(read('language=Hausa%20people').language).toBeUndefined();
    expect(read('language=ha`]%20||%20x').language).toBeUndefined();
  });

  it('cards say which languages, by name', () => {
    expect(speaks(['en', 'ha'])).toBe('Speaks English, Hausa');
    expect(speaks(['pcm'])).toBe('Speaks Nigerian Pidgin');
    expect(speaks([])).toBeUndefined();
    expect(speaks(undefined)).toBeUndefined();
  });
});

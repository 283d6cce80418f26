import { describe, expect, it } from 'vitest';
import { indexNameOf, readSearchState, resultsPerPage, searchParametersOf, writeSearchState } from './search-state';

const read = (qs: string) => readSearchState(new URLSearchParams(qs));

describe('search state near the device (issue 33)', () => {
  it('reads near, radius and sort=distance from the address, and writes them back', () => {
    const s = read('q=clinic+near+me&type=institutions&near=6.50951,3.37112&radius=100&sort=distance');
    expect(s).toMatchObject({ near: { lat: 6.50951, lng: 3.37112 }, radius: 100, sort: 'distance' });
    expect(writeSearchState(s).toString()).toBe('q=clinic+near+me&type=institutions&near=6.5095%2C3.3711&radius=100&sort=distance');
  });

  it('keeps the typed place a point stands for, only with the point', () => {
    const s = read('near=6.5098,3.3718&place=Yaba&sort=distance');
    expect(s.place).toBe('Yaba');
    expect(writeSearchState(s).get('place')).toBe('Yaba');
    expect(read('place=Yaba').place).toBeUndefined();
  });

  it('ignores a point that is not one, a radius out of range, and sort=distance without a point', () => {
    expect(read('near=95,3.3&sort=distance')).toMatchObject({ near: undefined, sort: 'relevance' });
    expect(read('near=abc')).toMatchObject({ near: undefined });
    expect(read('near=6.5,3.3&radius=900').radius).toBeUndefined();
    expect(read('near=6.5,3.3&radius=25').radius).toBeUndefined(); // the default
    expect(read('radius=100').radius).toBeUndefined();
  });

  it('searches within the radius (the availability counts too), nearest first', () => {
    const s = read('type=institutions&near=6.5095,3.3711&sort=distance&availability=today');
    expect(indexNameOf(s)).toBe('institutions/sort/location(6.5095, 3.3711):asc,rating:desc');
    const p = searchParametersOf(s);
    expect(p.filters).toMatch(/ && location:\(6\.5095, 3\.3711, 25 km\)$/);
    for (const f of Object.values(p.availabilityCountFilters)) expect(f).toContain('location:(6.5095, 3.3711, 25 km)');
    expect(searchParametersOf(read('near=6.5,3.3&radius=100')).filters).toBe('location:(6.5, 3.3, 100 km)');
    expect(searchParametersOf(read('q=clinic')).filters).toBe('');
  });
});

describe('pages of results for a data saver (issue 35)', () => {
  it('asks for 5 results a page instead of 10, the same page number, and serves up to the 1,000th result', () => {
    expect(resultsPerPage(false)).toBe(10);
    expect(resultsPerPage(true)).toBe(5);
    expect(searchParametersOf(read('q=cardiology&page=2'))).toMatchObject({ hitsPerPage: 10, page: 1 });
    expect(searchParametersOf(read('q=cardiology&page=2'), resultsPerPage(true))).toMatchObject({ hitsPerPage: 5, page: 1 });
    // Past the last page the API serves, the last one: 100 of 10, 200 of 5.
    expect(searchParametersOf(read('page=150')).page).toBe(99);
    expect(searchParametersOf(read('page=150'), 5).page).toBe(149);
    expect(searchParametersOf(read('page=250'), 5).page).toBe(199);
  });
});

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

describe('care filters (issue 45)', () => {
  it('reads open now, 24 hours, a plan (primary), services and a fee cap from the address, and writes them back', () => {
    const s = read('type=institutions&openNow=true&open24h=true&plan=nhia&primary=true&services=Oxygen&services=Ambulance&maxFee=5000&sort=fee');
    expect(s).toMatchObject({ openNow: true, open24h: true, plan: 'nhia', primary: true, services: ['Oxygen', 'Ambulance'], maxFee: 5000, sort: 'fee' });
    expect(writeSearchState(s).toString()).toBe(
      'type=institutions&openNow=true&open24h=true&plan=nhia&primary=true&services=Oxygen&services=Ambulance&maxFee=5000&sort=fee',
    );
  });

  it('sends them in the multi_search syntax: every service required, the plan as a slug', () => {
    const s = read('openNow=true&plan=lagos-ilera-eko&services=Oxygen&services=24-Hour+Emergency&maxFee=0');
    expect(searchParametersOf(s).filters).toBe(
      'openNow:=true && plans:=[`lagos-ilera-eko`] && services:=[`Oxygen`] && services:=[`24-Hour Emergency`] && consultationFeeNaira:<=0',
    );
    expect(searchParametersOf(read('plan=nhia&primary=true')).filters).toBe('primaryPlans:=[`nhia`]');
    expect(searchParametersOf(read('open24h=true')).filters).toBe('open24Hours:=true');
  });

  it('"any" plan is kept in the address but filters nothing; a bad slug, service or fee is dropped', () => {
    const s = read('plan=any&primary=true');
    expect(s.plan).toBe('any');
    expect(s.primary).toBeUndefined();
    expect(writeSearchState(s).toString()).toBe('plan=any');
    expect(searchParametersOf(s).filters).toBe('');
    expect(read('plan=NHIA;drop').plan).toBeUndefined();
    expect(read('services=Levitation').services).toBeUndefined();
    expect(read('maxFee=-5').maxFee).toBeUndefined();
    expect(read('maxFee=abc').maxFee).toBeUndefined();
  });

  it('sorts institutions by fee too (lowest consultation fee first)', () => {
    expect(indexNameOf(read('type=institutions&sort=fee'))).toBe('institutions/sort/consultationFeeNaira:asc,rating:desc');
  });
});

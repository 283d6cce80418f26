import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRegister } from '@ilera/db/register/import';
import { REGISTER_HEADER, type RegisterRow } from '@ilera/db/register/rows';
import { reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';
import { registerWards } from './register-wards';

/**
 * The register's ward names as places (issue 33): wards come from the imported listings (register rows
 * written here in the register's own format, imported by the importer), are loaded from the database,
 * and a ward typed in a search is its LGA, with a chip that says so, exactly as the LGA filter answers.
 */

interface Facility {
  name: string;
  state: string;
  lga: string;
  ward: string;
  lat: number;
  lng: number;
  level?: 'Primary' | 'Secondary';
}

let serial = 0;
/** One invented register row in the register's exact columns. */
function row(f: Facility): string {
  serial++;
  const r: RegisterRow = {
    OBJECTID: String(serial),
    globalid: `{7A1B2C3D-0000-4000-8000-${String(serial).padStart(12, '0')}}`,
    nhfr_uid: String(30_000_000 + serial),
    nhfr_facility_code: `25/${String(serial % 20).padStart(2, '0')}/1/1/1/${String(serial).padStart(4, '0')}`,
    country: 'Nigeria',
    iso: 'NGA',
    state: f.state,
    lga: f.lga,
    lga_name_disagreement: 'No',
    ward: f.ward,
    ward_name_disagreement: 'No',
    facility_name: f.name,
    facility_name_source: 'NHFR',
    ownership: 'Public',
    ownership_type: 'Local Government',
    facility_level: f.level ?? 'Primary',
    facility_level_option: f.level === 'Secondary' ? 'General Hospital' : 'Primary Health Center',
    latitude: f.lat.toFixed(6),
    longitude: f.lng.toFixed(6),
    geocoordinates_source: 'GRID3',
    last_updated: '2024-11-11',
    x: f.lng.toFixed(6),
    y: f.lat.toFixed(6),
  };
  return REGISTER_HEADER.map((c) => (/[",]/.test(r[c]) ? `"${r[c].replace(/"/g, '""')}"` : r[c])).join(',');
}

const FACILITIES: Facility[] = [
  { name: 'Primary Health Centre Onike', state: 'Lagos', lga: 'Lagos Mainland', ward: 'Onike', lat: 6.511, lng: 3.381 },
  { name: 'Primary Health Centre Iwaya', state: 'Lagos', lga: 'Lagos Mainland', ward: 'Onike', lat: 6.513, lng: 3.386 },
  { name: 'Primary Health Centre Akoka', state: 'Lagos', lga: 'Lagos Mainland', ward: 'Akoka', lat: 6.525, lng: 3.389 },
  { name: 'Primary Health Centre Ketu', state: 'Lagos', lga: 'Kosofe', ward: 'Ketu', lat: 6.597, lng: 3.389 },
  { name: 'Primary Health Centre Alausa', state: 'Lagos', lga: 'Ikeja', ward: 'Ikeja', lat: 6.614, lng: 3.357 },
  { name: 'Primary Health Centre Ojodu', state: 'Lagos', lga: 'Ikeja', ward: 'Ward 3', lat: 6.64, lng: 3.37 },
  // One ward name in two LGAs: either.
  { name: 'Primary Health Centre Nupawa North', state: 'Kaduna', lga: 'Kaduna North', ward: 'Tudun Nupawa', lat: 10.53, lng: 7.43 },
  { name: 'General Hospital Nupawa South', state: 'Kaduna', lga: 'Kaduna South', ward: 'Tudun Nupawa', lat: 10.48, lng: 7.42, level: 'Secondary' },
  { name: 'Primary Health Centre Kawo', state: 'Kaduna', lga: 'Kaduna North', ward: 'Kawo', lat: 10.56, lng: 7.44 },
  { name: 'Primary Health Centre Makera', state: 'Kaduna', lga: 'Chikun', ward: 'Makera', lat: 10.45, lng: 7.4 },
  // A name in more than three LGAs names no place in particular.
  ...['Fagge', 'Gwale', 'Tarauni', 'Nassarawa'].map((lga, i) => ({
    name: `Primary Health Centre Unguwar Rimi ${lga}`, state: 'Kano', lga, ward: 'Unguwar Rimi', lat: 12.0 + i * 0.01, lng: 8.52,
  })),
];

describe('the register\'s ward names as places', () => {
  let ctx: TestContext;
  let dir: string;

  const importRows = async (name: string, facilities: Facility[]) => {
    const file = path.join(dir, name);
    await writeFile(file, `${[REGISTER_HEADER.join(','), ...facilities.map(row)].join('\n')}\n`);
    const { summary, badRows } = await importRegister(ctx.sql, { file, events: false });
    expect(badRows).toEqual([]);
    await reindexAll(ctx.sql);
    // The API read the wards when it started (none then); it reads them again every 30 s, or now.
    await registerWards(ctx.sql).refresh();
    return summary;
  };
  const institutions = async (query: Record<string, string>) => {
    const res = await ctx.app.inject({ url: `/api/institutions/search?${new URLSearchParams({ perPage: '50', ...query })}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { hits: { id: string; name: string; lga: string }[]; found: number; understood: { field: string; value: string; label: string; text: string }[] };
  };
  const names = (a: { hits: { name: string }[] }) => a.hits.map((h) => h.name).sort();

  beforeAll(async () => {
    ctx = await createTestContext();
    dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-wards-'));
    await createProfessional(ctx.sql, { user: { firstName: 'Bola', lastName: 'Onike' } });
    await importRows('first.csv', FACILITIES);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the wards the importer wrote, with their LGA and state, in register_wards', async () => {
    const rows = await ctx.sql<{ state: string; lga: string; ward: string; facilities: number }[]>`
      SELECT state, lga, ward, facilities FROM register_wards WHERE ward IN ('Onike', 'Tudun Nupawa') ORDER BY lga, ward`;
    expect(rows).toEqual([
      { state: 'Kaduna', lga: 'Kaduna North', ward: 'Tudun Nupawa', facilities: 1 },
      { state: 'Kaduna', lga: 'Kaduna South', ward: 'Tudun Nupawa', facilities: 1 },
      { state: 'Lagos', lga: 'Lagos Mainland', ward: 'Onike', facilities: 2 },
    ]);
  });

  it('reads "clinic in Onike" as Onike\'s LGA, with a chip that says so, and answers what lga= answers', async () => {
    const typed = await institutions({ query: 'clinic in Onike' });
    expect(typed.understood).toContainEqual({ field: 'lga', value: 'Lagos Mainland', label: 'All of Lagos Mainland LGA (for Onike)', text: 'Onike' });
    expect(names(typed)).toEqual(['Primary Health Centre Akoka', 'Primary Health Centre Iwaya', 'Primary Health Centre Onike']);
    const structured = await institutions({ query: 'clinic', lga: 'Lagos Mainland' });
    expect(names(typed)).toEqual(names(structured));
    expect(typed.found).toBe(structured.found);
    // "Onike ward" is a place anywhere in the query; so is a name of two words ("Tudun Nupawa").
    expect((await institutions({ query: 'onike ward phc' })).understood.map((u) => u.value)).toContain('Lagos Mainland');
  });

  it('reads a ward in two LGAs as either, and leaves a name shared by many LGAs, a numbered ward and a one-word name without "in" as text', async () => {
    const two = await institutions({ query: 'Tudun Nupawa' });
    expect(two.understood).toEqual([
      { field: 'lga', value: 'Kaduna North', label: 'All of Kaduna North LGA or Kaduna South LGA (for Tudun Nupawa)', text: 'Tudun Nupawa' },
    ]);
    expect(names(two)).toEqual(['General Hospital Nupawa South', 'Primary Health Centre Kawo', 'Primary Health Centre Nupawa North']);

    const many = await institutions({ query: 'clinic in Unguwar Rimi' });
    expect(many.understood.some((u) => u.field === 'lga')).toBe(false);
    const numbered = await institutions({ query: 'clinic in ward 3' });
    expect(numbered.understood.some((u) => u.field === 'lga')).toBe(false);

    // A surname that is a ward's name stays a name: "Dr Onike" finds Dr Onike.
    const res = await ctx.app.inject({ url: '/api/professionals/search?query=Dr%20Onike' });
    expect(res.json()).toMatchObject({ found: 1, understood: [], hits: [{ lastName: 'Onike' }] });
  });

  it('keeps a state, town or LGA of the same name what it was: the ward "Ikeja" is the town', async () => {
    const u = await institutions({ query: 'clinic in ikeja' });
    expect(u.understood.find((x) => x.text === 'ikeja')).toMatchObject({ field: 'city', value: 'Ikeja' });
  });

  it('understands wards in multi_search too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      payload: { searches: [{ collection: 'institutions', q: 'phc in Ketu', query_by: 'name', per_page: 10 }] },
    });
    expect(res.statusCode).toBe(200);
    const [r] = res.json().results;
    expect(r.understood).toContainEqual({ field: 'lga', value: 'Kosofe', label: 'All of Kosofe LGA (for Ketu)', text: 'Ketu' });
    expect(r.hits.map((h: { document: { name: string } }) => h.document.name)).toEqual(['Primary Health Centre Ketu']);
  });

  it('learns the wards of a newer import from the database', async () => {
    const before = await institutions({ query: 'clinic in Alagomeji' });
    expect(before.understood.some((u) => u.field === 'lga')).toBe(false);
    await importRows('newer.csv', [
      ...FACILITIES,
      { name: 'Primary Health Centre Alagomeji', state: 'Lagos', lga: 'Lagos Mainland', ward: 'Alagomeji', lat: 6.5, lng: 3.375 },
    ]);
    const after = await institutions({ query: 'clinic in Alagomeji' });
    expect(after.understood).toContainEqual({ field: 'lga', value: 'Lagos Mainland', label: 'All of Lagos Mainland LGA (for Alagomeji)', text: 'Alagomeji' });
    expect(names(after)).toContain('Primary Health Centre Alagomeji');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickSearchFacilities, quickSearchQuery, quickSearchSpecialties } from '@ilera/contracts';
import { seedDemo } from '@ilera/db/seed/demo';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';

/**
 * D17: every choice of the landing page's quick search finds what it names, on the demo
 * directory: every hit is what the label says, and every approved provider the label names
 * is found. What each label names is written here from the spec's labels (accounts-and-admin.md,
 * "Landing quick-search"), not taken from the search text the landing page sends for it.
 */
type Doc = Record<string, unknown>;
interface Named {
  /** What a hit must be, read from the label. */
  is: (doc: Doc) => boolean;
  /** The same, as a condition on the seeded rows (`p` professionals, `i` institutions), approved only. */
  where: string;
}

const specialty = (...names: string[]): Named => ({
  is: (d) => names.includes(d.specialty as string),
  where: `p.specialty IN (${names.map((n) => `'${n}'`).join(', ')})`,
});
const professionalType = (type: string): Named => ({
  is: (d) => d.professionalType === type,
  where: `p.professional_type = '${type}'`,
});
const institutionType = (...types: string[]): Named => ({
  is: (d) => types.includes(d.type as string),
  where: `i.type IN (${types.map((t) => `'${t}'`).join(', ')})`,
});
const service = (name: string): Named => ({
  is: (d) => (d.services as string[]).includes(name),
  where: `'${name}' = ANY (i.services)`,
});

const specialtyChoices: Record<string, Named> = {
  'General Practitioner': specialty('General Practice'),
  Cardiologist: specialty('Cardiology'),
  Neurologist: specialty('Neurology'),
  Ophthalmologist: specialty('Ophthalmology'),
  'Orthopedic Surgeon': specialty('Orthopedics'),
  Pediatrician: specialty('Pediatrics'),
  Pharmacist: professionalType('pharmacist'),
  // Every nurse in the directory is registered (the council's licence): any nursing specialty.
  'Registered Nurse': professionalType('nurse'),
  // D17: Nigeria's council registers dentists with doctors, as Dentistry.
  Dentist: specialty('Dentistry'),
  'ENT Specialist': specialty('ENT (Ear, Nose & Throat)'),
};

const facilityChoices: Record<string, Named> = {
  // The registration form's one "Hospital" is a general hospital too.
  'General Hospital': institutionType('general_hospital', 'hospital'),
  'Specialty Clinic': institutionType('specialty-center', 'specialist_hospital'),
  Pharmacy: institutionType('pharmacy'),
  'Diagnostic Center': institutionType('diagnostic_center', 'diagnostic_lab', 'laboratory'),
  'Maternity Hospital': service('Maternity Services'),
  'Cardiac Center': service('Cardiology'),
  // D17 (issue 34): what an eye or a dental clinic offers, not a name that says so.
  'Eye Clinic': service('Ophthalmology'),
  'Orthopedic Center': service('Orthopedics'),
  'Dental Clinic': service('Dentistry'),
  'Surgical Center': service('Surgery'),
};

describe('landing quick search on the demo directory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.sql);
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  }, 300_000);
  afterAll(async () => ctx?.close());

  /** Every hit of a search, page by page. */
  const searchAll = async (collection: 'professionals' | 'institutions', query: string) => {
    const hits: Doc[] = [];
    for (let page = 1; ; page++) {
      const res = await ctx.app.inject({ url: `/api/${collection}/search?query=${encodeURIComponent(query)}&perPage=50&page=${page}` });
      expect(res.statusCode).toBe(200);
      const r = res.json() as { found: number; hits: Doc[] };
      hits.push(...r.hits);
      if (r.hits.length === 0 || hits.length >= r.found) return { found: r.found, hits };
    }
  };

  const expectedCount = async (table: 'professionals p' | 'institutions i', where: string) => {
    const alias = table.slice(-1);
    const [row] = await ctx.sql.unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${alias}.status = 'approved' AND ${where}`,
    );
    return row.n;
  };

  it('names every choice of the spec', () => {
    expect(Object.keys(specialtyChoices).sort()).toEqual(quickSearchSpecialties.map((o) => o.label).sort());
    expect(Object.keys(facilityChoices).sort()).toEqual(quickSearchFacilities.map((o) => o.label).sort());
  });

  it.each(quickSearchSpecialties.map((o) => [o.label, o.value]))('specialty choice "%s" finds exactly what it names', async (label, value) => {
    const { is, where } = specialtyChoices[label];
    const r = await searchAll('professionals', quickSearchQuery(value)!);
    expect(r.found).toBeGreaterThan(0);
    expect(r.hits.filter((h) => !is(h)).map((h) => `${h.name}: ${h.professionalType}, ${h.specialty}`)).toEqual([]);
    expect(r.found).toBe(await expectedCount('professionals p', where));
    expect(r.hits).toHaveLength(r.found);
  });

  it.each(quickSearchFacilities.map((o) => [o.label, o.value]))('facility choice "%s" finds exactly what it names', async (label, value) => {
    const { is, where } = facilityChoices[label];
    const r = await searchAll('institutions', quickSearchQuery(value)!);
    expect(r.found).toBeGreaterThan(0);
    expect(r.hits.filter((h) => !is(h)).map((h) => `${h.name}: ${h.type}, ${(h.services as string[]).join('/')}`)).toEqual([]);
    expect(r.found).toBe(await expectedCount('institutions i', where));
    expect(r.hits).toHaveLength(r.found);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import type { SearchResult } from './engine';
import { PostgresEngine } from './postgres-engine';
import type { SearchDocument } from './schema';

/**
 * Decision 068 (issue 47): search_bodies.document is json holding the text jsonb printed for the document, so a
 * page's documents are read as a copy of their text instead of jsonb printing each one again. The documents
 * must come back exactly as they did from jsonb: jsonb's key order (shorter keys first: what JSON.parse and
 * every answer then follow), its spacing, unicode as is, escapes as jsonb writes them.
 */

/** Keys in an order jsonb changes, unicode beyond the BMP, escapes, floats, arrays and a geopoint. */
const doc: SearchDocument = {
  id: '7',
  specialty: 'Cardiology',
  name: 'Dr. Ɗanjuma Músà "Jr." \\ 😀',
  professionalType: 'doctor',
  firstName: 'Ɗanjuma',
  lastName: 'Músà',
  title: 'Dr.',
  city: 'Ìbàdàn',
  state: 'Oyo',
  countries: ['Nigeria', 'Côte d’Ivoire'],
  bio: 'Line one\nline two\t\u0001 <b>&</b> ẹ ọ ṣ',
  yearsOfExperience: 12,
  consultationFee: 15000,
  rating: 4.75,
  reviewCount: 3,
  isVerified: true,
  isApproved: true,
  location: [7.3775, 3.947],
  openSlots: [36, 37, 38],
  nextSlot: 1_800_000_000,
};

describe('PostgreSQL engine: documents read back as stored text', () => {
  let db: { sql: Sql };
  let engine: PostgresEngine;
  /** What jsonb printed for the document: the text every reader got before decision 068. */
  let printed: string;
  const stored = async () =>
    (await db.sql<{ type: string; text: string; xmin: string }[]>`
      SELECT pg_typeof(document)::text AS type, document::text AS text, xmin::text AS xmin
      FROM search_bodies WHERE collection = 'professionals' AND id = '7'`)[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    await engine.upsert('professionals', [doc]);
    printed = (await db.sql<{ t: string }[]>`SELECT ${JSON.stringify(doc)}::text::jsonb::text AS t`)[0].t;
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  it('keeps the text jsonb prints, in a json column whose output is that text as it is', async () => {
    const row = await stored();
    expect(row.type).toBe('json');
    expect(row.text).toBe(printed);
    // Not the writer's own text: jsonb's key order and spacing.
    expect(printed).not.toBe(JSON.stringify(doc));
    expect(printed.startsWith('{"id": "7", "bio": ')).toBe(true);
  });

  it('serves the document of a page, a near-me page and an export byte for byte as jsonb printed it', async () => {
    const asBefore = JSON.stringify(JSON.parse(printed));
    const [text, near] = (await engine.multiSearch([
      { collection: 'professionals', q: 'danjuma', per_page: 5 },
      { collection: 'professionals', q: '*', filter_by: 'location:(7.38, 3.95, 5 km)', sort_by: 'location(7.38, 3.95):asc', per_page: 5 },
    ])) as SearchResult[];
    expect(engine.nearAnswers.memory).toBe(1);
    for (const r of [text, near]) {
      expect(r.hits.map((h) => JSON.stringify(h.document))).toEqual([asBefore]);
    }
    expect((await engine.exportAll('professionals')).map((d) => JSON.stringify(d))).toEqual([asBefore]);
  });

  it('writes nothing for a document indexed again unchanged, whatever its key order, and writes a change', async () => {
    const before = await stored();
    const reordered = Object.fromEntries(Object.entries(doc).reverse()) as SearchDocument;
    await engine.upsert('professionals', [reordered]);
    expect(await stored()).toEqual(before);
    await engine.upsert('professionals', [{ ...reordered, bio: 'Ọ̀rọ̀ tuntun' }]);
    const after = await stored();
    expect(after.xmin).not.toBe(before.xmin);
    expect(after.text).toBe((await db.sql<{ t: string }[]>`SELECT ${JSON.stringify({ ...doc, bio: 'Ọ̀rọ̀ tuntun' })}::text::jsonb::text AS t`)[0].t);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support';
import { migrationsDir } from './migrate';
import type { Sql } from './client';

/**
 * Migration 077 (issue 50): search words now fold Hausa's hooked letters, so the PostgreSQL engine's documents
 * written before with one (ɓ ɗ ƙ ƴ, either case) are written again, by one bulk reindex event naming them.
 */
let sql: Sql;
beforeAll(async () => {
  ({ sql } = await createTestDatabase());
});
afterAll(async () => sql.end());

it('asks one bulk reindex of the documents holding a hooked letter, and none when no document holds one', async () => {
  const run = async () => sql.unsafe(await readFile(path.join(migrationsDir, '077_hausa_hooked_letters.sql'), 'utf8'));
  const bulk = () => sql<{ payload: Record<string, number[]> }[]>`SELECT payload FROM outbox WHERE topic = 'search.bulk' ORDER BY id`;
  const doc = (collection: string, id: string, document: Record<string, unknown>) =>
    sql`INSERT INTO search_bodies (collection, id, document, tsv) VALUES (${collection}, ${id}, ${sql.json(document as never)}, '')`;

  await doc('professionals', '7', { name: 'Dr. Tunde Bakare', city: 'Ibadan' });
  await run();
  expect(await bulk()).toEqual([]);

  await doc('professionals', '12', { name: 'Dr. Ɗanjuma Musa', city: 'Kano' });
  await doc('professionals', '3', { name: 'Dr. Amina Bello', institution: 'Asibitin ƙwararru' });
  await doc('institutions', '40', { name: 'Asibitin Ɓagauda', city: 'Kano' });
  await doc('institutions', '41', { name: 'Ilé Ìwòsàn Àánú', city: 'Ibadan' });
  await run();
  expect(await bulk()).toEqual([{ payload: { professionals: [3, 12], institutions: [40] } }]);
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';
import { migrationsDir } from './migrate';
import type { Sql } from './client';

/**
 * The data steps of migrations 012 and 016 (issue 18; written once for both kinds of
 * provider in issue 19): a "Verified" badge that approval alone gave (no verified
 * Nigerian licence or registration behind it) is cleared, with a search event; one a
 * verified licence backs stays. Run on rows as they stood before, professionals by
 * 012's text and institutions by 016's.
 */
let sql: Sql;
beforeAll(async () => {
  ({ sql } = await createTestDatabase());
});
afterAll(async () => sql.end());

async function dataStep(file: string, from: string): Promise<void> {
  const text = await readFile(path.join(migrationsDir, file), 'utf8');
  await sql.unsafe(text.slice(text.indexOf(from)));
}

it('clears badges no verified Nigerian licence or registration backs, for both kinds, and tells the index', async () => {
  const proOnly = await createProfessional(sql, { isVerified: false, user: { email: 'approved-only@example.ng' } });
  await sql`UPDATE professionals SET is_verified = true WHERE id = ${proOnly.id}`;
  const proForeign = await createProfessional(sql, { countries: ['Ghana'], user: { email: 'ghana@example.ng' } });
  await sql`UPDATE professionals SET is_verified = true WHERE id = ${proForeign.id}`;
  const proBacked = await createProfessional(sql, { user: { email: 'licensed@example.ng' } });
  const instOnly = await createInstitution(sql, { name: 'Approved Only Hospital', isVerified: false });
  await sql`UPDATE institutions SET is_verified = true, registrations = '[]' WHERE id = ${instOnly.id}`;
  const instBacked = await createInstitution(sql, { name: 'Registered Hospital', isVerified: true });

  await dataStep('012_licences.sql', 'CREATE FUNCTION clear_unbacked_badges');
  const pros = await sql<{ id: number; isVerified: boolean }[]>`
    SELECT id, is_verified FROM professionals WHERE id IN (${proOnly.id}, ${proForeign.id}, ${proBacked.id}) ORDER BY id`;
  expect(pros).toEqual([
    { id: proOnly.id, isVerified: false },
    { id: proForeign.id, isVerified: false },
    { id: proBacked.id, isVerified: true },
  ]);
  // 012 touches professionals only.
  const [inst] = await sql`SELECT is_verified FROM institutions WHERE id = ${instOnly.id}`;
  expect(inst.isVerified).toBe(true);

  await dataStep('016_institution_registrations.sql', 'SELECT clear_unbacked_badges');
  const insts = await sql<{ id: number; isVerified: boolean }[]>`
    SELECT id, is_verified FROM institutions WHERE id IN (${instOnly.id}, ${instBacked.id}) ORDER BY id`;
  expect(insts).toEqual([
    { id: instOnly.id, isVerified: false },
    { id: instBacked.id, isVerified: true },
  ]);

  const events = await sql<{ topic: string; id: number }[]>`
    SELECT topic, (payload->>'id')::int AS id FROM outbox WHERE topic IN ('search.professional', 'search.institution') ORDER BY outbox.id`;
  expect(events).toEqual([
    { topic: 'search.professional', id: proOnly.id },
    { topic: 'search.professional', id: proForeign.id },
    { topic: 'search.institution', id: instOnly.id },
  ]);
  // 016 drops the function once both kinds have run it.
  expect(await sql`SELECT 1 FROM pg_proc WHERE proname = 'clear_unbacked_badges'`).toEqual([]);
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support';
import { createInstitution } from '../../test/factories';
import { migrationsDir } from './migrate';
import type { Sql } from './client';

/**
 * Migration 016's data step (issue 18): an institution's "Verified" badge that approval
 * alone gave (no verified Nigerian registration behind it) is cleared, with a search
 * event; one a verified registration backs stays. Run on rows as they stood before.
 */
let sql: Sql;
beforeAll(async () => {
  ({ sql } = await createTestDatabase());
});
afterAll(async () => sql.end());

it('clears badges no verified Nigerian registration backs, and tells the index', async () => {
  const approvedOnly = await createInstitution(sql, { name: 'Approved Only Hospital', isVerified: false });
  await sql`UPDATE institutions SET is_verified = true, registrations = '[]' WHERE id = ${approvedOnly.id}`;
  const backed = await createInstitution(sql, { name: 'Registered Hospital', isVerified: true });

  const file = await readFile(path.join(migrationsDir, '016_institution_registrations.sql'), 'utf8');
  await sql.unsafe(file.slice(file.indexOf('WITH cleared AS')));

  const rows = await sql<{ id: number; isVerified: boolean }[]>`
    SELECT id, is_verified FROM institutions WHERE id IN (${approvedOnly.id}, ${backed.id}) ORDER BY id`;
  expect(rows).toEqual([
    { id: approvedOnly.id, isVerified: false },
    { id: backed.id, isVerified: true },
  ]);
  const events = await sql`SELECT payload FROM outbox WHERE topic = 'search.institution'`;
  expect(events.map((e) => e.payload)).toEqual([{ id: approvedOnly.id }]);
});

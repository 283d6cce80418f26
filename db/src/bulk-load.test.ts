import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { withBulkLoad } from './bulk-load';
import { seedDemo } from './seed/demo';

/**
 * The seed's bulk path for the data tables (issue 13: seeding 500,000 in minutes): on an empty database
 * their secondary indexes and foreign keys are dropped for the load and made again after it. What a
 * client of the database sees afterwards must be what the migrations made: the same indexes, the same
 * keys, each key enforced.
 */
let sql: Sql;
const TABLES = ['users', 'user_passwords', 'institutions', 'professionals', 'professional_institutions', 'appointments', 'reviews', 'care_facts', 'provider_plans'];

/** Every index and constraint of the seeded tables, as PostgreSQL describes them. */
async function schemaOf() {
  const indexes = await sql<{ def: string }[]>`SELECT indexdef AS def FROM pg_indexes WHERE tablename = ANY(${TABLES}) ORDER BY indexname`;
  const constraints = await sql<{ name: string; def: string; validated: boolean }[]>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def, convalidated AS validated
    FROM pg_constraint WHERE conrelid = ANY(${TABLES}::regclass[]) ORDER BY conname`;
  return { indexes: indexes.map((r) => r.def), constraints: [...constraints] };
}

beforeAll(async () => {
  ({ sql } = await createTestDatabase());
}, 120_000);
afterAll(async () => sql?.end({ timeout: 2 }));

describe('a bulk load whose rows break a foreign key', () => {
  it('is refused when the key is made again, and leaves nothing written and every index and key in place', async () => {
    const before = await schemaOf();
    const said: string[] = [];
    const load = sql.begin((tx) =>
      withBulkLoad(tx, TABLES, async () => {
        await tx`INSERT INTO users (id, email, user_type) VALUES ('u1', 'ada@example.com', 'patient')`;
        await tx`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES ('u1', 424242, 5)`;
      }, (m) => said.push(m)),
    );
    await expect(load).rejects.toThrow(/reviews_professional_id_fkey/);
    expect(said).toEqual([]);
    expect(await sql`SELECT id FROM users`).toHaveLength(0);
    expect(await schemaOf()).toEqual(before);
  });
});

describe('seeding an empty database with its indexes and foreign keys made after the load', () => {
  it('leaves every index and foreign key as the migrations made them, enforced', async () => {
    const before = await schemaOf();
    expect(before.constraints.filter((c) => c.def.startsWith('FOREIGN KEY')).length).toBeGreaterThanOrEqual(10);
    expect(before.indexes.length).toBeGreaterThan(15);

    const said: string[] = [];
    await seedDemo(sql, { professionals: 60, institutions: 12, appointments: 80, reviews: 50, seed: 7, log: (m) => said.push(m) });
    // Told what was made again after the load: every index but those behind constraints, every foreign key of the tables.
    const rebuilt = said.map((m) => /^(\d+) indexes and (\d+) foreign keys of users, .* built in/.exec(m)).find(Boolean);
    expect(rebuilt).toBeTruthy();
    expect(Number(rebuilt![2])).toBe(before.constraints.filter((c) => c.def.startsWith('FOREIGN KEY')).length);
    expect(Number(rebuilt![1])).toBeGreaterThan(10);

    expect(await schemaOf()).toEqual(before);
    // The keys hold: a review of a professional who does not exist is refused, a user's e-mail stays unique.
    const [review] = await sql<{ reviewer: string }[]>`SELECT reviewer_id AS reviewer FROM reviews LIMIT 1`;
    await expect(sql`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES (${review.reviewer}, 999999, 5)`).rejects.toThrow(
      /reviews_professional_id_fkey/,
    );
    const [user] = await sql<{ email: string }[]>`SELECT email FROM users LIMIT 1`;
    await expect(sql`INSERT INTO users (email, first_name, last_name, user_type) VALUES (${user.email.toUpperCase()}, 'A', 'B', 'patient')`).rejects.toThrow(
      /users_email_lower_key/,
    );

    // Seeding again adds to the data as it is: nothing is dropped, nothing said of it.
    const again: string[] = [];
    await seedDemo(sql, { professionals: 5, institutions: 2, appointments: 5, reviews: 5, seed: 8, log: (m) => again.push(m) });
    expect(again.some((m) => m.includes('foreign keys'))).toBe(false);
    expect(await schemaOf()).toEqual(before);
  }, 180_000);
});

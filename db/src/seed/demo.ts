import type { Sql } from '../client';

export interface SeedOptions {
  professionals?: number;
  institutions?: number;
  appointments?: number;
  reviews?: number;
  seed?: number;
  log?: (msg: string) => void;
}

/** True when the database holds no users yet (first start). */
export async function isEmpty(sql: Sql): Promise<boolean> {
  const [row] = await sql`SELECT NOT EXISTS (SELECT 1 FROM users) AS empty`;
  return row.empty as boolean;
}

/** Demo data: filled by the seed work. */
export async function seedDemo(_sql: Sql, _options: SeedOptions = {}): Promise<void> {}

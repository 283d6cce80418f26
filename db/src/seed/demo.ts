import { hashPassword } from '@ilera/db/passwords';
import { withBulkLoad } from '../bulk-load';
import type { Sql } from '../client';
import type { ProgressFactory } from './copy';
import { claimListings, seedCare } from './care';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, generate, type SeedSummary } from './generate';
import { seedRegister } from './register';

export { DEMO_ACCOUNTS, DEMO_INSTITUTION_NAME, DEMO_PASSWORD, type SeedSummary } from './generate';

export interface SeedOptions {
  professionals?: number;
  institutions?: number;
  appointments?: number;
  reviews?: number;
  patients?: number;
  seed?: number;
  /** Reference time for "past" and "upcoming" (default: now). */
  now?: Date;
  log?: (msg: string) => void;
  progress?: ProgressFactory;
  /** Invented national-register rows imported as unclaimed listings through the register import
   *  (issue 33; `npm start` and `npm run seed` ask for DEMO_SIZES.register). None by default. */
  register?: number;
}

/** The demo directory's size: what `npm start` seeds on first start. */
export const DEMO_SIZES = { professionals: 320, institutions: 80, patients: 150, appointments: 1500, reviews: 900, seed: 2025, register: 3000 };

/** Patients for a given number of appointments: about 15 bookings each over two years. */
export function patientsFor(appointments: number): number {
  return Math.max(DEMO_SIZES.patients, Math.round(appointments / 15));
}

/** The tables the seed writes with COPY: on an empty database their indexes and foreign keys are built after (withBulkLoad). */
const DATA_TABLES = ['users', 'user_passwords', 'institutions', 'professionals', 'professional_institutions', 'appointments', 'reviews',
  'care_facts', 'provider_plans'];

/** True when the database holds no users yet (first start). */
export async function isEmpty(sql: Sql): Promise<boolean> {
  const [row] = await sql`SELECT NOT EXISTS (SELECT 1 FROM users) AS empty`;
  return row.empty as boolean;
}

/**
 * Seeds the directory in one transaction: demo sizes by default, any size on request.
 * The four demo accounts (and the hand-made cases around them) are added unless one of
 * their e-mails is already taken, so the seed can also top up an existing database.
 */
export async function seedDemo(sql: Sql, options: SeedOptions = {}): Promise<SeedSummary> {
  const appointments = options.appointments ?? DEMO_SIZES.appointments;
  // One argon2 hash for every seeded account: hashing 500,000 times would take hours.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email.toLowerCase());
  const [taken] = await sql`SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) IN ${sql(emails)}) AS taken`;
  const seed = options.seed ?? DEMO_SIZES.seed;
  const now = options.now ?? new Date();
  const summary = await sql.begin((tx) =>
    withBulkLoad(tx, DATA_TABLES, async () => {
      const [before] = await tx<{ professionals: number; institutions: number }[]>`
        SELECT (SELECT COALESCE(max(id), 0) FROM professionals)::int AS professionals,
               (SELECT COALESCE(max(id), 0) FROM institutions)::int AS institutions`;
      const generated = await generate(tx, {
      professionals: options.professionals ?? DEMO_SIZES.professionals,
      institutions: options.institutions ?? DEMO_SIZES.institutions,
      patients: options.patients ?? patientsFor(appointments),
      appointments,
      reviews: options.reviews ?? DEMO_SIZES.reviews,
      seed,
      demoAccounts: !taken.taken,
      passwordHash,
      now,
      log: options.log,
      progress: options.progress,
      });
      // Care facts (issue 45) on a share of the providers just added; register listings (imported below) get none.
      generated.care = await seedCare(tx, {
        seed, now: now.getTime(), professionalsAfter: before.professionals, institutionsAfter: before.institutions,
        demoAccounts: !taken.taken, progress: options.progress, log: options.log,
      });
      return generated;
    }, options.log),
  ) as SeedSummary;
  if (options.register) {
    await seedRegister(sql, options.register, seed, options.log);
    // A few of them claimed, with their owners' care facts: the only listings with any (issue 45).
    summary.care = { ...summary.care!, claimedListings: await claimListings(sql, { seed, now: now.getTime(), passwordHash, log: options.log }) };
  }
  return summary;
}

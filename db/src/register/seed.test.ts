import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../../test/support';
import { seedDemo } from '../seed/demo';

/** The demo seed's unclaimed listings come through the register import itself (issue 33). */
let sql: Sql;
beforeAll(async () => {
  ({ sql } = await createTestDatabase());
}, 120_000);
afterAll(async () => sql?.end({ timeout: 2 }));

it('imports invented register rows as unclaimed listings, through a finished import run, next to the demo directory', async () => {
  await seedDemo(sql, { professionals: 10, institutions: 4, appointments: 0, reviews: 0, patients: 2, seed: 3, register: 250 });
  const [c] = await sql`
    SELECT (SELECT count(*)::int FROM register_listings) AS listings,
      (SELECT count(*)::int FROM institutions WHERE user_id IS NULL AND status = 'approved' AND booking_mode = 'directory'
         AND location_source = 'register') AS unclaimed,
      (SELECT count(*)::int FROM institutions WHERE user_id IS NOT NULL) AS registered,
      (SELECT count(*)::int FROM register_imports WHERE finished_at IS NOT NULL) AS runs,
      (SELECT count(*)::int FROM outbox) AS events`;
  // The seed rebuilds the whole index after it: no search event per listing. 2% of them (5) are claimed (below).
  expect(c).toEqual({ listings: 250, unclaimed: 245, registered: expect.any(Number), runs: 1, events: 0 });
  expect(c!.registered).toBeGreaterThanOrEqual(4); // the demo's own institutions (and hand-made cases) stay
  // Listings start with nothing but what the register says (issue 45): no invented hours, plans, fees or services,
  // while the owned institutions beside them do have care facts.
  const [care] = await sql`
    SELECT (SELECT count(*)::int FROM care_facts c JOIN institutions i ON i.id = c.institution_id WHERE i.user_id IS NULL) AS listing_facts,
      (SELECT count(*)::int FROM provider_plans pp JOIN institutions i ON i.id = pp.institution_id WHERE i.user_id IS NULL) AS listing_plans,
      (SELECT count(*)::int FROM institutions i WHERE i.user_id IS NULL AND i.services && ARRAY['24-Hour Emergency', 'Oxygen']) AS listing_readiness,
      (SELECT count(*)::int FROM care_facts WHERE opening_hours IS NOT NULL) AS with_hours`;
  expect(care).toMatchObject({ listingFacts: 0, listingPlans: 0, listingReadiness: 0 });
  expect(care!.withHours).toBeGreaterThan(0);

  // Except the claimed ones: each with an approved claim by its new owner's account (an institution account that
  // signs in with the demo password), and the care facts that owner published; half are hospitals.
  const claimed = await sql<{ id: number; level: string | null; userType: string; claims: number; hours: unknown; setBy: string | null }[]>`
    SELECT i.id, i.facility_level AS level, u.user_type,
      (SELECT count(*)::int FROM institution_claims ic WHERE ic.institution_id = i.id AND ic.claimant_user_id = u.id AND ic.status = 'approved') AS claims,
      c.opening_hours AS hours, c.hours_set_by AS set_by
    FROM institutions i JOIN register_listings rl ON rl.institution_id = i.id JOIN users u ON u.id = i.user_id
    LEFT JOIN care_facts c ON c.institution_id = i.id`;
  expect(claimed).toHaveLength(5);
  expect(claimed.every((l) => l.userType === 'institution' && l.claims === 1 && l.hours !== null && l.setBy === 'provider')).toBe(true);
  expect(claimed.filter((l) => l.level === 'Secondary' || l.level === 'Tertiary')).toHaveLength(3);
});

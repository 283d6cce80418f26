import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  careFeesSchema,
  careServices,
  isCareStale,
  languagesFromText,
  openingHoursSchema,
  openState,
  professionalTypes,
  slotOf,
  timeSlots,
} from '@ilera/contracts';
import { verifyPassword } from '@ilera/db/passwords';
import type { Sql } from '@ilera/db';
import { createTestContext, createTestDatabase, type TestContext } from '../../../test/support';
import { login } from '../../../test/factories';
import { DEMO_ACCOUNTS, DEMO_INSTITUTION_NAME, DEMO_PASSWORD, seedDemo } from './demo';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NOW = new Date('2026-03-10T08:00:00Z');

const count = async (query: PromiseLike<readonly any[]>): Promise<number> => (await query)[0].n;

describe('seedDemo', () => {
  let ctx: TestContext;
  let sql: Sql;

  beforeAll(async () => {
    ctx = await createTestContext();
    sql = ctx.sql;
    await seedDemo(sql, { now: NOW });
  }, 120_000);
  afterAll(() => ctx?.close());

  it('seeds at least 300 approved professionals of every type across their specialties', async () => {
    const rows = await sql<{ type: string; n: number; specialties: number }[]>`
      SELECT professional_type AS type, count(*)::int AS n, count(DISTINCT specialty)::int AS specialties
      FROM professionals WHERE status = 'approved' GROUP BY 1`;
    const total = rows.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(rows.map((r) => r.type).sort()).toEqual([...professionalTypes].sort());
    const doctors = rows.find((r) => r.type === 'doctor')!;
    // More doctors than either other type, and most of the 16 doctor specialties present.
    expect(doctors.n).toBeGreaterThan(Math.max(...rows.filter((r) => r.type !== 'doctor').map((r) => r.n)));
    expect(doctors.specialties).toBeGreaterThanOrEqual(12);
    const [gp] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM professionals WHERE status = 'approved' AND specialty = 'General Practice'`;
    expect(gp.n).toBeGreaterThan(30);
    // Every professional carries a licence per country of practice, as registration requires.
    const mismatched = await count(sql`
      SELECT count(*)::int AS n FROM professionals p
      WHERE cardinality(p.countries) <> jsonb_array_length(p.country_licenses)
         OR p.education IS NULL OR char_length(p.bio) < 20 OR p.license_number IS NULL`);
    expect(mismatched).toBe(0);
    const licences = await sql<{ type: string; license: string }[]>`
      SELECT DISTINCT ON (professional_type) professional_type AS type, license_number AS license
      FROM professionals ORDER BY professional_type, id`;
    const prefix = Object.fromEntries(licences.map((l) => [l.type, l.license.split('/')[0]]));
    expect(prefix).toEqual({ doctor: 'MDCN', pharmacist: 'PCN', nurse: 'NMCN' });
  });

  it('gives professionals the languages they consult in (issue 50): codes agreeing with the text, Hausa speakers in the north', async () => {
    const rows = await sql<{ languages: string; codes: string[]; state: string }[]>`
      SELECT languages, language_codes AS codes, state FROM professionals WHERE status = 'approved'`;
    expect(rows.every((r) => r.codes.includes('en'))).toBe(true);
    expect(rows.every((r) => JSON.stringify(r.codes) === JSON.stringify(languagesFromText(r.languages)))).toBe(true);
    const hausa = rows.filter((r) => r.codes.includes('ha'));
    expect(hausa.length).toBeGreaterThan(20);
    expect(hausa.some((r) => r.state === 'Kano')).toBe(true);
    for (const code of ['yo', 'ig', 'pcm']) expect(rows.filter((r) => r.codes.includes(code)).length, code).toBeGreaterThan(20);
  });

  it('seeds at least 80 institutions in at least 10 states, with affiliations', async () => {
    const [inst] = await sql<{ n: number; states: number; types: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT state)::int AS states, count(DISTINCT type)::int AS types
      FROM institutions WHERE status = 'approved'`;
    expect(inst.n).toBeGreaterThanOrEqual(80);
    expect(inst.states).toBeGreaterThanOrEqual(10);
    expect(inst.types).toBeGreaterThanOrEqual(5);
    const abuja = await count(sql`SELECT count(*)::int AS n FROM institutions WHERE state = 'FCT'`);
    expect(abuja).toBeGreaterThan(0);
    const noServices = await count(sql`SELECT count(*)::int AS n FROM institutions WHERE cardinality(services) = 0`);
    expect(noServices).toBe(0);
    const affiliations = await count(sql`SELECT count(*)::int AS n FROM professional_institutions`);
    expect(affiliations).toBeGreaterThan(150);
  });

  it('has appointments in every status, on Lagos slots, never two active ones in one slot', async () => {
    const statuses = await sql<{ status: string; n: number }[]>`
      SELECT status, count(*)::int AS n FROM appointments GROUP BY 1 ORDER BY 1`;
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
    expect(statuses.every((s) => s.n >= 20)).toBe(true);
    const dates = await sql<{ appointmentDate: Date; status: string }[]>`SELECT appointment_date, status FROM appointments`;
    expect(dates.every((d) => slotOf(d.appointmentDate) !== null && timeSlots.includes(slotOf(d.appointmentDate)!))).toBe(true);
    // Past and future: completed ones lie before NOW, pending ones after it.
    expect(dates.filter((d) => d.status === 'completed').every((d) => d.appointmentDate < NOW)).toBe(true);
    expect(dates.filter((d) => d.status === 'pending').every((d) => d.appointmentDate > NOW)).toBe(true);
    const collisions = await count(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM appointments WHERE status IN ('pending', 'confirmed')
        GROUP BY professional_id, institution_id, appointment_date HAVING count(*) > 1) c`);
    expect(collisions).toBe(0);
  });

  it('has reviews skewed to 4-5 stars, one per reviewer per provider, from patients', async () => {
    const [r] = await sql<{ n: number; avg: number; high: number; reviewers: number }[]>`
      SELECT count(*)::int AS n, avg(rating)::float AS avg, count(*) FILTER (WHERE rating >= 4)::int AS high,
             count(*) FILTER (WHERE u.user_type <> 'patient')::int AS reviewers
      FROM reviews JOIN users u ON u.id = reviews.reviewer_id`;
    expect(r.n).toBeGreaterThan(300);
    expect(r.avg).toBeGreaterThan(3.6);
    expect(r.avg).toBeLessThan(4.6);
    expect(r.high / r.n).toBeGreaterThan(0.65);
    expect(r.reviewers).toBe(0);
    const duplicates = await count(sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM reviews
        GROUP BY reviewer_id, professional_id, institution_id HAVING count(*) > 1) d`);
    expect(duplicates).toBe(0);
  });

  it('has pending and rejected applications of both kinds, and no outbox events', async () => {
    for (const table of ['professionals', 'institutions'] as const) {
      const rows = await sql<{ status: string; n: number; reasons: number }[]>`
        SELECT status, count(*)::int AS n, count(rejection_reason)::int AS reasons FROM ${sql(table)} GROUP BY 1`;
      const by = Object.fromEntries(rows.map((r) => [r.status, r]));
      expect(by.pending.n).toBeGreaterThanOrEqual(3);
      expect(by.rejected.n).toBeGreaterThanOrEqual(2);
      expect(by.rejected.reasons).toBe(by.rejected.n);
    }
    const pending = await count(sql`
      SELECT ((SELECT count(*) FROM professionals WHERE status = 'pending')
            + (SELECT count(*) FROM institutions WHERE status = 'pending'))::int AS n`);
    expect(pending).toBe(12);
    expect(await count(sql`SELECT count(*)::int AS n FROM outbox`)).toBe(0);
  });

  it('has the four demo accounts, and each one signs in with the demo password', async () => {
    // The four accounts side by side: each check is its own (argon2 verifies in libuv's thread pool).
    await Promise.all(Object.entries(DEMO_ACCOUNTS).map(async ([role, account]) => {
      const [row] = await sql<{ userType: string; firstName: string; lastName: string; passwordHash: string }[]>`
        SELECT u.user_type, u.first_name, u.last_name, p.password_hash
        FROM users u JOIN user_passwords p ON p.user_id = u.id WHERE u.email = ${account.email}`;
      expect(row).toMatchObject({ userType: role, firstName: account.firstName, lastName: account.lastName });
      expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
      const cookie = await login(ctx.app, account.email, DEMO_PASSWORD);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: account.email, userType: role });
    }));
  });

  it("gives institutions public e-mails of their own, never an account's sign-in e-mail (D18)", async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM institutions i JOIN users u ON lower(u.email) = lower(i.email)`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM institutions WHERE email IS NOT NULL`)).toBeGreaterThan(0);
  });

  it('gives the demo accounts their hand-made cases', async () => {
    const [tunde] = await sql`
      SELECT p.id, p.status, p.professional_type, p.specialty, p.state, p.title FROM professionals p
      JOIN users u ON u.id = p.user_id WHERE u.email = 'professional@ilera.ng'`;
    expect(tunde).toMatchObject({ status: 'approved', professionalType: 'doctor', specialty: 'Cardiology', state: 'Lagos', title: 'Dr.' });
    const tundeAppointments = await sql<{ status: string }[]>`SELECT status FROM appointments WHERE professional_id = ${tunde.id}`;
    expect(tundeAppointments.filter((a) => a.status === 'pending').length).toBeGreaterThanOrEqual(3);

    const [hospital] = await sql`
      SELECT i.name, i.type, i.status, u.first_name, u.last_name FROM institutions i
      JOIN users u ON u.id = i.user_id WHERE u.email = 'institution@ilera.ng'`;
    expect(hospital).toMatchObject({ name: DEMO_INSTITUTION_NAME, type: 'hospital', status: 'approved', firstName: 'Ngozi', lastName: 'Obi' });

    const amaka = await sql<{ status: string; appointmentDate: Date; professionalId: number | null; reviewed: boolean }[]>`
      SELECT a.status, a.appointment_date, a.professional_id,
             EXISTS (SELECT 1 FROM reviews r WHERE r.reviewer_id = a.patient_id AND r.professional_id = a.professional_id) AS reviewed
      FROM appointments a JOIN users u ON u.id = a.patient_id WHERE u.email = 'patient@ilera.ng'`;
    expect(new Set(amaka.map((a) => a.status))).toEqual(new Set(['pending', 'confirmed', 'completed', 'cancelled']));
    expect(amaka.some((a) => a.status === 'confirmed' && a.appointmentDate > NOW)).toBe(true);
    expect(amaka.some((a) => a.status === 'completed' && a.professionalId === tunde.id && a.reviewed)).toBe(true);
  });

  it('gives about a third of the providers care facts: hours, services, demo health plans and fees, confirmed at various dates', async () => {
    const [share] = await sql<{ providers: number; hours: number; plans: number; fees: number }[]>`
      WITH owned AS (
        SELECT id AS professional_id, NULL::int AS institution_id FROM professionals WHERE status = 'approved'
        UNION ALL SELECT NULL, id FROM institutions WHERE status = 'approved' AND user_id IS NOT NULL)
      SELECT count(*)::int AS providers,
        count(*) FILTER (WHERE c.opening_hours IS NOT NULL)::int AS hours,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM provider_plans pp WHERE pp.professional_id IS NOT DISTINCT FROM o.professional_id
          AND pp.institution_id IS NOT DISTINCT FROM o.institution_id))::int AS plans,
        count(*) FILTER (WHERE c.fees IS NOT NULL)::int AS fees
      FROM owned o LEFT JOIN care_facts c ON c.professional_id = o.professional_id OR c.institution_id = o.institution_id`;
    expect(share.providers).toBeGreaterThanOrEqual(400);
    expect(share.hours / share.providers).toBeGreaterThan(0.28);
    expect(share.hours / share.providers).toBeLessThan(0.5);
    expect(share.plans / share.providers).toBeGreaterThan(0.25);
    expect(share.fees / share.providers).toBeGreaterThan(0.2);

    // Invented payers, all marked demo: the national scheme, a state scheme, three HMOs, each with an accreditation number and plans.
    const payers = await sql<{ slug: string; name: string; kind: string; isDemo: boolean; accreditationNumber: string | null; plans: unknown[] }[]>`
      SELECT slug, name, kind, is_demo, accreditation_number, plans FROM payers`;
    expect(payers.every((p) => p.isDemo && p.accreditationNumber && p.plans.length > 0)).toBe(true);
    expect(payers.filter((p) => p.kind === 'nhia').length).toBe(1);
    expect(payers.some((p) => p.kind === 'state_scheme' && p.name.startsWith('Lagos'))).toBe(true);
    expect(payers.filter((p) => p.kind === 'hmo').length).toBe(3);
    // A professional's services are set exactly when its care facts say so (the profile's column and care_facts agree).
    const disagreeing = await count(sql`
      SELECT count(*)::int AS n FROM professionals p LEFT JOIN care_facts c ON c.professional_id = p.id
      WHERE (c.services_set_by IS NULL) <> (cardinality(p.services) = 0)`);
    expect(disagreeing).toBe(0);
    const primary = await count(sql`SELECT count(*)::int AS n FROM provider_plans WHERE is_primary AND source = 'provider'`);
    expect(primary).toBeGreaterThan(0);

    const facts = await sql<{ kind: string; hours: any; fees: any; services: string[]; hoursSetBy: string | null; hoursConfirmedAt: Date | null }[]>`
      SELECT CASE WHEN c.professional_id IS NULL THEN i.type ELSE 'professional' END AS kind, c.opening_hours AS hours, c.fees,
             COALESCE(p.services, i.services) AS services, c.hours_set_by, c.hours_confirmed_at
      FROM care_facts c LEFT JOIN professionals p ON p.id = c.professional_id LEFT JOIN institutions i ON i.id = c.institution_id`;
    const withHours = facts.filter((f) => f.hours);
    // Every group is well-formed as PUT .../care would take it, and set by the provider.
    expect(withHours.every((f) => openingHoursSchema.safeParse(f.hours).success && f.hoursSetBy === 'provider')).toBe(true);
    expect(facts.filter((f) => f.fees).every((f) => careFeesSchema.safeParse(f.fees).success)).toBe(true);
    expect(facts.filter((f) => f.kind === 'professional').every((f) => f.services.every((s) => careServices.includes(s)))).toBe(true);
    // 24-hour facilities with a 24-hour emergency, pharmacies with long hours, periods past midnight, closures, free care.
    const h24 = withHours.filter((f) => f.hours.open24Hours);
    expect(h24.some((f) => f.services.includes('24-Hour Emergency') && f.kind !== 'pharmacy')).toBe(true);
    const pharmacy = withHours.find((f) => f.kind === 'pharmacy' && !f.hours.open24Hours);
    expect(pharmacy?.hours.week.find((d: any) => d.day === 'mon').periods).toEqual([{ opens: '07:30', closes: '22:00' }]);
    expect(withHours.some((f) => f.hours.week.some((d: any) => d.periods.some((p: any) => p.closes < p.opens)))).toBe(true);
    expect(withHours.some((f) => f.hours.closures.length > 0)).toBe(true);
    expect(facts.some((f) => f.fees?.freeAtPointOfCare === true)).toBe(true);
    // Confirmed at various dates, a few older than 12 months (they show their age).
    const stale = withHours.filter((f) => isCareStale(f.hoursConfirmedAt, NOW)).length;
    expect(stale).toBeGreaterThan(0);
    expect(stale).toBeLessThan(withHours.length / 4);
    // At NOW (Tuesday 09:00 WAT) some are open and some are not.
    const open = withHours.map((f) => openState(f.hours, [], NOW).openNow);
    expect(open.filter((o) => o === true).length).toBeGreaterThan(10);
    expect(open.filter((o) => o === false).length).toBeGreaterThan(5);

    // The demo hospital: 24 hours with a 24-hour emergency, NHIA primary.
    const [hospital] = await sql<{ hours: any; services: string[]; nhiaPrimary: boolean }[]>`
      SELECT c.opening_hours AS hours, i.services,
        EXISTS (SELECT 1 FROM provider_plans pp WHERE pp.institution_id = i.id AND pp.payer_slug = 'nhia' AND pp.is_primary) AS nhia_primary
      FROM institutions i JOIN care_facts c ON c.institution_id = i.id WHERE i.name = ${DEMO_INSTITUTION_NAME}`;
    expect(hospital.hours.open24Hours).toBe(true);
    expect(hospital.services).toContain('24-Hour Emergency');
    expect(hospital.nhiaPrimary).toBe(true);
  });

  it('is deterministic: the same seed gives the same directory, another seed another one', async () => {
    const names = (db: Sql) =>
      db<{ name: string }[]>`
        SELECT u.first_name || ' ' || u.last_name || ' ' || p.specialty || ' ' || p.city AS name
        FROM professionals p JOIN users u ON u.id = p.user_id ORDER BY p.id`.then((rows) => rows.map((r) => r.name));
    const again = await createTestDatabase();
    const other = await createTestDatabase();
    try {
      // Two databases of their own, seeded side by side.
      await Promise.all([seedDemo(again.sql, { now: NOW }), seedDemo(other.sql, { now: NOW, seed: 99 })]);
      const first = await names(sql);
      expect(await names(again.sql)).toEqual(first);
      expect(await names(other.sql)).not.toEqual(first);
    } finally {
      await again.sql.end();
      await other.sql.end();
    }
  }, 120_000);
});

describe('npm run seed', () => {
  let db: { url: string; sql: Sql };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.sql.end());

  /**
   * The command of package.json's "seed" script (`tsx <file>`), run as node with tsx's loader: the same file
   * and arguments as `npm run seed -- <args>`, without npx's process and tsx's CLI process.
   */
  const [seedTsx, ...seedScript] = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.seed as string).split(' ');
  it('is package.json\'s "seed" script, tsx running scripts/seed.ts', () => {
    expect([seedTsx, ...seedScript]).toEqual(['tsx', 'scripts/seed.ts']);
  });

  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', ...seedScript, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url },
      timeout: 120_000,
    });

  const counts = () =>
    db.sql<{ professionals: number; institutions: number; listings: number; users: number; firstId: number; demo: number }[]>`
      SELECT (SELECT count(*) FROM professionals WHERE status = 'approved')::int AS professionals,
             -- Registered institutions; the register's listings (claimed or not) apart.
             (SELECT count(*) FROM institutions i WHERE status = 'approved' AND user_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM register_listings rl WHERE rl.institution_id = i.id))::int AS institutions,
             (SELECT count(*) FROM register_listings)::int AS listings,
             (SELECT count(*) FROM users)::int AS users,
             (SELECT min(id) FROM professionals)::int AS first_id,
             (SELECT count(*) FROM users WHERE email LIKE '%@ilera.ng')::int AS demo`.then((r) => r[0]);

  it('--reset replaces whatever is there with the demo directory', async () => {
    await db.sql`INSERT INTO users (email, first_name, last_name) VALUES ('left-over@example.com', 'Left', 'Over')`;
    const { stdout } = await run(['--reset']);
    expect(stdout).toContain('patient@ilera.ng');
    expect(await counts()).toMatchObject({ professionals: 320, institutions: 80, listings: 3000, firstId: 1, demo: 4 });
    const [leftOver] = await db.sql`SELECT 1 FROM users WHERE email = 'left-over@example.com'`;
    expect(leftOver).toBeUndefined();
    // The public holidays (reference data of migration 048) stay: care facts' "open now" closes on them.
    const [holidays] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM public_holidays WHERE day = '2026-12-25'`;
    expect(holidays.n).toBe(1);
    // It ends with VACUUM (ANALYZE) of every table it wrote (issue 38): none is left without statistics,
    // dead rows or an unset visibility map for autovacuum to find (or not, where it is off).
    expect(stdout).toMatch(/VACUUM \(ANALYZE\) of \d+ tables/);
    const tables = ['users', 'professionals', 'institutions', 'appointments', 'reviews', 'register_listings', 'search_documents', 'search_bodies'];
    const unvacuumed = await db.sql<{ relname: string }[]>`
      SELECT relname FROM pg_stat_user_tables
      WHERE relname = ANY(${tables}) AND (last_vacuum IS NULL OR last_analyze IS NULL)`;
    expect(unvacuumed).toEqual([]);
    // Dead rows counted in the tables themselves (pgstattuple), not in pg_stat_user_tables.n_dead_tup: a
    // backend reports its writes up to a second after them, so a count it sends after the vacuum (the
    // reindex's updates of institutions, seen in CI) stays there although the vacuum removed those rows.
    await db.sql`CREATE EXTENSION IF NOT EXISTS pgstattuple`;
    const dead = await db.sql<{ relname: string; dead: number }[]>`
      SELECT t AS relname, (pgstattuple(t)).dead_tuple_count::int AS dead FROM unnest(${tables}::text[]) AS t`;
    expect(dead.filter((row) => row.dead > 0)).toEqual([]);
  }, 120_000);

  it('takes the sizes and the seed from its flags', async () => {
    // --register 40: the register's 3,000 default listings (the --reset test above has them) would double the run's time.
    await run(['--reset', '--professionals', '50', '--institutions', '12', '--appointments', '300', '--reviews', '120', '--seed', '7', '--register', '40']);
    const c = await counts();
    expect(c).toMatchObject({ professionals: 50, institutions: 12, listings: 40, firstId: 1, demo: 4 });
    // Care facts on about a third of the providers (issue 45), none on the register's listings.
    const [care] = await db.sql<{ professionals: number; institutions: number; listings: number }[]>`
      SELECT count(*) FILTER (WHERE c.professional_id IS NOT NULL)::int AS professionals,
             count(*) FILTER (WHERE i.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM register_listings rl WHERE rl.institution_id = i.id))::int AS institutions,
             count(*) FILTER (WHERE c.institution_id IS NOT NULL AND i.user_id IS NULL)::int AS listings
      FROM care_facts c LEFT JOIN institutions i ON i.id = c.institution_id`;
    expect(care.professionals + care.institutions).toBeGreaterThan(0.2 * (50 + 12));
    expect(care.professionals + care.institutions).toBeLessThan(0.55 * (50 + 12));
    expect(care.listings).toBe(0);
    const [a] = await db.sql<{ appointments: number; reviews: number }[]>`
      SELECT (SELECT count(*) FROM appointments)::int AS appointments, (SELECT count(*) FROM reviews)::int AS reviews`;
    expect(a.appointments).toBeGreaterThanOrEqual(300);
    expect(a.reviews).toBeGreaterThanOrEqual(120);
    // Without --reset the data is added to what is there (the demo accounts are not made twice).
    await run(['--professionals', '30', '--institutions', '5', '--appointments', '100', '--reviews', '40', '--register', '40']);
    expect(await counts()).toMatchObject({ professionals: 80, institutions: 17, listings: 80, demo: 4 });
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosInstant, watDayOfDate } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';
import { buildDocuments, checkIndex, PostgresEngine } from './index';

/**
 * search:check and the clock. A document's nextSlot is the first free slot after its build and stays until
 * a write or the midnight roll-over (decision 012), so the check must not call it out of date because a
 * slot boundary passed between the build and the check (search/src/reindex.test.ts failed so in CI, its
 * reindex at :29:59 and its check at :30:00), nor because the day changed before the roll-over; and it
 * must still report a document that no build since yesterday's midnight would have made. The clock is
 * pinned: documents built and checked at stated WAT instants (a Wednesday; the factory's hours are
 * 09:00-16:30 every day, slots each half hour).
 */

let db: { sql: Sql };
let engine: PostgresEngine;
let doctor: number;
let clinic: number;
let nightClinic: number;

const at = (date: string, time: string, seconds = 0) => new Date(lagosInstant(date, time) + seconds * 1000);
const BUILT = at('2026-12-02', '10:29', 59); // one second before the 10:30 slot

beforeAll(async () => {
  db = await createTestDatabase();
  engine = new PostgresEngine(db.sql);
  doctor = (await createProfessional(db.sql, { user: { firstName: 'Kemi', lastName: 'Clock' } })).id;
  const docs = await buildDocuments(db.sql, 'professionals', [doctor], BUILT);
  expect(docs[0].nextSlot).toBe(lagosInstant('2026-12-02', '10:30') / 1000);
  await engine.upsert('professionals', docs);
  // A clinic with care hours (not bookable) closed the day before the build: its document's closedDays hold that day.
  clinic = (await createInstitution(db.sql, { name: 'Clock Clinic', bookingMode: 'directory' })).id;
  const hours = { open24Hours: false, week: [{ day: 'wed', periods: [{ opens: '08:00', closes: '17:00' }] }], closures: [{ from: '2026-12-01', to: '2026-12-01' }] };
  await db.sql`INSERT INTO care_facts (institution_id, opening_hours, hours_set_by, hours_confirmed_at) VALUES (${clinic}, ${db.sql.json(hours)}, 'provider', ${BUILT})`;
  const [place] = await buildDocuments(db.sql, 'institutions', [clinic], BUILT);
  expect(place.closedDays).toContain(watDayOfDate('2026-12-01'));
  // A night clinic (Tuesday 20:00-02:00, Wednesday 08:00-17:00) closed on Tuesday 1 December: Tuesday's night
  // is closed until 02:00 on Wednesday 2 December while Wednesday's day is open, so its document lists those
  // eight quarter hours of the 2nd (decision 040), which pass like a closed day.
  nightClinic = (await createInstitution(db.sql, { name: 'Night Clock Clinic', bookingMode: 'directory' })).id;
  const nights = {
    open24Hours: false,
    week: [{ day: 'tue', periods: [{ opens: '20:00', closes: '02:00' }] }, { day: 'wed', periods: [{ opens: '08:00', closes: '17:00' }] }],
    closures: [{ from: '2026-12-01', to: '2026-12-01' }],
  };
  await db.sql`INSERT INTO care_facts (institution_id, opening_hours, hours_set_by, hours_confirmed_at) VALUES (${nightClinic}, ${db.sql.json(nights)}, 'provider', ${BUILT})`;
  const [night] = await buildDocuments(db.sql, 'institutions', [nightClinic], BUILT);
  expect(night.closedDays).toContain(watDayOfDate('2026-12-02') * 96 + 7);
  await engine.upsert('institutions', [place, night]);
});
afterAll(async () => db?.sql.end({ timeout: 2 }));

const staleAt = async (now: Date) => {
  const report = await checkIndex(db.sql, { engine, now });
  return { ok: report.ok, stale: [...report.professionals.stale.map((id) => `professional ${id}`), ...report.institutions.stale.map((id) => `institution ${id}`)] };
};

describe('search:check with the clock pinned', () => {
  it('a slot that passed between the build and the check is no drift (the check crosses the half hour)', async () => {
    expect(await staleAt(BUILT)).toEqual({ ok: true, stale: [] });
    expect(await staleAt(at('2026-12-02', '10:30', 1))).toEqual({ ok: true, stale: [] });
    expect(await staleAt(at('2026-12-02', '15:45'))).toEqual({ ok: true, stale: [] });
    // After midnight, before the roll-over has rebuilt it.
    expect(await staleAt(at('2026-12-03', '00:00', 30))).toEqual({ ok: true, stale: [] });
  });

  it("a closed day that has passed is no drift; a closure added with no search event is", async () => {
    // Three days on the doctor's slot is two days old (reported); the clinic's closure of 1 December is behind,
    // and so are the night clinic's closed quarter hours of 2 December.
    expect(await staleAt(at('2026-12-05', '12:00'))).toEqual({ ok: false, stale: [`professional ${doctor}`] });
    await db.sql`UPDATE care_facts SET opening_hours = jsonb_set(opening_hours, '{closures}', (opening_hours->'closures') || '[{"from": "2026-12-24", "to": "2026-12-24"}]') WHERE institution_id = ${clinic}`;
    expect(await staleAt(at('2026-12-02', '12:00'))).toEqual({ ok: false, stale: [`institution ${clinic}`] });
    await db.sql`UPDATE care_facts SET opening_hours = jsonb_set(opening_hours, '{closures}', (opening_hours->'closures') - 1) WHERE institution_id = ${clinic}`;
    expect(await staleAt(at('2026-12-02', '12:00'))).toEqual({ ok: true, stale: [] });
  });

  it('a document no build since yesterday would have made is still reported', async () => {
    // Two days on, the roll-over should have rebuilt it.
    expect(await staleAt(at('2026-12-04', '11:00'))).toEqual({ ok: false, stale: [`professional ${doctor}`] });
    // Its slot booked with no search event: out of date, before the slot passes and after.
    const [{ id }] = await db.sql<{ id: number }[]>`
      INSERT INTO appointments (professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${doctor}, 'consultation', ${at('2026-12-02', '10:30')}, 'confirmed', 'A Patient', 'a@example.com', '08030000000')
      RETURNING id`;
    expect(await staleAt(at('2026-12-02', '10:15'))).toEqual({ ok: false, stale: [`professional ${doctor}`] });
    expect(await staleAt(at('2026-12-02', '10:30', 1))).toEqual({ ok: false, stale: [`professional ${doctor}`] });
    await db.sql`DELETE FROM appointments WHERE id = ${id}`;
    expect(await staleAt(at('2026-12-02', '10:30', 1))).toEqual({ ok: true, stale: [] });
  });
});

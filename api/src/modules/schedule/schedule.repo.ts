import type { Db } from '@ilera/db';
import type { BookingMode, TimeOffRange } from '@ilera/contracts';

/** Professionals and institutions keep their schedule alike; only the table and the time-off column differ. */
export type ProviderKind = 'professionals' | 'institutions';
export interface ProviderKey {
  kind: ProviderKind;
  id: number;
}

export interface ScheduleRow {
  id: number;
  userId: string;
  status: 'pending' | 'approved' | 'rejected';
  bookingMode: BookingMode;
  workingHours: unknown;
}

export interface TimeOffRow extends TimeOffRange {
  id: number;
  note: string | null;
}

const ownerColumn = (db: Db, kind: ProviderKind) =>
  kind === 'professionals' ? db`professional_id` : db`institution_id`;

export async function findSchedule(db: Db, p: ProviderKey, lock = false): Promise<ScheduleRow | null> {
  const [row] = await db<ScheduleRow[]>`
    SELECT id, user_id, status, booking_mode, working_hours FROM ${db(p.kind)} WHERE id = ${p.id}
    ${lock ? db`FOR UPDATE` : db``}`;
  return row ?? null;
}

export async function updateSchedule(db: Db, p: ProviderKey, mode: BookingMode, stored: unknown): Promise<void> {
  await db`UPDATE ${db(p.kind)} SET booking_mode = ${mode}, working_hours = ${db.json(stored as never)}, updated_at = now()
    WHERE id = ${p.id}`;
}

/** Time off that ends on or after `from` ('YYYY-MM-DD'), earliest first. */
export async function listTimeOff(db: Db, p: ProviderKey, from: string): Promise<TimeOffRow[]> {
  return db<TimeOffRow[]>`
    SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, note
    FROM time_off WHERE ${ownerColumn(db, p.kind)} = ${p.id} AND end_date >= ${from}
    ORDER BY start_date, id`;
}

export async function insertTimeOff(
  db: Db,
  p: ProviderKey,
  t: { startDate: string; endDate: string; note: string | null },
): Promise<TimeOffRow> {
  const [row] = await db<TimeOffRow[]>`
    INSERT INTO time_off (${ownerColumn(db, p.kind)}, start_date, end_date, note)
    VALUES (${p.id}, ${t.startDate}, ${t.endDate}, ${t.note})
    RETURNING id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, note`;
  return row!;
}

export async function deleteTimeOff(db: Db, p: ProviderKey, timeOffId: number): Promise<boolean> {
  const rows = await db`DELETE FROM time_off WHERE id = ${timeOffId} AND ${ownerColumn(db, p.kind)} = ${p.id} RETURNING id`;
  return rows.length > 0;
}

/** Start instants (epoch ms) of the provider's active appointments in [from, to). */
export async function takenInstants(db: Db, p: ProviderKey, from: string, to: string): Promise<Set<number>> {
  const rows = await db<{ appointmentDate: Date }[]>`
    SELECT appointment_date FROM appointments
    WHERE ${ownerColumn(db, p.kind)} = ${p.id} AND status IN ('pending', 'confirmed')
      AND appointment_date >= ${from} AND appointment_date < ${to}`;
  return new Set(rows.map((r) => r.appointmentDate.getTime()));
}

// Working hours, time off and booking modes (issue 17). Professionals and institutions
// share every rule here; the kind only picks the table. A change writes its search
// event in its transaction (D16): the index worker recomputes the next free slot.
import { emit, type Db, type Sql } from '@ilera/db';
import {
  addDays,
  freeSlotsByDay,
  lagosTimestamp,
  lagosToday,
  weeklyHoursFromStored,
  weeklyHoursToStored,
  type BookingMode,
  type Schedule,
  type ScheduleInput,
  type TimeOffInput,
  type WeeklyHours,
} from '@ilera/contracts';
import type { ScheduleView } from '@ilera/contracts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './schedule.repo';

export type { ProviderKey, ProviderKind } from './schedule.repo';

export const TIME_OFF_NOT_FOUND = 'Time off not found'; // ours
export const TIME_OFF_PAST_MESSAGE = 'Time off must end today or later'; // ours
export const notFoundMessage = (kind: repo.ProviderKind) =>
  kind === 'professionals' ? 'Professional not found' : 'Institution not found';

/** The profile's days shown with their free slots (the profile page's "next 7 days"). */
export const PROFILE_DAYS = 7;

const searchTopic = (kind: repo.ProviderKind) => (kind === 'professionals' ? 'search.professional' : 'search.institution');

export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** A provider's schedule from today on (time off that has ended no longer matters). */
export async function loadSchedule(db: Db, p: repo.ProviderKey, now: Date): Promise<(Schedule & { row: repo.ScheduleRow }) | null> {
  const row = await repo.findSchedule(db, p);
  if (!row) return null;
  const timeOff = await repo.listTimeOff(db, p, lagosToday(now));
  return { row, bookingMode: row.bookingMode, weeklyHours: weeklyHoursFromStored(row.workingHours), timeOff };
}

const isOwnerOrAdmin = (row: repo.ScheduleRow, viewer: SessionUser | null) =>
  !!viewer && (viewer.userType === 'admin' || viewer.id === row.userId);

/** GET .../schedule: public for approved providers (D1), like the availability call. */
export async function getSchedule(
  db: Db,
  p: repo.ProviderKey,
  viewer: SessionUser | null,
  clock: Clock = systemClock,
): Promise<ScheduleView> {
  const now = clock();
  const s = await loadSchedule(db, p, now);
  if (!s || (s.row.status !== 'approved' && !isOwnerOrAdmin(s.row, viewer))) throw new NotFoundError(notFoundMessage(p.kind));
  const today = lagosToday(now);
  const taken = await repo.takenInstants(db, p, lagosTimestamp(today, '00:00'), lagosTimestamp(addDays(today, PROFILE_DAYS), '00:00'));
  const view: ScheduleView = {
    bookingMode: s.bookingMode,
    weeklyHours: s.weeklyHours,
    days: freeSlotsByDay(s, taken, now, PROFILE_DAYS),
  };
  if (isOwnerOrAdmin(s.row, viewer)) view.timeOff = s.timeOff as repo.TimeOffRow[];
  return view;
}

/** Only the profile's owner changes its schedule: anyone else 403 (admins included); an admin learns of a missing profile (404). */
async function ownedSchedule(tx: Db, p: repo.ProviderKey, user: SessionUser): Promise<repo.ScheduleRow> {
  const row = await repo.findSchedule(tx, p, true);
  if (!row) {
    if (user.userType === 'admin') throw new NotFoundError(notFoundMessage(p.kind));
    throw new ForbiddenError();
  }
  if (row.userId !== user.id) throw new ForbiddenError();
  return row;
}

/** PUT .../schedule. Existing appointments are never touched: hours only decide what can be booked next. */
export async function setSchedule(
  sql: Sql,
  user: SessionUser,
  p: repo.ProviderKey,
  input: ScheduleInput,
  clock: Clock = systemClock,
): Promise<ScheduleView> {
  await sql.begin(async (tx) => {
    await ownedSchedule(tx, p, user);
    await repo.updateSchedule(tx, p, input.bookingMode, weeklyHoursToStored(input.weeklyHours as WeeklyHours));
    await emit(tx, searchTopic(p.kind), { id: p.id });
  });
  return getSchedule(sql, p, user, clock);
}

/** POST .../time-off: 201 with the row. */
export async function addTimeOff(
  sql: Sql,
  user: SessionUser,
  p: repo.ProviderKey,
  input: TimeOffInput,
  clock: Clock = systemClock,
): Promise<repo.TimeOffRow> {
  if (input.endDate < lagosToday(clock())) {
    throw new BadRequestError(TIME_OFF_PAST_MESSAGE, { endDate: TIME_OFF_PAST_MESSAGE });
  }
  return sql.begin(async (tx) => {
    await ownedSchedule(tx, p, user);
    const row = await repo.insertTimeOff(tx, p, { startDate: input.startDate, endDate: input.endDate, note: input.note || null });
    await emit(tx, searchTopic(p.kind), { id: p.id });
    return row;
  });
}

/** DELETE .../time-off/{timeOffId}: 204; someone else's or an unknown id 404. */
export async function removeTimeOff(sql: Sql, user: SessionUser, p: repo.ProviderKey, timeOffId: number): Promise<void> {
  await sql.begin(async (tx) => {
    await ownedSchedule(tx, p, user);
    if (!(await repo.deleteTimeOff(tx, p, timeOffId))) throw new NotFoundError(TIME_OFF_NOT_FOUND);
    await emit(tx, searchTopic(p.kind), { id: p.id });
  });
}

// Issue 17: working hours, time off and booking modes, as the API enforces them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

let ctx: TestContext;
let patientCookie: string;
let other: string;

/** The first Lagos date at least `from` days ahead that falls on `weekday` (0 Sunday ... 6 Saturday). */
function nextWeekday(weekday: number, from = 1): string {
  const lagosNow = Date.now() + 3600_000;
  for (let i = from; ; i++) {
    const d = new Date(lagosNow + i * 86400_000);
    if (d.getUTCDay() === weekday) return d.toISOString().slice(0, 10);
  }
}
const at = (date: string, time: string) => `${date}T${time}:00+01:00`;

function booking(provider: { professionalId?: number; institutionId?: number }, appointmentDate: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: {
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze@example.ng',
      patientPhone: '0803 123 4567',
      appointmentDate,
      professionalId: provider.professionalId ?? null,
      institutionId: provider.institutionId ?? null,
    },
  });
}

const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> | undefined });

const week = (day: [string, string] | null) => Array.from({ length: 7 }, () => (day ? { start: day[0], end: day[1] } : null));

async function provider(kind: 'professional' | 'institution', bookingMode?: 'instant' | 'request' | 'directory') {
  const made =
    kind === 'professional'
      ? await createProfessional(ctx.sql, { bookingMode })
      : await createInstitution(ctx.sql, { bookingMode });
  const cookie = await login(ctx.app, made.user.email, made.user.password);
  const base = kind === 'professional' ? `/api/professionals/${made.id}` : `/api/institutions/${made.id}`;
  const key = kind === 'professional' ? { professionalId: made.id } : { institutionId: made.id };
  return { ...made, cookie, base, key };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const patient: TestUser = await createUser(ctx.sql, {});
  patientCookie = await login(ctx.app, patient.email, patient.password);
  const stranger = await createUser(ctx.sql, {});
  other = await login(ctx.app, stranger.email, stranger.password);
});
afterAll(async () => ctx.close());

describe('working hours', () => {
  it('a new profile works Monday to Friday, 09:00-16:30, by request; a Saturday is refused', async () => {
    const p = await provider('professional');
    await ctx.sql`UPDATE professionals SET working_hours = DEFAULT, booking_mode = DEFAULT WHERE id = ${p.id}`;
    const res = await send('GET', `${p.base}/schedule`);
    expect(res.statusCode).toBe(200);
    const monFri = { start: '09:00', end: '16:30' };
    expect(res.json()).toMatchObject({ bookingMode: 'request', weeklyHours: [monFri, monFri, monFri, monFri, monFri, null, null] });
    expect(res.json()).not.toHaveProperty('timeOff');

    const saturday = await booking(p.key, at(nextWeekday(6), '10:00'));
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json()).toEqual({
      message: 'This provider is not available on this day. Please choose another date',
      fields: { appointmentDate: 'This provider is not available on this day. Please choose another date' },
    });
    expect((await booking(p.key, at(nextWeekday(1), '16:30'))).statusCode).toBe(201);
  });

  it('the owner sets the hours; bookings and the availability call offer only those slots', async () => {
    for (const kind of ['professional', 'institution'] as const) {
      const p = await provider(kind);
      const hours = [{ start: '10:00', end: '11:00' }, null, null, null, null, null, null];
      const put = await send('PUT', `${p.base}/schedule`, p.cookie, { bookingMode: 'request', weeklyHours: hours });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ bookingMode: 'request', weeklyHours: hours });

      const monday = nextWeekday(1);
      const early = await booking(p.key, at(monday, '09:30'));
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe('This time is outside the working hours. Please choose one of the available time slots');
      expect((await booking(p.key, at(nextWeekday(2), '10:00'))).json().message).toBe(
        'This provider is not available on this day. Please choose another date',
      );
      expect((await booking(p.key, at(monday, '10:30'))).statusCode).toBe(201);
      // The existing constraint still holds: the same slot cannot be booked twice.
      const again = await booking(p.key, at(monday, '10:30'));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This time slot is no longer available');

      const day = (await send('GET', `${p.base}/availability?date=${monday}`)).json();
      expect(day.slots.filter((s: { available: boolean }) => s.available).map((s: { time: string }) => s.time)).toEqual([
        '10:00',
        '11:00',
      ]);
      const tuesday = (await send('GET', `${p.base}/availability?date=${nextWeekday(2)}`)).json();
      expect(tuesday.slots.some((s: { available: boolean }) => s.available)).toBe(false);
      // The change and its search event committed together: the index recomputes the next slot.
      const topic = kind === 'professional' ? 'search.professional' : 'search.institution';
      const events = await ctx.sql`SELECT 1 FROM outbox WHERE topic = ${topic} AND (payload ->> 'id')::int = ${p.id}`;
      expect(events.length).toBeGreaterThanOrEqual(2); // the hours change and the booking
    }
  });

  it('changing the hours never touches existing appointments', async () => {
    const p = await provider('professional');
    const date = nextWeekday(3);
    const made = await booking(p.key, at(date, '14:00'));
    expect(made.statusCode).toBe(201);
    const put = await send('PUT', `${p.base}/schedule`, p.cookie, { bookingMode: 'directory', weeklyHours: week(null) });
    expect(put.statusCode).toBe(200);
    const [row] = await ctx.sql`SELECT status FROM appointments WHERE id = ${made.json().id}`;
    expect(row!.status).toBe('pending');
  });

  it('only the owner changes the hours; bad hours are refused with the field named', async () => {
    const p = await provider('professional');
    const body = { bookingMode: 'request', weeklyHours: week(['09:00', '12:00']) };
    expect((await send('PUT', `${p.base}/schedule`, undefined, body)).statusCode).toBe(401);
    expect((await send('PUT', `${p.base}/schedule`, other, body)).statusCode).toBe(403);
    const bad = await send('PUT', `${p.base}/schedule`, p.cookie, { bookingMode: 'request', weeklyHours: week(['12:00', '09:00']) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['weeklyHours.0.end']).toBe(
      'Please choose hours on the 09:00-16:30 slot grid, the start no later than the end',
    );
    const offGrid = await send('PUT', `${p.base}/schedule`, p.cookie, { bookingMode: 'request', weeklyHours: week(['08:00', '12:00']) });
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().fields).toHaveProperty(['weeklyHours.0.start']);
    const six = await send('PUT', `${p.base}/schedule`, p.cookie, { bookingMode: 'sometimes', weeklyHours: week(null).slice(1) });
    expect(six.statusCode).toBe(400);
    expect(six.json().fields).toEqual({
      bookingMode: 'Please choose a booking mode',
      weeklyHours: 'Please give the hours of all seven days, Monday first',
    });
    expect((await send('GET', `/api/professionals/999999/schedule`)).statusCode).toBe(404);
  });
});

describe('time off', () => {
  it("a day off removes that day's slots until the owner deletes it", async () => {
    const p = await provider('institution');
    const date = nextWeekday(4);
    const add = await send('POST', `${p.base}/time-off`, p.cookie, { startDate: date, endDate: date, note: 'Staff training' });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ startDate: date, endDate: date, note: 'Staff training' });

    const refused = await booking(p.key, at(date, '11:00'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This provider is not available on this day. Please choose another date');
    const owner = (await send('GET', `${p.base}/schedule`, p.cookie)).json();
    expect(owner.timeOff).toEqual([{ id: add.json().id, startDate: date, endDate: date, note: 'Staff training' }]);
    // The public sees a day without slots, never the note.
    expect((await send('GET', `${p.base}/schedule`)).json()).not.toHaveProperty('timeOff');

    expect((await send('DELETE', `${p.base}/time-off/${add.json().id}`, other)).statusCode).toBe(403);
    expect((await send('DELETE', `${p.base}/time-off/${add.json().id}`, p.cookie)).statusCode).toBe(204);
    expect((await send('DELETE', `${p.base}/time-off/${add.json().id}`, p.cookie)).statusCode).toBe(404);
    expect((await booking(p.key, at(date, '11:00'))).statusCode).toBe(201);
  });

  it('refuses time off that ends before it starts, or in the past', async () => {
    const p = await provider('professional');
    const backwards = await send('POST', `${p.base}/time-off`, p.cookie, { startDate: '2030-01-10', endDate: '2030-01-05' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ endDate: 'Please choose a start date and an end date on or after it' });
    const past = await send('POST', `${p.base}/time-off`, p.cookie, { startDate: '2020-01-01', endDate: '2020-01-02' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ endDate: 'Time off must end today or later' });
  });
});

describe('booking modes', () => {
  it('instant confirms at once, request waits as pending, directory only refuses online booking', async () => {
    const date = nextWeekday(1, 8);
    const instant = await provider('professional', 'instant');
    const a = await booking(instant.key, at(date, '09:00'));
    expect(a.statusCode).toBe(201);
    expect(a.json().status).toBe('confirmed');

    const request = await provider('institution', 'request');
    const b = await booking(request.key, at(date, '09:00'));
    expect(b.statusCode).toBe(201);
    expect(b.json().status).toBe('pending');

    const directory = await provider('professional', 'directory');
    const c = await booking(directory.key, at(date, '09:00'));
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe('This provider does not take online bookings. Please call them to book');
    const day = (await send('GET', `${directory.base}/availability?date=${date}`)).json();
    expect(day.slots.some((s: { available: boolean }) => s.available)).toBe(false);
    expect((await send('GET', `${directory.base}/schedule`)).json()).toMatchObject({ bookingMode: 'directory' });
  });
});

describe('search by availability', () => {
  it('filters by a next free slot before a day\'s end, counts each window and sorts soonest first', async () => {
    const lagosDate = (days: number) => new Date(Date.now() + 3600_000 + days * 86400_000).toISOString().slice(0, 10);
    const make = async (firstName: string, bookingMode: 'request' | 'directory', offDays: number) => {
      const p = await createProfessional(ctx.sql, { bookingMode, specialty: 'Dermatology', user: { firstName, lastName: 'Availsearch' } });
      if (offDays) await ctx.sql`INSERT INTO time_off (professional_id, start_date, end_date) VALUES (${p.id}, ${lagosDate(0)}, ${lagosDate(offDays - 1)})`;
      return p;
    };
    // Off today: free tomorrow 09:00. Off four days: free on the fifth. Directory only: no slot.
    const tomorrow = await make('Tomi', 'request', 1);
    const later = await make('Laide', 'request', 4);
    const never = await make('Dayo', 'directory', 0);
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });

    const search = async (qs: string) => (await send('GET', `/api/professionals/search?query=Availsearch&${qs}`)).json();
    const all = await search('sort=soonest');
    expect(all.hits.map((h: { id: string }) => h.id)).toEqual([String(tomorrow.id), String(later.id), String(never.id)]);
    expect(all.hits[0].nextSlot).toBe(Date.parse(`${lagosDate(1)}T09:00:00+01:00`) / 1000);
    expect(all.hits[2]).toMatchObject({ bookingMode: 'directory' });
    expect(all.hits[2]).not.toHaveProperty('nextSlot');
    expect(all.facets.availability).toEqual([
      { value: 'today', count: 0 },
      { value: '3days', count: 1 },
      { value: 'week', count: 2 },
    ]);
    const soon = await search('availability=3days');
    expect(soon.found).toBe(1);
    expect(soon.hits[0].id).toBe(String(tomorrow.id));
    // The window's own counts ignore the window chosen.
    expect(soon.facets.availability[2]).toEqual({ value: 'week', count: 2 });
    expect((await send('GET', '/api/professionals/search?availability=someday')).statusCode).toBe(400);
  });
});

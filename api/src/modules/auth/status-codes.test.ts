import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, type TestContext } from '../../../../test/support';
import { bookingBody, callApi, createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

// D9, route by route (issue 34): signed out 401, a wrong role 403, another user's private
// resource 404, and a caller who may not edit a profile is refused before its body is read.

let ctx: TestContext;
const cookies: Record<string, string> = {};
let patient: TestUser;
let pro: { id: number; user: TestUser };
let inst: { id: number; user: TestUser };
let appointmentId: number;

const signIn = async (u: TestUser) => login(ctx.app, u.email, u.password);

beforeAll(async () => {
  ctx = await createTestContext();
  patient = await createUser(ctx.sql, { firstName: 'Amaka' });
  pro = await createProfessional(ctx.sql);
  inst = await createInstitution(ctx.sql);
  const others = {
    otherPatient: await createUser(ctx.sql),
    otherPro: (await createProfessional(ctx.sql)).user,
    otherInst: (await createInstitution(ctx.sql)).user,
    admin: await createUser(ctx.sql, { userType: 'admin' }),
  };
  for (const [name, u] of Object.entries({ patient, pro: pro.user, inst: inst.user, ...others })) cookies[name] = await signIn(u);
  const day = lagosDateTimeParts(new Date(Date.now() + 6 * 86400_000)).date;
  const booked = await callApi(ctx.app, 'POST', '/api/appointments', cookies.patient, bookingBody(pro.id, lagosTimestamp(day, '10:00')));
  expect(booked.statusCode).toBe(201);
  appointmentId = booked.json().id;
});
afterAll(async () => ctx?.close());

type Row = [caller: string | undefined, method: string, path: string, body: unknown, status: number];

/** The path with this file's ids in place of :patient, :pro, :inst and :appointment. */
const url = (path: string) =>
  path
    .replace(':patient', patient.id)
    .replace(':pro', String(pro.id))
    .replace(':inst', String(inst.id))
    .replace(':appointment', String(appointmentId));

/** Who calls, what, with which body, and the status D9 gives it. */
const table: Row[] = [
  // Another user's appointment list: 404 (was 403).
  ['otherPatient', 'GET', '/api/appointments/patient/:patient', undefined, 404],
  ['pro', 'GET', '/api/appointments/patient/:patient', undefined, 404],
  ['inst', 'GET', '/api/appointments/patient/:patient', undefined, 404],
  ['patient', 'GET', '/api/appointments/patient/:patient', undefined, 200],
  ['admin', 'GET', '/api/appointments/patient/:patient', undefined, 200],
  [undefined, 'GET', '/api/appointments/patient/:patient', undefined, 401],
  ['otherPro', 'GET', '/api/appointments/professional/:pro', undefined, 404],
  ['patient', 'GET', '/api/appointments/professional/:pro', undefined, 404],
  ['pro', 'GET', '/api/appointments/professional/:pro', undefined, 200],
  ['otherInst', 'GET', '/api/appointments/institution/:inst', undefined, 404],
  ['patient', 'GET', '/api/appointments/institution/:inst', undefined, 404],
  ['inst', 'GET', '/api/appointments/institution/:inst', undefined, 200],
  // Another user's appointment status change: 404 (was 403), as for one that does not exist.
  ['otherPatient', 'PUT', '/api/appointments/:appointment/status', { status: 'cancelled' }, 404],
  ['otherPro', 'PUT', '/api/appointments/:appointment/status', { status: 'confirmed' }, 404],
  ['inst', 'PUT', '/api/appointments/:appointment/status', { status: 'confirmed' }, 404],
  ['otherPatient', 'PUT', '/api/appointments/999999/status', { status: 'cancelled' }, 404],
  [undefined, 'PUT', '/api/appointments/:appointment/status', { status: 'cancelled' }, 401],
  // A wrong role on the own-profile calls: 403 (was 404 "profile not found"), whatever the body.
  ['patient', 'PUT', '/api/professionals/photo', { profileImageUrl: null }, 403],
  ['inst', 'PUT', '/api/professionals/photo', { profileImageUrl: null }, 403],
  ['admin', 'PUT', '/api/professionals/photo', { profileImageUrl: 'not a url' }, 403],
  [undefined, 'PUT', '/api/professionals/photo', { profileImageUrl: null }, 401],
  ['patient', 'PUT', '/api/professionals/countries', ['Nigeria'], 403],
  ['inst', 'PUT', '/api/professionals/countries', ['Nigeria'], 403],
  ['admin', 'PUT', '/api/professionals/countries', ['Atlantis'], 403],
  [undefined, 'PUT', '/api/professionals/countries', ['Nigeria'], 401],
  ['patient', 'PUT', '/api/institutions/photo', { profileImageUrl: null }, 403],
  ['pro', 'PUT', '/api/institutions/photo', { profileImageUrl: null }, 403],
  // A stranger's partial body: 403 before any body validation (was 400).
  ['otherPro', 'PUT', '/api/professionals/:pro', { bio: 'Edited by a stranger' }, 403],
  ['patient', 'PUT', '/api/professionals/:pro', {}, 403],
  ['inst', 'PUT', '/api/professionals/:pro', { title: 'x' }, 403],
  ['otherInst', 'PUT', '/api/institutions/:inst', { name: 'Taken over' }, 403],
  [undefined, 'PUT', '/api/professionals/:pro', { bio: 'x' }, 401],
  ['otherPro', 'PUT', '/api/professionals/999999', { bio: 'x' }, 404],
  // The owner with the same partial body learns the rules: 400 naming the fields.
  ['pro', 'PUT', '/api/professionals/:pro', { bio: 'Edited by its owner' }, 400],
  ['admin', 'PUT', '/api/professionals/:pro', { bio: 'Edited by an admin' }, 400],
];

describe('D9 status codes, route by route', () => {
  it.each(table.map((row) => [`${row[0] ?? 'signed out'}: ${row[1]} ${row[2]} -> ${row[4]}`, row] as const))(
    '%s',
    async (_name, [caller, method, path, body, status]) => {
      const res = await callApi(ctx.app, method, url(path), caller ? cookies[caller] : undefined, body);
      expect(res.statusCode, res.body).toBe(status);
      if (status >= 400) expect(res.json()).toHaveProperty('message');
      if (status === 400) expect(Object.keys(res.json().fields ?? {})).not.toHaveLength(0);
    },
  );

  it('changed nothing it refused', async () => {
    const [row] = await ctx.sql`SELECT status FROM appointments WHERE id = ${appointmentId}`;
    expect(row.status).toBe('pending');
    const [profile] = await ctx.sql`SELECT bio FROM professionals WHERE id = ${pro.id}`;
    expect(profile.bio).not.toMatch(/stranger/);
    const [institution] = await ctx.sql`SELECT name FROM institutions WHERE id = ${inst.id}`;
    expect(institution.name).not.toBe('Taken over');
  });
});

/**
 * Fuzzing bookings (create, change of status) and reviews: generated junk never
 * gets a 5xx, a refusal is 4xx JSON with a message, and a refused request
 * writes nothing (no appointment, review or outbox event).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, type TestContext } from '../support';
import { createInstitution, createProfessional, createUser, login } from '../factories';
import { fuzz, junkId, reachedPastFirstCheck } from './fuzz-support';

let ctx: TestContext;
let proId: number;
let instId: number;
let appointmentId: number;
let patientCookie = '';
let proCookie = '';

const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

beforeAll(async () => {
  // Hundreds of bookings and reviews by one account: far above what a person is allowed.
  ctx = await createTestContext({ requestLimits: { booking: { max: 1_000_000 }, review: { max: 1_000_000 } } });
  const patient = await createUser(ctx.sql, { password: 'correct-horse-1' });
  const pro = await createProfessional(ctx.sql);
  const inst = await createInstitution(ctx.sql);
  proId = pro.id;
  instId = inst.id;
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: booking(5),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  appointmentId = booked.json().id;
});
afterAll(() => ctx?.close());

function booking(days: number) {
  return {
    appointmentType: 'consultation',
    patientName: 'Adaeze Okonkwo',
    patientEmail: 'adaeze@example.ng',
    patientPhone: '0803 123 4567',
    reasonForVisit: 'Chest pain when climbing stairs',
    appointmentDate: lagosTimestamp(lagosDate(days), '10:00'),
    professionalId: proId,
    institutionId: null,
  };
}

describe('fuzzing bookings and reviews', { timeout: 120_000 }, () => {
  test('POST /api/appointments', async () => {
    const summary = await fuzz(ctx, { method: 'POST', url: '/api/appointments', valid: booking(9), cookie: () => patientCookie });
    reachedPastFirstCheck(summary);
    // The same booking for an institution: the other target.
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'POST',
        url: '/api/appointments',
        valid: { ...booking(12), professionalId: null, institutionId: instId },
        cookie: () => patientCookie,
        numRuns: 100,
      }),
    );
  });

  test('PUT /api/appointments/{id}/status', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'PUT',
        url: fc.oneof(
          { weight: 3, arbitrary: fc.constant(0).map(() => `/api/appointments/${appointmentId}/status`) },
          { weight: 1, arbitrary: junkId.map((id) => `/api/appointments/${id}/status`) },
        ),
        valid: { status: 'confirmed' },
        cookie: () => proCookie,
      }),
    );
  });

  test('POST /api/reviews', async () => {
    reachedPastFirstCheck(
      await fuzz(ctx, {
        method: 'POST',
        url: '/api/reviews',
        valid: { rating: 5, comment: 'Kind and thorough; explained everything.', professionalId: proId, institutionId: null },
        cookie: () => patientCookie,
      }),
    );
  });
});

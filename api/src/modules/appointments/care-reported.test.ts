// Issue 45: a patient's own appointment list says whether they already answered "How was your visit?",
// so My Appointments does not offer the question twice; a provider's list never says which patients did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('careReported on the appointment lists', () => {
  it('is false before the report and true after it on the patient list, absent on the provider list', async () => {
    const doctor = await createProfessional(ctx.sql);
    const p = await createUser(ctx.sql);
    const cookie = await login(ctx.app, p.email, p.password);
    const [row] = await ctx.sql<{ id: number }[]>`
      INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${p.id}, ${doctor.id}, 'consultation', now() - interval '2 days', 'completed', 'Adaeze Okonkwo', 'adaeze@example.ng', '0803 123 4567')
      RETURNING id`;
    const mine = async () => {
      const res = await callApi(ctx.app, 'GET', `/api/appointments/patient/${p.id}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number; careReported?: boolean }[]).find((a) => a.id === row!.id);
    };
    expect((await mine())?.careReported).toBe(false);

    const sent = await callApi(ctx.app, 'POST', `/api/professionals/${doctor.id}/care-reports`, cookie, { appointmentId: row!.id, wasOpen: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await mine())?.careReported).toBe(true);

    const doctorCookie = await login(ctx.app, doctor.user.email, doctor.user.password);
    const theirs = await callApi(ctx.app, 'GET', `/api/appointments/professional/${doctor.id}`, doctorCookie);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const item = (theirs.json() as Record<string, unknown>[]).find((a) => a.id === row!.id);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('careReported');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, INSTITUTION_CONTACT_EMAIL, login, type TestUser } from '../../../../test/factories';
import { readMails, type ReadMail } from '../../../../test/mail';

/**
 * Booking and status changes reach people through the real outbox relay, notify
 * worker and mail worker (.eml files in DATA_DIR/outbox when no SMTP_URL is set).
 */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;
let inst: { id: number; user: TestUser };

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
  pro = await createProfessional(ctx.sql, { title: 'Dr.', user: { email: 'chinedu.okafor@example.ng' } });
  inst = await createInstitution(ctx.sql, { name: 'Lagoon General Hospital' });
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => ctx.close());

const mailsTo = async (to: string, subjectStart: string) =>
  (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(to) && m.subject.startsWith(subjectStart));

async function waitForMail(to: string, subjectStart: string): Promise<ReadMail> {
  const found = await eventually(async () => {
    const list = await mailsTo(to, subjectStart);
    return list.length ? list : null;
  }, 10000);
  return found![0]!;
}

async function book(date: string, time: string, target: Record<string, number | null>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: {
      appointmentType: 'follow-up',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze.patient@example.ng',
      patientPhone: '0803 123 4567',
      reasonForVisit: 'Blood pressure review',
      appointmentDate: lagosTimestamp(date, time),
      professionalId: null,
      institutionId: null,
      ...target,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe('appointment notifications', () => {
  it('mails the patient (with an .ics in WAT) and the professional when a booking is made', async () => {
    const date = lagosDate(5);
    await book(date, '10:30', { professionalId: pro.id });

    const patientMail = await waitForMail('adaeze.patient@example.ng', 'Appointment requested');
    expect(patientMail.subject).toContain('Dr. Chinedu Okafor');
    expect(patientMail.subject).toContain('10:30 WAT');
    expect(patientMail.text).toContain('Hello Adaeze Okonkwo');
    const ics = patientMail.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toContain('text/calendar');
    expect(ics!.content).toContain(`DTSTART;TZID=Africa/Lagos:${date.replace(/-/g, '')}T103000`);
    expect(ics!.content).toContain(`DTEND;TZID=Africa/Lagos:${date.replace(/-/g, '')}T110000`);
    expect(ics!.content).toContain('TZNAME:WAT');
    expect(ics!.content).toContain('STATUS:TENTATIVE');

    const providerMail = await waitForMail('chinedu.okafor@example.ng', 'New appointment request');
    expect(providerMail.text).toContain('Patient: Adaeze Okonkwo');
    expect(providerMail.text).toContain('Reason for visit: Blood pressure review');
  });

  it('instant booking (issue 17): the patient hears "confirmed" at once, the provider of a new appointment, and the reminder is due', async () => {
    const instant = await createProfessional(ctx.sql, {
      title: 'Dr.',
      bookingMode: 'instant',
      user: { firstName: 'Kemi', lastName: 'Instant', email: 'kemi.instant@example.ng' },
    });
    const date = lagosDate(8);
    // Its own patient address: the other tests look for "Appointment confirmed" at theirs.
    const id = await book(date, '11:00', { professionalId: instant.id, patientEmail: 'kemi.patient@example.ng' } as never);
    const patientMail = await waitForMail('kemi.patient@example.ng', 'Appointment confirmed: Dr. Kemi Instant');
    expect(patientMail.text).toContain('has been confirmed');
    const providerMail = await waitForMail('kemi.instant@example.ng', 'New appointment:');
    expect(providerMail.text).toContain('You have a new appointment (instant booking: confirmed).');
    const reminders = await eventually(async () => {
      const jobs = await ctx.queues.reminders.getJobs(['delayed', 'waiting']);
      return jobs.some((j) => String(j.id).startsWith(`reminder-${id}-`)) ? jobs : null;
    }, 5000);
    expect(reminders).toBeTruthy();
  });

  it('mails the patient when the provider confirms, and the provider when the patient cancels', async () => {
    const date = lagosDate(6);
    const id = await book(date, '14:00', { professionalId: pro.id });
    const confirm = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}/status`,
      headers: { cookie: proCookie },
      payload: { status: 'confirmed' },
    });
    expect(confirm.statusCode).toBe(200);
    const confirmed = await waitForMail('adaeze.patient@example.ng', 'Appointment confirmed');
    expect(confirmed.subject).toContain('14:00 WAT');
    expect(confirmed.attachments[0]!.content).toContain('STATUS:CONFIRMED');

    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}/status`,
      headers: { cookie: patientCookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await waitForMail('adaeze.patient@example.ng', 'Appointment cancelled');
    expect(cancelled.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancelled.attachments[0]!.content).toContain('STATUS:CANCELLED');
    // RFC 5546: a cancellation names its organizer, or calendars ignore it; never by the provider's sign-in
    // address (D18): this professional gave no public contact e-mail, so our own sender stands in.
    expect(cancelled.attachments[0]!.content).toContain('ORGANIZER;CN="Dr. Chinedu Okafor":mailto:no-reply@ilera.ng');
    expect(cancelled.attachments[0]!.content).not.toContain('chinedu.okafor@example.ng');
    expect(cancelled.attachments[0]!.content).toContain(`UID:appointment-${id}@ilera.ng`);
    const toProvider = await waitForMail('chinedu.okafor@example.ng', 'Appointment cancelled');
    expect(toProvider.text).toContain('has cancelled their appointment');
  });

  it("mails an institution's contact address when it is booked", async () => {
    await book(lagosDate(7), '09:00', { institutionId: inst.id });
    // Its public contact e-mail (D18), which differs from its account's sign-in e-mail.
    const m = await waitForMail(INSTITUTION_CONTACT_EMAIL, 'New appointment request');
    expect(m.text).toContain('Hello Lagoon General Hospital');
    // The patient's calendar entry names the institution by its public contact e-mail, not its sign-in one.
    const toPatient = await eventually(
      async () => (await mailsTo('adaeze.patient@example.ng', 'Appointment requested')).find((x) => x.subject.includes('Lagoon General Hospital')) ?? null,
      10000,
    );
    const ics = toPatient!.attachments.find((a) => a.filename.endsWith('.ics'))!.content;
    expect(ics).toContain(`ORGANIZER;CN="Lagoon General Hospital":mailto:${INSTITUTION_CONTACT_EMAIL}`);
  });

  it('logs no patient data', async () => {
    const logs = ctx.logs.join('\n');
    expect(logs).not.toContain('adaeze.patient@example.ng');
    expect(logs).not.toContain('Adaeze Okonkwo');
    expect(logs).not.toContain('0803 123 4567');
    expect(logs).not.toContain('Blood pressure review');
  });
});

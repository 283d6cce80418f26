// Issue 14 / D21: every role's account: name and phone, sign out everywhere,
// data export, deletion with the password; and "My bookings" for every role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';
import { readMails } from '../../../../test/mail';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
});
afterAll(async () => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);

const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

async function book(cookie: string, target: { professionalId?: number; institutionId?: number }, days: number, name: string) {
  const res = await call('POST', '/api/appointments', cookie, {
    appointmentType: 'consultation',
    patientName: name,
    patientEmail: 'booked.for@example.ng',
    patientPhone: '0803 123 4567',
    reasonForVisit: 'Persistent cough',
    appointmentDate: lagosTimestamp(lagosDate(days), '10:00'),
    professionalId: target.professionalId ?? null,
    institutionId: target.institutionId ?? null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('account calls', () => {
  it('every call answers 401 signed out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/account'],
      ['PUT', '/api/account', { firstName: 'Ada', lastName: 'Obi', phone: '0803 123 4567' }],
      ['POST', '/api/account/sign-out-everywhere'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account', { password: 'correct-horse-battery' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('every role reads and edits its own name and phone; bad values are refused on the field', async () => {
    const pro = await createProfessional(ctx.sql);
    const inst = await createInstitution(ctx.sql);
    const users: TestUser[] = [await createUser(ctx.sql), pro.user, inst.user, await createUser(ctx.sql, { userType: 'admin' })];
    for (const user of users) {
      const cookie = await login(ctx.app, user.email, user.password);
      const me = await call('GET', '/api/account', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: user.email, userType: user.userType, phone: '0803 123 4567' });
      const put = await call('PUT', '/api/account', cookie, { firstName: 'Tolu', lastName: 'Ade', phone: '+234 805 000 1111' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ firstName: 'Tolu', lastName: 'Ade', phone: '+234 805 000 1111' });
      expect((await call('GET', '/api/auth/user', cookie)).json()).toMatchObject({ firstName: 'Tolu', lastName: 'Ade' });
    }
    const cookie = await login(ctx.app, users[0]!.email, users[0]!.password);
    const bad = await call('PUT', '/api/account', cookie, { firstName: 'T', lastName: 'Ade', phone: '0803' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      firstName: 'First name must be at least 2 characters',
      phone: 'Phone number must be at least 10 digits',
    });
    expect((await call('GET', '/api/account', cookie)).json().firstName).toBe('Tolu');
  });

  it('sign out everywhere ends every session of the user, and only theirs', async () => {
    const user = await createUser(ctx.sql);
    const other = await createUser(ctx.sql);
    const phone = await login(ctx.app, user.email, user.password);
    const laptop = await login(ctx.app, user.email, user.password);
    const otherCookie = await login(ctx.app, other.email, other.password);
    const res = await call('POST', '/api/account/sign-out-everywhere', laptop);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', otherCookie)).statusCode).toBe(200);
    await login(ctx.app, user.email, user.password);
  });
});

describe('my bookings for every role', () => {
  it('a professional who booked as a patient sees that booking; a patient who becomes a professional keeps theirs', async () => {
    const doctor = await createProfessional(ctx.sql);
    const nurse = await createProfessional(ctx.sql, { professionalType: 'nurse', specialty: 'General Nursing', title: 'Mrs.' });
    const nurseCookie = await login(ctx.app, nurse.user.email, nurse.user.password);
    const id = await book(nurseCookie, { professionalId: doctor.id }, 3, 'Nurse Booking');
    const mine = await call('GET', `/api/appointments/patient/${nurse.user.id}`, nurseCookie);
    expect(mine.json().map((a: { id: number }) => a.id)).toEqual([id]);

    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    const booked = await book(cookie, { professionalId: doctor.id }, 4, 'Future Doctor');
    const setup = await call('POST', '/api/professionals', cookie, {
      professionalType: 'doctor',
      title: 'Dr.',
      specialty: 'Pediatrics',
      yearsOfExperience: 2,
      education: 'MBBS, University of Ibadan (2022)',
      bio: 'Newly qualified doctor interested in child health.',
      city: 'Ibadan',
      state: 'Oyo',
    });
    expect(setup.statusCode, setup.body).toBe(201);
    expect((await call('GET', '/api/auth/user', cookie)).json().userType).toBe('professional');
    const kept = await call('GET', `/api/appointments/patient/${patient.id}`, cookie);
    expect(kept.json().map((a: { id: number }) => a.id)).toEqual([booked]);
    // Still nobody else's business (D9).
    expect((await call('GET', `/api/appointments/patient/${patient.id}`, nurseCookie)).statusCode).toBe(404);
  });
});

describe('download my data and delete my account (D21)', () => {
  it("the export holds the user's own data and nothing secret or anyone else's", async () => {
    const pro = await createProfessional(ctx.sql, { user: { firstName: 'Emeka' } });
    const user = await createUser(ctx.sql, { firstName: 'Kemi', lastName: 'Lawal' });
    const other = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    const otherCookie = await login(ctx.app, other.email, other.password);
    const appointment = await book(cookie, { professionalId: pro.id }, 5, 'Kemi Lawal');
    await book(otherCookie, { professionalId: pro.id }, 6, 'Someone Else');
    const review = await call('POST', '/api/reviews', cookie, { professionalId: pro.id, rating: 4, comment: 'Kind and thorough.' });
    expect(review.statusCode, review.body).toBe(201);
    expect((await call('PUT', `/api/saved-providers/professional/${pro.id}`, cookie)).statusCode).toBe(201);
    expect((await call('PUT', `/api/saved-providers/professional/${pro.id}`, otherCookie)).statusCode).toBe(201);

    const res = await call('GET', '/api/account/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.account).toMatchObject({ id: user.id, email: user.email, firstName: 'Kemi', lastName: 'Lawal' });
    expect(data.appointments.map((a: { id: number }) => a.id)).toEqual([appointment]);
    expect(data.appointments[0]).toMatchObject({ patientName: 'Kemi Lawal', reasonForVisit: 'Persistent cough' });
    expect(data.reviews).toEqual([expect.objectContaining({ professionalId: pro.id, rating: 4, comment: 'Kind and thorough.' })]);
    expect(data.savedProviders).toEqual([{ professionalId: pro.id, institutionId: null, createdAt: expect.any(String) }]);
    expect(res.body).not.toContain('Someone Else');
    expect(res.body).not.toMatch(/argon2|password/i);
    const proExport = (await call('GET', '/api/account/export', await login(ctx.app, pro.user.email, pro.user.password))).json();
    expect(proExport.professional).toMatchObject({ id: pro.id, specialty: 'Cardiology' });
  });

  it('deleting needs the password; then future appointments are cancelled and providers told, reviews stay as "Former patient", and sign-in is impossible', async () => {
    const pro = await createProfessional(ctx.sql, { user: { email: `dr-${Date.now()}@example.ng` } });
    const user = await createUser(ctx.sql, { firstName: 'Musa', lastName: 'Garba' });
    const cookie = await login(ctx.app, user.email, user.password);
    const future = await book(cookie, { professionalId: pro.id }, 7, 'Musa Garba');
    const review = await call('POST', '/api/reviews', cookie, { professionalId: pro.id, rating: 5, comment: 'Excellent care.' });
    expect(review.statusCode).toBe(201);

    const missing = await call('DELETE', '/api/account', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password).toBe('Enter your password to delete your account');
    const wrong = await call('DELETE', '/api/account', cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('Password is incorrect');
    expect((await call('GET', '/api/account', cookie)).statusCode).toBe(200);

    const searchEvents = async () =>
      (await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE topic = 'search.professional' AND (payload ->> 'id')::int = ${pro.id}`)[0]!.n;
    const before = await searchEvents();
    const res = await call('DELETE', '/api/account', cookie, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    // Issue 17: the freed slot is the provider's to offer again: its search document is recomputed.
    expect(await searchEvents()).toBe(before + 1);

    expect((await call('GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/auth/login', undefined, { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(401);

    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    const list = (await call('GET', `/api/appointments/professional/${pro.id}`, proCookie)).json();
    const appt = list.find((a: { id: number }) => a.id === future);
    expect(appt).toMatchObject({ status: 'cancelled', patientName: 'Former patient', patientEmail: '', patientPhone: '' });

    const reviews = (await call('GET', `/api/reviews/professional/${pro.id}`)).json();
    const kept = (Array.isArray(reviews) ? reviews : reviews.items).find((r: { comment: string }) => r.comment === 'Excellent care.');
    expect(kept.reviewer).toEqual({ firstName: 'Former patient', lastName: null });

    const mail = await eventually(async () => {
      const mails = await readMails(ctx.config.dataDir, ctx.queues.mail);
      return mails.find((m) => m.to.includes(pro.user.email) && m.subject.startsWith('Appointment cancelled'));
    }, 10000);
    expect(mail!.subject).toContain('Musa Garba');
    expect(mail!.text).toContain('closed their Ilera account');
  });

  it("the export holds a provider's time off (issue 34)", async () => {
    const pro = await createProfessional(ctx.sql);
    await ctx.sql`INSERT INTO time_off (professional_id, start_date, end_date, note) VALUES (${pro.id}, ${lagosDate(3)}, ${lagosDate(5)}, 'Conference')`;
    const other = await createProfessional(ctx.sql);
    await ctx.sql`INSERT INTO time_off (professional_id, start_date, end_date, note) VALUES (${other.id}, ${lagosDate(3)}, ${lagosDate(4)}, 'Not yours')`;
    const data = (await call('GET', '/api/account/export', await login(ctx.app, pro.user.email, pro.user.password))).json();
    expect(data.timeOff).toEqual([expect.objectContaining({ professionalId: pro.id, startDate: lagosDate(3), endDate: lagosDate(5), note: 'Conference' })]);
    const patient = await createUser(ctx.sql);
    expect((await call('GET', '/api/account/export', await login(ctx.app, patient.email, patient.password))).json().timeOff).toEqual([]);
  });

  it("a deleted patient's past visit answers patientId null, and their review keeps the verified visit it was written with (issue 34)", async () => {
    const pro = await createProfessional(ctx.sql);
    const user = await createUser(ctx.sql, { firstName: 'Ngozi', lastName: 'Eze' });
    const [visit] = await ctx.sql<{ id: number }[]>`
      INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${user.id}, ${pro.id}, 'consultation', ${lagosTimestamp(lagosDate(-3), '10:00')}, 'completed', 'Ngozi Eze', 'ngozi@example.ng', '0803 123 4567')
      RETURNING id`;
    const cookie = await login(ctx.app, user.email, user.password);
    const review = await call('POST', '/api/reviews', cookie, { professionalId: pro.id, rating: 5, comment: 'Seen on time, clear advice.' });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().verifiedVisit).toBe(true);
    expect((await call('DELETE', '/api/account', cookie, { password: user.password })).statusCode).toBe(200);

    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    const list = (await call('GET', `/api/appointments/professional/${pro.id}`, proCookie)).json();
    expect(list.find((a: { id: number }) => a.id === visit!.id)).toMatchObject({ patientId: null, patientName: 'Former patient', status: 'completed' });
    const reviews = (await call('GET', `/api/reviews/professional/${pro.id}`)).json();
    const kept = (Array.isArray(reviews) ? reviews : reviews.items).find((r: { comment: string }) => r.comment === 'Seen on time, clear advice.');
    expect(kept).toMatchObject({ reviewer: { firstName: 'Former patient', lastName: null }, verifiedVisit: true });
  });

  it('a provider deleting its account leaves the directory; its patients are told', async () => {
    const inst = await createInstitution(ctx.sql, { name: `Closing Clinic ${Date.now()}` });
    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    await book(cookie, { institutionId: inst.id }, 8, 'Bisi Patient');
    const instCookie = await login(ctx.app, inst.user.email, inst.user.password);
    expect((await call('DELETE', '/api/account', instCookie, { password: inst.user.password })).statusCode).toBe(200);
    expect((await call('GET', `/api/institutions/${inst.id}`)).statusCode).toBe(404);
    const mail = await eventually(async () => {
      const mails = await readMails(ctx.config.dataDir, ctx.queues.mail);
      return mails.find((m) => m.to.includes('booked.for@example.ng') && m.subject.startsWith('Appointment cancelled: Closing Clinic'));
    }, 10000);
    expect(mail!.text).toMatch(/no longer\s+listed on Ilera/);
  });
  it("the mails of a deletion are in each recipient's account language (issue 50): Hausa, Yorùbá, English as it was", async () => {
    const stamp = Date.now();
    const pro = await createProfessional(ctx.sql, { user: { email: `dr-yo-${stamp}@example.ng` } });
    await ctx.sql`UPDATE users SET language = 'yo' WHERE id = ${pro.user.id}`;
    const inst = await createInstitution(ctx.sql, { name: `Ile Clinic ${stamp}` });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${inst.user.id}`;
    const patient = await createUser(ctx.sql, { firstName: 'Musa', lastName: 'Bello', email: `musa-${stamp}@example.ng` });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${patient.id}`;
    const other = await createUser(ctx.sql, { firstName: 'Ada', email: `ada-${stamp}@example.ng` });
    const visit = async (who: TestUser, email: string, target: string, id: number) => {
      await ctx.sql`
        INSERT INTO appointments (patient_id, ${ctx.sql(target)}, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
        VALUES (${who.id}, ${id}, 'consultation', '2099-03-12T10:00:00+01:00', 'pending', ${who.firstName + ' ' + who.lastName}, ${email}, '0803 123 4567')`;
    };
    await visit(patient, patient.email, 'professional_id', pro.id);
    await visit(other, other.email, 'institution_id', inst.id);
    const mailTo = (email: string, subject: string) =>
      eventually(async () => (await readMails(ctx.config.dataDir, ctx.queues.mail)).find((m) => m.to.includes(email) && m.subject.startsWith(subject)), 10000);

    // A Hausa patient closes their account: their last mail is in Hausa, the Yorùbá doctor's in Yorùbá.
    expect((await call('DELETE', '/api/account', await login(ctx.app, patient.email, patient.password), { password: patient.password })).statusCode).toBe(200);
    const gone = (await mailTo(patient.email, 'An goge'))!;
    expect(gone.subject).toBe('An goge asusunku na Ilera');
    expect(gone.text.replace(/\s+/g, ' ').trim()).toBe(
      'Sannu Musa, An goge asusunku na Ilera da bayanan da ke cikinsa, kamar yadda kuka nema. An soke alƙawuranku masu zuwa kuma an ' +
        'sanar da masu ba da kulawa. Sharhin da kuka rubuta za su ci gaba da kasancewa, da sunan "tsohon mara lafiya". Ƙungiyar Ilera',
    );
    const told = (await mailTo(pro.user.email, 'A ti fagilé'))!;
    expect(told.subject).toBe('A ti fagilé ìpàdé: Musa Bello, Ọjọ́bọ, 12 Oṣù Ẹrẹ̀nà 2099, 10:00 WAT');
    expect(told.text.replace(/\s+/g, ' ')).toContain(
      'Ẹ n lẹ́ o, A ti fagilé ìpàdé Musa Bello pẹ̀lú Dr. Chinedu Okafor ní Ọjọ́bọ, 12 Oṣù Ẹrẹ̀nà 2099, 10:00 WAT: aláìsàn náà ti pa àkáǹtì Ilera rẹ̀ dé. ' +
        'Àkókò náà ti ṣí sílẹ̀ padà.',
    );
    expect(told.text).toContain(`Àwọn ìpàdé yín: ${ctx.config.appUrl}/appointments`);

    // The Hausa institution closes its account: its own mail is in Hausa, the English patient's as it always was.
    expect((await call('DELETE', '/api/account', await login(ctx.app, inst.user.email, inst.user.password), { password: inst.user.password })).statusCode).toBe(200);
    expect((await mailTo(inst.user.email, 'An goge'))!.subject).toBe('An goge asusunku na Ilera');
    const english = (await mailTo(other.email, 'Appointment cancelled'))!;
    expect(english.subject).toBe(`Appointment cancelled: Ile Clinic ${stamp}, Thu, 12 Mar 2099 at 10:00 WAT`);
    expect(english.text.replace(/\s+/g, ' ')).toContain(
      `Hello Ada ${other.lastName}, Your appointment with Ile Clinic ${stamp} on Thu, 12 Mar 2099 at 10:00 WAT has been cancelled: the provider is no longer listed on Ilera. ` +
        `Find another provider: ${ctx.config.appUrl}/search`,
    );
  });

  it('a Hausa patient is told in Hausa that their provider left (issue 50)', async () => {
    const name = `Asibitin Kano ${Date.now()}`;
    const inst = await createInstitution(ctx.sql, { name });
    const patient = await createUser(ctx.sql, { firstName: 'Hauwa', lastName: 'Sani' });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${patient.id}`;
    await ctx.sql`
      INSERT INTO appointments (patient_id, institution_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${patient.id}, ${inst.id}, 'consultation', '2099-03-12T10:00:00+01:00', 'confirmed', 'Hauwa Sani', ${patient.email}, '0803 123 4567')`;
    expect((await call('DELETE', '/api/account', await login(ctx.app, inst.user.email, inst.user.password), { password: inst.user.password })).statusCode).toBe(200);
    const mail = (await eventually(
      async () => (await readMails(ctx.config.dataDir, ctx.queues.mail)).find((m) => m.to.includes(patient.email)),
      10000,
    ))!;
    expect(mail.subject).toBe(`An soke alƙawari: ${name}, Alhamis 12 Maris, 2099, ƙarfe 10:00 WAT`);
    expect(mail.text.replace(/\s+/g, ' ').trim()).toBe(
      `Sannu Hauwa Sani, An soke alƙawarinku da ${name} na ranar Alhamis 12 Maris, 2099, ƙarfe 10:00 WAT: mai ba da kulawar ba ya cikin Ilera kuma. ` +
        `Ku nemi wani mai ba da kulawa: ${ctx.config.appUrl}/search Ƙungiyar Ilera`,
    );
  });
});

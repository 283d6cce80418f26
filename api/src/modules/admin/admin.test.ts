import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_FOR_USER_TYPE_MESSAGE } from '@ilera/contracts';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import {
  cookieFrom,
  createInstitution,
  createProfessional,
  createUser,
  login,
  type TestUser,
} from '../../../../test/factories';
import { readMails, type ReadMail } from '../../../../test/mail';

let ctx: TestContext;
let admin: TestUser;
let adminCookie: string;

type Json = Record<string, any>;

async function adminLogin(email: string, password: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

function call(method: string, url: string, cookie?: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const asAdmin = (method: string, url: string, payload?: unknown) => call(method, url, adminCookie, payload);

async function auditEntries(): Promise<Json[]> {
  const res = await asAdmin('GET', '/api/admin/audit?perPage=100');
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

/** Unique surnames keep each test's search results its own. */
let n = 0;
const surname = (base: string) => `${base}${String.fromCharCode(97 + (n++ % 26))}${Date.now().toString(36).replace(/\d/g, '')}`;

async function searchProfessionalIds(query: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/professionals/search?query=${encodeURIComponent(query)}` });
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
  const body = res.json();
  expect(body).toHaveProperty('found');
  return (body.hits as { id: string | number }[]).map((h) => String(h.id));
}

async function searchInstitutionIds(query: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/institutions/search?query=${encodeURIComponent(query)}` });
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
  return (res.json().hits as { id: string | number }[]).map((h) => String(h.id));
}

const ids = (list: { id: number }[]) => list.map((x) => x.id);

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Admin', password: 'admin-password-1' });
  adminCookie = await adminLogin(admin.email, admin.password);
});
afterAll(async () => ctx?.close());

describe('every admin call refuses anyone who is not an admin', () => {
  it('answers 401 signed out and 403 to patients, professionals and institutions, changing nothing', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending' });
    const approvedPro = await createProfessional(ctx.sql, { status: 'approved' });
    const inst = await createInstitution(ctx.sql, { status: 'pending' });
    const approvedInst = await createInstitution(ctx.sql, { status: 'approved' });
    const patient = await createUser(ctx.sql);
    const newUser = { email: `intruder-${Date.now()}@example.ng`, password: 'password-123', firstName: 'I', lastName: 'N', userType: 'admin' };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/user'],
      ['POST', '/api/admin/logout'],
      ['PUT', '/api/admin/change-password', { currentPassword: 'correct-horse-battery', newPassword: 'changed-password-1' }],
      ['POST', '/api/admin/create-user', newUser],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/pending-professionals'],
      ['GET', '/api/admin/pending-institutions'],
      ['GET', '/api/admin/approved-professionals'],
      ['GET', '/api/admin/approved-institutions'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/approve-professional/${pro.id}`],
      ['POST', `/api/admin/reject-professional/${pro.id}`, { reason: 'no' }],
      ['POST', `/api/admin/withdraw-professional/${approvedPro.id}`],
      ['POST', `/api/admin/approve-institution/${inst.id}`],
      ['POST', `/api/admin/reject-institution/${inst.id}`],
      ['POST', `/api/admin/withdraw-institution/${approvedInst.id}`],
    ];
    const people: [string, TestUser | null][] = [
      ['signed out', null],
      ['patient', patient],
      ['professional', pro.user],
      ['institution', inst.user],
    ];
    for (const [who, user] of people) {
      for (const [method, url, payload] of calls) {
        // A fresh sign-in per call: a refused logout or password change must not end the next check early.
        const cookie = user ? await login(ctx.app, user.email, user.password) : undefined;
        const res = await call(method, url, cookie, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(user ? 403 : 401);
      }
    }
    const [p] = await ctx.sql`SELECT status FROM professionals WHERE id = ${pro.id}`;
    const [ap] = await ctx.sql`SELECT status FROM professionals WHERE id = ${approvedPro.id}`;
    const [i] = await ctx.sql`SELECT status FROM institutions WHERE id = ${inst.id}`;
    const [ai] = await ctx.sql`SELECT status FROM institutions WHERE id = ${approvedInst.id}`;
    expect([p.status, ap.status, i.status, ai.status]).toEqual(['pending', 'approved', 'pending', 'approved']);
    const [u] = await ctx.sql`SELECT count(*)::int AS c FROM users WHERE email = ${newUser.email}`;
    expect(u.c).toBe(0);
    // The professional's password was not changed by the refused call.
    await login(ctx.app, pro.user.email, pro.user.password);
  });

  it('a patient signed in through the public login is still refused', async () => {
    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    expect((await call('GET', '/api/admin/stats', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/user', cookie)).statusCode).toBe(403);
  });
});

describe('admin sign-in and sign-out', () => {
  it('signs an admin in, answers the admin from /api/admin/user, and audits it', async () => {
    const cookie = await adminLogin(admin.email, admin.password);
    const me = await call('GET', '/api/admin/user', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: admin.id, email: admin.email, userType: 'admin', firstName: 'Funke' });
    expect(me.json()).not.toHaveProperty('sessionVersion');
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'login', outcome: 'success', admin: { id: admin.id, email: admin.email } });
  });

  it('refuses a non-admin account exactly like a wrong password, and audits both failures', async () => {
    const patient = await createUser(ctx.sql, { password: 'patient-password-1' });
    const wrong = await call('POST', '/api/admin/login', undefined, { email: admin.email, password: 'not-the-password' });
    const notAdmin = await call('POST', '/api/admin/login', undefined, { email: patient.email, password: 'patient-password-1' });
    const unknown = await call('POST', '/api/admin/login', undefined, { email: 'nobody@example.ng', password: 'whatever-1' });
    expect(wrong.statusCode).toBe(401);
    expect(notAdmin.statusCode).toBe(wrong.statusCode);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(notAdmin.body).toBe(wrong.body);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(notAdmin.headers['set-cookie']).toBeUndefined();
    // The refused patient holds no session afterwards.
    const after = await call('GET', '/api/auth/user', cookieFrom(notAdmin.headers['set-cookie']));
    expect(after.statusCode).toBe(401);

    const entries = await auditEntries();
    const failures = entries.filter((e) => e.action === 'login' && e.outcome === 'failure');
    expect(failures.map((e) => e.detail.email)).toEqual(
      expect.arrayContaining([admin.email.toLowerCase(), patient.email.toLowerCase(), 'nobody@example.ng']),
    );
  });

  it('limits failed admin sign-ins per account like the public sign-in (10 in 15 minutes)', async () => {
    const target = await createUser(ctx.sql, { userType: 'admin', password: 'target-password-1' });
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/admin/login', undefined, { email: target.email, password: `guess-${i}-xxxx` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call('POST', '/api/admin/login', undefined, { email: target.email, password: 'target-password-1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('validates the body with the spec messages', async () => {
    const res = await call('POST', '/api/admin/login', undefined, { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: 'Email is required', password: 'Password is required' });
  });

  it('logs out: the session ends and the logout is audited', async () => {
    const cookie = await adminLogin(admin.email, admin.password);
    const out = await call('POST', '/api/admin/logout', cookie);
    expect(out.statusCode).toBe(200);
    const cleared = cookieFrom(out.headers['set-cookie']);
    expect((await call('GET', '/api/admin/user', cleared)).statusCode).toBe(401);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'logout', outcome: 'success', admin: { id: admin.id } });
  });
});

describe('statistics and lists', () => {
  it('counts approved profiles, pending applications of both kinds and all appointments from the database', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['totalProfessionals', 'totalInstitutions', 'pendingApprovals', 'totalAppointments']),
    );
    const approvedPro = await createProfessional(ctx.sql, { status: 'approved' });
    await createProfessional(ctx.sql, { status: 'pending' });
    await createProfessional(ctx.sql, { status: 'rejected' });
    await createInstitution(ctx.sql, { status: 'approved' });
    await createInstitution(ctx.sql, { status: 'pending' });
    const patient = await createUser(ctx.sql);
    await ctx.sql`
      INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${patient.id}, ${approvedPro.id}, 'consultation', '2031-03-03T09:00:00+01:00', 'cancelled', 'A B', ${patient.email}, '0803 123 4567'),
             (${patient.id}, ${approvedPro.id}, 'consultation', '2031-03-03T09:30:00+01:00', 'pending', 'A B', ${patient.email}, '0803 123 4567')`;
    const after = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(after.totalProfessionals - before.totalProfessionals).toBe(1);
    expect(after.totalInstitutions - before.totalInstitutions).toBe(1);
    expect(after.pendingApprovals - before.pendingApprovals).toBe(2);
    expect(after.totalAppointments - before.totalAppointments).toBe(2);
  });

  it('lists items with the spec fields and their owner', async () => {
    const last = surname('Lister');
    const pro = await createProfessional(ctx.sql, {
      status: 'pending',
      specialty: 'Neurology',
      city: 'Ibadan',
      state: 'Oyo',
      user: { firstName: 'Kemi', lastName: last },
    });
    const inst = await createInstitution(ctx.sql, { status: 'approved', name: `Clinic ${last}`, type: 'clinic', city: 'Kano', state: 'Kano' });
    const pending = (await asAdmin('GET', '/api/admin/pending-professionals')).json() as Json[];
    const item = pending.find((p) => p.id === pro.id)!;
    expect(item).toMatchObject({
      id: pro.id,
      title: 'Dr.',
      specialty: 'Neurology',
      professionalType: 'doctor',
      city: 'Ibadan',
      state: 'Oyo',
      status: 'pending',
      user: { firstName: 'Kemi', lastName: last, email: pro.user.email },
    });
    expect(new Date(item.createdAt).getTime()).not.toBeNaN();
    const approved = (await asAdmin('GET', '/api/admin/approved-institutions')).json() as Json[];
    expect(approved.find((i) => i.id === inst.id)).toMatchObject({
      name: `Clinic ${last}`,
      type: 'clinic',
      city: 'Kano',
      state: 'Kano',
      status: 'approved',
      user: { email: inst.user.email },
    });
    expect(ids((await asAdmin('GET', '/api/admin/approved-professionals')).json())).not.toContain(pro.id);
    expect(ids((await asAdmin('GET', '/api/admin/pending-institutions')).json())).not.toContain(inst.id);
  });
});

describe('approvals drive the lists, the stats, the search and the owner mail', () => {
  it('approve makes a pending professional public and searchable; withdraw takes it back out', async () => {
    const last = surname('Adebanjo');
    const pro = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Tolu', lastName: last } });
    const stats0 = (await asAdmin('GET', '/api/admin/stats')).json();

    const res = await asAdmin('POST', `/api/admin/approve-professional/${pro.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, id: pro.id, status: 'approved' });

    expect(ids((await asAdmin('GET', '/api/admin/pending-professionals')).json())).not.toContain(pro.id);
    expect(ids((await asAdmin('GET', '/api/admin/approved-professionals')).json())).toContain(pro.id);
    const stats1 = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(stats1.totalProfessionals).toBe(stats0.totalProfessionals + 1);
    expect(stats1.pendingApprovals).toBe(stats0.pendingApprovals - 1);

    // Through the real relay and index worker (D15).
    await eventually(async () => (await searchProfessionalIds(last)).includes(String(pro.id)), 8000);

    // The owner is told.
    const mails = await ctx.sql<{ payload: Json }[]>`
      SELECT payload FROM outbox WHERE topic = 'mail.send' AND payload->>'to' = ${pro.user.email}`;
    expect(mails.map((m) => m.payload.subject)).toContain('Your Ilera profile is approved');

    const withdraw = await asAdmin('POST', `/api/admin/withdraw-professional/${pro.id}`);
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(withdraw.json()).toMatchObject({ status: 'pending' });
    expect(ids((await asAdmin('GET', '/api/admin/pending-professionals')).json())).toContain(pro.id);
    expect(ids((await asAdmin('GET', '/api/admin/approved-professionals')).json())).not.toContain(pro.id);
    const stats2 = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(stats2.totalProfessionals).toBe(stats0.totalProfessionals);
    expect(stats2.pendingApprovals).toBe(stats0.pendingApprovals);
    await eventually(async () => !(await searchProfessionalIds(last)).includes(String(pro.id)), 8000);

    const [row] = await ctx.sql`SELECT status, is_approved FROM professionals WHERE id = ${pro.id}`;
    expect(row).toMatchObject({ status: 'pending', isApproved: false });
  });

  it("writes the owner's mail in the owner's account language (issue 50): Hausa, Igbo, Yorùbá, English as it was", async () => {
    const hausa = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Aminu', lastName: surname('Bello') } });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${hausa.user.id}`;
    const igbo = await createInstitution(ctx.sql, { status: 'pending', name: `${surname('Ebube')} Clinic` });
    await ctx.sql`UPDATE users SET language = 'ig' WHERE id = ${igbo.user.id}`;
    const english = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Tolu', lastName: surname('Ade') } });
    const named = (p: { user: { firstName: string; lastName: string } }) => `Dr. ${p.user.firstName} ${p.user.lastName}`;
    const igboName = (await ctx.sql<{ name: string }[]>`SELECT name FROM institutions WHERE id = ${igbo.id}`)[0]!.name;

    expect((await asAdmin('POST', `/api/admin/approve-professional/${hausa.id}`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/withdraw-professional/${hausa.id}`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/reject-institution/${igbo.id}`, { reason: 'Registration number not found' })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/approve-professional/${english.id}`)).statusCode).toBe(200);
    const mailsTo = (email: string, count: number) =>
      eventually(async () => {
        const mails = (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(email));
        return mails.length >= count && mails;
      }, 10000) as Promise<ReadMail[]>;
    const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

    const ha = (await mailsTo(hausa.user.email, 2))!;
    const approved = ha.find((m) => m.subject === 'An amince da bayananku a Ilera')!;
    expect(flat(approved.text)).toBe(
      `Sannu Aminu, Labari mai daɗi: mai gudanarwa na Ilera ya amince da "${named(hausa)}", kuma yanzu yana cikin jerin Ilera, inda marasa lafiya ` +
        `za su same shi su yi alƙawari. Ku duba shi kamar yadda marasa lafiya ke gani: ${ctx.config.appUrl}/professional/${hausa.id} Ƙungiyar Ilera`,
    );
    const withdrawn = ha.find((m) => m.subject === 'An janye amincewar bayananku a Ilera')!;
    expect(flat(withdrawn.text)).toContain(`Mai gudanarwa na Ilera ya janye amincewar "${named(hausa)}". Ba ya cikin jerin Ilera yayin da ake sake duba shi.`);

    const [ig] = (await mailsTo(igbo.user.email, 1))!;
    expect(ig!.subject).toBe('Akwadoghị arịrịọ Ilera gị');
    expect(flat(ig!.text)).toBe(
      `Ndewo Bola, Onye nchịkwa Ilera lebara arịrịọ gị maka "${igboName}" anya, akwadoghịkwa ya. Ihe kpatara ya: Registration number not found ` +
        `Ị nwere ike imezi profaịlụ gị ma rịọ ka e lelee ya ọzọ: ${ctx.config.appUrl}/profile-setup Otu Ilera`,
    );

    // Reopened, in Yorùbá.
    const yoruba = await createProfessional(ctx.sql, { status: 'rejected', user: { firstName: 'Bisi', lastName: surname('Ade') } });
    await ctx.sql`UPDATE users SET language = 'yo' WHERE id = ${yoruba.user.id}`;
    expect((await asAdmin('POST', `/api/admin/reopen-professional/${yoruba.id}`)).statusCode).toBe(200);
    const [yo] = (await mailsTo(yoruba.user.email, 1))!;
    expect(yo!.subject).toBe('A ń tún ìbéèrè Ilera yín yẹ̀ wò');
    expect(flat(yo!.text)).toBe(
      `Ẹ n lẹ́ o Bisi, Alábòójútó Ilera ti tún ìbéèrè yín fún "${named(yoruba)}" ṣí. Ó ti padà sí ìlà àyẹ̀wò; ẹ ó gbọ́ láti ọ̀dọ̀ wa nígbà tí a bá yẹ̀ ẹ́ wò tán. ` +
        `Ẹ lè ṣàtúnṣe àkọsílẹ̀ yín ná: ${ctx.config.appUrl}/profile-setup Ikọ̀ Ilera`,
    );

    const [en] = (await mailsTo(english.user.email, 1))!;
    expect(en!.subject).toBe('Your Ilera profile is approved');
    expect(flat(en!.text)).toBe(
      `Hello Tolu, Good news: "${named(english)}" has been approved by an Ilera administrator and is now listed in the directory, where patients ` +
        `can find it and book appointments. See it as patients do: ${ctx.config.appUrl}/professional/${english.id} The Ilera team`,
    );
  });

  it('reject keeps the profile with status rejected and its reason, out of the lists and the search', async () => {
    const last = surname('Nwachukwu');
    const rejected = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Obi', lastName: last } });
    const control = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Uche', lastName: last } });

    const res = await asAdmin('POST', `/api/admin/reject-professional/${rejected.id}`, { reason: 'Licence number could not be verified' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected' });
    const [row] = await ctx.sql`SELECT status, rejection_reason FROM professionals WHERE id = ${rejected.id}`;
    expect(row).toEqual({ status: 'rejected', rejectionReason: 'Licence number could not be verified' });
    expect(ids((await asAdmin('GET', '/api/admin/pending-professionals')).json())).not.toContain(rejected.id);
    expect(ids((await asAdmin('GET', '/api/admin/approved-professionals')).json())).not.toContain(rejected.id);

    const mails = await ctx.sql<{ payload: Json }[]>`
      SELECT payload FROM outbox WHERE topic = 'mail.send' AND payload->>'to' = ${rejected.user.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].payload.subject).toBe('Your Ilera application was not approved');
    expect(mails[0].payload.text).toContain('Licence number could not be verified');

    // Approving a namesake afterwards shows the index caught up; the rejected one is still absent.
    expect((await asAdmin('POST', `/api/admin/approve-professional/${control.id}`)).statusCode).toBe(200);
    const found = await eventually(async () => {
      const hits = await searchProfessionalIds(last);
      return hits.includes(String(control.id)) && hits;
    }, 8000);
    expect(found).not.toContain(String(rejected.id));

    // Reject without a reason (no body at all, as the spec's client sends it).
    const other = await createProfessional(ctx.sql, { status: 'pending' });
    const bare = await asAdmin('POST', `/api/admin/reject-professional/${other.id}`);
    expect(bare.statusCode, bare.body).toBe(200);
    const [r2] = await ctx.sql`SELECT status, rejection_reason FROM professionals WHERE id = ${other.id}`;
    expect(r2).toEqual({ status: 'rejected', rejectionReason: null });
  });

  it('institutions: approve, reject and withdraw move them between lists and the search', async () => {
    const last = surname('Haven');
    const a = await createInstitution(ctx.sql, { status: 'pending', name: `${last} Specialist Hospital` });
    const b = await createInstitution(ctx.sql, { status: 'pending', name: `${last} Diagnostics` });
    const stats0 = (await asAdmin('GET', '/api/admin/stats')).json();

    expect((await asAdmin('POST', `/api/admin/approve-institution/${a.id}`)).json()).toMatchObject({ status: 'approved' });
    expect((await asAdmin('POST', `/api/admin/reject-institution/${b.id}`, { reason: 'Duplicate' })).json()).toMatchObject({ status: 'rejected' });
    expect(ids((await asAdmin('GET', '/api/admin/approved-institutions')).json())).toContain(a.id);
    const pendingIds = ids((await asAdmin('GET', '/api/admin/pending-institutions')).json());
    expect(pendingIds).not.toContain(a.id);
    expect(pendingIds).not.toContain(b.id);
    const stats1 = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(stats1.totalInstitutions).toBe(stats0.totalInstitutions + 1);
    expect(stats1.pendingApprovals).toBe(stats0.pendingApprovals - 2);

    const hits = await eventually(async () => {
      const h = await searchInstitutionIds(last);
      return h.includes(String(a.id)) && h;
    }, 8000);
    expect(hits).not.toContain(String(b.id));

    expect((await asAdmin('POST', `/api/admin/withdraw-institution/${a.id}`)).json()).toMatchObject({ status: 'pending' });
    expect(ids((await asAdmin('GET', '/api/admin/pending-institutions')).json())).toContain(a.id);
    await eventually(async () => !(await searchInstitutionIds(last)).includes(String(a.id)), 8000);

    const subjects = (
      await ctx.sql<{ payload: Json }[]>`
        SELECT payload FROM outbox WHERE topic = 'mail.send' AND payload->>'to' IN (${a.user.email}, ${b.user.email}) ORDER BY id`
    ).map((m) => m.payload.subject);
    expect(subjects).toEqual([
      'Your Ilera profile is approved',
      'Your Ilera application was not approved',
      'Your Ilera profile approval was withdrawn',
    ]);
  });

  it('writes the change, its audit entry and its search event together', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending' });
    await asAdmin('POST', `/api/admin/approve-professional/${pro.id}`);
    const events = await ctx.sql`
      SELECT topic FROM outbox WHERE topic = 'search.professional' AND payload->>'id' = ${String(pro.id)}`;
    expect(events).toHaveLength(1);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'approve_professional',
      targetType: 'professional',
      targetId: String(pro.id),
      outcome: 'success',
      admin: { id: admin.id, email: admin.email },
      detail: { from: 'pending', to: 'approved', name: 'Dr. Chinedu Okafor' },
    });
  });
});

describe('repeated and missing targets', () => {
  it('approving an approved profile is 409, and nothing is written but a failure entry', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'approved' });
    const inst = await createInstitution(ctx.sql, { status: 'approved' });
    const outbox0 = (await ctx.sql`SELECT count(*)::int AS c FROM outbox`)[0].c;
    const r1 = await asAdmin('POST', `/api/admin/approve-professional/${pro.id}`);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe('Professional is already approved');
    const r2 = await asAdmin('POST', `/api/admin/approve-institution/${inst.id}`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe('Institution is already approved');
    expect((await ctx.sql`SELECT count(*)::int AS c FROM outbox`)[0].c).toBe(outbox0);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'approve_institution', outcome: 'failure', targetId: String(inst.id) });
  });

  it('withdraw only from approved; reject twice is 409', async () => {
    const pending = await createProfessional(ctx.sql, { status: 'pending' });
    expect((await asAdmin('POST', `/api/admin/withdraw-professional/${pending.id}`)).statusCode).toBe(409);
    const inst = await createInstitution(ctx.sql, { status: 'pending' });
    expect((await asAdmin('POST', `/api/admin/withdraw-institution/${inst.id}`)).statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/reject-institution/${inst.id}`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/reject-institution/${inst.id}`)).statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/withdraw-institution/${inst.id}`)).statusCode).toBe(409);
    const [row] = await ctx.sql`SELECT status FROM institutions WHERE id = ${inst.id}`;
    expect(row.status).toBe('rejected');
    // A rejected application can still be approved later.
    expect((await asAdmin('POST', `/api/admin/approve-institution/${inst.id}`)).statusCode).toBe(200);
  });

  it('acting on a missing profile is 404 for every action', async () => {
    for (const action of ['approve', 'reject', 'withdraw']) {
      for (const kind of ['professional', 'institution']) {
        for (const id of ['999999', 'abc', '0', '99999999999999']) {
          const res = await asAdmin('POST', `/api/admin/${action}-${kind}/${id}`);
          expect(res.statusCode, `${action}-${kind}/${id}`).toBe(404);
        }
      }
    }
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'withdraw_institution', outcome: 'failure' });
  });

  it('two admins approving at once: exactly one wins', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending' });
    const results = await Promise.all([1, 2, 3].map(() => asAdmin('POST', `/api/admin/approve-professional/${pro.id}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const events = await ctx.sql`SELECT 1 FROM outbox WHERE topic = 'search.professional' AND payload->>'id' = ${String(pro.id)}`;
    expect(events).toHaveLength(1);
  });
});

describe('create user', () => {
  const base = () => ({
    email: `new-${Date.now()}-${n++}@example.ng`,
    password: 'a-good-password',
    firstName: 'Ngozi',
    lastName: 'Eze',
    profileImageUrl: '',
  });

  it('creates a patient who can sign in, and audits it', async () => {
    const body = { ...base(), userType: 'patient', phone: '0803 555 1234' };
    const res = await asAdmin('POST', '/api/admin/create-user', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email: body.email, userType: 'patient', firstName: 'Ngozi' });
    await login(ctx.app, body.email, body.password);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'create_user',
      outcome: 'success',
      targetType: 'user',
      targetId: res.json().user.id,
      detail: { email: body.email, userType: 'patient' },
    });
    expect(ctx.logs.join('\n')).not.toContain(body.password);
  });

  it("writes the welcome mail in the language chosen for the account (issue 50): Yoruba; English as it was; another language is refused naming it", async () => {
    const welcome = async (email: string) => {
      const [mail] = (await eventually(async () => {
        const mails = (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(email));
        return mails.length > 0 && mails;
      }, 10000)) as ReadMail[];
      return { subject: mail!.subject, text: mail!.text.replace(/\s+/g, ' ').trim() };
    };
    const url = ctx.config.appUrl;
    const yoruba = { ...base(), userType: 'professional', title: 'Dr.', specialty: 'Cardiology', language: 'yo' };
    const made = await asAdmin('POST', '/api/admin/create-user', yoruba);
    expect(made.statusCode, made.body).toBe(201);
    expect((await ctx.sql`SELECT language FROM users WHERE id = ${made.json().user.id}`)[0]!.language).toBe('yo');
    expect(await welcome(yoruba.email)).toEqual({
      subject: 'Àkáǹtì Ilera yín',
      text:
        'Ẹ n lẹ́ o Ngozi, Alábòójútó Ilera kan ti ṣí àkáǹtì kan fún yín (òṣìṣẹ́ ìlera) pẹ̀lú àdírẹ́sì ímeèlì yìí. ' +
        'A ti fọwọ́ sí àkọsílẹ̀ yín, ó sì ti wà nínú àkójọ Ilera. ' +
        `Ẹ wọlé ní ${url}/login pẹ̀lú ọ̀rọ̀ aṣínà tí alábòójútó bá fún yín, lẹ́yìn náà ẹ yí i padà. Ẹ ti gbàgbé rẹ̀? ${url}/forgot-password Ikọ̀ Ilera`,
    });

    const english = { ...base(), userType: 'patient' };
    const plain = await asAdmin('POST', '/api/admin/create-user', english);
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await ctx.sql`SELECT language FROM users WHERE id = ${plain.json().user.id}`)[0]!.language).toBeNull();
    expect(await welcome(english.email)).toEqual({
      subject: 'Your Ilera account',
      text:
        'Hello Ngozi, An Ilera administrator has created an account for you (patient) with this e-mail address. ' +
        `Sign in at ${url}/login with the password the administrator gives you, then change it. Forgot it? ${url}/forgot-password The Ilera team`,
    });

    const users0 = (await ctx.sql`SELECT count(*)::int AS c FROM users`)[0]!.c;
    for (const language of ['fr', 'yoruba', '', 7]) {
      const bad = await asAdmin('POST', '/api/admin/create-user', { ...base(), userType: 'patient', language });
      expect(bad.statusCode, String(language)).toBe(400);
      expect(bad.json().fields).toEqual({ language: 'Please choose English, Hausa, Yoruba, Igbo or Pidgin' });
    }
    expect((await ctx.sql`SELECT count(*)::int AS c FROM users`)[0]!.c).toBe(users0);
  });

  it('creates an admin who can sign in at the admin login', async () => {
    const body = { ...base(), userType: 'admin' };
    expect((await asAdmin('POST', '/api/admin/create-user', body)).statusCode).toBe(201);
    const cookie = await adminLogin(body.email, body.password);
    expect((await call('GET', '/api/admin/stats', cookie)).statusCode).toBe(200);
  });

  it('a professional needs a title and a specialty, and a licence per country of practice', async () => {
    const missing = await asAdmin('POST', '/api/admin/create-user', { ...base(), userType: 'professional', specialty: 'Cardiology' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(REQUIRED_FOR_USER_TYPE_MESSAGE);
    expect(missing.json().fields.title).toBe(REQUIRED_FOR_USER_TYPE_MESSAGE);

    const noLicence = await asAdmin('POST', '/api/admin/create-user', {
      ...base(),
      userType: 'professional',
      title: 'Dr.',
      specialty: 'Cardiology',
      countriesOfPractice: ['Nigeria', 'Ghana'],
      licenseNumbers: { Nigeria: 'MDCN-1' },
    });
    expect(noLicence.statusCode).toBe(400);
    expect(noLicence.json().fields['licenseNumbers.Ghana']).toBe('License number is required for each selected country');

    const badSpecialty = await asAdmin('POST', '/api/admin/create-user', { ...base(), userType: 'professional', title: 'Dr.', specialty: 'Astrology' });
    expect(badSpecialty.statusCode).toBe(400);
  });

  it('creates an approved, indexed professional with countries and licences', async () => {
    const last = surname('Okonjo');
    const body = {
      ...base(),
      lastName: last,
      userType: 'professional',
      title: 'Prof.',
      specialty: 'Allergy & Immunology',
      phone: '0803 111 2222',
      yearsOfExperience: '12',
      consultationFee: '15000',
      city: 'Abuja',
      state: 'Federal Capital Territory',
      country: 'Nigeria',
      countriesOfPractice: ['Nigeria', 'Zambia'],
      licenseNumbers: { Nigeria: 'MDCN-77', Zambia: 'HPCZ-9', Ghana: 'ignored' },
      bio: 'Allergist with twelve years of practice.',
    };
    const res = await asAdmin('POST', '/api/admin/create-user', body);
    expect(res.statusCode, res.body).toBe(201);
    const { professionalId } = res.json();
    expect(professionalId).toEqual(expect.any(Number));
    const [row] = await ctx.sql`
      SELECT status, professional_type, title, specialty, countries, country_licenses, license_number,
             years_of_experience, consultation_fee, state
      FROM professionals WHERE id = ${professionalId}`;
    expect(row).toEqual({
      status: 'approved',
      professionalType: 'doctor',
      title: 'Prof.',
      specialty: 'Allergy & Immunology',
      countries: ['Nigeria', 'Zambia'],
      // A Nigerian licence's council follows from the profession; none is verified yet (issue 18).
      countryLicenses: [
        { country: 'Nigeria', licenseNumber: 'MDCN-77', council: 'MDCN', expiresOn: null },
        { country: 'Zambia', licenseNumber: 'HPCZ-9', council: null, expiresOn: null },
      ],
      licenseNumber: 'MDCN-77',
      yearsOfExperience: 12,
      consultationFee: 15000,
      state: 'FCT',
    });
    expect(ids((await asAdmin('GET', '/api/admin/approved-professionals')).json())).toContain(professionalId);
    await eventually(async () => (await searchProfessionalIds(last)).includes(String(professionalId)), 8000);
  });

  it('an institution needs a name and a type; services are split on commas', async () => {
    const missing = await asAdmin('POST', '/api/admin/create-user', { ...base(), userType: 'institution', institutionName: 'Lekki Clinic' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.institutionType).toBe(REQUIRED_FOR_USER_TYPE_MESSAGE);

    const body = {
      ...base(),
      userType: 'institution',
      institutionName: `Lekki ${surname('Maternity')}`,
      institutionType: 'maternity_home',
      services: 'Antenatal care, Delivery ,, antenatal care, Postnatal care',
      website: 'https://lekki.example.ng',
      city: 'Lagos',
      state: 'Lagos',
    };
    const res = await asAdmin('POST', '/api/admin/create-user', body);
    expect(res.statusCode, res.body).toBe(201);
    const { institutionId } = res.json();
    const [row] = await ctx.sql`SELECT status, name, type, services, email FROM institutions WHERE id = ${institutionId}`;
    expect(row).toEqual({
      status: 'approved',
      name: body.institutionName,
      type: 'maternity_home',
      services: ['Antenatal care', 'Delivery', 'Postnatal care'],
      // D18: no public e-mail until the institution sets one; never its sign-in e-mail.
      email: null,
    });
    const events = await ctx.sql`SELECT 1 FROM outbox WHERE topic = 'search.institution' AND payload->>'id' = ${String(institutionId)}`;
    expect(events).toHaveLength(1);
  });

  // D7: the admin form offers its 12 labels; the server accepts every canonical type.
  it.each(['hospital', 'diagnostic_lab', 'urgent-care', 'health_post'])('accepts the canonical institution type %s', async (institutionType) => {
    const res = await asAdmin('POST', '/api/admin/create-user', {
      ...base(),
      userType: 'institution',
      institutionName: `Canonical ${surname('Type')}`,
      institutionType,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.sql`SELECT type FROM institutions WHERE id = ${res.json().institutionId}`;
    expect(row.type).toBe(institutionType);
    const bad = await asAdmin('POST', '/api/admin/create-user', { ...base(), userType: 'institution', institutionName: 'Spa One', institutionType: 'spa' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.institutionType).toBe('Please choose an institution type');
  });

  it('refuses a taken e-mail whatever its case, a bad e-mail and a short password, in one transaction', async () => {
    const existing = await createUser(ctx.sql);
    const users0 = (await ctx.sql`SELECT count(*)::int AS c FROM users`)[0].c;
    const dup = await asAdmin('POST', '/api/admin/create-user', {
      ...base(),
      email: existing.email.toUpperCase(),
      userType: 'institution',
      institutionName: 'Dup Hospital',
      institutionType: 'general_hospital',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists');
    expect((await ctx.sql`SELECT count(*)::int AS c FROM institutions WHERE name = 'Dup Hospital'`)[0].c).toBe(0);
    expect((await ctx.sql`SELECT count(*)::int AS c FROM users`)[0].c).toBe(users0);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: 'create_user', outcome: 'failure' });

    const badEmail = await asAdmin('POST', '/api/admin/create-user', { ...base(), email: 'not-an-email', userType: 'patient' });
    expect(badEmail.json().fields.email).toBe('Invalid email address');
    const short = await asAdmin('POST', '/api/admin/create-user', { ...base(), password: 'short', userType: 'patient' });
    expect(short.json().fields.password).toBe('Password must be at least 8 characters');
    const noName = await asAdmin('POST', '/api/admin/create-user', { ...base(), firstName: '', lastName: '', userType: 'patient' });
    expect(noName.json().fields).toMatchObject({ firstName: 'First name is required', lastName: 'Last name is required' });
  });
});

describe('audit log', () => {
  it('is newest first and paged', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending' });
    await asAdmin('POST', `/api/admin/approve-professional/${pro.id}`);
    await asAdmin('POST', `/api/admin/withdraw-professional/${pro.id}`);
    await asAdmin('POST', `/api/admin/reject-professional/${pro.id}`, { reason: 'Incomplete' });
    const page1 = (await asAdmin('GET', '/api/admin/audit?page=1&perPage=2')).json();
    expect(page1).toMatchObject({ page: 1, perPage: 2 });
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page1.items.map((e: Json) => e.action)).toEqual(['reject_professional', 'withdraw_professional']);
    expect(page1.items[0].detail).toMatchObject({ reason: 'Incomplete', from: 'pending', to: 'rejected' });
    const page2 = (await asAdmin('GET', '/api/admin/audit?page=2&perPage=2')).json();
    expect(page2.items[0].action).toBe('approve_professional');
    expect(new Date(page2.items[0].createdAt).getTime()).not.toBeNaN();
  });
});

describe('admin password change (D4)', () => {
  it('really changes the password, keeps this session with a fresh cookie and ends the others', async () => {
    const other = await createUser(ctx.sql, { userType: 'admin', password: 'first-password-1' });
    const sessionA = await adminLogin(other.email, 'first-password-1');
    const sessionB = await adminLogin(other.email, 'first-password-1');

    const wrong = await call('PUT', '/api/admin/change-password', sessionA, { currentPassword: 'nope-nope', newPassword: 'second-password-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await call('PUT', '/api/admin/change-password', sessionA, { currentPassword: 'first-password-1', newPassword: 'short' });
    expect(short.json().fields.newPassword).toBe('New password must be at least 8 characters');

    const res = await call('PUT', '/api/admin/change-password', sessionA, { currentPassword: 'first-password-1', newPassword: 'second-password-2' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = cookieFrom(res.headers['set-cookie']);
    expect(fresh).toContain('ilera_session=');
    expect((await call('GET', '/api/admin/user', fresh)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/user', sessionB)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/user', sessionA)).statusCode).toBe(401);

    const old = await call('POST', '/api/admin/login', undefined, { email: other.email, password: 'first-password-1' });
    expect(old.statusCode).toBe(401);
    await adminLogin(other.email, 'second-password-2');

    const entries = (await auditEntries()).filter((e) => e.action === 'change_password' && e.admin?.id === other.id);
    expect(entries.map((e) => e.outcome)).toEqual(['success', 'failure']);
    expect(ctx.logs.join('\n')).not.toContain('second-password-2');
  });

  it("tells the administrator of a password change in their account's language (issue 50): Hausa and Pidgin, English as it was", async () => {
    const told = async (language: string | null, firstName: string) => {
      const who = await createUser(ctx.sql, { userType: 'admin', firstName, password: 'first-password-1' });
      await ctx.sql`UPDATE users SET language = ${language} WHERE id = ${who.id}`;
      const cookie = await adminLogin(who.email, 'first-password-1');
      const res = await call('PUT', '/api/admin/change-password', cookie, { currentPassword: 'first-password-1', newPassword: 'second-password-2' });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = (await eventually(async () => {
        const mails = (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.includes(who.email));
        return mails.length > 0 && mails;
      }, 10000)) as ReadMail[];
      return { subject: mail!.subject, text: mail!.text.replace(/\s+/g, ' ').trim() };
    };
    const reset = `${ctx.config.appUrl}/forgot-password`;
    expect(await told('ha', 'Zainab')).toEqual({
      subject: 'An canza kalmar sirrinku ta mai gudanarwa a Ilera',
      text:
        'Sannu Zainab, An canza kalmar sirrin asusunku na mai gudanarwa a Ilera yanzu. An fitar da duk sauran zaman asusun. ' +
        `Idan ba ku ne kuka yi wannan canji ba, ku sake saita kalmar sirrinku nan take: ${reset} Ƙungiyar Ilera`,
    });
    expect(await told('pcm', 'Emeka')).toEqual({
      subject: 'Dem don change your Ilera administrator password',
      text:
        'Hello Emeka, Dem just change the password of your Ilera administrator account. Every other session of the account don sign out. ' +
        `If no be you do this change, reset your password sharp sharp: ${reset} The Ilera team`,
    });
    expect(await told(null, 'Funmi')).toEqual({
      subject: 'Your Ilera administrator password was changed',
      text:
        'Hello Funmi, The password of your Ilera administrator account was just changed. Every other session of the account has been signed out. ' +
        `If you did not make this change, reset your password at once: ${reset} The Ilera team`,
    });
  });

  it('audits an administrator changing their password in Account settings too, and says where each change was made', async () => {
    const other = await createUser(ctx.sql, { userType: 'admin', password: 'first-password-1' });
    const settings = await login(ctx.app, other.email, 'first-password-1');
    const change = (url: string, cookie: string, currentPassword: string, newPassword: string) =>
      call('PUT', url, cookie, { currentPassword, newPassword });

    expect((await change('/api/auth/change-password', settings, 'nope-nope', 'second-password-2')).statusCode).toBe(400);
    const fromSettings = await change('/api/auth/change-password', settings, 'first-password-1', 'second-password-2');
    expect(fromSettings.statusCode, fromSettings.body).toBe(200);
    const adminArea = await adminLogin(other.email, 'second-password-2');
    expect((await change('/api/admin/change-password', adminArea, 'second-password-2', 'third-password-3')).statusCode).toBe(200);

    // A patient's change in Account settings is no administrator's action: not in the log.
    const patient = await createUser(ctx.sql, { password: 'first-password-1' });
    const patientCookie = await login(ctx.app, patient.email, 'first-password-1');
    expect((await change('/api/auth/change-password', patientCookie, 'first-password-1', 'second-password-2')).statusCode).toBe(200);

    const entries = (await auditEntries()).filter((e) => e.action === 'change_password');
    expect(entries.filter((e) => e.admin?.id === other.id).map((e) => [e.outcome, e.detail.from, e.targetId])).toEqual([
      ['success', 'admin_area', other.id],
      ['success', 'account_settings', other.id],
      ['failure', 'account_settings', other.id],
    ]);
    expect(entries.some((e) => e.admin?.id === patient.id || e.targetId === patient.id)).toBe(false);
    // The administrator is told by mail of each change, wherever it was made.
    const mails = await ctx.sql`SELECT payload FROM outbox WHERE topic = 'mail.send' AND payload->>'to' = ${other.email}`;
    expect(mails.map((m) => m.payload.subject)).toEqual(Array(2).fill('Your Ilera administrator password was changed'));
  });
});

// Issue 33 (D22, decision 031): a listing from the national register, claimed by institution
// accounts and decided by an administrator. The listing is made the way the importer makes it:
// an institution row without an owner and its register_listings row (test/factories.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createRegisterListing, createUser, login, signInAdmin } from '../../../../test/factories';
import { institutionPayload, send } from '../auth/auth-test-helpers';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = await signInAdmin(ctx.app, ctx.sql);
});
afterAll(async () => ctx.close());

const registration = { country: 'Nigeria', licenseNumber: 'LSMOH/PHC/0412', council: 'HEFAMAA', expiresOn: '2099-12-31' };
const claim = (id: number, cookie?: string, body: unknown = { registration, message: 'I am the officer in charge.' }) =>
  callApi(ctx.app, 'POST', `/api/institutions/${id}/claims`, cookie, body);
const asAdmin = (method: string, url: string, payload?: unknown) => callApi(ctx.app, method, url, adminCookie, payload);
const profile = async (id: number, cookie?: string) => (await callApi(ctx.app, 'GET', `/api/institutions/${id}`, cookie)).json();
const mailsTo = async (email: string) =>
  (await ctx.sql<{ payload: { subject: string; text: string } }[]>`
    SELECT payload FROM outbox WHERE topic = 'mail.send' AND payload->>'to' = ${email} ORDER BY id`).map((r) => r.payload);
const searchEvents = async (id: number) =>
  (await ctx.sql`SELECT 1 FROM outbox WHERE topic = 'search.institution' AND payload->>'id' = ${String(id)}`).length;

/** A new account: registers as an institution (its profile starts pending), then signs in. */
async function newInstitutionAccount(name = 'Yaba PHC Management') {
  const body = institutionPayload({ institutionName: name });
  const res = await send(ctx.app, 'POST', '/api/register/institution', { payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { email: body.email as string, institutionId: res.json().institutionId as number, cookie: await login(ctx.app, body.email as string, body.password as string) };
}

async function existingInstitutionAccount(o: Parameters<typeof createInstitution>[1] = {}) {
  const inst = await createInstitution(ctx.sql, o);
  return { ...inst, email: inst.user.email, cookie: await login(ctx.app, inst.user.email, inst.user.password) };
}

describe('a listing from the national register', () => {
  it('is public with its register facts and location, has no owner and is not bookable', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Sabo Yaba Primary Health Centre', facilityCode: '24/16/1/1/1/0007' });
    const res = await callApi(ctx.app, 'GET', `/api/institutions/${listing.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'Sabo Yaba Primary Health Centre',
      userId: null,
      listed: true,
      register: { code: '24/16/1/1/1/0007', updatedOn: '2024-11-11', inLatestRegister: true },
      latitude: 6.5095,
      longitude: 3.3711,
      locationSource: 'register',
      lga: 'Lagos Mainland',
      ward: 'Yaba',
      ownership: 'Public',
      facilityLevel: 'Primary',
    });
    expect(p.user).toBeUndefined();
    // An administrator reads it too (no owner account to show).
    const admin = await profile(listing.id, adminCookie);
    expect(admin).toMatchObject({ listed: true, userId: null });
    expect(admin.user).toBeUndefined();
    // Booking is refused: the listing is directory only.
    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    const book = await callApi(ctx.app, 'POST', '/api/appointments', cookie, {
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      patientEmail: patient.email,
      patientPhone: '0803 123 4567',
      appointmentDate: new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10) + 'T10:00:00+01:00',
      institutionId: listing.id,
    });
    expect(book.statusCode).toBe(409);
  });

  it('is in the sitemap like any approved institution; the claim page is not for search engines', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const file = await callApi(ctx.app, 'GET', '/sitemap/institutions-1.xml');
    expect(file.body).toContain(`/institution/${listing.id}</loc>`);
    expect((await callApi(ctx.app, 'GET', '/robots.txt')).body).toContain('Disallow: /claim/');
  });

  it('says when it is no longer in the latest register', async () => {
    const listing = await createRegisterListing(ctx.sql, { inLatestRegister: false });
    expect((await profile(listing.id)).register.inLatestRegister).toBe(false);
  });

  it('is in the admin lists with no owner, and an admin can withdraw it (no one to mail)', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Akoka Health Post Unique' });
    const list = await asAdmin('GET', '/api/admin/approved-institutions?q=Akoka%20Health%20Post%20Unique');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: listing.id, user: null })]);
    const withdraw = await asAdmin('POST', `/api/admin/withdraw-institution/${listing.id}`);
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(withdraw.json().status).toBe('pending');
  });
});

describe('claim permissions (D9)', () => {
  it('signed out 401, patients, professionals and admins 403, before the body is read', async () => {
    const listing = await createRegisterListing(ctx.sql);
    expect((await claim(listing.id, undefined, {})).statusCode).toBe(401);
    const patient = await createUser(ctx.sql);
    expect((await claim(listing.id, await login(ctx.app, patient.email, patient.password), {})).statusCode).toBe(403);
    const pro = await createUser(ctx.sql, { userType: 'professional' });
    expect((await claim(listing.id, await login(ctx.app, pro.email, pro.password))).statusCode).toBe(403);
    expect((await claim(listing.id, adminCookie)).statusCode).toBe(403);
    expect((await callApi(ctx.app, 'GET', '/api/claims')).statusCode).toBe(401);
    expect((await callApi(ctx.app, 'GET', '/api/admin/claims')).statusCode).toBe(401);
    const inst = await existingInstitutionAccount();
    expect((await callApi(ctx.app, 'GET', '/api/admin/claims', inst.cookie)).statusCode).toBe(403);
    expect((await callApi(ctx.app, 'POST', '/api/admin/claims/1/approve', inst.cookie)).statusCode).toBe(403);
  });

  it('refuses a bad registration naming the field, a profile that is not a listing, and a second open claim', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const { cookie } = await newInstitutionAccount();
    const noNumber = await claim(listing.id, cookie, { registration: { ...registration, licenseNumber: ' ' } });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fields['registration.licenseNumber']).toBe('Registration number is required');
    const noBody = await claim(listing.id, cookie, { registration: { country: 'Nigeria', licenseNumber: 'X/1' } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().fields['registration.council']).toBe('Please choose the issuing body');
    const badBody = await claim(listing.id, cookie, { registration: { ...registration, council: 'Lagos Chamber of Commerce' } });
    expect(badBody.json().fields['registration.council']).toBe('Please choose the issuing body from the list');

    const signedUp = await createInstitution(ctx.sql);
    expect((await claim(signedUp.id, cookie)).statusCode).toBe(404);
    expect((await claim(2147480000, cookie)).statusCode).toBe(404);

    expect((await claim(listing.id, cookie)).statusCode).toBe(201);
    const again = await claim(listing.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already claimed this facility: your claim is being reviewed');
  });

  it("a claimant withdraws its own open claim; another account's claim looks missing", async () => {
    const listing = await createRegisterListing(ctx.sql);
    const a = await newInstitutionAccount();
    const b = await newInstitutionAccount();
    const id = (await claim(listing.id, a.cookie)).json().id;
    expect((await callApi(ctx.app, 'DELETE', `/api/claims/${id}`, b.cookie)).statusCode).toBe(404);
    expect((await callApi(ctx.app, 'DELETE', `/api/claims/${id}`, a.cookie)).statusCode).toBe(204);
    expect((await callApi(ctx.app, 'GET', '/api/claims', a.cookie)).json()[0]).toMatchObject({ id, status: 'withdrawn' });
    // Withdrawn, the listing can be claimed again.
    expect((await claim(listing.id, a.cookie)).statusCode).toBe(201);
  });
});

describe('claim flow: from listing to approved profile', () => {
  it('competing claims in the queue side by side; approving one gives the listing its owner, rejects the other, mails both, audits', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Ebute Metta Health Centre', facilityCode: '24/16/1/1/1/0099', latitude: 6.4869, longitude: 3.3817 });
    const fresh = await newInstitutionAccount('Ebute Metta HC (my application)');
    const existing = await existingInstitutionAccount({ name: 'Ebute Metta Clinic Ltd', status: 'approved' });

    const first = await claim(listing.id, fresh.cookie);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      institutionId: listing.id,
      status: 'pending',
      registration: { country: 'Nigeria', licenseNumber: 'LSMOH/PHC/0412', council: 'HEFAMAA', expiresOn: '2099-12-31' },
      listing: { id: listing.id, name: 'Ebute Metta Health Centre' },
    });
    const second = await claim(listing.id, existing.cookie, { registration: { ...registration, licenseNumber: 'LSMOH/CL/7781' } });
    expect(second.statusCode, second.body).toBe(201);
    // Every claim change writes the listing's search event.
    expect(await searchEvents(listing.id)).toBe(2);

    const queue = await asAdmin('GET', '/api/admin/claims');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.headers['cache-control']).toBe('no-store');
    const items = queue.json().items.filter((c: { institutionId: number }) => c.institutionId === listing.id);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      id: first.json().id,
      message: 'I am the officer in charge.',
      listing: { name: 'Ebute Metta Health Centre', lga: 'Lagos Mainland', claimed: false, latitude: 6.4869, register: { code: '24/16/1/1/1/0099' } },
      claimant: { email: fresh.email, institution: { id: fresh.institutionId, name: 'Ebute Metta HC (my application)', status: 'pending' } },
      competing: [{ id: second.json().id, claimantEmail: existing.email }],
    });
    expect(items[1]).toMatchObject({ claimant: { email: existing.email, institution: { id: existing.id, status: 'approved' } }, competing: [{ id: first.json().id }] });

    const approved = await asAdmin('POST', `/api/admin/claims/${first.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ success: true, id: first.json().id, status: 'approved', institutionId: listing.id, rejectedClaimIds: [second.json().id] });

    // The listing is the claimant's profile now: register code and coordinates kept, no longer "listed".
    const p = await profile(listing.id, fresh.cookie);
    expect(p).toMatchObject({ listed: false, status: 'approved', register: { code: '24/16/1/1/1/0099' }, latitude: 6.4869, longitude: 3.3817, locationSource: 'register' });
    expect(p.user.email).toBe(fresh.email);
    expect(p.registrations).toEqual([{ country: 'Nigeria', licenseNumber: 'LSMOH/PHC/0412', council: 'HEFAMAA', expiresOn: '2099-12-31' }]);
    // Its own pending application is gone: the account has one institution profile, the listing.
    expect((await ctx.sql`SELECT id FROM institutions WHERE id = ${fresh.institutionId}`).length).toBe(0);
    expect((await callApi(ctx.app, 'GET', `/api/institutions/user/${p.userId}`, fresh.cookie)).json().id).toBe(listing.id);

    // The owner can edit it; the register code and coordinates stay.
    const edit = await callApi(ctx.app, 'PUT', `/api/institutions/${listing.id}`, fresh.cookie, {
      name: 'Ebute Metta Health Centre',
      type: 'primary_health_centre',
      description: 'Immunisation, antenatal care and outpatient clinics.',
      services: ['Immunisation'],
      phone: '0802 555 0148',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ description: 'Immunisation, antenatal care and outpatient clinics.', register: { code: '24/16/1/1/1/0099' }, latitude: 6.4869 });

    // The competing claim was rejected with a reason; each claimant was told.
    expect((await callApi(ctx.app, 'GET', '/api/claims', existing.cookie)).json()[0]).toMatchObject({
      status: 'rejected',
      decisionReason: 'Another claim for this facility was approved',
    });
    expect((await mailsTo(fresh.email)).map((m) => m.subject)).toContain('Your claim on Ilera is approved');
    const rejectedMail = (await mailsTo(existing.email)).find((m) => m.subject === 'Your claim on Ilera was not approved');
    expect(rejectedMail?.text).toContain('Reason: Another claim for this facility was approved');

    // At most one approved claim: deciding either again answers 409, and the listing cannot be claimed any more.
    expect((await asAdmin('POST', `/api/admin/claims/${first.json().id}/approve`)).statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/claims/${second.json().id}/approve`)).statusCode).toBe(409);
    const late = await existingInstitutionAccount();
    expect((await claim(listing.id, late.cookie)).statusCode).toBe(409);

    // Audited in the admin activity log: the approval with what it rejected and removed, and the refusals.
    const audit = (await asAdmin('GET', '/api/admin/audit?perPage=10')).json().items;
    const entry = audit.find((e: { action: string; outcome: string }) => e.action === 'approve_claim' && e.outcome === 'success');
    expect(entry).toMatchObject({
      targetType: 'claim',
      targetId: String(first.json().id),
      detail: { institutionId: listing.id, claimant: fresh.email, removedInstitutionId: fresh.institutionId, rejectedClaimIds: [second.json().id] },
    });
    expect(audit.filter((e: { action: string; outcome: string }) => e.action === 'approve_claim' && e.outcome === 'failure')).toHaveLength(2);
    // The approval wrote the listing's search event, and the removed application's (to drop it from the index).
    expect(await searchEvents(listing.id)).toBeGreaterThanOrEqual(3);
    expect(await searchEvents(fresh.institutionId)).toBeGreaterThanOrEqual(1);
  });

  it('two administrators approving competing claims at once: exactly one wins', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const a = await newInstitutionAccount();
    const b = await newInstitutionAccount();
    const ids = [(await claim(listing.id, a.cookie)).json().id, (await claim(listing.id, b.cookie)).json().id];
    const results = await Promise.all(ids.map((id) => asAdmin('POST', `/api/admin/claims/${id}/approve`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ctx.sql`SELECT count(*)::int AS n FROM institution_claims WHERE institution_id = ${listing.id} AND status = 'approved'`)[0].n).toBe(1);
  });

  it('a rejection is mailed with its reason and audited; the claimant may claim again', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Iwaya Health Post' });
    const a = await newInstitutionAccount();
    const id = (await claim(listing.id, a.cookie)).json().id;
    const res = await asAdmin('POST', `/api/admin/claims/${id}/reject`, { reason: 'The registration number is not in the HEFAMAA register' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('rejected');
    const mail = (await mailsTo(a.email)).find((m) => m.subject === 'Your claim on Ilera was not approved');
    expect(mail?.text).toContain('Reason: The registration number is not in the HEFAMAA register');
    const audit = (await asAdmin('GET', '/api/admin/audit?perPage=5')).json().items;
    expect(audit.find((e: { action: string }) => e.action === 'reject_claim')).toMatchObject({
      outcome: 'success',
      detail: { institutionId: listing.id, reason: 'The registration number is not in the HEFAMAA register' },
    });
    expect((await profile(listing.id)).listed).toBe(true);
    expect((await claim(listing.id, a.cookie)).statusCode).toBe(201);
    const decided = await asAdmin('GET', '/api/admin/claims?status=rejected');
    expect(decided.json().items.some((c: { id: number }) => c.id === id)).toBe(true);
  });

  it("the decisions are mailed in each claimant's account language (issue 50): Hausa and Yorùbá word for word", async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Tudun Wada Health Centre' });
    const hausa = await newInstitutionAccount('Tudun Wada HC (application)');
    const yoruba = await existingInstitutionAccount({ name: 'Tudun Wada Clinic', status: 'approved' });
    await ctx.sql`UPDATE users SET language = 'ha' WHERE lower(email) = lower(${hausa.email})`;
    await ctx.sql`UPDATE users SET language = 'yo' WHERE lower(email) = lower(${yoruba.email})`;
    const first = (await claim(listing.id, hausa.cookie)).json().id;
    await claim(listing.id, yoruba.cookie, { registration: { ...registration, licenseNumber: 'LSMOH/CL/9001' } });
    expect((await asAdmin('POST', `/api/admin/claims/${first}/approve`)).statusCode).toBe(200);
    const firstName = (await ctx.sql<{ firstName: string | null }[]>`SELECT first_name FROM users WHERE lower(email) = lower(${hausa.email})`)[0]!.firstName;

    const [approved] = await mailsTo(hausa.email);
    expect(approved!.subject).toBe('An amince da iƙirarinku a Ilera');
    expect(approved!.text).toBe(
      [
        `Sannu ${firstName},`,
        '',
        'Labari mai daɗi: mai gudanarwa na Ilera ya amince da iƙirarinku na "Tudun Wada Health Centre". Yanzu wannan shafi na cibiyarku ne.',
        '',
        `Ku duba shi kamar yadda marasa lafiya ke gani: ${ctx.config.appUrl}/institution/${listing.id}`,
        `Ku cika shi (bayani, ayyuka, lambobin tuntuɓa, yin alƙawari): ${ctx.config.appUrl}/profile-setup`,
        '',
        'Ƙungiyar Ilera',
      ].join('\n'),
    );
    const [declined] = await mailsTo(yoruba.email);
    expect(declined!.subject).toBe('A kò fọwọ́ sí ìbéèrè ìní yín lórí Ilera');
    expect(declined!.text).toBe(
      [
        'Ẹ n lẹ́ o Bola,',
        '',
        'Alábòójútó Ilera ti yẹ ìbéèrè ìní yín fún "Tudun Wada Health Centre" wò, a kò sì fọwọ́ sí i.',
        '',
        'Ìdí: A ti fọwọ́ sí ìbéèrè ìní mìíràn fún ilé-iṣẹ́ yìí',
        '',
        'Tí ẹ bá rò pé àṣìṣe ni, ẹ fèsì sí ímeèlì yìí pẹ̀lú ìforúkọsílẹ̀ ilé-iṣẹ́ yín.',
        '',
        'Ikọ̀ Ilera',
      ].join('\n'),
    );

    // A rejection with the administrator's own words: those stay as typed.
    const other = await createRegisterListing(ctx.sql, { name: 'Gwagwalada Health Post' });
    const again = await newInstitutionAccount('Gwagwalada HP (application)');
    await ctx.sql`UPDATE users SET language = 'ha' WHERE lower(email) = lower(${again.email})`;
    const id = (await claim(other.id, again.cookie)).json().id;
    expect((await asAdmin('POST', `/api/admin/claims/${id}/reject`, { reason: 'The registration number is not in the register' })).statusCode).toBe(200);
    const [rejected] = await mailsTo(again.email);
    expect(rejected!.subject).toBe('Ba a amince da iƙirarinku a Ilera ba');
    expect(rejected!.text).toContain('Mai gudanarwa na Ilera ya duba iƙirarinku na "Gwagwalada Health Post", kuma ba a amince da shi ba.');
    expect(rejected!.text).toContain('Dalili: The registration number is not in the register');
    expect(rejected!.text).toContain(`Kuna iya sake yin iƙirari da rajistar cibiyarku: ${ctx.config.appUrl}/institution/${other.id}`);
  });

  it('an account whose own profile has appointments, reviews or affiliations is refused (not merged)', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const busy = await existingInstitutionAccount();
    const patient = await createUser(ctx.sql);
    await ctx.sql`INSERT INTO reviews (reviewer_id, institution_id, rating, comment) VALUES (${patient.id}, ${busy.id}, 5, 'Kind nurses.')`;
    const res = await claim(listing.id, busy.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has appointments, reviews or affiliations/);
  });

  it("deleting the owner's account returns the listing to the register instead of deleting it", async () => {
    const listing = await createRegisterListing(ctx.sql);
    const a = await newInstitutionAccount();
    const id = (await claim(listing.id, a.cookie)).json().id;
    expect((await asAdmin('POST', `/api/admin/claims/${id}/approve`)).statusCode).toBe(200);
    await ctx.sql`DELETE FROM users WHERE lower(email) = lower(${a.email})`;
    expect(await profile(listing.id)).toMatchObject({ listed: true, userId: null, registrations: [], register: { code: listing.code } });
  });
});

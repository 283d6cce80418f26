import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { bookingBody, createInstitution, createProfessional, createRegisterListing, createUser, login } from '../../../../test/factories';

/**
 * D21's right of access, kept complete (issue 48). The database's own catalogue lists every column
 * that refers to a user (a foreign key to users.id) and every column of users itself; each is either
 * in GET /api/account/export under a named key or left out for a stated reason. A new table that
 * keeps something about a person fails the first test until the export carries it; the second
 * seeds a row in each and finds it in its owner's export.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** Each column holding a user's id -> the export's key where that user's rows are. */
const EXPORTED: Record<string, string> = {
  'professionals.user_id': 'professional',
  'institutions.user_id': 'institution',
  'appointments.patient_id': 'appointments',
  'reviews.reviewer_id': 'reviews',
  'saved_providers.user_id': 'savedProviders',
  'care_reports.patient_id': 'careReports',
  'care_suggestions.user_id': 'careSuggestions',
  'translation_suggestions.user_id': 'translationSuggestions',
  'review_reports.reporter_id': 'reviewReports',
  'review_replies.author_id': 'reviewReplies',
  'institution_claims.claimant_user_id': 'claims',
  'audit_log.admin_id': 'auditLog',
};

/** Left out, and why. */
const NOT_EXPORTED: Record<string, string> = {
  'user_passwords.user_id': 'the password hash: never exported (D21)',
  'password_reset_tokens.user_id': 'hashes of reset links: secrets, never exported',
  'reviews.hidden_by': "an administrator's decision about another person's review: in the administrator's auditLog",
  'review_reports.resolved_by': "an administrator's decision about another person's report: in the administrator's auditLog",
  'institution_claims.decided_by': "an administrator's decision about another person's claim: in the administrator's auditLog",
  'care_suggestions.decided_by': "an administrator's decision about another person's suggestion: in the administrator's auditLog",
};

/** Columns of users and where the export has them (account.*, textSettings.*), or why not. */
const USER_COLUMNS: Record<string, string> = {
  id: 'account.id',
  email: 'account.email',
  first_name: 'account.firstName',
  last_name: 'account.lastName',
  phone: 'account.phone',
  profile_image_url: 'account.profileImageUrl',
  user_type: 'account.userType',
  my_plan: 'account.myPlan',
  language: 'account.language',
  created_at: 'account.createdAt',
  updated_at: 'account.updatedAt',
  text_channel: 'textSettings.textChannel',
  whatsapp_opted_in_at: 'textSettings.whatsappOptedInAt',
  ussd_phone_e164: 'ussd.phone',
  ussd_pin_set_at: 'ussd.pinSetAt',
  ussd_pin_failures: 'ussd.pinFailures',
  ussd_pin_locked_until: 'ussd.pinLockedUntil',
  ussd_pin_hash: '(not exported: the USSD PIN hash is a secret, like the password hash)',
  session_version: '(not exported: a counter of sign-outs everywhere that says nothing about the person)',
};

describe('the data export and the catalogue (D21)', () => {
  it('every column that holds a user id, and every column of users, is exported or left out for a reason', async () => {
    const refs = await ctx.sql<{ col: string }[]>`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass
      UNION
      -- A user id kept without a foreign key (a column named like one) counts too.
      SELECT table_name || '.' || column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'users' AND column_name ~ '(^|_)user_id$'
      ORDER BY 1`;
    const known = new Set([...Object.keys(EXPORTED), ...Object.keys(NOT_EXPORTED)]);
    expect(refs.map((r) => r.col).filter((c) => !known.has(c)), 'columns holding a user id that the export does not cover').toEqual([]);
    // And the lists name nothing the database no longer has.
    expect([...known].filter((c) => !refs.some((r) => r.col === c))).toEqual([]);

    const columns = await ctx.sql<{ name: string }[]>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'users' ORDER BY 1`;
    expect(columns.map((c) => c.name).filter((c) => !(c in USER_COLUMNS)), 'columns of users that the export does not cover').toEqual([]);
  });

  it("each user's rows are in their own export, under the key the catalogue test names", async () => {
    // A patient with a booking (its texts), a review, a report of another's review, a care report, a suggested edit and a saved provider.
    const patient = await createUser(ctx.sql, { firstName: 'Ngozi', lastName: 'Eze', phone: '0803 123 4567' });
    const pro = await createProfessional(ctx.sql, { user: { firstName: 'Tope', lastName: 'Ajayi' } });
    const inst = await createInstitution(ctx.sql);
    const owner = inst.user;
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const claimant = await createUser(ctx.sql, { userType: 'institution' });
    const listing = await createRegisterListing(ctx.sql);

    const patientCookie = await login(ctx.app, patient.email, patient.password);
    const booked = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie: patientCookie }, payload: bookingBody(pro.id, '2099-05-04T10:00:00+01:00') });
    expect(booked.statusCode, booked.body).toBe(201);
    await ctx.sql`UPDATE users SET text_channel = 'whatsapp', whatsapp_opted_in_at = '2099-01-02T09:00:00Z' WHERE id = ${patient.id}`;
    await ctx.sql`INSERT INTO text_opt_outs (phone_e164, opted_out_at) VALUES ('+2348031234567', '2099-01-03T09:00:00Z')`;
    await ctx.sql`INSERT INTO text_messages (job_id, channel, kind, to_e164, status, appointment_id) VALUES ('export-1', 'sms', 'booked', '+2348031234567', 'sent', ${booked.json().id})`;
    const [own] = await ctx.sql`INSERT INTO reviews (reviewer_id, institution_id, rating, comment) VALUES (${patient.id}, ${inst.id}, 4, 'Clean and quick') RETURNING id`;
    const [other] = await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${admin.id}, ${pro.id}, 1, 'Rude') RETURNING id`;
    await ctx.sql`INSERT INTO review_reports (review_id, reporter_id, reason, details) VALUES (${other!.id}, ${patient.id}, 'false', 'Never went there')`;
    await ctx.sql`INSERT INTO care_reports (patient_id, institution_id, visited_on, was_open) VALUES (${patient.id}, ${inst.id}, '2099-01-05', true)`;
    await ctx.sql`INSERT INTO care_suggestions (user_id, institution_id, kind, details) VALUES (${patient.id}, ${inst.id}, 'hours', 'Open on Saturdays')`;
    await ctx.sql`INSERT INTO saved_providers (user_id, institution_id) VALUES (${patient.id}, ${inst.id})`;
    await ctx.sql`INSERT INTO translation_suggestions (user_id, locale, page, suggestion) VALUES (${patient.id}, 'yo', '/yo/search', 'Wá dókítà')`;
    // The institution replies to the patient's review; another institution user claims a listing; the admin acts.
    await ctx.sql`INSERT INTO review_replies (review_id, author_id, body) VALUES (${own!.id}, ${owner.id}, 'Thank you for coming')`;
    await ctx.sql`INSERT INTO institution_claims (institution_id, claimant_user_id, registration, message)
      VALUES (${listing.id}, ${claimant.id}, ${ctx.sql.json({ country: 'Nigeria', licenseNumber: 'LSMOH/CL/1234', council: 'State Ministry of Health' })}, 'This is our clinic')`;
    await ctx.sql`INSERT INTO audit_log (admin_id, action, target_type, target_id, outcome) VALUES (${admin.id}, 'hide_review', 'review', ${String(other!.id)}, 'success')`;

    const exportOf = async (u: { email: string; password: string }) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: await login(ctx.app, u.email, u.password) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record<string, any>;
    };
    const p = await exportOf(patient);
    expect(p.textSettings).toMatchObject({ textChannel: 'whatsapp', whatsappOptedInAt: '2099-01-02T09:00:00.000Z' });
    expect(p.textSettings.numbers).toEqual([expect.objectContaining({ phone: '+2348031234567', optedOutAt: '2099-01-03T09:00:00.000Z', optedInAt: null })]);
    expect(p.texts).toEqual([expect.objectContaining({ kind: 'booked', toE164: '+2348031234567', status: 'sent' })]);
    expect(p.appointments).toHaveLength(1);
    expect(p.reviews.map((r: any) => r.comment)).toEqual(['Clean and quick']);
    expect(p.reviewReports).toEqual([expect.objectContaining({ reviewId: other!.id, reason: 'false', details: 'Never went there' })]);
    expect(p.careReports).toHaveLength(1);
    expect(p.careSuggestions.map((s: any) => s.details)).toEqual(['Open on Saturdays']);
    expect(p.savedProviders).toEqual([expect.objectContaining({ institutionId: inst.id })]);
    expect(p.translationSuggestions).toEqual([expect.objectContaining({ locale: 'yo', page: '/yo/search', suggestion: 'Wá dókítà' })]);
    // Nothing of the others: the reply to the patient's review is its author's.
    expect(p.reviewReplies).toEqual([]);
    expect(p.auditLog).toEqual([]);

    const o = await exportOf(owner);
    expect(o.institution).toMatchObject({ id: inst.id });
    expect(o.reviewReplies).toEqual([expect.objectContaining({ reviewId: own!.id, body: 'Thank you for coming' })]);
    const c = await exportOf(claimant);
    expect(c.claims).toEqual([
      expect.objectContaining({ institutionId: listing.id, status: 'pending', message: 'This is our clinic', registration: expect.objectContaining({ licenseNumber: 'LSMOH/CL/1234' }) }),
    ]);
    const a = await exportOf(admin);
    expect(a.auditLog).toEqual([expect.objectContaining({ action: 'hide_review', targetId: String(other!.id), outcome: 'success' })]);
    const q = await exportOf(pro.user);
    expect(q.professional).toMatchObject({ id: pro.id });

    // Every exported key of the catalogue test is in the answer, and every column of users where the list says.
    for (const key of new Set(Object.values(EXPORTED))) expect(p, key).toHaveProperty(key);
    for (const where of Object.values(USER_COLUMNS).filter((w) => !w.startsWith('('))) expect(p, where).toHaveProperty(where);
    expect(JSON.stringify([p, o, c, a, q])).not.toMatch(/argon2|passwordHash|tokenHash/i);
  });
});

// Review moderation (issue 34, PRODUCT.md D27): reports, the admin queue, hide / restore /
// dismiss (audited), the rating in search, the author's mail, and the provider's one reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type SearchEngine } from '@ilera/search';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';
import { readMails } from '../../../../test/mail';

let ctx: TestContext;
let engine: SearchEngine;
let admin: TestUser;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers();
  engine = createEngine(ctx.config, ctx.sql);
  admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Admin' });
  adminCookie = await login(ctx.app, admin.email, admin.password);
});
afterAll(async () => {
  await engine?.close();
  await ctx.close();
});

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);

/** A patient with a session, who writes a review through the API. */
async function patientWithReview(target: { professionalId?: number; institutionId?: number }, rating: number, comment: string, firstName = 'Amaka') {
  const user = await createUser(ctx.sql, { firstName, lastName: 'Eze' });
  const cookie = await login(ctx.app, user.email, user.password);
  const res = await call('POST', '/api/reviews', cookie, { rating, comment, ...target });
  expect(res.statusCode).toBe(201);
  return { user, cookie, reviewId: res.json().id as number };
}

async function signedInUser(userType = 'patient') {
  const user = await createUser(ctx.sql, { userType });
  return { user, cookie: await login(ctx.app, user.email, user.password) };
}

const publicList = async (kind: 'professional' | 'institution', id: number, cookie?: string) =>
  (await call('GET', `/api/reviews/${kind}/${id}`, cookie)).json() as { id: number; comment: string; hiddenReason: string | null; reply: unknown; mine: boolean }[];

const indexed = async (collection: 'professionals' | 'institutions', id: number) =>
  (await engine.exportAll(collection)).find((d) => d.id === String(id)) as { rating: number; reviewCount: number } | undefined;

const auditEntries = async (action: string, targetId: number) =>
  (await ctx.sql<{ outcome: string; detail: Record<string, unknown>; adminId: string }[]>`
    SELECT outcome, detail, admin_id FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`);

describe('reporting a review', () => {
  it('anyone signed in reports a review once, with a reason from the list', async () => {
    const pro = await createProfessional(ctx.sql);
    const { reviewId, cookie: authorCookie } = await patientWithReview({ professionalId: pro.id }, 1, 'Terrible, avoid.');
    const reporter = await signedInUser();
    const url = `/api/reviews/${reviewId}/reports`;

    expect((await call('POST', url, undefined, { reason: 'spam' })).statusCode).toBe(401);
    const bad = await call('POST', url, reporter.cookie, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ reason: 'Please choose a reason for reporting this review' });

    const first = await call('POST', url, reporter.cookie, { reason: 'false', details: 'Never treated this person.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Thank you. A moderator will look at this review.' });
    const again = await call('POST', url, reporter.cookie, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this review');

    // The provider reviewed may report too (any signed-in account); the author may not report their own.
    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    expect((await call('POST', url, proCookie, { reason: 'offensive' })).statusCode).toBe(201);
    const own = await call('POST', url, authorCookie, { reason: 'other' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot report your own review');
    // The list tells the author which review is theirs (the page offers them no Report), and nobody else.
    expect((await publicList('professional', pro.id, authorCookie)).find((r) => r.id === reviewId)!.mine).toBe(true);
    expect((await publicList('professional', pro.id, reporter.cookie)).find((r) => r.id === reviewId)!.mine).toBe(false);
    expect((await publicList('professional', pro.id)).find((r) => r.id === reviewId)!.mine).toBe(false);

    expect((await call('POST', '/api/reviews/999999/reports', reporter.cookie, { reason: 'spam' })).statusCode).toBe(404);
    const rows = await ctx.sql`SELECT reason, details FROM review_reports WHERE review_id = ${reviewId} ORDER BY id`;
    expect(rows.map((r) => r.reason)).toEqual(['false', 'offensive']);
  });

  it('limits one account to 20 reports a day; refused reports do not count, other accounts are not affected', async () => {
    const pro = await createProfessional(ctx.sql);
    const reviewIds: number[] = [];
    for (let i = 0; i < 21; i++) {
      const u = await createUser(ctx.sql);
      const [row] = await ctx.sql<{ id: number }[]>`
        INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${u.id}, ${pro.id}, 3, ${`Review ${i}`}) RETURNING id`;
      reviewIds.push(row!.id);
    }
    const busy = await signedInUser();
    for (const id of reviewIds.slice(0, 19)) expect((await call('POST', `/api/reviews/${id}/reports`, busy.cookie, { reason: 'spam' })).statusCode).toBe(201);
    // A duplicate is refused and given back: it does not use up the 20th report.
    expect((await call('POST', `/api/reviews/${reviewIds[0]}/reports`, busy.cookie, { reason: 'spam' })).statusCode).toBe(409);
    expect((await call('POST', `/api/reviews/${reviewIds[19]}/reports`, busy.cookie, { reason: 'spam' })).statusCode).toBe(201);
    const over = await call('POST', `/api/reviews/${reviewIds[20]}/reports`, busy.cookie, { reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You have reported too many reviews today. Please try again tomorrow.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60 * 60);
    const other = await signedInUser();
    expect((await call('POST', `/api/reviews/${reviewIds[20]}/reports`, other.cookie, { reason: 'spam' })).statusCode).toBe(201);
  });
});

describe('the moderation queue', () => {
  it('is for admins only: 401 signed out, 403 for other accounts', async () => {
    const patient = await signedInUser();
    const pro = await createProfessional(ctx.sql);
    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    for (const [method, url, body] of [
      ['GET', '/api/admin/moderation', undefined],
      ['POST', '/api/admin/moderation/reviews/1/hide', { reason: 'Abusive' }],
      ['POST', '/api/admin/moderation/reviews/1/restore', undefined],
      ['POST', '/api/admin/moderation/reviews/1/dismiss', undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, patient.cookie, body)).statusCode).toBe(403);
      expect((await call(method, url, proCookie, body)).statusCode).toBe(403);
    }
  });

  it('lists reported reviews with their reports, the most recently reported first; dismissing takes a review out, audited', async () => {
    const inst = await createInstitution(ctx.sql, { name: 'Queue Test Hospital' });
    const older = await patientWithReview({ institutionId: inst.id }, 2, 'Older reported review.', 'Bola');
    const newer = await patientWithReview({ institutionId: inst.id }, 1, 'Newer reported review.', 'Chidi');
    const r1 = await signedInUser();
    const r2 = await signedInUser();
    await call('POST', `/api/reviews/${older.reviewId}/reports`, r1.cookie, { reason: 'spam' });
    await new Promise((r) => setTimeout(r, 10));
    await call('POST', `/api/reviews/${newer.reviewId}/reports`, r1.cookie, { reason: 'offensive', details: 'Insults the nurses.' });
    await call('POST', `/api/reviews/${newer.reviewId}/reports`, r2.cookie, { reason: 'private_information' });

    const queue = await call('GET', '/api/admin/moderation', adminCookie);
    expect(queue.statusCode).toBe(200);
    const items = queue.json().items as any[];
    const ours = items.filter((i) => i.provider.id === inst.id && i.provider.kind === 'institution');
    expect(ours.map((i) => i.review.comment)).toEqual(['Newer reported review.', 'Older reported review.']);
    expect(ours[0]).toMatchObject({
      provider: { kind: 'institution', id: inst.id, name: 'Queue Test Hospital' },
      review: { id: newer.reviewId, rating: 1, reviewer: { firstName: 'Chidi', lastName: 'Eze' } },
      hidden: null,
    });
    expect(ours[0].reports.map((r: any) => r.reason)).toEqual(['private_information', 'offensive']);
    expect(ours[0].reports[1].details).toBe('Insults the nurses.');

    const dismissed = await call('POST', `/api/admin/moderation/reviews/${older.reviewId}/dismiss`, adminCookie);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ success: true, id: older.reviewId, hidden: false, openReports: 0 });
    const after = (await call('GET', '/api/admin/moderation', adminCookie)).json().items as any[];
    expect(after.map((i) => i.review.id)).not.toContain(older.reviewId);
    // The review stays public; dismissing twice is refused, and that refusal is audited too.
    expect((await publicList('institution', inst.id)).map((r) => r.id)).toContain(older.reviewId);
    const twice = await call('POST', `/api/admin/moderation/reviews/${older.reviewId}/dismiss`, adminCookie);
    expect(twice.statusCode).toBe(409);
    expect((await auditEntries('dismiss_review_reports', older.reviewId)).map((a) => [a.outcome, a.adminId])).toEqual([
      ['success', admin.id],
      ['failure', admin.id],
    ]);
    // Someone else's new report brings it back.
    const r3 = await signedInUser();
    await call('POST', `/api/reviews/${older.reviewId}/reports`, r3.cookie, { reason: 'spam' });
    const back = (await call('GET', '/api/admin/moderation', adminCookie)).json().items as any[];
    expect(back.find((i) => i.review.id === older.reviewId).reports).toHaveLength(1);
  });
});

describe('hiding and restoring a review', () => {
  it('hides a review from the public list, the profile rating and search within 2 s; tells its author; restores it; audited', async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Dermatology' });
    await patientWithReview({ professionalId: pro.id }, 5, 'Wonderful doctor.', 'Funke');
    const abusive = await patientWithReview({ professionalId: pro.id }, 1, 'Abusive words here.', 'Tunde');
    await eventually(async () => (await indexed('professionals', pro.id))?.reviewCount === 2, 10000);
    expect((await indexed('professionals', pro.id))!.rating).toBe(3);
    const reporter = await signedInUser();
    await call('POST', `/api/reviews/${abusive.reviewId}/reports`, reporter.cookie, { reason: 'offensive' });

    // A reason is required: it is what the author is shown.
    const noReason = await call('POST', `/api/admin/moderation/reviews/${abusive.reviewId}/hide`, adminCookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'Please give a reason the author will see' });

    const reason = 'Contains insults, which our review rules do not allow.';
    const hidden = await call('POST', `/api/admin/moderation/reviews/${abusive.reviewId}/hide`, adminCookie, { reason });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ success: true, id: abusive.reviewId, hidden: true, openReports: 0 });
    const hiddenAt = Date.now();

    // Gone from the public list and the profile's rating at once.
    expect((await publicList('professional', pro.id)).map((r) => r.comment)).toEqual(['Wonderful doctor.']);
    expect((await call('GET', `/api/professionals/${pro.id}`)).json()).toMatchObject({ averageRating: 5, reviewCount: 1 });
    // The search index follows through the index worker.
    await eventually(async () => {
      const d = await indexed('professionals', pro.id);
      return d?.reviewCount === 1 && d.rating === 5;
    }, 2000, 25);
    // Measured, not asserted: how long the index took.
    console.log(`search rating after hide: ${Date.now() - hiddenAt} ms`);

    // Its author still sees it, with the reason; nobody else does.
    const own = (await publicList('professional', pro.id, abusive.cookie)).find((r) => r.id === abusive.reviewId);
    expect(own).toMatchObject({ comment: 'Abusive words here.', hiddenReason: reason });
    expect((await publicList('professional', pro.id, reporter.cookie)).map((r) => r.id)).not.toContain(abusive.reviewId);
    expect(JSON.stringify(await publicList('professional', pro.id))).not.toContain(reason);
    // Editing it does not bring it back.
    const edited = await call('POST', '/api/reviews', abusive.cookie, { rating: 2, comment: 'Edited words.', professionalId: pro.id });
    expect(edited.json()).toMatchObject({ hiddenReason: reason });
    expect((await publicList('professional', pro.id)).map((r) => r.comment)).toEqual(['Wonderful doctor.']);
    // Nor can it be reported any more.
    expect((await call('POST', `/api/reviews/${abusive.reviewId}/reports`, (await signedInUser()).cookie, { reason: 'spam' })).statusCode).toBe(404);

    // The author is told by mail, through the mail worker.
    const mail = await eventually(async () => {
      const mails = await readMails(ctx.config.dataDir, ctx.queues.mail);
      return mails.find((m) => m.to.includes(abusive.user.email) && m.subject === 'Your review on Ilera was hidden');
    }, 10000);
    expect(mail!.text).toContain(reason);
    expect(mail!.text).toContain('Dr. Chinedu Okafor');

    // The queue: out of "reported", into "hidden" with the report its hiding closed.
    const reported = (await call('GET', '/api/admin/moderation', adminCookie)).json().items as any[];
    expect(reported.map((i) => i.review.id)).not.toContain(abusive.reviewId);
    const hiddenTab = (await call('GET', '/api/admin/moderation?status=hidden', adminCookie)).json().items as any[];
    expect(hiddenTab.find((i) => i.review.id === abusive.reviewId)).toMatchObject({ hidden: { reason }, reports: [{ reason: 'offensive' }] });
    expect((await call('POST', `/api/admin/moderation/reviews/${abusive.reviewId}/hide`, adminCookie, { reason })).statusCode).toBe(409);

    const restored = await call('POST', `/api/admin/moderation/reviews/${abusive.reviewId}/restore`, adminCookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: false });
    expect((await publicList('professional', pro.id)).map((r) => r.comment).sort()).toEqual(['Edited words.', 'Wonderful doctor.']);
    expect((await publicList('professional', pro.id, abusive.cookie)).find((r) => r.id === abusive.reviewId)!.hiddenReason).toBeNull();
    await eventually(async () => {
      const d = await indexed('professionals', pro.id);
      return d?.reviewCount === 2 && d.rating === 3.5;
    }, 2000, 25);
    expect((await call('POST', `/api/admin/moderation/reviews/${abusive.reviewId}/restore`, adminCookie)).statusCode).toBe(409);

    const hideAudit = await auditEntries('hide_review', abusive.reviewId);
    expect(hideAudit.map((a) => a.outcome)).toEqual(['success', 'failure']);
    expect(hideAudit[0]).toMatchObject({ adminId: admin.id, detail: { reason, provider: 'Dr. Chinedu Okafor', providerKind: 'professional', providerId: pro.id } });
    expect((await auditEntries('restore_review', abusive.reviewId)).map((a) => a.outcome)).toEqual(['success', 'failure']);
    // The admin activity log shows them as it shows other admin actions.
    const log = (await call('GET', '/api/admin/audit?perPage=100', adminCookie)).json().items as any[];
    expect(log.filter((e) => e.targetId === String(abusive.reviewId)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['hide_review', 'restore_review']),
    );
  });

  it("tells the author in their account's language (issue 50): Hausa and Yorùbá word for word, English without one", async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Dermatology' });
    const hausa = await patientWithReview({ professionalId: pro.id }, 1, 'Bad words.', 'Musa');
    const yoruba = await patientWithReview({ professionalId: pro.id }, 1, 'More bad words.', 'Bisi');
    const english = await patientWithReview({ professionalId: pro.id }, 1, 'Yet more bad words.', 'Ada');
    await ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${hausa.user.id}`;
    await ctx.sql`UPDATE users SET language = 'yo' WHERE id = ${yoruba.user.id}`;
    const reason = 'Contains insults, which our review rules do not allow.';
    for (const r of [hausa, yoruba, english]) {
      expect((await call('POST', `/api/admin/moderation/reviews/${r.reviewId}/hide`, adminCookie, { reason })).statusCode).toBe(200);
    }
    const mailTo = (email: string) =>
      eventually(async () => (await readMails(ctx.config.dataDir, ctx.queues.mail)).find((m) => m.to.includes(email)), 10000);
    const link = `${ctx.config.appUrl}/professional/${pro.id}`;

    const ha = (await mailTo(hausa.user.email))!;
    expect(ha.subject).toBe('An ɓoye sharhinku a Ilera');
    expect(ha.text.trim()).toBe(
      [
        'Sannu Musa,',
        '',
        'Mai kula da sharhi ya ɓoye sharhinku game da Dr. Chinedu Okafor a Ilera. Ba ya bayyana a shafin ko a cikin maki.',
        '',
        `Dalili: ${reason}`,
        '',
        `Kuna iya ganinsa har yanzu, tare da wannan dalilin, idan kun shiga asusunku: ${link}`,
        'Idan kuna ganin kuskure ne, ku amsa wannan imel ɗin.',
        '',
        'Ƙungiyar Ilera',
      ].join('\n'),
    );
    const yo = (await mailTo(yoruba.user.email))!;
    expect(yo.subject).toBe('A ti fi àgbéyẹ̀wò yín pamọ́ lórí Ilera');
    expect(yo.text).toContain('Ẹ n lẹ́ o Bisi,');
    expect(yo.text).toContain('Alábòójútó kan ti fi àgbéyẹ̀wò tí ẹ kọ nípa Dr. Chinedu Okafor pamọ́ lórí Ilera.');
    expect(yo.text).toContain(`Ìdí: ${reason}`);
    expect(yo.text).toContain('Ikọ̀ Ilera');

    const en = (await mailTo(english.user.email))!;
    expect(en.subject).toBe('Your review on Ilera was hidden');
    expect(en.text.trim()).toBe(
      [
        'Hello Ada,',
        '',
        'A moderator has hidden your review of Dr. Chinedu Okafor on Ilera. It no longer appears on the profile or in its rating.',
        '',
        `Reason: ${reason}`,
        '',
        `You can still see it, with this reason, when you are signed in: ${link}`,
        'If you think this is a mistake, reply to this e-mail.',
        '',
        'The Ilera team',
      ].join('\n'),
    );
  });

  it('an institution review hidden leaves the institution rating in search', async () => {
    const inst = await createInstitution(ctx.sql);
    const a = await patientWithReview({ institutionId: inst.id }, 4, 'Clean wards.');
    await patientWithReview({ institutionId: inst.id }, 2, 'Slow pharmacy.');
    await eventually(async () => (await indexed('institutions', inst.id))?.reviewCount === 2, 10000);
    expect((await call('POST', `/api/admin/moderation/reviews/${a.reviewId}/hide`, adminCookie, { reason: 'Not about this hospital.' })).statusCode).toBe(200);
    await eventually(async () => {
      const d = await indexed('institutions', inst.id);
      return d?.reviewCount === 1 && d.rating === 2;
    }, 2000, 25);
    expect((await call('GET', `/api/institutions/${inst.id}`)).json()).toMatchObject({ averageRating: 2, reviewCount: 1 });
  });

  it('answers 404 for a review that does not exist, audited as a refused action', async () => {
    const res = await call('POST', '/api/admin/moderation/reviews/abc/restore', adminCookie);
    expect(res.statusCode).toBe(404);
    const [entry] = await ctx.sql`SELECT outcome FROM audit_log WHERE action = 'restore_review' AND target_id = 'abc'`;
    expect(entry?.outcome).toBe('failure');
  });
});

describe("the provider's reply", () => {
  it.each(['professional', 'institution'] as const)('the %s reviewed replies once, publicly; nobody else can', async (kind) => {
    const provider = kind === 'professional' ? await createProfessional(ctx.sql) : await createInstitution(ctx.sql);
    const target = kind === 'professional' ? { professionalId: provider.id } : { institutionId: provider.id };
    const { reviewId, cookie: authorCookie } = await patientWithReview(target, 3, 'Good but slow.');
    const ownerCookie = await login(ctx.app, provider.user.email, provider.user.password);
    const url = `/api/reviews/${reviewId}/reply`;
    const body = { body: 'Thank you. We have added a second nurse at the front desk.' };

    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    const rival = kind === 'professional' ? await createProfessional(ctx.sql) : await createInstitution(ctx.sql);
    for (const cookie of [authorCookie, adminCookie, await login(ctx.app, rival.user.email, rival.user.password)]) {
      const res = await call('POST', url, cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the provider reviewed can reply to this review');
    }
    expect((await call('POST', url, ownerCookie, { body: '' })).json().fields).toEqual({ body: 'Please write a reply' });

    const first = await call('POST', url, ownerCookie, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ reviewId, reply: { body: body.body } });
    const second = await call('POST', url, ownerCookie, { body: 'Another reply.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already replied to this review');

    const shown = (await publicList(kind, provider.id)).find((r) => r.id === reviewId);
    expect(shown!.reply).toMatchObject({ body: body.body });
  });
});

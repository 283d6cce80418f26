import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '@ilera/search';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let pro: Awaited<ReturnType<typeof createProfessional>>;
let otherPro: Awaited<ReturnType<typeof createProfessional>>;
let inst: Awaited<ReturnType<typeof createInstitution>>;
let otherInst: Awaited<ReturnType<typeof createInstitution>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  pro = await createProfessional(ctx.sql, { user: { firstName: 'Ngozi', lastName: 'Eze' }, specialty: 'Pediatrics' });
  otherPro = await createProfessional(ctx.sql, { user: { firstName: 'Musa', lastName: 'Bello' } });
  inst = await createInstitution(ctx.sql, { name: 'Harbour Children Hospital' });
  otherInst = await createInstitution(ctx.sql, { name: 'Ring Road Clinic' });
  const patient = await createUser(ctx.sql);
  const admin = await createUser(ctx.sql, { userType: 'admin' });
  for (const [key, u] of Object.entries({ pro: pro.user, otherPro: otherPro.user, inst: inst.user, otherInst: otherInst.user, patient, admin })) {
    cookies[key] = await login(ctx.app, u.email, u.password);
  }
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {}, payload: payload as never });

const request = (who: string, institutionId: number, role = 'Consultant Paediatrician') =>
  call('POST', '/api/affiliations', who, { institutionId, role });

describe('who may call what', () => {
  it('answers 401 to a signed-out visitor on every call', async () => {
    expect((await call('GET', '/api/affiliations')).statusCode).toBe(401);
    expect((await call('POST', '/api/affiliations', undefined, { institutionId: inst.id, role: 'Nurse' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/affiliations/1', undefined, { status: 'confirmed' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/affiliations/1')).statusCode).toBe(401);
  });

  it('answers 403 to patients and administrators on every call, and to the wrong side', async () => {
    for (const who of ['patient', 'admin']) {
      expect((await call('GET', '/api/affiliations', who)).statusCode).toBe(403);
      expect((await request(who, inst.id)).statusCode).toBe(403);
      expect((await call('PUT', '/api/affiliations/1', who, { status: 'confirmed' })).statusCode).toBe(403);
      expect((await call('DELETE', '/api/affiliations/1', who)).statusCode).toBe(403);
    }
    // An institution cannot ask to join an institution; a professional cannot confirm.
    const asInstitution = await request('inst', otherInst.id);
    expect(asInstitution.statusCode).toBe(403);
    expect(asInstitution.json().message).toBe('Only professionals can ask to join an institution');
    const made = (await request('otherPro', otherInst.id, 'Visiting Surgeon')).json();
    const selfConfirm = await call('PUT', `/api/affiliations/${made.id}`, 'otherPro', { status: 'confirmed' });
    expect(selfConfirm.statusCode).toBe(403);
    expect(selfConfirm.json().message).toBe('Only the institution can confirm or decline a request');
    expect((await call('DELETE', `/api/affiliations/${made.id}`, 'otherPro')).statusCode).toBe(204);
  });

  it("answers 404 for another side's request and never shows it in their list", async () => {
    const made = (await request('otherPro', inst.id, 'Locum')).json();
    expect((await call('PUT', `/api/affiliations/${made.id}`, 'otherInst', { status: 'confirmed' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/affiliations/${made.id}`, 'otherInst')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/affiliations/${made.id}`, 'pro')).statusCode).toBe(404);
    expect((await call('PUT', '/api/affiliations/99999999', 'inst', { status: 'confirmed' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/affiliations/abc', 'pro')).statusCode).toBe(404);
    const proList = (await call('GET', '/api/affiliations', 'pro')).json() as { id: number }[];
    expect(proList.map((a) => a.id)).not.toContain(made.id);
    // The request is untouched by those refusals.
    const instList = (await call('GET', '/api/affiliations', 'inst')).json() as { id: number; status: string }[];
    expect(instList.find((a) => a.id === made.id)?.status).toBe('pending');
    expect((await call('DELETE', `/api/affiliations/${made.id}`, 'otherPro')).statusCode).toBe(204);
  });
});

describe('the rules', () => {
  it('refuses bad input with 400 naming the field', async () => {
    const noRole = await call('POST', '/api/affiliations', 'pro', { institutionId: inst.id, role: '   ' });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().fields).toEqual({ role: 'Role is required' });
    const longRole = await request('pro', inst.id, 'x'.repeat(101));
    expect(longRole.json().fields).toEqual({ role: 'Role must be at most 100 characters' });
    const noInstitution = await call('POST', '/api/affiliations', 'pro', { institutionId: 'Harbour', role: 'Nurse' });
    expect(noInstitution.statusCode).toBe(400);
    expect(noInstitution.json().fields).toEqual({ institutionId: 'Choose the institution you work with' });
    const badAnswer = await call('PUT', '/api/affiliations/1', 'inst', { status: 'pending' });
    expect(badAnswer.statusCode).toBe(400);
    expect(badAnswer.json().fields).toEqual({ status: 'Status must be confirmed or declined' });
  });

  it('only lets a professional ask a listed institution, once', async () => {
    const hidden = await createInstitution(ctx.sql, { name: 'Unlisted Clinic', status: 'pending' });
    expect((await request('pro', hidden.id)).statusCode).toBe(404);
    expect((await request('pro', 2147483647)).statusCode).toBe(404);
    const first = await request('pro', otherInst.id, 'Visiting Consultant');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'pending',
      role: 'Visiting Consultant',
      institution: { id: otherInst.id, name: 'Ring Road Clinic' },
      professional: { id: pro.id, firstName: 'Ngozi', specialty: 'Pediatrics' },
    });
    const again = await request('pro', otherInst.id, 'Consultant');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already asked to join this institution');
    // A professional account without a profile has nothing to link.
    const bare = await createUser(ctx.sql, { userType: 'professional' });
    const bareCookie = await login(ctx.app, bare.email, bare.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/affiliations', headers: { cookie: bareCookie }, payload: { institutionId: inst.id, role: 'Nurse' } });
    expect(res.statusCode).toBe(404);
  });

  it('lets the institution decline, and the professional ask again; an answered request cannot be answered twice', async () => {
    const asked = (await request('otherPro', otherInst.id, 'Anaesthetist')).json();
    const declined = await call('PUT', `/api/affiliations/${asked.id}`, 'otherInst', { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('declined');
    expect((await call('PUT', `/api/affiliations/${asked.id}`, 'otherInst', { status: 'confirmed' })).statusCode).toBe(409);
    const mine = (await call('GET', '/api/affiliations', 'otherPro')).json() as { id: number; status: string }[];
    expect(mine.find((a) => a.id === asked.id)?.status).toBe('declined');
    // Nothing is public after a decline.
    const profile = (await call('GET', `/api/professionals/${otherPro.id}`, 'patient')).json();
    expect(profile.institutionAffiliations).toEqual([]);
    const askedAgain = await request('otherPro', otherInst.id, 'Consultant Anaesthetist');
    expect(askedAgain.statusCode).toBe(201);
    expect(askedAgain.json()).toMatchObject({ id: asked.id, status: 'pending', role: 'Consultant Anaesthetist' });
  });
});

describe('a confirmed link', () => {
  it('appears on both profiles and in the index only once confirmed, and disappears when either side ends it', async () => {
    await ctx.startWorkers();
    const engine = createEngine(ctx.config, ctx.sql);
    const doc = async (collection: 'professionals' | 'institutions', id: number) =>
      (await engine.exportAll(collection)).find((d) => d.id === String(id)) as Record<string, unknown> | undefined;
    const asked = (await request('pro', inst.id, 'Consultant Paediatrician')).json();

    // Pending: shown to the institution as a request, not on any public page.
    const waiting = (await call('GET', '/api/affiliations', 'inst')).json() as { id: number; status: string; role: string }[];
    expect(waiting[0]).toMatchObject({ id: asked.id, status: 'pending', role: 'Consultant Paediatrician' });
    expect((await call('GET', `/api/professionals/${pro.id}`, 'patient')).json().institutionAffiliations).toEqual([]);
    expect((await call('GET', `/api/institutions/${inst.id}`, 'patient')).json().professionalAffiliations).toEqual([]);

    const confirmed = await call('PUT', `/api/affiliations/${asked.id}`, 'inst', { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    expect((await call('GET', `/api/professionals/${pro.id}`, 'patient')).json().institutionAffiliations).toEqual([
      { id: asked.id, role: 'Consultant Paediatrician', institution: { id: inst.id, name: 'Harbour Children Hospital', type: 'hospital' } },
    ]);
    expect((await call('GET', `/api/institutions/${inst.id}`, 'patient')).json().professionalAffiliations).toMatchObject([
      { id: asked.id, role: 'Consultant Paediatrician', professional: { id: pro.id, title: 'Dr.', specialty: 'Pediatrics' } },
    ]);
    await eventually(async () => (await doc('professionals', pro.id))?.institution === 'Harbour Children Hospital', 10000);
    await eventually(async () => (await doc('institutions', inst.id))?.professionalCount === 1, 10000);

    // The professional ends it: gone from both profiles and from the card.
    expect((await call('DELETE', `/api/affiliations/${asked.id}`, 'pro')).statusCode).toBe(204);
    expect((await call('GET', `/api/professionals/${pro.id}`, 'patient')).json().institutionAffiliations).toEqual([]);
    await eventually(async () => (await doc('professionals', pro.id))?.institution === undefined, 10000);
    await eventually(async () => (await doc('institutions', inst.id))?.professionalCount === 0, 10000);

    // The institution can end one too.
    const second = (await request('pro', inst.id, 'Consultant')).json();
    await call('PUT', `/api/affiliations/${second.id}`, 'inst', { status: 'confirmed' });
    expect((await call('DELETE', `/api/affiliations/${second.id}`, 'inst')).statusCode).toBe(204);
    expect((await call('GET', '/api/affiliations', 'pro')).json().map((a: { id: number }) => a.id)).not.toContain(second.id);
    await engine.close();
  });
});

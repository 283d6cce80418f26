import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let pro: Awaited<ReturnType<typeof createProfessional>>;
let pending: Awaited<ReturnType<typeof createProfessional>>;
let inst: Awaited<ReturnType<typeof createInstitution>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  pro = await createProfessional(ctx.sql, { user: { firstName: 'Ngozi', lastName: 'Eze' }, specialty: 'Pediatrics', city: 'Enugu', state: 'Enugu' });
  pending = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Musa', lastName: 'Bello' } });
  inst = await createInstitution(ctx.sql, { name: 'Harbour Children Hospital', type: 'teaching_hospital' });
  const accounts = {
    patient: await createUser(ctx.sql),
    otherPatient: await createUser(ctx.sql),
    admin: await createUser(ctx.sql, { userType: 'admin' }),
    pro: pro.user,
    inst: inst.user,
  };
  for (const [key, u] of Object.entries(accounts)) cookies[key] = await login(ctx.app, u.email, u.password);
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who?: string) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {} });

describe('saved providers: who may call', () => {
  it('answers 401 signed out and 403 to every role but patients (D9)', async () => {
    for (const [method, url] of [
      ['GET', '/api/saved-providers'],
      ['PUT', `/api/saved-providers/professional/${pro.id}`],
      ['DELETE', `/api/saved-providers/professional/${pro.id}`],
    ] as const) {
      const signedOut = await call(method, url);
      expect(signedOut.statusCode).toBe(401);
      for (const who of ['admin', 'pro', 'inst']) expect((await call(method, url, who)).statusCode).toBe(403);
    }
  });

  it('checks the role before the path: a wrong role meets 403 even for a bad kind', async () => {
    expect((await call('PUT', '/api/saved-providers/hospital/1', 'admin')).statusCode).toBe(403);
  });
});

describe('saved providers: a patient', () => {
  it('saves a professional and an institution, lists them newest first with what to show offline', async () => {
    const first = await call('PUT', `/api/saved-providers/professional/${pro.id}`, 'patient');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toHaveLength(1);
    const second = await call('PUT', `/api/saved-providers/institution/${inst.id}`, 'patient');
    expect(second.statusCode).toBe(201);
    const list = (await call('GET', '/api/saved-providers', 'patient')).json();
    expect(list).toEqual([
      expect.objectContaining({ kind: 'institution', id: inst.id, name: 'Harbour Children Hospital', subtitle: 'Teaching Hospital' }),
      expect.objectContaining({ kind: 'professional', id: pro.id, name: 'Dr. Ngozi Eze', subtitle: 'Pediatrics', city: 'Enugu', state: 'Enugu' }),
    ]);
    expect(Date.parse(list[0].savedAt)).not.toBeNaN();
    expect(Object.keys(list[0]).sort()).toEqual(['city', 'id', 'kind', 'name', 'profileImageUrl', 'savedAt', 'state', 'subtitle']);
  });

  it('saving twice keeps one bookmark and answers 200', async () => {
    const again = await call('PUT', `/api/saved-providers/professional/${pro.id}`, 'patient');
    expect(again.statusCode).toBe(200);
    expect(again.json().filter((s: { kind: string }) => s.kind === 'professional')).toHaveLength(1);
  });

  it("never shows one patient's bookmarks to another", async () => {
    expect((await call('GET', '/api/saved-providers', 'otherPatient')).json()).toEqual([]);
    // Removing what only someone else saved: nothing of yours is there.
    expect((await call('DELETE', `/api/saved-providers/professional/${pro.id}`, 'otherPatient')).statusCode).toBe(404);
    expect((await call('GET', '/api/saved-providers', 'patient')).json()).toHaveLength(2);
  });

  it('answers 404 for a profile the public may not see, a missing one, a bad kind or a bad id', async () => {
    for (const url of [
      `/api/saved-providers/professional/${pending.id}`,
      '/api/saved-providers/institution/2147483647',
      '/api/saved-providers/hospital/1',
      '/api/saved-providers/professional/abc',
      '/api/saved-providers/professional/99999999999',
    ]) {
      const res = await call('PUT', url, 'patient');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Provider not found');
    }
  });

  it('drops a withdrawn profile from the list, and brings it back when approved again', async () => {
    await ctx.sql`UPDATE professionals SET status = 'pending' WHERE id = ${pro.id}`;
    expect((await call('GET', '/api/saved-providers', 'patient')).json().map((s: { kind: string }) => s.kind)).toEqual(['institution']);
    await ctx.sql`UPDATE professionals SET status = 'approved' WHERE id = ${pro.id}`;
    expect((await call('GET', '/api/saved-providers', 'patient')).json()).toHaveLength(2);
  });

  it('unsaves with 204, then 404 for one no longer saved', async () => {
    expect((await call('DELETE', `/api/saved-providers/institution/${inst.id}`, 'patient')).statusCode).toBe(204);
    expect((await call('DELETE', `/api/saved-providers/institution/${inst.id}`, 'patient')).statusCode).toBe(404);
    expect((await call('GET', '/api/saved-providers', 'patient')).json().map((s: { id: number }) => s.id)).toEqual([pro.id]);
  });

  it('is deleted with the account', async () => {
    const [user] = await ctx.sql<{ id: string }[]>`SELECT user_id AS id FROM saved_providers LIMIT 1`;
    await ctx.sql`DELETE FROM users WHERE id = ${user!.id}`;
    expect(await ctx.sql`SELECT 1 FROM saved_providers WHERE user_id = ${user!.id}`).toHaveLength(0);
  });
});

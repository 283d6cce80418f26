// Issue 45: "My plan" in Account settings, a payer of the admins' list that preselects the plan filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'National Health Insurance Authority', 'nhia'), ('lashma', 'LASHMA', 'state_scheme')`;
});
afterAll(async () => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);
const names = { firstName: 'Ada', lastName: 'Obi', phone: '0803 123 4567' };

describe('My plan', () => {
  it('is none at first, set and changed by the user for every role, kept when the body leaves it out, cleared with null', async () => {
    for (const user of [await createUser(ctx.sql), (await createProfessional(ctx.sql)).user]) {
      const cookie = await login(ctx.app, user.email, user.password);
      expect((await call('GET', '/api/account', cookie)).json().myPlan).toBeNull();
      const set = await call('PUT', '/api/account', cookie, { ...names, myPlan: 'nhia' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().myPlan).toBe('nhia');
      expect((await call('GET', '/api/account', cookie)).json().myPlan).toBe('nhia');
      // The name form without the plan leaves it.
      expect((await call('PUT', '/api/account', cookie, names)).json().myPlan).toBe('nhia');
      expect((await call('PUT', '/api/account', cookie, { ...names, myPlan: 'lashma' })).json().myPlan).toBe('lashma');
      expect((await call('PUT', '/api/account', cookie, { ...names, myPlan: null })).json().myPlan).toBeNull();
    }
  });

  it('refuses a payer not on the list, naming myPlan, and changes nothing', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    await call('PUT', '/api/account', cookie, { ...names, myPlan: 'nhia' });
    for (const myPlan of ['no-such-hmo', 'NHIA', 42]) {
      const res = await call('PUT', '/api/account', cookie, { ...names, firstName: 'Changed', myPlan });
      expect(res.statusCode, String(myPlan)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['myPlan']);
    }
    expect((await call('GET', '/api/account', cookie)).json()).toMatchObject({ firstName: 'Ada', myPlan: 'nhia' });
  });

  it('answers 401 signed out', async () => {
    expect((await call('PUT', '/api/account', undefined, { ...names, myPlan: 'nhia' })).statusCode).toBe(401);
  });
});

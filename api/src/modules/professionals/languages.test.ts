import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional, createUser, login } from '../../../../test/factories';

// Issue 50, "speaks my language": the languages a professional consults in, as codes of contracts' list,
// kept with the spec's free-text `languages` (decision 047).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const profile = {
  professionalType: 'doctor',
  title: 'Dr.',
  specialty: 'Dermatology',
  licenseNumber: 'LIC-Nigeria', // the factory's licence of record: another is refused (issue 48)
  yearsOfExperience: 9,
  city: 'Kano',
  state: 'Kano',
};

/** A professional and their session; `body` carries their licence number as stored (another would be a change of licence). */
async function owner() {
  const pro = await createProfessional(ctx.sql, { specialty: 'Dermatology' });
  const [{ licenseNumber }] = await ctx.sql<{ licenseNumber: string }[]>`SELECT license_number FROM professionals WHERE id = ${pro.id}`;
  return { pro, cookie: await login(ctx.app, pro.user.email, pro.user.password), body: { ...profile, licenseNumber } };
}

describe('the languages a professional consults in', () => {
  it('are set as codes by the owner, stored in the list order with their names as the text, and shown to anyone', async () => {
    const { pro, cookie, body } = await owner();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/professionals/${pro.id}`,
      headers: { cookie },
      payload: { ...body, languageCodes: ['pcm', 'ha', 'en', 'ha'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ languageCodes: ['en', 'ha', 'pcm'], languages: 'English, Hausa, Nigerian Pidgin' });

    const [row] = await ctx.sql<{ languageCodes: string[] }[]>`SELECT language_codes FROM professionals WHERE id = ${pro.id}`;
    expect(row!.languageCodes).toEqual(['en', 'ha', 'pcm']);

    const patient = await createUser(ctx.sql);
    const res = await ctx.app.inject({ url: `/api/professionals/${pro.id}`, headers: { cookie: await login(ctx.app, patient.email, patient.password) } });
    expect(res.json()).toMatchObject({ languageCodes: ['en', 'ha', 'pcm'], languages: 'English, Hausa, Nigerian Pidgin' });

    // An empty list clears both.
    const cleared = await ctx.app.inject({ method: 'PUT', url: `/api/professionals/${pro.id}`, headers: { cookie }, payload: { ...body, languageCodes: [] } });
    expect(cleared.json()).toMatchObject({ languageCodes: [], languages: null });
  });

  it("reads the codes from the spec's free text when only the text is sent, keeping the text as written", async () => {
    const { pro, cookie, body } = await owner();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/professionals/${pro.id}`,
      headers: { cookie },
      payload: { ...body, languages: 'Yoruba (fluent), English and Pidgin; Swahili' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ languageCodes: ['en', 'yo', 'pcm'], languages: 'Yoruba (fluent), English and Pidgin; Swahili' });
  });

  it('refuses a language not in the list, or not a list, naming the field, and changes nothing', async () => {
    const { pro, cookie, body } = await owner();
    await ctx.app.inject({ method: 'PUT', url: `/api/professionals/${pro.id}`, headers: { cookie }, payload: { ...body, languageCodes: ['ig'] } });
    for (const languageCodes of [['ha', 'klingon'], ['Hausa'], 'ha', [7], Array.from({ length: 60 }, () => 'ha')]) {
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/professionals/${pro.id}`, headers: { cookie }, payload: { ...body, languageCodes } });
      expect(res.statusCode, JSON.stringify(languageCodes)).toBe(400);
      expect(res.json().fields).toEqual({ languageCodes: 'Please choose languages from the list' });
    }
    const res = await ctx.app.inject({ url: `/api/professionals/${pro.id}` });
    expect(res.json()).toMatchObject({ languageCodes: ['ig'], languages: 'Igbo' });
  });
});

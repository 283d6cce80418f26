import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '@ilera/db/migrate';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, INSTITUTION_CONTACT_EMAIL, login } from '../../../../test/factories';
import { institutionPayload } from '../auth/auth-test-helpers';
import { webDist } from '../../plugins/static';

// Issue 34 (D18): no public answer or page carries an account's sign-in e-mail. Institutions
// come from every path that makes one: the real registration route (then approved), the
// admin's "Add user", the factories, and rows written before migration 030 (their public
// e-mail a sign-in e-mail), which 030's data step then moves. The real workers index them.
// Then every public answer and page is read as a visitor reads it, and no account's sign-in
// e-mail may appear in any of them. Needs the web build for the server-rendered pages.

let ctx: TestContext;
let base: string;
const institutionIds: number[] = [];
const professionalIds: number[] = [];
const NAMES = ['Registered Harbour Clinic', 'Admin Added Maternity', 'Factory Lagoon Hospital', 'Quiet Ward Hospital', 'Legacy Owner Hospital', 'Legacy Contact Hospital'];

/** A distinct client address per request: the per-address limits are not what this test is about. */
let ip = 0;
const nextIp = () => `10.34.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  if (!process.env.ILERA_WEB_DIST && !existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  ctx = await createTestContext({ workers: true });
  base = await ctx.listen();
  const admin = await createUser(ctx.sql, { userType: 'admin', email: 'root.admin@example.ng' });
  const adminCookie = await login(ctx.app, admin.email, admin.password);
  const asAdmin = (method: 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie: adminCookie, 'x-forwarded-for': nextIp() }, payload });

  // 1. Through the real registration route, then approved by an administrator.
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/register/institution',
    headers: { 'x-forwarded-for': nextIp() },
    payload: institutionPayload({ email: 'Harbour.Owner@example.ng', institutionName: NAMES[0] }),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  institutionIds.push(registered.json().institutionId);
  expect((await asAdmin('POST', `/api/admin/approve-institution/${registered.json().institutionId}`)).statusCode).toBe(200);

  // 2. The admin's "Add user": approved at once.
  const added = await asAdmin('POST', '/api/admin/create-user', {
    email: 'maternity.owner@example.ng',
    password: 'a-good-password',
    firstName: 'Halima',
    lastName: 'Bello',
    profileImageUrl: '',
    userType: 'institution',
    institutionName: NAMES[1],
    institutionType: 'maternity_home',
    services: 'Antenatal care, Delivery',
    city: 'Kano',
    state: 'Kano',
  });
  expect(added.statusCode, added.body).toBe(201);
  institutionIds.push(added.json().institutionId);

  // 3. Factories: one with a public contact e-mail of its own, one with none.
  institutionIds.push((await createInstitution(ctx.sql, { name: NAMES[2], user: { email: 'lagoon.owner@example.ng' } })).id);
  institutionIds.push((await createInstitution(ctx.sql, { name: NAMES[3], email: null, city: 'Ibadan', state: 'Oyo' })).id);

  // 4. Rows as registration and "Add user" used to write them: the owner's sign-in e-mail (in
  // another letter case), and another account's sign-in e-mail (the contact person's own account).
  await createUser(ctx.sql, { email: 'ngozi.contact@example.ng' });
  institutionIds.push(
    (await createInstitution(ctx.sql, { name: NAMES[4], email: 'LEGACY.OWNER@example.ng', user: { email: 'legacy.owner@example.ng' } })).id,
  );
  institutionIds.push((await createInstitution(ctx.sql, { name: NAMES[5], email: ' ngozi.contact@example.ng ', city: 'Abuja', state: 'FCT' })).id);
  const migration = await readFile(path.join(migrationsDir, '030_institution_contact_email.sql'), 'utf8');
  await ctx.sql.unsafe(migration);

  // A pending application: not public, so no public answer lists it (the search check below).
  await createInstitution(ctx.sql, { name: 'Pending Private Hospital', status: 'pending', email: null });

  // Professionals linked to the institutions (both profiles name each other), with reviews.
  for (const [n, institutionId] of [institutionIds[0], institutionIds[4]].entries()) {
    const pro = await createProfessional(ctx.sql, { user: { email: `doctor${n}.signin@example.ng`, lastName: `Okafor${'ab'[n]}` } });
    professionalIds.push(pro.id);
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status)
      VALUES (${pro.id}, ${institutionId}, 'Consultant', 'confirmed')`;
  }
  const reviewer = await createUser(ctx.sql, { email: 'amaka.reviewer@example.ng', firstName: 'Amaka' });
  for (const id of institutionIds) {
    await ctx.sql`INSERT INTO reviews (reviewer_id, institution_id, rating, comment) VALUES (${reviewer.id}, ${id}, 4, 'Kind nurses')`;
    await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('search.institution', ${ctx.sql.json({ id })})`;
  }
  for (const id of professionalIds) {
    await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES (${reviewer.id}, ${id}, 5)`;
    await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('search.professional', ${ctx.sql.json({ id })})`;
  }

  // The workers have indexed every event, the migration's among them.
  await eventually(async () => {
    const [{ waiting }] = await ctx.sql`SELECT count(*)::int AS waiting FROM outbox WHERE processed_at IS NULL`;
    if (waiting > 0) return false;
    return (await get('/api/institutions/search')).json().found === institutionIds.length;
  }, 20_000);
}, 60_000);
afterAll(async () => ctx?.close());

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': nextIp() } });
}

async function page(url: string) {
  const res = await fetch(base + url, { headers: { accept: 'text/html', 'x-forwarded-for': nextIp() } });
  return { status: res.status, body: await res.text() };
}

/** Every account's sign-in e-mail, as stored. */
async function signInEmails(): Promise<string[]> {
  return (await ctx.sql<{ email: string }[]>`SELECT email FROM users`).map((r) => r.email.toLowerCase());
}

/** Every public answer and page: what it is, and its body. */
async function publicAnswers(): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const add = async (what: string, res: Promise<{ statusCode?: number; status?: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode ?? r.status, `${what}: ${r.body.slice(0, 200)}`).toBe(200);
    out.push([what, r.body]);
  };
  const multiSearch = (searches: object[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': nextIp() },
      payload: JSON.stringify({ searches }),
    });

  await add('GET /api/institutions/search', get('/api/institutions/search'));
  await add('GET /api/professionals/search', get('/api/professionals/search'));
  await add('GET /api/directory/counts', get('/api/directory/counts'));
  await add(
    'POST /api/search/multi_search (browse)',
    multiSearch([
      { collection: 'institutions', q: '*', per_page: 50, facet_by: 'type,services,city,state' },
      { collection: 'professionals', q: '*', per_page: 50, facet_by: 'specialty,city,state' },
    ]),
  );
  for (const name of NAMES) {
    const q = encodeURIComponent(name);
    await add(`GET /api/institutions/search?query=${name}`, get(`/api/institutions/search?query=${q}`));
    await add(`POST /api/search/multi_search q=${name}`, multiSearch([{ collection: 'institutions', q: name, query_by: 'name' }]));
    await add(`GET /search?q=${name}`, page(`/search?q=${q}&type=institutions`));
  }
  for (const id of institutionIds) {
    await add(`GET /api/institutions/${id}`, get(`/api/institutions/${id}`));
    await add(`GET /api/reviews/institution/${id}`, get(`/api/reviews/institution/${id}`));
    await add(`GET /institution/${id}`, page(`/institution/${id}`));
  }
  for (const id of professionalIds) {
    await add(`GET /api/professionals/${id}`, get(`/api/professionals/${id}`));
    await add(`GET /api/reviews/professional/${id}`, get(`/api/reviews/professional/${id}`));
    await add(`GET /professional/${id}`, page(`/professional/${id}`));
  }
  for (const url of ['/', '/search', '/about']) await add(`GET ${url}`, page(url));
  await add('GET /sitemap.xml', page('/sitemap.xml'));
  for (const [, file] of out.at(-1)![1].matchAll(/<loc>([^<]+)<\/loc>/g)) {
    await add(`GET ${new URL(file).pathname}`, page(new URL(file).pathname));
  }
  return out;
}

describe('sign-in e-mails on public answers and pages (D18)', () => {
  it('finds no sign-in e-mail in any public answer, page or JSON-LD, for every institution', async () => {
    const emails = await signInEmails();
    expect(emails).toEqual(expect.arrayContaining(['harbour.owner@example.ng', 'maternity.owner@example.ng', 'legacy.owner@example.ng']));
    const answers = await publicAnswers();
    const leaks = answers.flatMap(([what, body]) => emails.filter((e) => body.toLowerCase().includes(e)).map((e) => `${what}: ${e}`));
    expect(leaks).toEqual([]);

    // The walk did see every institution, each in search, on its page and in its JSON-LD.
    const searched = JSON.parse(answers.find(([what]) => what === 'GET /api/institutions/search')![1]).hits;
    expect(searched.map((i: { name: string }) => i.name).sort()).toEqual([...NAMES].sort());
    for (const id of institutionIds) {
      const html = answers.find(([what]) => what === `GET /institution/${id}`)![1];
      expect(html).toContain('application/ld+json');
    }
    const sitemap = answers.filter(([what]) => what.startsWith('GET /sitemap/')).map(([, body]) => body).join('');
    for (const id of institutionIds) expect(sitemap).toContain(`/institution/${id}<`);
  });

  it("still shows an institution's own contact e-mail, and none where it has none", async () => {
    const [, , lagoon, quiet, legacyOwner, legacyContact] = institutionIds;
    expect((await get(`/api/institutions/${lagoon}`)).json().email).toBe(INSTITUTION_CONTACT_EMAIL);
    expect((await page(`/institution/${lagoon}`)).body).toContain(INSTITUTION_CONTACT_EMAIL);
    for (const id of [institutionIds[0], institutionIds[1], quiet, legacyOwner, legacyContact]) {
      expect((await get(`/api/institutions/${id}`)).json().email).toBeNull();
    }
    const docs = (await get('/api/institutions/search')).json().hits as { id: string; email?: string }[];
    expect(docs.filter((d) => d.email).map((d) => Number(d.id))).toEqual([lagoon]);
  });

  it('lets the owner still see the sign-in e-mail of their own account, and nobody else', async () => {
    const owner = await login(ctx.app, 'lagoon.owner@example.ng', 'correct-horse-battery');
    const own = await ctx.app.inject({ method: 'GET', url: `/api/institutions/${institutionIds[2]}`, headers: { cookie: owner } });
    expect(own.json().user.email).toBe('lagoon.owner@example.ng');
    expect((await get(`/api/institutions/${institutionIds[2]}`)).json().user).toBeUndefined();
  });
});

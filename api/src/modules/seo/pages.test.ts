import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login } from '../../../../test/factories';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { webDist } from '../../plugins/static';

// Issue 16: profiles arrive as HTML with their content, for crawlers and for phones
// before their JavaScript runs. Plain HTTP (fetch), no browser. Needs the web build
// (`npm run build -w web`, which `npm test` runs first).
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  if (!process.env.ILERA_WEB_DIST && !existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  ctx = await createTestContext();
  base = await ctx.listen();
});
afterAll(async () => ctx?.close());

async function rate(target: { professional_id?: number; institution_id?: number }, ratings: number[]) {
  for (const rating of ratings) {
    const reviewer = await createUser(ctx.sql);
    await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, institution_id, rating)
      VALUES (${reviewer.id}, ${target.professional_id ?? null}, ${target.institution_id ?? null}, ${rating})`;
  }
}

/** The page's visible text: what someone reading the HTML without running its scripts sees. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function jsonLd(html: string): Record<string, any> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(m![1]);
}

async function page(url: string) {
  const res = await fetch(base + url, { headers: { accept: 'text/html' } });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}

describe('GET /professional/{id} (plain HTTP)', () => {
  it('holds the name, specialty, city and rating in its HTML, with title, description, canonical URL and JSON-LD', async () => {
    const pro = await createProfessional(ctx.sql, {
      specialty: 'Pediatrics',
      city: 'Ibadan',
      state: 'Oyo',
      user: { firstName: 'Folake', lastName: 'Adebayo' },
    });
    await rate({ professional_id: pro.id }, [5, 4]);

    const { status, type, html } = await page(`/professional/${pro.id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    const text = visibleText(html);
    expect(text).toContain('Dr. Folake Adebayo');
    expect(text).toContain('Pediatrics · Doctor');
    expect(text).toContain('Ibadan');
    expect(text).toContain('4.5 (2 reviews)');

    expect(html).toContain('<title>Dr. Folake Adebayo, Pediatrics in Ibadan | Ilera</title>');
    expect(html).toMatch(/<meta name="description" content="Dr\. Folake Adebayo: Pediatrics \(Doctor\) in Ibadan, Oyo\. Rated 4\.5 out of 5 from 2 reviews\./);
    expect(html).toContain(`<link rel="canonical" href="${base}/professional/${pro.id}" />`);
    expect(html).not.toContain('noindex');
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Dr. Folake Adebayo',
      url: `${base}/professional/${pro.id}`,
      medicalSpecialty: 'Pediatrics',
      address: { '@type': 'PostalAddress', streetAddress: '12 Awolowo Road', addressLocality: 'Ibadan', addressRegion: 'Oyo', addressCountry: 'NG' },
      telephone: '0803 123 4567',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
    // The browser hydrates from the same data instead of asking for it again.
    expect(html).toContain('<script type="application/json" id="ilera-ssr">');
  });

  it('answers 404 for a pending or rejected profile and an unknown id, with nothing of the profile in it', async () => {
    const pending = await createProfessional(ctx.sql, { status: 'pending', user: { firstName: 'Hidden', lastName: 'Pending' } });
    const rejected = await createProfessional(ctx.sql, { status: 'rejected', user: { firstName: 'Hidden', lastName: 'Rejected' } });
    for (const url of [`/professional/${pending.id}`, `/professional/${rejected.id}`, '/professional/99999999', '/professional/abc']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).not.toContain('Hidden');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

describe('the landing and static pages (plain HTTP)', () => {
  it('arrive with their content, live counts, title, description and canonical URL', async () => {
    await createProfessional(ctx.sql, { professionalType: 'nurse', specialty: 'Midwifery' });
    const landing = await page('/');
    expect(landing.status).toBe(200);
    const text = visibleText(landing.html);
    expect(text).toContain('Find Trusted Healthcare Providers in Nigeria');
    expect(text).toContain('Browse Healthcare Professionals');
    expect(text).toMatch(/Nurses \d+ professionals?/);
    expect(landing.html).toContain(`<link rel="canonical" href="${base}/" />`);
    expect(landing.html).toMatch(/<meta name="description" content="[^"]{50,}"/);

    for (const [url, heading, title] of [
      ['/about', 'About Ilera', 'About Ilera | Ilera'],
      ['/privacy', 'Privacy Policy', 'Privacy Policy | Ilera'],
      ['/terms', 'Terms of Service', 'Terms of Service | Ilera'],
    ]) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(visibleText(res.html)).toContain(heading);
      expect(res.html).toContain(`<title>${title}</title>`);
      expect(res.html).toContain(`<link rel="canonical" href="${base}${url}" />`);
    }
  });
});

it('never serves the server renderer as a file', async () => {
  const res = await fetch(`${base}/.ssr/entry-server.js`);
  expect(res.headers.get('content-type')).not.toMatch(/javascript/);
  expect(await res.text()).not.toContain('prerender');
});

describe('GET /institution/{id} (plain HTTP)', () => {
  it('holds the name, type, city and rating in its HTML, with a Hospital or Pharmacy in JSON-LD', async () => {
    const hospital = await createInstitution(ctx.sql, { name: 'Ring Road Hospital', type: 'hospital', city: 'Benin City', state: 'Edo' });
    await rate({ institution_id: hospital.id }, [3, 4, 5]);
    const { status, html } = await page(`/institution/${hospital.id}`);
    expect(status).toBe(200);
    const text = visibleText(html);
    expect(text).toContain('Ring Road Hospital');
    expect(text).toContain('Hospital');
    expect(text).toContain('Benin City');
    expect(text).toContain('4.0 (3 reviews)');
    expect(html).toContain('<title>Ring Road Hospital, Hospital in Benin City | Ilera</title>');
    expect(html).toContain(`<link rel="canonical" href="${base}/institution/${hospital.id}" />`);
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Hospital',
      name: 'Ring Road Hospital',
      address: { addressLocality: 'Benin City', addressRegion: 'Edo', addressCountry: 'NG' },
      aggregateRating: { ratingValue: 4, reviewCount: 3 },
    });

    const pharmacy = await createInstitution(ctx.sql, { name: 'Sabo Pharmacy', type: 'pharmacy', city: 'Kaduna' });
    expect(jsonLd((await page(`/institution/${pharmacy.id}`)).html)['@type']).toBe('Pharmacy');

    const pending = await createInstitution(ctx.sql, { name: 'Unlisted Clinic', status: 'pending' });
    const res = await page(`/institution/${pending.id}`);
    expect(res.status).toBe(404);
    expect(res.html).not.toContain('Unlisted Clinic');
  });
});

describe('the profile-read limit on the server-rendered pages', () => {
  it('counts each profile page as a profile read: past the limit the page answers 429 with Retry-After, not the profile', async () => {
    // fetch keeps no cookies: each page counts against the address's allowance for requests without a client cookie.
    const limited = await createTestContext({ requestLimits: { profileReadWithoutCookie: { max: 2 } } });
    try {
      const url = await limited.listen();
      const pro = await createProfessional(limited.sql, { user: { firstName: 'Ngozi', lastName: 'Okafor' } });
      const get = (path: string) => fetch(url + path, { headers: { accept: 'text/html' } });
      expect((await get(`/professional/${pro.id}`)).status).toBe(200);
      expect((await get(`/institution/999999`)).status).toBe(404); // a read all the same
      const refused = await get(`/professional/${pro.id}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await refused.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('Ngozi');
      // The API's own read of the profile is refused too, so the browser says to wait.
      const api = await fetch(`${url}/api/professionals/${pro.id}`);
      expect(api.status).toBe(429);
      expect((await api.json()).message).toBe('Too many requests. Please wait 1 minute and try again.');
    } finally {
      await limited.close();
    }
  });
});

describe('the limits on the pages in another language (issue 50)', () => {
  it('a page under a language prefix counts as the page: /ha/professional/:id and /yo/search are refused past the limits too', async () => {
    // fetch keeps no cookies: each page counts against the address's allowance for requests without a client cookie.
    const limited = await createTestContext({ requestLimits: { profileReadWithoutCookie: { max: 2 }, searchWithoutCookie: { max: 8 } } });
    try {
      const url = await limited.listen();
      const pro = await createProfessional(limited.sql, { user: { firstName: 'Ngozi', lastName: 'Okafor' } });
      const get = (path: string) => fetch(url + path, { headers: { accept: 'text/html' } });
      expect((await get(`/ha/professional/${pro.id}`)).status).toBe(200);
      expect((await get(`/yo/institution/999999`)).status).toBe(404); // a read all the same
      const refused = await get(`/ig/professional/${pro.id}`);
      expect(refused.status).toBe(429);
      expect(await refused.text()).not.toContain('Ngozi');
      expect((await get(`/professional/${pro.id}`)).status).toBe(429);

      // A search page runs four searches (its results and the Availability filter's three counts): two pages are 8.
      expect((await get('/yo/search?q=ngozi')).status).toBe(200);
      expect((await get('/pcm/search?q=okafor')).status).toBe(200);
      expect((await get('/ha/search?q=ngozi')).status).toBe(429);
      expect((await get('/search?q=ngozi')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /search (plain HTTP)', () => {
  it('lists "Best match" by relevance, then rating (D10), with or without words', async () => {
    const own = await createTestContext();
    try {
      const url = await own.listen();
      // Made in the order opposite to their ratings: an order by id would list them the wrong way round.
      const names = ['Amaka Low', 'Bola Middle', 'Chidi High'];
      for (const [i, name] of names.entries()) {
        const [firstName, lastName] = name.split(' ');
        const p = await createProfessional(own.sql, { user: { firstName, lastName }, specialty: 'Neurology', city: 'Jos', state: 'Plateau' });
        for (let k = 0; k < 2; k++) {
          const reviewer = await createUser(own.sql);
          await own.sql`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES (${reviewer.id}, ${p.id}, ${i + 3})`;
        }
      }
      await reindexAll(own.sql, { engine: new PostgresEngine(own.sql) });
      for (const path of ['/search?q=neurology', '/search?specialty=Neurology', '/search?q=plateau']) {
        const text = visibleText(await (await fetch(url + path, { headers: { accept: 'text/html' } })).text());
        const at = names.map((n) => text.indexOf(n));
        expect(at.every((x) => x >= 0), path).toBe(true);
        expect(at[2] < at[1] && at[1] < at[0], `${path}: ${at}`).toBe(true);
      }
    } finally {
      await own.close();
    }
  });

  it('draws 5 results a page instead of 10 for a data saver (Save-Data: on, or the switch\'s cookie), page 2 holding results 6 to 10', async () => {
    const own = await createTestContext();
    try {
      const url = await own.listen();
      const surnames = ['Ade', 'Bello', 'Chukwu', 'Dike', 'Eze', 'Falana', 'Garba', 'Hassan', 'Ibe', 'Jaja', 'Kalu', 'Lawal'];
      for (const [i, lastName] of surnames.entries()) {
        await createProfessional(own.sql, { user: { firstName: 'Ngozi', lastName }, specialty: 'Cardiology', yearsOfExperience: 30 - i });
      }
      await reindexAll(own.sql, { engine: new PostgresEngine(own.sql) });
      // Most experienced first: the surnames' order.
      const names = surnames.map((s) => `Ngozi ${s}`);
      const get = async (path: string, headers: Record<string, string> = {}) => {
        const res = await fetch(url + path, { headers: { accept: 'text/html', ...headers } });
        expect(res.status).toBe(200);
        const html = await res.text();
        const text = visibleText(html);
        return {
          html,
          text,
          cards: (html.match(/<article/g) ?? []).length,
          shown: names.filter((n) => text.includes(n)).sort((a, b) => text.indexOf(a) - text.indexOf(b)),
        };
      };
      const search = '/search?q=cardiology&sort=experience';

      const plain = await get(search);
      expect(plain.cards).toBe(10);
      expect(plain.shown).toEqual(names.slice(0, 10));
      expect(plain.text).toContain('12 results found');
      expect(plain.html).not.toContain('data-save-data');

      for (const headers of [{ 'save-data': 'on' }, { cookie: 'ilera-data-saver=1' }] as Record<string, string>[]) {
        const saver = await get(search, headers);
        expect(saver.cards, JSON.stringify(headers)).toBe(5);
        expect(saver.shown).toEqual(names.slice(0, 5));
        expect(saver.text).toContain('12 results found');
        expect(saver.html).toContain('data-save-data="on"');
        const second = await get(`${search}&page=2`, headers);
        expect(second.shown).toEqual(names.slice(5, 10));
        const third = await get(`${search}&page=3`, headers);
        expect(third.shown).toEqual(names.slice(10));
      }
      // The same address without them again: the pages kept for data savers are not served to others.
      expect((await get(`${search}&page=2`)).shown).toEqual(names.slice(10));
    } finally {
      await own.close();
    }
  });

  it("holds the first page of results for the address's search, and counts as a search against the limit", async () => {
    // A search page is four searches, as the page's own request would be: its results and three availability counts.
    // fetch keeps no cookies: the pages count against the address's allowance for requests without a client cookie.
    const own = await createTestContext({ requestLimits: { searchWithoutCookie: { max: 12 } } });
    try {
      const url = await own.listen();
      await createProfessional(own.sql, { user: { firstName: 'Kelechi', lastName: 'Obi' }, specialty: 'Cardiology', city: 'Enugu', state: 'Enugu' });
      await createProfessional(own.sql, { user: { firstName: 'Zainab', lastName: 'Musa' }, specialty: 'Dermatology', city: 'Kano', state: 'Kano' });
      await createInstitution(own.sql, { name: 'Coal City Hospital', type: 'hospital', city: 'Enugu', state: 'Enugu' });
      await reindexAll(own.sql, { engine: new PostgresEngine(own.sql) });
      const get = async (path: string) => {
        const res = await fetch(url + path, { headers: { accept: 'text/html' } });
        return { status: res.status, html: await res.text() };
      };

      const cardiology = await get('/search?q=cardiology');
      expect(cardiology.status).toBe(200);
      let text = visibleText(cardiology.html);
      expect(text).toContain('Find Healthcare Providers');
      expect(text).toContain('1 result found');
      expect(text).toContain('Kelechi Obi');
      expect(text).not.toContain('Zainab');
      expect(text).not.toContain('Searching');
      // The browser starts from the same answer instead of asking again.
      expect(cardiology.html).toContain('<script type="application/json" id="ilera-ssr">');
      expect(cardiology.html).toContain(`<link rel="canonical" href="${url}/search?q=cardiology" />`);

      text = visibleText((await get('/search?type=institutions&city=Enugu')).html);
      expect(text).toContain('Coal City Hospital');
      expect(text).not.toContain('Kelechi');

      expect((await get('/search')).status).toBe(200); // the third page of the minute: searches 9 to 12
      const refused = await get('/search?q=cardiology');
      expect(refused.status).toBe(429);
      expect(refused.html).toContain('<div id="root"></div>');
    } finally {
      await own.close();
    }
  });
});

// Issue 35: the browser's loader starts the app at once for a signed-in visitor (their own
// header and dashboard), and at the first intent for anyone else (web/src/main.tsx).
it('marks a page drawn for a signed-in visitor (<html data-signed-in>), and no other', async () => {
  const user = await createUser(ctx.sql);
  const cookie = await login(ctx.app, user.email, user.password);
  for (const url of ['/', '/about', '/search?q=cardiology']) {
    const signedOut = await page(url);
    expect(signedOut.html, url).toContain('id="ilera-ssr"');
    expect(signedOut.html, url).not.toContain('data-signed-in');
    const res = await fetch(base + url, { headers: { accept: 'text/html', cookie } });
    expect(await res.text(), url).toMatch(/<html [^>]*data-signed-in=""/);
  }
});

describe('an address that is no page (issue 48)', () => {
  it('answers 404 with the "404 Page Not Found" page drawn on the server, for GET and HEAD; screens of the app answer 200', async () => {
    for (const url of ['/no/such/page', '/professionals', '/search/x/y', '/admin/nothing?x=1']) {
      const res = await page(url);
      expect(res.status, url).toBe(404);
      expect(res.type).toMatch(/^text\/html/);
      expect(visibleText(res.html)).toContain('404 Page Not Found');
      expect(res.html).toContain('<meta name="robots" content="noindex" />');
      expect((await fetch(base + url, { method: 'HEAD' })).status, `HEAD ${url}`).toBe(404);
    }
    // The screens the browser draws are still the app's page, with 200.
    for (const url of ['/login', '/register?type=professional', '/appointments', '/admin', '/profile-setup', '/mobile-access', '/reset-password?token=x']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.html).toContain('<div id="root">');
      expect(visibleText(res.html)).not.toContain('404 Page Not Found');
    }
    // An unknown API path and a missing asset keep their JSON 404.
    for (const url of ['/api/no-such-call', '/assets/no-such-file.js']) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe("drawing pages leaves the API's promises alone (issue 47)", () => {
  // React's Node renderer keeps each render's request in an AsyncLocalStorage; on Node 20 that turns on promise
  // hooks in the whole process for good (Node 22 too), and every promise of every later request (a search's statements, Redis,
  // Fastify) carries an async id and pays for it (about three times the cost of a plain promise). A promise made
  // after the pages below must be a plain one. (Node 24 keeps such stores without promise hooks: there it holds either way.)
  it('after the landing page, a profile and a search page, a new promise carries no async id', async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Hook', lastName: 'Free' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    for (const url of ['/', `/professional/${pro.id}`, '/search?q=cardiology']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.html, url).toContain('id="ilera-ssr"');
    }
    const promise = Promise.resolve().then(() => undefined);
    expect(Object.getOwnPropertySymbols(promise).map(String)).not.toContain('Symbol(async_id_symbol)');
    await promise;
  });
});

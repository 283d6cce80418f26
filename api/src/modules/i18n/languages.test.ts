import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';
import { webDist } from '../../plugins/static';

// Issue 50 (decision 046): the site in Hausa, Yoruba, Igbo and Pidgin under a path prefix, read as
// plain HTML (what a phone shows before, or without, any script). Needs the web build.
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  if (!process.env.ILERA_WEB_DIST && !existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  ctx = await createTestContext();
  base = await ctx.listen();
}, 120_000);
afterAll(async () => ctx?.close());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), vary: res.headers.get('vary'), html: await res.text() };
}

const text = (html: string) =>
  html
    .slice(html.indexOf('<body'))
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the landing page in each language', () => {
  it('is drawn in Hausa at /ha, with <html lang="ha">, its canonical address and every language as an alternate', async () => {
    const ha = await page('/ha');
    expect(ha.status).toBe(200);
    expect(ha.html).toMatch(/<html lang="ha"/);
    expect(text(ha.html)).toContain('Nemo Amintattun Masu Ba da Kiwon Lafiya a Najeriya');
    expect(text(ha.html)).not.toContain('Find Trusted Healthcare Providers in Nigeria');
    expect(ha.html).toContain(`<link rel="canonical" href="${base}/ha" />`);
    for (const [lang, href] of [
      ['en', '/'],
      ['ha', '/ha'],
      ['yo', '/yo'],
      ['ig', '/ig'],
      ['pcm', '/pcm'],
      ['x-default', '/'],
    ]) {
      expect(ha.html).toContain(`<link rel="alternate" hreflang="${lang}" href="${base}${href}" />`);
    }
    // Links inside the page keep the language; the language menu names each language's page.
    expect(ha.html).toMatch(/href="\/ha\/search\?/);
    expect(ha.html).toContain('href="/ha/emergency"');
    expect(ha.html).toMatch(/<a href="\/yo"[^>]*hreflang="yo"/i);
    // Beta until reviewed, with the way to suggest a better translation.
    expect(text(ha.html)).toContain('Beta');
  });

  it('sends a browser that asks for Hausa (Accept-Language) from / to /ha, and keeps English for English or a chosen English', async () => {
    const asked = await page('/', { 'accept-language': 'ha-NG,ha;q=0.9,en;q=0.5' });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe('/ha');
    expect(asked.vary).toMatch(/Accept-Language/i);

    // A phone set to Hausa may send its language with its region alone; a Nigerian English one with Hausa after it.
    const regional = await page('/', { 'accept-language': 'ha-NG' });
    expect(regional.location).toBe('/ha');
    expect((await page('/', { 'accept-language': 'en-NG,ha;q=0.9' })).status).toBe(200);

    const english = await page('/', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.status).toBe(200);
    expect(english.html).toMatch(/<html lang="en"/);
    expect(text(english.html)).toContain('Find Trusted Healthcare Providers in Nigeria');

    // The menu's choice (its cookie) wins over the browser's languages.
    const chosen = await page('/', { 'accept-language': 'ha', cookie: 'ilera-lang=en' });
    expect(chosen.status).toBe(200);
    const yoruba = await page('/', { 'accept-language': 'en', cookie: 'ilera-lang=yo' });
    expect(yoruba.status).toBe(302);
    expect(yoruba.location).toBe('/yo');
    // Only the landing page moves: an English address someone shared stays English.
    const about = await page('/about', { 'accept-language': 'ha' });
    expect(about.status).toBe(200);
    expect(about.html).toMatch(/<html lang="en"/);
  });

  it('draws Yoruba and Igbo plurals from CLDR (one form) and Pidgin with one/other', async () => {
    await createProfessional(ctx.sql, { professionalType: 'nurse', specialty: 'Midwifery' });
    expect(text((await page('/yo')).html)).toMatch(/Nọ́ọ̀sì oníṣẹ́ ìlera \d+/);
    expect(text((await page('/ig')).html)).toMatch(/Ndị nọọsụ ndị ọrụ ahụike \d+/);
    expect(text((await page('/pcm')).html)).toMatch(/Nurses \d+ health workers?/);
  });
});

describe('profiles and search under a language prefix', () => {
  it('draws /yo/professional/{id} in Yoruba with its own canonical address and JSON-LD url', async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Ibadan', state: 'Oyo', bio: 'I see children and their mothers in Ibadan.' });
    const yo = await page(`/yo/professional/${pro.id}`);
    expect(yo.status).toBe(200);
    expect(yo.html).toMatch(/<html lang="yo"/);
    expect(yo.html).toContain(`<link rel="canonical" href="${base}/yo/professional/${pro.id}" />`);
    expect(yo.html).toContain(`<link rel="alternate" hreflang="en" href="${base}/professional/${pro.id}" />`);
    expect(yo.html).toContain(`"url":"${base}/yo/professional/${pro.id}"`);
    // The header is Yoruba, and the specialty (a value of the directory's list: docs/glossary/directory-names.csv);
    // the provider's own words (their name, their bio) are never translated.
    expect(text(yo.html)).toContain('Wọlé');
    expect(text(yo.html)).toContain('Ìlera ọmọdé');
    expect(text(yo.html)).toContain('Chinedu Okafor');
    expect(text(yo.html)).toContain('I see children and their mothers in Ibadan.');
  });

  it("draws a profile's headings and buttons in Hausa at /ha/professional/{id}, and in English without a prefix", async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano' });
    const ha = text((await page(`/ha/professional/${pro.id}`)).html);
    for (const words of ['Bayani', 'Lokutan da ake samu', 'Abin da za ka iya yi', 'Shiga don yin alƙawari', 'Waya', 'Adireshi']) expect(ha).toContain(words);
    expect(ha).not.toContain('Quick Actions');
    expect(ha).not.toContain('Sign In to Book');
    const en = text((await page(`/professional/${pro.id}`)).html);
    for (const words of ['About', 'Availability', 'Quick Actions', 'Sign In to Book', 'Phone', 'Address']) expect(en).toContain(words);
  });

  it('draws /ig/search with the header in Igbo', async () => {
    const ig = await page('/ig/search?q=&type=professionals');
    expect(ig.status).toBe(200);
    expect(ig.html).toMatch(/<html lang="ig"/);
    expect(text(ig.html)).toContain('Ihe mberede');
  });
});

describe('/emergency in each language', () => {
  it('is drawn in Igbo at /ig/emergency, with everything a phone needs in the HTML and every language within 50 KB', async () => {
    const ig = await page('/ig/emergency');
    expect(ig.status).toBe(200);
    expect(ig.html).toMatch(/^<!doctype html><html lang="ig">/);
    expect(ig.html).toContain('<a class="call" href="tel:112">Kpọọ 112</a>');
    expect(ig.html).toContain('<form method="get" action="/ig/emergency">');
    expect(ig.html).toContain(`<link rel="alternate" hreflang="ha" href="${base}/ha/emergency" />`);
    for (const url of ['/emergency', '/ha/emergency', '/yo/emergency', '/ig/emergency', '/pcm/emergency']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(gzipSync(res.html).length, url).toBeLessThan(50 * 1024);
      expect(res.html, url).not.toMatch(/<script[^>]+src=/);
    }
    // A place it cannot find is said in the page's language, with the typed text escaped.
    const unknown = await page(`/yo/emergency?place=${encodeURIComponent('<b>Atlantis</b>')}`);
    expect(unknown.html).toContain('A kò rí “&lt;b&gt;Atlantis&lt;/b&gt;”');
  });
});

describe("pages' titles in each language (issue 50)", () => {
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

  it('the landing, search and static pages have their title and description in the address\'s language; English keeps its own', async () => {
    const ha = (await page('/ha')).html;
    expect(title(ha)).toBe('Ilera — Nemo masu ba da kiwon lafiya a Najeriya');
    expect(description(ha)).toMatch(/^Ilera jerin masu ba da kiwon lafiya ne na Najeriya/);
    expect(title((await page('/pcm/search?q=fever')).html)).toBe('Ilera — Find doctors and hospitals for Nigeria');
    expect(title((await page('/yo/about')).html)).toBe('Nípa Ilera | Ilera');
    expect(title((await page('/ig/privacy')).html)).toBe('Iwu nzuzo | Ilera');
    expect(title((await page('/ha/terms')).html)).toBe('Sharuɗɗan amfani | Ilera');
    const en = (await page('/')).html;
    expect(title(en)).toBe('Ilera — Find healthcare providers in Nigeria');
    expect(description(en)).toMatch(/^Ilera is Nigeria&#39;s directory of healthcare providers/);
    expect(title((await page('/search?q=fever')).html)).toBe('Ilera — Find healthcare providers in Nigeria');
    expect(title((await page('/about')).html)).toBe('About Ilera | Ilera');
  });

  it("a profile's title says its specialty and where in the page's language (the glossary's words); the name and town as the profile has them", async () => {
    const pro = await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano', user: { firstName: 'Aisha', lastName: 'Bello' } });
    expect(title((await page(`/ha/professional/${pro.id}`)).html)).toBe('Dr. Aisha Bello, Lafiyar yara a Kano | Ilera');
    expect(title((await page(`/yo/professional/${pro.id}`)).html)).toBe('Dr. Aisha Bello, Ìlera ọmọdé ní Kano | Ilera');
    expect(title((await page(`/professional/${pro.id}`)).html)).toBe('Dr. Aisha Bello, Pediatrics in Kano | Ilera');
  });
});

// Server-rendered public pages (issue 16, decision 015): the API reads the page's data
// from PostgreSQL, writes what search engines read (title, description, canonical URL,
// schema.org JSON-LD) into index.html's head, and has the web app's server renderer
// (web/src/entry-server.tsx, built into dist/.ssr) draw the page into #root, with the
// query cache's state beside it for the browser to hydrate from.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { institutionTypeLabel, lagosToday, LISTED_FROM_REGISTER, NOT_ON_ILERA, professionalTypeLabels, registerSourceLine, type CareFacts } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { AppError, NotFoundError } from '../../errors';
import { getProfessional } from '../professionals/professionals.service';
import { getInstitution } from '../institutions/institutions.service';
import { listInstitutionReviews, listProfessionalReviews } from '../reviews/reviews.service';
import { directoryCounts } from '../directory/directory.repo';
import { multiSearch } from '../search/search.service';
import type { ProfessionalRow } from '../professionals/professionals.repo';
import type { InstitutionRow } from '../institutions/institutions.repo';
import { careLd } from './care-ld';
import { DEFAULT_LOCALE, localeBase, localePath, splitLocalePath, type Locale } from '@ilera/contracts/locales';
import { pageHeadText, siteTitles, type PageHeadMessageId } from '@ilera/contracts/page-head-messages';
import { directoryName } from '@ilera/contracts/directory-names';
import { alternateLinks, localizedPaths, preferredLocale, requestLocale } from '../i18n/locale';

/** What the page's queries would fetch, as web/src/entry-server.tsx's ServerData names it. */
type ServerData = Record<string, unknown>;

/** web/src/entry-server.tsx, as built. */
interface ServerRenderer {
  render(url: string, data: ServerData): Promise<{ html: string; state: unknown }>;
  searchServerState(url: string, send: typeof fetch, dataSaver?: boolean): Promise<unknown>;
  /** Issue 48: whether the address is a screen of the app (else its page is "404 Page Not Found"). */
  isAppPath(pathname: string): boolean;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  jsonLd?: Record<string, unknown>;
  /** Not for search engines (a profile only its owner or an admin can see). */
  noindex?: boolean;
}

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script> element: nothing in it may close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** index.html with the page's head, its server-rendered body and the state to hydrate from. */
export function renderDocument(
  template: string,
  head: PageHead | null,
  body?: { html: string; state: unknown; dataSaver?: boolean; signedIn?: boolean; incomplete?: boolean },
): string {
  // Issue 35: a page drawn for a data saver says so, and the browser hydrates it the same way.
  const saver = body?.dataSaver ? ' data-save-data="on"' : '';
  // Issue 35: the page's loader starts the app at once for a signed-in visitor (their header,
  // their dashboard at /), and otherwise at the first intent (web/src/main.tsx).
  // So does a page the server could not draw whole (a search that failed): the app finishes it.
  const appAtOnce = (body?.signedIn ? ' data-signed-in=""' : '') + (body?.incomplete ? ' data-incomplete=""' : '');
  // Issue 50: the page's language is its address's (/ha/... is Hausa), and it names its address in each.
  const locale = head ? splitLocalePath(new URL(head.canonical).pathname).locale : DEFAULT_LOCALE;
  let html = template.replace('<html lang="en">', `<html lang="${locale}" data-mantine-color-scheme="light"${saver}${appAtOnce}>`);
  if (head) {
    const tags = [
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      head.noindex ? '<meta name="robots" content="noindex" />' : alternateLinks(head.canonical),
      head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    ].join('');
    html = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
      .replace('</head>', `${tags}</head>`);
  }
  if (body) {
    html = html.replace(
      '<div id="root"></div>',
      `<div id="root">${body.html}</div><script type="application/json" id="ilera-ssr">${scriptJson(body.state)}</script>`,
    );
  }
  return html;
}

/** The profile as a signed-out visitor sees it (owners and admins see more). */
type PublicProfessional = Omit<ProfessionalRow, 'user' | 'rejectionReason'> & {
  user: Pick<ProfessionalRow['user'], 'firstName' | 'lastName' | 'profileImageUrl'>;
  care?: CareFacts;
};
type PublicInstitution = Omit<InstitutionRow, 'user' | 'rejectionReason'> & { care?: CareFacts };

/** What a head needs beside the profile: the payers' names (paymentAccepted) and the moment it is drawn. */
interface HeadContext {
  payerNames: ReadonlyMap<string, string>;
  at: Date;
}
const noContext = (): HeadContext => ({ payerNames: new Map(), at: new Date() });

/** The names of the payers a profile's plans name (issue 45: JSON-LD's paymentAccepted). */
async function headContext(db: Db, care: CareFacts | undefined): Promise<HeadContext> {
  const slugs = [...new Set((care?.plans ?? []).map((p) => p.payer))];
  const rows = slugs.length ? await db<{ slug: string; name: string }[]>`SELECT slug, name FROM payers WHERE slug = ANY(${slugs}::text[])` : [];
  return { payerNames: new Map(rows.map((r) => [r.slug, r.name])), at: new Date() };
}
const careMembers = (care: CareFacts | undefined, listed: boolean, c: HeadContext) => careLd(care, c.payerNames, listed, c.at, lagosToday(c.at));

type Rating = Pick<ProfessionalRow, 'averageRating' | 'reviewCount'>;
type Place = Pick<ProfessionalRow, 'address' | 'city' | 'state' | 'zipCode' | 'phone'>;

const ratingLd = (r: Rating) =>
  r.reviewCount > 0
    ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: r.averageRating, reviewCount: r.reviewCount, bestRating: 5, worstRating: 1 } }
    : {};

const placeLd = (p: Place) => ({
  address: {
    '@type': 'PostalAddress',
    ...(p.address ? { streetAddress: p.address } : {}),
    ...(p.city ? { addressLocality: p.city } : {}),
    ...(p.state ? { addressRegion: p.state } : {}),
    ...(p.zipCode ? { postalCode: p.zipCode } : {}),
    addressCountry: 'NG',
  },
  ...(p.phone ? { telephone: p.phone } : {}),
});

/** A description's sentences, each in the page's language; an empty one left out. */
const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');
const ratingText = (locale: Locale, r: Rating) =>
  r.reviewCount > 0
    ? pageHeadText(locale, r.reviewCount === 1 ? 'ratedOne' : 'ratedMany', { rating: r.averageRating.toFixed(1), count: String(r.reviewCount) })
    : '';
const placeText = (p: Place) => [p.city, p.state].filter(Boolean).join(', ');

/** schema.org types of the institution types (an unlisted type is a MedicalOrganization). */
const institutionSchemaType: Record<string, string> = {
  hospital: 'Hospital',
  general_hospital: 'Hospital',
  specialist_hospital: 'Hospital',
  teaching_hospital: 'Hospital',
  private_hospital: 'Hospital',
  pharmacy: 'Pharmacy',
  diagnostic_lab: 'DiagnosticLab',
  laboratory: 'DiagnosticLab',
  diagnostic_center: 'DiagnosticLab',
  clinic: 'MedicalClinic',
  practice: 'MedicalClinic',
  'urgent-care': 'MedicalClinic',
  'specialty-center': 'MedicalClinic',
  medical_center: 'MedicalClinic',
  primary_health_centre: 'MedicalClinic',
  health_post: 'MedicalClinic',
};

/** Issue 50: the page's language, from its address's prefix ('https://.../ha/professional/1' is Hausa). */
const localeOfBase = (base: string): Locale => splitLocalePath(new URL(base).pathname).locale;

export function professionalHead(p: PublicProfessional, base: string, context: HeadContext = noContext()): PageHead {
  const name = [p.title, p.user.firstName, p.user.lastName].filter(Boolean).join(' ');
  const kind = professionalTypeLabels[p.professionalType];
  const place = placeText(p);
  const url = `${base}/professional/${p.id}`;
  // Issue 50: the title and description in the page's language, the specialty and type with the glossary's words;
  // the name and town as the profile holds them.
  const locale = localeOfBase(base);
  const words = { name, specialty: directoryName(locale, p.specialty), kind: directoryName(locale, kind), city: p.city ?? '', place };
  return {
    title: pageHeadText(locale, p.city ? 'professionalTitleIn' : 'professionalTitle', words),
    description: sentences(
      pageHeadText(locale, place ? 'professionalDescriptionIn' : 'professionalDescription', words),
      ratingText(locale, p),
      pageHeadText(locale, 'seeAndBook'),
    ),
    canonical: url,
    noindex: p.status !== 'approved',
    // A doctor is a schema.org Physician; pharmacists and nurses have no medical type of their own.
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': p.professionalType === 'doctor' ? 'Physician' : 'Person',
      name,
      url,
      // Issue 45: a Physician is a LocalBusiness (hours, prices, payment); a Person's hours are its work place's.
      ...(p.professionalType === 'doctor'
        ? { medicalSpecialty: p.specialty, ...placeLd(p), ...ratingLd(p), ...careMembers(p.care, false, context) }
        : {
            jobTitle: `${p.specialty} ${kind}`,
            workLocation: { '@type': 'Place', ...placeLd(p), ...pickHours(careMembers(p.care, false, context)) },
          }),
      ...(p.profileImageUrl || p.user.profileImageUrl ? { image: p.profileImageUrl || p.user.profileImageUrl } : {}),
    },
  };
}

const pickHours = (m: ReturnType<typeof careLd>) => ('openingHoursSpecification' in m ? { openingHoursSpecification: m.openingHoursSpecification } : {});

export function institutionHead(i: PublicInstitution, base: string, context: HeadContext = noContext()): PageHead {
  const kind = institutionTypeLabel(i.type);
  const place = placeText(i);
  const url = `${base}/institution/${i.id}`;
  const locale = localeOfBase(base);
  const words = { name: i.name, kind: directoryName(locale, kind), city: i.city ?? '', place };
  const services = i.services.slice(0, 4).map((s) => directoryName(locale, s)).join(', ');
  return {
    title: pageHeadText(locale, i.city ? 'institutionTitleIn' : 'institutionTitle', words),
    description: sentences(
      pageHeadText(locale, place ? 'institutionDescriptionIn' : 'institutionDescription', words),
      ratingText(locale, i),
      services ? pageHeadText(locale, 'servicesLine', { services }) : '',
      i.listed ? pageHeadText(locale, 'listedLine') : '',
    ),
    canonical: url,
    noindex: i.status !== 'approved',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': institutionSchemaType[i.type] ?? 'MedicalOrganization',
      name: i.name,
      url,
      // Issue 48 (D22): a listing says it is one, with its source and date, and that it is not on Ilera yet.
      ...(i.listed ? { description: `${LISTED_FROM_REGISTER}. ${registerSourceLine(i.register?.updatedOn)}. ${NOT_ON_ILERA}.` } : {}),
      ...placeLd(i),
      // Issue 33 (D23): where it is, when known (an LGA's centre is only approximate: not given as the place).
      ...(i.latitude != null && i.longitude != null && i.locationSource !== 'lga_centre'
        ? { geo: { '@type': 'GeoCoordinates', latitude: i.latitude, longitude: i.longitude } }
        : {}),
      ...ratingLd(i),
      ...careMembers(i.care, !!i.listed, context),
      ...(i.website ? { sameAs: i.website } : {}),
      ...(i.profileImageUrl ? { image: i.profileImageUrl } : {}),
    },
  };
}

const RENDER_CACHE_SIZE = 200;

/** What answers a GET or HEAD of an address no route of the API serves (issue 48). */
export type UnknownPathHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Issue 35: the visitor asked to save data, by the browser's Save-Data or the footer's "Data
 * saver" switch (its cookie): pages without photos, and shorter pages of search results.
 */
const wantsDataSaver = (request: FastifyRequest) =>
  request.headers['save-data'] === 'on' || /(?:^|;\s*)ilera-data-saver=1/.test(request.headers.cookie ?? '');

/**
 * The pages without data of their own, server-rendered too. The landing page keeps
 * index.html's title and description. The mobile help pages are not among them: they
 * describe the visitor's own browser and connection, which only the browser knows.
 */
const staticPages: Record<string, { title?: PageHeadMessageId; description?: PageHeadMessageId }> = {
  '/': {},
  '/about': { title: 'aboutTitle', description: 'aboutDescription' },
  '/privacy': { title: 'privacyTitle', description: 'privacyDescription' },
  '/terms': { title: 'termsTitle', description: 'termsDescription' },
};

/**
 * Issue 50: a page's default title and description in its language (index.html's in English, as they were).
 * The search page and the landing page have these.
 */
const defaultHead = (template: { title: string; description: string }, locale: Locale) =>
  locale === DEFAULT_LOCALE ? template : { title: siteTitles[locale], description: pageHeadText(locale, 'description') };

/**
 * GET /professional/{id} and /institution/{id}: the profile as its API answer shows it
 * to this viewer (approved ones to everyone; pending and rejected only to their owner and
 * admins), drawn on the server. Anyone else gets a 404 whose page says it is not found.
 */
export async function registerServerPages(app: FastifyInstance, root: string): Promise<UnknownPathHandler> {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const rendererFile = path.join(root, '.ssr', 'entry-server.js');
  const hasRenderer = existsSync(rendererFile);
  let renderer: Promise<ServerRenderer> | null = null;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<ServerRenderer>);
  // Loaded while the API starts, not on the first visitor's request.
  if (hasRenderer) loadRenderer().catch((err) => app.log.error({ err }, 'could not load the server renderer'));

  // A page is a pure function of its address and data: the same ones give the same HTML.
  // The last RENDER_CACHE_SIZE pages are kept, so the landing and static pages, and any
  // profile read again unchanged, cost no rendering (a few hundred ms of CPU each).
  const rendered = new Map<string, { html: string; state: unknown }>();
  const render = async (request: FastifyRequest, pageData: ServerData, cache = true) => {
    // A build without the server renderer still serves the head; the browser draws the page.
    if (!hasRenderer) return undefined;
    const dataSaver = wantsDataSaver(request);
    // A session cookie with a user in it (checked by the app's own GET /api/auth/user).
    const signedIn = !!request.session.get('uid');
    const data = dataSaver ? { ...pageData, dataSaver } : pageData;
    const key = `${request.url}\n${JSON.stringify(data)}`;
    const hit = rendered.get(key);
    if (hit) {
      rendered.delete(key);
      rendered.set(key, hit);
      return { ...hit, dataSaver, signedIn };
    }
    try {
      const page = await (await loadRenderer()).render(request.url, data);
      if (cache) {
        rendered.set(key, page);
        if (rendered.size > RENDER_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
      }
      return { ...page, dataSaver, signedIn };
    } catch (err) {
      // The page still works: the browser draws it, as it did before server rendering.
      request.log.error({ err }, 'server rendering failed');
      return undefined;
    }
  };
  const defaultDescription = /<meta\s+name="description"\s+content="([^"]*)"/.exec(template)?.[1] ?? '';
  const defaultTitle = /<title>([^<]*)<\/title>/.exec(template)?.[1] ?? 'Ilera';

  // Issue 50 (decision 046): every page in each language under its prefix (/ha, /yo, /ig, /pcm).
  for (const [url, head] of Object.entries(staticPages)) {
    for (const route of localizedPaths(url)) app.get(route, async (request, reply) => {
      const locale = requestLocale(request);
      // The landing page without a prefix: in the language the visitor chose from the menu (its
      // cookie) or, before any choice, the first their browser asks for (Accept-Language).
      if (url === '/' && route === '/') {
        reply.header('vary', 'Cookie, Save-Data, Accept-Language');
        const wanted = preferredLocale(request);
        if (wanted !== DEFAULT_LOCALE) {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply.header('cache-control', 'no-cache').redirect(`${localePath(wanted, '/')}${query}`, 302);
        }
      } else reply.header('vary', 'Cookie, Save-Data');
      const data: ServerData = url === '/' ? { directoryCounts: await directoryCounts(app.sql) } : {};
      const body = await render(request, data);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      const fallback = defaultHead({ title: defaultTitle, description: defaultDescription }, locale);
      return reply.send(
        renderDocument(
          template,
          {
            title: head.title ? pageHeadText(locale, head.title) : fallback.title,
            description: head.description ? pageHeadText(locale, head.description) : fallback.description,
            canonical: `${app.config.appUrl}${localePath(locale, url)}`,
          },
          body,
        ),
      );
    });
  }

  const page = <View extends { id: number; care?: CareFacts }>(
    kind: 'professional' | 'institution',
    load: (id: number, request: FastifyRequest) => Promise<View>,
    head: (view: View, base: string, context: HeadContext) => PageHead,
  ) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie, Save-Data');
      const id = Number(request.params.id);
      try {
        if (!/^\d+$/.test(request.params.id) || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError('');
        const view = await load(id, request);
        // The API's JSON as the browser would receive it (dates as strings).
        const data = JSON.parse(JSON.stringify(view)) as unknown;
        // Its reviews too, with the providers' replies (D27): in the HTML, not fetched after it.
        const reviews = await (kind === 'professional' ? listProfessionalReviews : listInstitutionReviews)(app.sql, id, await request.currentUser());
        const body = await render(request, { [kind]: { id, data }, reviews: { kind, id, data: JSON.parse(JSON.stringify(reviews)) as unknown } });
        const base = `${app.config.appUrl}${localeBase(requestLocale(request))}`;
        return reply.send(renderDocument(template, head(view, base, await headContext(app.sql, view.care)), body));
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
        // The browser shows "... Not Found" (its own GET answers 404 too); nothing to index.
        const notFound = renderDocument(template, null).replace('</head>', '<meta name="robots" content="noindex" /></head>');
        return reply.status(404).send(notFound);
      }
    };

  // A profile page refused by the profile-read limit (api/src/plugins/rate-limit.ts) is the bare app
  // with the 429 status and Retry-After: the browser draws it, its own read is refused too, and it
  // says to wait, as it did before server rendering. Other errors go to the API's error handler.
  const limited = (err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError && err.statusCode === 429) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(429).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(renderDocument(template, null));
    }
    throw err;
  };
  for (const route of localizedPaths('/professional/:id')) {
    app.get<{ Params: { id: string } }>(
      route,
      { errorHandler: limited },
      page('professional', async (id, request) => getProfessional(app.sql, id, await request.currentUser()), professionalHead),
    );
  }
  for (const route of localizedPaths('/institution/:id')) {
    app.get<{ Params: { id: string } }>(
      route,
      { errorHandler: limited },
      page('institution', async (id, request) => getInstitution(app.sql, id, await request.currentUser()), institutionHead),
    );
  }

  // The search page's instantsearch posts to /api/search/multi_search; rendering /search, its
  // request goes to the same service in this process (no HTTP, no second count against the limit).
  const send: typeof fetch = async (_url, init) => {
    try {
      const answer = await multiSearch(app.searchAnswers.view(), JSON.parse(String(init?.body)));
      return Response.json(answer);
    } catch (err) {
      if (err instanceof AppError) return Response.json({ message: err.message }, { status: err.statusCode });
      throw err;
    }
  };
  /**
   * GET /search: the first page of results for the address's search, drawn on the server
   * (react-instantsearch's server state), so that a phone shows results with the HTML. It counts
   * as one search against the search limit (api/src/plugins/rate-limit.ts). If the search fails,
   * the page is sent without results and the browser searches, as it did before.
   */
  for (const route of localizedPaths('/search')) app.get(route, { errorHandler: limited }, async (request, reply) => {
    let search: unknown;
    if (hasRenderer) {
      try {
        search = await (await loadRenderer()).searchServerState(request.url, send, wantsDataSaver(request));
      } catch (err) {
        request.log.error({ err }, 'server search failed');
      }
    }
    const drawn = await render(request, search ? { search } : {});
    const body = drawn && !search ? { ...drawn, incomplete: true } : drawn;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie, Save-Data');
    return reply.send(
      renderDocument(template, { ...defaultHead({ title: defaultTitle, description: defaultDescription }, requestLocale(request)), canonical: `${app.config.appUrl}${request.url}` }, body),
    );
  });

  /**
   * Issue 48: any other GET or HEAD outside /api/ and /assets/ (api/src/plugins/static.ts). A screen
   * of the app gets index.html (the browser draws it); an address that is none answers 404 with the
   * "404 Page Not Found" page drawn on the server, so crawlers and `curl` see the status. Not kept
   * among the rendered pages: every address of a scanner would push the landing page out.
   */
  return async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const renderer = hasRenderer ? await loadRenderer().catch(() => null) : null;
    if (renderer?.isAppPath(pathname) ?? true) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const body = await render(request, {}, false);
    const notFound = renderDocument(template, null, body).replace('</head>', '<meta name="robots" content="noindex" /></head>');
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie, Save-Data');
    return reply.status(404).send(notFound);
  };
}

// The request's language (issue 50, decision 046): a page under /ha, /yo, /ig or /pcm is in that
// language; the landing page without a prefix follows the language menu's cookie, then the
// browser's Accept-Language. Every other unprefixed address is English.
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, isLocale, localeBase, localePath, splitLocalePath, type Locale } from '@ilera/contracts/locales';

/** The language of a request's address. */
export const requestLocale = (request: FastifyRequest): Locale => splitLocalePath(request.url.split('?')[0]!).locale;

/** A page's address in every language: '/search' -> '/search', '/ha/search', ...; '/' -> '/', '/ha', '/ha/', .... */
export function localizedPaths(path: string): string[] {
  return LOCALES.flatMap((l) => (l === DEFAULT_LOCALE ? [path] : path === '/' ? [localeBase(l), `${localeBase(l)}/`] : [`${localeBase(l)}${path}`]));
}

/** The language a visitor asked for: the menu's cookie, else Accept-Language ('ha-NG' is Hausa), else English. */
export function preferredLocale(request: FastifyRequest): Locale {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]+)`).exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  // A header sent twice (a browser's own and one added to it) arrives as a list.
  const raw = request.headers['accept-language'];
  const header = Array.isArray(raw) ? raw.join(',') : raw;
  // A language with its region ('ha-NG', a phone's own setting, often sent alone; 'en-NG') is the language:
  // the negotiator matches ranges exactly, so 'ha-NG' alone found nothing and 'en-NG,ha' chose Hausa.
  const chosen = header ? negotiate(header.replace(/\b([a-z]{2,3})-[a-z0-9-]+/gi, '$1'), [...LOCALES]) : null;
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/**
 * Remembers a signed-in person's chosen language in the language menu's cookie (as the web's loader
 * writes it: a year, SameSite=Lax, readable by the page); null forgets it (the browser decides again).
 */
export function rememberLocale(reply: FastifyReply, language: string | null): void {
  if (isLocale(language)) reply.setCookie(LOCALE_COOKIE, language, { path: '/', maxAge: 365 * 86400, sameSite: 'lax' });
  else reply.clearCookie(LOCALE_COOKIE, { path: '/' });
}

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page's address in each language, for search engines (`hreflang`), and x-default (English).
 * `canonical`: the page's absolute address in its own language.
 */
export function alternateLinks(canonical: string): string {
  const url = new URL(canonical);
  const { path } = splitLocalePath(url.pathname);
  const rest = `${path}${url.search}`;
  const link = (lang: string, l: Locale) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(`${url.origin}${localePath(l, rest)}`)}" />`;
  return [...LOCALES.map((l) => link(l, l)), link('x-default', DEFAULT_LOCALE)].join('');
}

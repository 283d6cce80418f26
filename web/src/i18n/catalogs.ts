// Each language's messages are chunks of their own (issue 50, decision 046): a visitor fetches
// only those of the page's language, and of the page's group: every page's shared messages
// (messages.po: header, footer...) and the page group's own: the landing page's (landing.po), the search
// page's (search.po), the profile pages' (profile.po), Account settings' (account.po). Imported by the page's loader (src/main.tsx), which starts fetching them beside
// the app, by the app's start (src/boot/app.tsx), by the router (a page reached inside the app
// waits for its catalog with its code) and by the server renderer (every catalog).
import type { I18n, Messages } from '@lingui/core';
import { splitLocalePath, type Locale } from '@ilera/contracts/locales';

/** The language of the address ('/ha/search' is Hausa; no prefix is English). */
export const pageLocale = (pathname: string): Locale => splitLocalePath(pathname).locale;

/** A page group's own catalog (web/lingui.config.ts names the code whose messages it holds). */
export type PageCatalog = 'landing' | 'search' | 'profile' | 'account';
export const PAGE_CATALOGS: readonly PageCatalog[] = ['landing', 'search', 'profile', 'account'];

/** The page group's catalogs an address needs beside messages.po. */
export function pageCatalogsOf(pathname: string): PageCatalog[] {
  const { path } = splitLocalePath(pathname);
  if (path === '/') return ['landing'];
  if (path === '/search') return ['search'];
  if (path === '/account') return ['account'];
  return /^\/(?:professional|institution)\/[^/]+\/?$/.test(path) ? ['profile'] : [];
}

// One import per catalog: Vite makes each language's file a chunk of its own (vite.config.ts names them).
const catalogImports: Record<'messages' | PageCatalog, (locale: Locale) => Promise<unknown>> = {
  messages: (locale) => import(`../locales/${locale}/messages.po`),
  landing: (locale) => import(`../locales/${locale}/landing.po`),
  search: (locale) => import(`../locales/${locale}/search.po`),
  profile: (locale) => import(`../locales/${locale}/profile.po`),
  account: (locale) => import(`../locales/${locale}/account.po`),
};

/** One compiled catalog (@lingui/vite-plugin compiles the PO file when it is imported). */
async function loadCatalog(locale: Locale, name: 'messages' | PageCatalog): Promise<Messages> {
  const { messages } = (await catalogImports[name](locale)) as { messages: Messages };
  return messages;
}

/** The shared catalog of `locale` and the page groups' `catalogs`, as one. */
export async function loadMessages(locale: Locale, catalogs: readonly PageCatalog[] = []): Promise<Messages> {
  const all = await Promise.all([loadCatalog(locale, 'messages'), ...catalogs.map((c) => loadCatalog(locale, c))]);
  return Object.assign({}, ...all) as Messages;
}

/** The browser's app (src/boot/app.tsx): its I18n and the page catalogs it holds. None on the server. */
let app: { i18n: I18n; loaded: Set<PageCatalog> } | undefined;
export function setAppI18n(i18n: I18n, loaded: readonly PageCatalog[]): void {
  app = { i18n, loaded: new Set(loaded) };
}

/**
 * A page reached inside the app (a link from the landing page to /search): its code and its group's
 * catalog, added to the app's I18n before the page renders. The server's I18n holds every catalog.
 */
export async function withPageCatalog<T>(catalog: PageCatalog, page: () => Promise<T>): Promise<T> {
  const current = app;
  if (!current || current.loaded.has(catalog)) return page();
  const locale = current.i18n.locale as Locale;
  const [code, messages] = await Promise.all([page(), loadCatalog(locale, catalog)]);
  if (!current.loaded.has(catalog)) {
    current.i18n.load(locale, messages);
    current.loaded.add(catalog);
  }
  return code;
}

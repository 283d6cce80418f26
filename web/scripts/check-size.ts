/**
 * Page weight for slow phone networks (issue 8): after `vite build`, prints each
 * route's first-load JavaScript and CSS, gzipped, and exits non-zero when a
 * route passes its budget.
 *
 * A route's first load is what the browser must fetch before the page shows and works:
 * - a page the server draws (`drawn`: landing, search, profiles): the entry chunk (index.html,
 *   the page's loader) with its static imports and CSS; the app waits for the visitor's first
 *   intent (issue 35, src/main.tsx). What that intent adds is reported beside it ("with app").
 * - any other page: the entry, the app's start (src/boot/app.tsx) and the route's lazy page
 *   chunk, each with every chunk it imports statically, and the CSS of all of them.
 * Chunks are counted once. Sizes are gzip at zlib's default level, as the API's compression serves them.
 *
 *   tsx scripts/check-size.ts [--dist <dir>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { appModule, pageGroups } from './chunk-groups';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** How the route is shown in the report. */
  name: string;
  path: string;
  /** The manifest key of the route's lazy page module (its source path). */
  page: string;
  /**
   * Lazy parts the page imports as soon as it renders and cannot do without (manifest
   * keys): counted in its first load (but not preloaded with it: vite.config.ts).
   */
  parts?: string[];
  /** Issue 50: the page group's own catalogs (src/i18n/catalogs.ts: 'search'), fetched beside the app in the page's language. */
  catalogs?: string[];
  /** The server draws it (api/src/modules/seo/pages.ts): the app comes at the first intent. */
  drawn?: boolean;
  /** Budgets in KB (1 KB = 1024 bytes) of gzipped bytes; absent = reported only. */
  maxJsKb?: number;
  maxCssKb?: number;
  /** A drawn page's JavaScript once the app has come (the loader, the app and the page). */
  maxAppJsKb?: number;
}

export const routes: RouteBudget[] = [
  // Budgets (issue 35): the issue's 100 KB for the landing page's JavaScript holds for every page
  // the server draws (the loader only, a few KB: decision 036); once the app comes, what the chunk
  // groups and the lazy toasts brought them to, a few KB above (docs/PERFORMANCE.md, Page weight),
  // the landing page's 5 KB more for the loader it now counts (139.3 KB on 2026-11-26).
  // Issue 50 (decision 046): each "with app" budget +6 KB for the languages: Lingui's runtime (about
  // 4.5 KB with its React bindings) and the English catalog (about 1.1 KB), measured on 2026-11-29.
  // Then the search and profile pages' own texts (issue 50, 2026-11-29): the catalog every page loads with the app
  // grew by about 1.1 KB in English, 1.2-1.3 KB in the other languages, over the 0.9 KB the search page had left:
  // search +1 KB (242.8 KB in Yoruba, the largest catalog), profiles +1 KB (201.1 in Yoruba). Every language is now
  // held to these budgets, not only English. The booking dialog's texts are a catalog of their own (booking.po),
  // fetched with the dialog, not counted here. A catalog per page group would give both back (decision 046).
  // Then (issue 50, 2026-11-29) each page group's texts became a catalog of its own (landing.po, search.po, profile.po,
  // account.po: src/i18n/catalogs.ts) and the search page's own texts were translated: its filters, category cards,
  // tips, understood chips and near-me note (its care filters' and place form's texts come with them, search-later.po,
  // not counted here), with the footer every page shows. The search page's catalogs grew by about 1.4 KB in Yoruba
  // (the largest) and the entry by the catalogs' import table (about 0.1 KB): search +1 KB (243 -> 244; 244.0 KB in
  // Yoruba, 243.6 in English). The landing (146.7 in Yoruba) and profile pages (201.8) are within theirs.
  // Then (issue 50, 2026-11-29 22:48 UTC) the page list and the texts few visits show went to a lazily loaded part with
  // search-later.po (SearchLater.tsx, LaterParts.tsx), and Mantine's Pagination left the chunk profiles share: search
  // 242.7 KB in Yoruba, profiles 201.0 (with a profile's care facts' words), landing 146.7. No budget changed.
  { name: 'landing', path: '/', page: 'src/app/pages/LandingPage.tsx', catalogs: ['landing'], drawn: true, maxJsKb: 100, maxCssKb: 30, maxAppJsKb: 151 },
  {
    name: 'search',
    path: '/search',
    page: 'src/features/search/pages/SearchPage.tsx',
    parts: ['src/features/search/components/SearchResultsArea.tsx'],
    catalogs: ['search'],
    drawn: true,
    maxJsKb: 100,
    // Issue 48 (D22): a register listing's card (its source line and Call) and the tips for both kinds: 235.1 KB.
    maxAppJsKb: 244,
  },
  {
    name: 'professional profile',
    path: '/professional/:id',
    page: 'src/features/profiles/pages/ProfessionalProfilePage.tsx',
    catalogs: ['profile'],
    drawn: true,
    maxJsKb: 100,
    maxAppJsKb: 202,
  },
  {
    name: 'institution profile',
    path: '/institution/:id',
    page: 'src/features/profiles/pages/InstitutionProfilePage.tsx',
    catalogs: ['profile'],
    drawn: true,
    maxJsKb: 100,
    maxAppJsKb: 202,
  },
  { name: 'sign-in', path: '/login', page: 'src/features/auth/pages/LoginPage.tsx' },
];

export interface RouteWeight {
  route: RouteBudget;
  jsFiles: string[];
  cssFiles: string[];
  jsBytes: number;
  cssBytes: number;
  /** With the app (in English): the same as the first load for a page the browser draws. */
  appJsFiles: string[];
  appJsBytes: number;
  /** With the app in each language the build has a catalog for (issue 50): each is checked against the budget. */
  appJsBytesByLocale: Record<string, number>;
  /** Budget breaches, as sentences; empty when within budget. */
  over: string[];
}

/**
 * The manifest key of a lazily loaded module's chunk: its source path, or, when the
 * chunk also holds modules that a later chunk imports from it (Rollup then gives it
 * no facade module and Vite keys it `_<file>`), the dynamic entry chunk of that name
 * (for the pages grouped by scripts/chunk-groups.ts, of their group's name).
 */
export function chunkKeyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  // A page in one of vite.config.ts's page groups is in that group's chunk.
  const name = pageGroups.find(([, pages]) => pages.includes(module))?.[0] ?? path.basename(module).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
}

/** A language's catalog chunk (decision 046: each language's messages are chunks of their own). */
const catalogOf = (locale: string, name = 'messages') => `src/locales/${locale}/${name}.po`;
/** The site's languages (contracts/src/locales.ts); English first, the figure the table shows. */
const LANGUAGES = ['en', 'ha', 'yo', 'ig', 'pcm'];

/**
 * The manifest keys a route loads with its code: the entry, the app's start (when the build has
 * one, src/boot/app.tsx), the page and its parts, with their static imports. `entryOnly`: the
 * entry and its static imports (a page the server draws, before the app).
 */
export function firstLoadChunks(manifest: Manifest, page: string, parts: string[] = [], entryOnly = false, locale = 'en', catalogs: string[] = []): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const pageKey = chunkKeyOf(manifest, page);
  if (!pageKey) throw new Error(`The manifest has no chunk for ${page} (is the page still lazily loaded?)`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  if (entryOnly) return [...seen];
  const appKey = chunkKeyOf(manifest, appModule);
  if (appKey) visit(appKey);
  // Issue 50: the page's language's messages come with the app (src/main.tsx): `locale`'s are counted, the shared
  // catalog and the page group's own.
  for (const name of ['messages', ...catalogs]) {
    const catalog = Object.keys(manifest).find((k) => k === catalogOf(locale, name) || manifest[k].src === catalogOf(locale, name));
    if (catalog) visit(catalog);
  }
  visit(pageKey);
  for (const part of parts) {
    const key = chunkKeyOf(manifest, part);
    if (!key) throw new Error(`The manifest has no chunk for ${part} (is it still lazily loaded?)`);
    visit(key);
  }
  return [...seen];
}

/** The gzipped size of each route's first load, checked against its budgets. */
export function weighRoutes(
  manifest: Manifest,
  gzipBytes: (file: string) => number,
  list: RouteBudget[] = routes,
): RouteWeight[] {
  const jsOf = (keys: string[]) => [...new Set(keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
  const sum = (files: string[]) => files.reduce((n, f) => n + gzipBytes(f), 0);
  return list.map((route) => {
    const chunks = firstLoadChunks(manifest, route.page, route.parts, route.drawn).map((k) => manifest[k]);
    const jsFiles = [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))];
    const cssFiles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    const jsBytes = sum(jsFiles);
    const cssBytes = sum(cssFiles);
    const appJsFiles = route.drawn ? jsOf(firstLoadChunks(manifest, route.page, route.parts, false, 'en', route.catalogs)) : jsFiles;
    const appJsBytes = sum(appJsFiles);
    const appJsBytesByLocale: Record<string, number> = {};
    for (const locale of LANGUAGES) {
      if (!route.drawn || !Object.keys(manifest).some((k) => k === catalogOf(locale) || manifest[k].src === catalogOf(locale))) continue;
      appJsBytesByLocale[locale] = sum(jsOf(firstLoadChunks(manifest, route.page, route.parts, false, locale, route.catalogs)));
    }
    const over: string[] = [];
    if (route.maxJsKb !== undefined && jsBytes > route.maxJsKb * 1024) {
      over.push(`${route.name}: first-load JavaScript ${kb(jsBytes)} KB is over its ${route.maxJsKb} KB budget`);
    }
    if (route.maxCssKb !== undefined && cssBytes > route.maxCssKb * 1024) {
      over.push(`${route.name}: first-load CSS ${kb(cssBytes)} KB is over its ${route.maxCssKb} KB budget`);
    }
    if (route.maxAppJsKb !== undefined && appJsBytes > route.maxAppJsKb * 1024) {
      over.push(`${route.name}: JavaScript with the app ${kb(appJsBytes)} KB is over its ${route.maxAppJsKb} KB budget`);
    }
    for (const [locale, bytes] of Object.entries(appJsBytesByLocale)) {
      if (locale !== 'en' && route.maxAppJsKb !== undefined && bytes > route.maxAppJsKb * 1024) {
        over.push(`${route.name}: JavaScript with the app in ${locale} ${kb(bytes)} KB is over its ${route.maxAppJsKb} KB budget`);
      }
    }
    return { route, jsFiles, cssFiles, jsBytes, cssBytes, appJsFiles, appJsBytes, appJsBytesByLocale, over };
  });
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** The printed table. */
export function report(weights: RouteWeight[]): string {
  const budget = (max?: number) => (max === undefined ? '—' : `${max}`);
  const lines = [
    'First load per route (gzipped KB):',
    `  ${'route'.padEnd(22)} ${'JS'.padStart(7)} ${'budget'.padStart(7)} ${'CSS'.padStart(7)} ${'budget'.padStart(7)}  ${'with app'.padStart(8)} ${'budget'.padStart(7)}  chunks`,
  ];
  for (const w of weights) {
    const app = w.route.drawn ? `${kb(w.appJsBytes).padStart(8)} ${budget(w.route.maxAppJsKb).padStart(7)}` : `${'(same)'.padStart(8)} ${''.padStart(7)}`;
    lines.push(
      `  ${w.route.name.padEnd(22)} ${kb(w.jsBytes).padStart(7)} ${budget(w.route.maxJsKb).padStart(7)} ${kb(w.cssBytes).padStart(7)} ${budget(w.route.maxCssKb).padStart(7)}  ${app}  ${w.jsFiles.length} JS, ${w.cssFiles.length} CSS${w.route.drawn ? `, ${w.appJsFiles.length} JS with app` : ''}${w.over.length ? '  OVER BUDGET' : ''}`,
    );
  }
  lines.push('  (a page the server draws loads the app at the first intent: "with app", in English)');
  const languages = weights.filter((w) => Object.keys(w.appJsBytesByLocale).length > 1);
  if (languages.length) {
    lines.push('With the app per language (the page\'s language\'s catalog, issue 50):');
    for (const w of languages) {
      lines.push(`  ${w.route.name.padEnd(22)} ${Object.entries(w.appJsBytesByLocale).map(([l, b]) => `${l} ${kb(b)}`).join('  ')}`);
    }
  }
  return lines.join('\n');
}

export function checkDist(dist: string): { text: string; over: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const cache = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let n = cache.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(path.join(dist, file))).length;
      cache.set(file, n);
    }
    return n;
  };
  const weights = weighRoutes(manifest, gzipBytes);
  return { text: report(weights), over: weights.flatMap((w) => w.over) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const i = process.argv.indexOf('--dist');
  // The build's own folder: --dist, else ILERA_WEB_OUT (a private build, vite.config.ts), else web/dist.
  const dist =
    i > 0
      ? path.resolve(process.argv[i + 1])
      : process.env.ILERA_WEB_OUT
        ? path.resolve(process.env.ILERA_WEB_OUT)
        : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  try {
    const { text, over } = checkDist(dist);
    console.log(text);
    if (over.length) {
      for (const o of over) console.error(`Page weight budget exceeded: ${o}`);
      process.exit(1);
    }
    console.log('Page weight budgets: OK');
  } catch (err) {
    console.error(`Page weight check failed: ${(err as Error).message}`);
    process.exit(1);
  }
}

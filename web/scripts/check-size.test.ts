import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadChunks, weighRoutes, type Manifest, type RouteBudget } from './check-size';

// A build of three pages: the entry imports React (shared); the landing page
// imports a small helper; the search page imports the big instantsearch chunk
// and has CSS of its own; the admin page is never part of either first load.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-a.css'], dynamicImports: ['src/Landing.tsx', 'src/Search.tsx', 'src/Admin.tsx'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_helper.js': { file: 'assets/helper-c.js', imports: ['_react.js'] },
  '_instantsearch.js': { file: 'assets/instantsearch-d.js', imports: ['_helper.js'] },
  'src/Landing.tsx': { file: 'assets/Landing-e.js', isDynamicEntry: true, imports: ['_helper.js', '_react.js'] },
  'src/Search.tsx': { file: 'assets/Search-f.js', isDynamicEntry: true, imports: ['_instantsearch.js'], css: ['assets/Search-f.css'], dynamicImports: ['src/Admin.tsx'] },
  'src/Admin.tsx': { file: 'assets/Admin-g.js', isDynamicEntry: true, css: ['assets/Admin-g.css'] },
};
const KB = 1024;
const sizes: Record<string, number> = {
  'assets/index-a.js': 40 * KB,
  'assets/react-b.js': 60 * KB,
  'assets/helper-c.js': 10 * KB,
  'assets/instantsearch-d.js': 120 * KB,
  'assets/Landing-e.js': 20 * KB,
  'assets/Search-f.js': 15 * KB,
  'assets/Admin-g.js': 500 * KB,
  'assets/index-a.css': 25 * KB,
  'assets/Search-f.css': 8 * KB,
  'assets/Admin-g.css': 100 * KB,
};
const budgets: RouteBudget[] = [
  { name: 'landing', path: '/', page: 'src/Landing.tsx', maxJsKb: 150, maxCssKb: 30 },
  { name: 'search', path: '/search', page: 'src/Search.tsx', maxJsKb: 250 },
];

describe('page weight check', () => {
  it("counts the entry and the page with their static imports, each chunk once, and not lazy chunks", () => {
    expect(firstLoadChunks(manifest, 'src/Search.tsx').sort()).toEqual(
      ['_helper.js', '_instantsearch.js', '_react.js', 'index.html', 'src/Search.tsx'].sort(),
    );
    const [landing, search] = weighRoutes(manifest, (f) => sizes[f], budgets);
    expect(landing.jsBytes).toBe((40 + 60 + 10 + 20) * KB);
    expect(landing.cssBytes).toBe(25 * KB);
    expect(landing.over).toEqual([]);
    expect(search.jsBytes).toBe((40 + 60 + 10 + 120 + 15) * KB);
    expect(search.cssBytes).toBe((25 + 8) * KB);
    expect(search.over).toEqual([]);
  });

  it("counts a page's lazy parts that it loads at once", () => {
    // Admin stands in for a part of the search page that it imports lazily and always renders.
    expect(firstLoadChunks(manifest, 'src/Search.tsx', ['src/Admin.tsx'])).toContain('src/Admin.tsx');
    const [search] = weighRoutes(manifest, (f) => sizes[f], [{ ...budgets[1], parts: ['src/Admin.tsx'] }]);
    expect(search.jsBytes).toBe((40 + 60 + 10 + 120 + 15 + 500) * KB);
    expect(search.cssBytes).toBe((25 + 8 + 100) * KB);
    expect(() => firstLoadChunks(manifest, 'src/Search.tsx', ['src/Gone.tsx'])).toThrow('src/Gone.tsx');
  });

  it('names each route whose JavaScript or CSS passes its budget', () => {
    const heavier = { ...sizes, 'assets/helper-c.js': 31 * KB, 'assets/index-a.css': 31 * KB };
    const [landing, search] = weighRoutes(manifest, (f) => heavier[f], budgets);
    expect(landing.over).toEqual([
      'landing: first-load JavaScript 151.0 KB is over its 150 KB budget',
      'landing: first-load CSS 31.0 KB is over its 30 KB budget',
    ]);
    expect(search.over).toEqual(['search: first-load JavaScript 266.0 KB is over its 250 KB budget']);
  });

  it("weighs a page the server draws by its loader, and reports what the app's start adds at the first intent", () => {
    // The entry is the page's loader; the app's start (src/boot/app.tsx) is a dynamic entry that
    // Vite keys by its file (the pages import React from it).
    const withApp: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: [], dynamicImports: ['_app-h.js'] },
      '_app-h.js': { file: 'assets/app-h.js', name: 'app', isDynamicEntry: true, imports: ['_react.js'], css: ['assets/app-h.css'] },
    };
    const appSizes: Record<string, number> = { ...sizes, 'assets/app-h.js': 30 * KB, 'assets/app-h.css': 12 * KB };
    const [drawn] = weighRoutes(withApp, (f) => appSizes[f], [{ ...budgets[0], drawn: true, maxJsKb: 100, maxAppJsKb: 160 }]);
    expect(drawn.jsFiles).toEqual(['assets/index-a.js']);
    expect(drawn.jsBytes).toBe(40 * KB);
    expect(drawn.cssBytes).toBe(25 * KB);
    expect(drawn.appJsBytes).toBe((40 + 30 + 60 + 10 + 20) * KB);
    expect(drawn.over).toEqual([]);
    const [client] = weighRoutes(withApp, (f) => appSizes[f], [budgets[0]]);
    expect(client.jsBytes).toBe((40 + 30 + 60 + 10 + 20) * KB);
    expect(client.cssBytes).toBe((25 + 12) * KB);
    const [over] = weighRoutes(withApp, (f) => appSizes[f], [{ ...budgets[0], drawn: true, maxAppJsKb: 150 }]);
    expect(over.over).toEqual(['landing: JavaScript with the app 160.0 KB is over its 150 KB budget']);
  });

  it("counts the page's language's catalog with the app, and holds every language to the budget (issue 50)", () => {
    const withCatalogs: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: [], dynamicImports: ['_app-h.js', 'src/locales/en/messages.po', 'src/locales/yo/messages.po'] },
      '_app-h.js': { file: 'assets/app-h.js', name: 'app', isDynamicEntry: true, imports: ['_react.js'] },
      'src/locales/en/messages.po': { file: 'assets/messages-en.js', src: 'src/locales/en/messages.po', isDynamicEntry: true },
      'src/locales/yo/messages.po': { file: 'assets/messages-yo.js', src: 'src/locales/yo/messages.po', isDynamicEntry: true },
    };
    const catalogSizes: Record<string, number> = { ...sizes, 'assets/app-h.js': 30 * KB, 'assets/messages-en.js': 1 * KB, 'assets/messages-yo.js': 3 * KB };
    const route = { ...budgets[0], drawn: true, maxAppJsKb: 162 };
    const [drawn] = weighRoutes(withCatalogs, (f) => catalogSizes[f], [route]);
    expect(drawn.appJsBytesByLocale).toEqual({ en: 161 * KB, yo: 163 * KB });
    expect(drawn.appJsBytes).toBe(161 * KB);
    expect(drawn.over).toEqual(['landing: JavaScript with the app in yo 163.0 KB is over its 162 KB budget']);
  });

  it('finds a page chunk that Vite keys by its file (a later lazy chunk imports from it)', () => {
    const keyed: Manifest = { ...manifest, '_Search-f.js': { ...manifest['src/Search.tsx'], name: 'Search' } };
    delete keyed['src/Search.tsx'];
    expect(firstLoadChunks(keyed, 'src/Search.tsx')).toContain('_Search-f.js');
  });

  it('refuses a manifest where the page is no longer its own chunk', () => {
    expect(() => weighRoutes(manifest, (f) => sizes[f], [{ name: 'x', path: '/x', page: 'src/Gone.tsx' }])).toThrow(
      'The manifest has no chunk for src/Gone.tsx',
    );
  });

  describe('as the build runs it', () => {
    const dirs: string[] = [];
    afterAll(async () => {
      for (const d of dirs) await rm(d, { recursive: true, force: true });
    });

    async function fakeDist(bytes: (file: string) => number): Promise<string> {
      const dist = await mkdtemp(path.join(os.tmpdir(), 'ilera-size-'));
      dirs.push(dist);
      // The real routes' page keys, on the fake chunks above.
      const real: Manifest = {
        // The entry as the build makes it now: the page's loader, importing none of the app.
        'index.html': { ...manifest['index.html'], imports: [] },
        '_react.js': manifest['_react.js'],
        '_helper.js': manifest['_helper.js'],
        '_instantsearch.js': manifest['_instantsearch.js'],
        'src/app/pages/LandingPage.tsx': manifest['src/Landing.tsx'],
        'src/features/search/pages/SearchPage.tsx': manifest['src/Search.tsx'],
        'src/features/search/components/SearchResultsArea.tsx': manifest['_instantsearch.js'],
        'src/features/profiles/pages/ProfessionalProfilePage.tsx': manifest['src/Landing.tsx'],
        'src/features/profiles/pages/InstitutionProfilePage.tsx': manifest['src/Landing.tsx'],
        'src/features/auth/pages/LoginPage.tsx': manifest['src/Landing.tsx'],
      };
      await mkdir(path.join(dist, '.vite'), { recursive: true });
      await mkdir(path.join(dist, 'assets'), { recursive: true });
      await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(real));
      // Random bytes barely compress: gzipped size ≈ raw size.
      const { randomBytes } = await import('node:crypto');
      for (const file of Object.keys(sizes)) await writeFile(path.join(dist, file), randomBytes(bytes(file)));
      return dist;
    }

    const run = (dist: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'check-size.ts'), '--dist', dist], { encoding: 'utf8' });

    it('prints the sizes and exits 0 within budget', async () => {
      // The search page's 245 KB above is over its budget of 242 KB: 225 KB here.
      const res = run(await fakeDist((f) => (f === 'assets/instantsearch-d.js' ? 100 * KB : sizes[f])));
      expect(res.stdout).toContain('First load per route (gzipped KB):');
      // The landing page is drawn by the server: its first load is the entry (the loader) and
      // what it imports; with the app, the page's whole JavaScript.
      expect(res.stdout).toMatch(/landing\s+40\.\d\s+100\s+25\.\d\s+30\s+130\.\d\s+151/);
      expect(res.stdout).toContain('Page weight budgets: OK');
      expect(res.status).toBe(0);
    });

    it('exits non-zero over budget', async () => {
      const res = run(await fakeDist((f) => (f === 'assets/Landing-e.js' ? 45 * KB : sizes[f])));
      expect(res.stderr).toMatch(/Page weight budget exceeded: landing: JavaScript with the app 155\.\d KB is over its 151 KB budget/);
      expect(res.status).toBe(1);
    });
  });
});

import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routes } from './scripts/check-size';
import { chunkGroups } from './scripts/chunk-groups';
import { linguiMacros } from './scripts/lingui-macros';
import { precompressAssets } from './scripts/precompress';
import { installableApp } from './sw/pwa-options';

const require = createRequire(import.meta.url);
const webRoot = dirname(fileURLToPath(import.meta.url));
// ILERA_WEB_OUT builds into a private folder (engineers working side by side; browser tests
// then read it through ILERA_WEB_DIST). Default: web/dist, which `npm start` and `npm test` use.
const outRoot = process.env.ILERA_WEB_OUT ? resolve(process.env.ILERA_WEB_OUT) : join(webRoot, 'dist');
const apiTarget = process.env.API_URL ?? 'http://localhost:5000';

// react-router 7's package exports point every condition at its development
// build; production bundles must use the production build (smaller, no dev checks).
const reactRouterDir = dirname(require.resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

// The search page's instantsearch adapter, in every mode (dev, test and production
// builds run the same search code):
// - its ES module source rather than its Babel build (lib/), which drags in
//   @babel/runtime's regenerator for a few async functions modern browsers run natively;
// - `typesense` replaced by src/features/search/api/typesense-multi-search.ts: the
//   adapter only calls SearchClient.multiSearch.perform, and the real client brings
//   axios, qs and loglevel (about 45 KB gzipped) to make that one POST to our API;
// - `qs` replaced by src/features/search/api/qs-unused.ts: instantsearch.js needs it
//   only for its history router, and the address belongs to react-router.
const adapterDir = dirname(require.resolve('typesense-instantsearch-adapter/package.json'));
const searchAdapterAliases = [
  { find: /^typesense-instantsearch-adapter$/, replacement: join(adapterDir, 'src/TypesenseInstantsearchAdapter.js') },
  { find: /^typesense$/, replacement: join(webRoot, 'src/features/search/api/typesense-multi-search.ts') },
  { find: /^qs$/, replacement: join(webRoot, 'src/features/search/api/qs-unused.ts') },
];

// @ilera/contracts is pure (no I/O, CONVENTIONS), but its package does not say so:
// without this, every zod schema it defines lands in any chunk that imports one list.
const contractsDir = realpathSync(join(webRoot, '..', 'contracts')) + sep;
function contractsWithoutSideEffects(): Plugin {
  return {
    name: 'ilera-contracts-side-effect-free',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && !resolved.external && resolved.id.startsWith(contractsDir)) {
        return { ...resolved, moduleSideEffects: false };
      }
      return null;
    },
  };
}

// Chunks: one per page group a visitor goes through, one for what they share (issue 35).
const chunks = chunkGroups(webRoot);

// A phone on a slow network otherwise fetches a page's lazy chunks only after the app's
// chunk has downloaded and run: one more round of requests before the page answers. The
// routes' chunks are listed in index.html (a JSON script, #ilera-route-chunks: no inline
// script, which the API's Content-Security-Policy forbids) and the page's loader (src/main.tsx)
// preloads the current route's when it fetches the app: at once on a page the browser draws,
// at the first intent on one the server drew (issue 35: not before, or the first visit would
// download them anyway). Routes: the pages people arrive on, as scripts/check-size.ts lists
// them, with their lazy parts (the search page's results: the server drew them, decision 015).
function preloadRouteChunks(): Plugin {
  let table: [string, string[]][] | undefined;
  return {
    name: 'ilera-preload-route-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rollup.OutputChunk) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inEntry = closure(entry);
      table = [];
      for (const route of routes) {
        // By module, not facadeModuleId: a page chunk that a later chunk imports from has none.
        const pageChunks = [route.page, ...(route.parts ?? [])].map((m) =>
          chunks.find((c) => c.isDynamicEntry && c.moduleIds.includes(join(webRoot, m))),
        );
        if (!pageChunks[0]) continue;
        const files = new Set(pageChunks.flatMap((c) => (c ? [...closure(c)] : [])));
        const pattern = '^' + route.path.replace(/:[^/]+/g, '[^/]+') + '/?$';
        table.push([pattern, [...files].filter((f) => !inEntry.has(f)).map((f) => `/${f}`)]);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        table
          ? [{ tag: 'script', attrs: { type: 'application/json', id: 'ilera-route-chunks' }, children: JSON.stringify(table), injectTo: 'body' }]
          : [],
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: webRoot,
  plugins: [
    contractsWithoutSideEffects(),
    chunks.plugin,
    // Issue 50 (decision 046): Lingui's macros compiled by Babel in the files that use them (scripts/lingui-macros.ts);
    // a catalog (src/locales/<locale>/messages.po) imported by the app is compiled into its own chunk.
    linguiMacros(),
    react(),
    lingui({ configPath: join(webRoot, 'lingui.config.ts') }),
    preloadRouteChunks(),
    // dist/assets/*.br and *.gz at the best levels, which the API sends as they are (issue 35).
    precompressAssets(outRoot),
    // The web manifest and the service worker (issue 35, web/sw/): not part of the server renderer.
    ...(isSsrBuild ? [] : [VitePWA(installableApp(outRoot))]),
  ],
  resolve: {
    alias: [...searchAdapterAliases, ...(mode === 'production' ? reactRouterProduction : [])],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  // The server renderer is self-contained: a production image needs none of the web
  // app's packages to run it (decision 015).
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        // The server renderer (src/entry-server.tsx, decision 015), for the API to import.
        // Under dist/ so one build is one folder; the API never serves dist/.ssr as a file.
        outDir: join(outRoot, '.ssr'),
        emptyOutDir: true,
        target: 'node20',
      }
    : {
        outDir: outRoot,
        emptyOutDir: true,
        target: 'es2020',
        // dist/.vite/manifest.json: scripts/check-size.ts computes each route's first load from it.
        manifest: true,
        rollupOptions: {
          output: {
            // Issue 50 (decision 046): each language's messages a chunk of their own, fetched only in that language
            // (messages.po with the app; landing.po, search.po, profile.po and account.po with their pages; search-later.po with
            // the search page's care filters or place form, profile-later.po with a review's reply and report dialogs,
            // booking.po with the booking dialog, care-report.po with a profile's "Help keep this page right" card, dashboard.po with the signed-in pages: every
            // catalog of web/lingui.config.ts), and the directory's names
            // in the language (names.json: src/i18n/names.tsx), fetched where a page shows one.
            manualChunks: (id, meta) => {
              const [, locale, catalog] = /\/locales\/([a-z]+)\/([a-z-]+)\.(?:po|json)$/.exec(id) ?? [];
              return locale ? `${catalog}-${locale}` : chunks.manualChunks(id, meta);
            },
          },
        },
      },
}));

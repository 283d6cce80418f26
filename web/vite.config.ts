import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const webRoot = dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:5000';

// react-router 7's package exports point every condition at its development
// build; production bundles must use the production build (smaller, no dev checks).
const reactRouterDir = dirname(require.resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
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

export default defineConfig(({ mode }) => ({
  root: webRoot,
  plugins: [contractsWithoutSideEffects(), react()],
  resolve: {
    alias: mode === 'production' ? reactRouterProduction : [],
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
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    rollupOptions: {
      output: {
        // The search page's instantsearch code is large and only needed on /search:
        // keep it in its own chunk, loaded with the lazy search page.
        manualChunks(id) {
          if (
            id.includes('node_modules/react-instantsearch') ||
            id.includes('node_modules/instantsearch') ||
            id.includes('node_modules/typesense-instantsearch-adapter') ||
            id.includes('node_modules/typesense/') ||
            id.includes('node_modules/algoliasearch-helper') ||
            id.includes('node_modules/@algolia/')
          ) {
            return 'instantsearch';
          }
          return undefined;
        },
      },
    },
  },
}));

// vite-plugin-pwa's options (issue 35, decision 035): the web manifest that makes Ilera
// installable, and the service worker (web/sw/sw.ts) with a precache of the app shell only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VitePWAOptions } from 'vite-plugin-pwa';

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * What the precache keeps: index.html (the shell a page the worker never saw falls back to)
 * and what it loads before any page's own chunk: the entry script, the chunks it imports
 * statically, their CSS, and the shell's own lazy machinery under src/lib (the toasts, which say
 * "You are offline": a page that cannot load them offline would stop). A first visit downloaded most of these already (hashed files come
 * from the HTTP cache), so installing costs index.html and little else; every other file is
 * kept when the app first uses it (issue 35: at most 150 KB for a first visit).
 */
function shellOnly(outDir: string) {
  return async (entries: Array<{ url: string; revision: string | null; size: number }>) => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    const keep = new Set(['index.html']);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      for (const css of chunk.css ?? []) keep.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry) continue;
      visit(key);
      for (const lazy of chunk.dynamicImports ?? []) if (lazy.startsWith('src/lib/')) visit(lazy);
    }
    return { manifest: entries.filter((e) => keep.has(e.url.replace(/^\//, ''))), warnings: [] };
  };
}

export function installableApp(outDir: string): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    outDir,
    // Registered by the app itself after the page has loaded (web/src/lib/offline.ts).
    injectRegister: false,
    manifest: {
      name: "Ilera — Nigeria's healthcare directory",
      short_name: 'Ilera',
      description: 'Find doctors, pharmacists, nurses, hospitals, pharmacies and diagnostic labs in Nigeria, and book appointments.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0ca678',
      lang: 'en-NG',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The icons are fetched by the browser when it installs the app, not by every visitor.
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [shellOnly(outDir)],
    },
    devOptions: { enabled: false },
  };
}

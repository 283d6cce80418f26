// vite-plugin-pwa's options (issue 35, decision 035): the web manifest that makes Ilera
// installable, and the service worker (web/sw/sw.ts) with a precache of the app shell only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VitePWAOptions } from 'vite-plugin-pwa';

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What the precache keeps: index.html (the shell a page the worker never saw falls back to)
 * and the page's loader (the entry script, src/main.tsx) with the chunks it imports statically
 * and their CSS: files every page loads first, so installing costs index.html and little else.
 * The app itself (React, Mantine, the pages) is not in it: a server-drawn page fetches it at the
 * visitor's first intent or never (issue 35, "hydrate only what is interactive"), and a first
 * visit must not download it for the worker. The worker keeps each hashed file when the app
 * first uses it (sw.ts, asset); offline, a toast whose code never came is not shown
 * (app/providers.tsx) rather than stopping the app.
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
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
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

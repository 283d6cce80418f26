import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { repoRoot } from '@ilera/db/paths';
import { registerServerPages, type UnknownPathHandler } from '../modules/seo/pages';

export const webDist = path.join(repoRoot, 'web', 'dist');

/**
 * Serves the built web app. Hashed assets are cached for a year (our users pay
 * for every kilobyte), from their precompressed copies when the build made them;
 * index.html is revalidated so a deploy shows at once.
 * Any non-API GET (or HEAD) that matches no file: index.html for a screen of the app, else the
 * "404 Page Not Found" page with the 404 status (issue 48, modules/seo/pages.ts).
 */
export async function registerStatic(app: FastifyInstance, root = webDist): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  let unknownPath: UnknownPathHandler | null = null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // dist/.ssr is the server renderer (modules/seo/pages.ts), not a file to serve.
      allowedPath: (pathName) => !pathName.startsWith('/.ssr/'),
      // Ours below; with send's own (max-age=0) on, it would overwrite them.
      cacheControl: false,
      // The build writes each asset's brotli and gzip copies at the best levels
      // (web/scripts/precompress.ts): sent as they are, where compressing on the fly
      // could only afford a cheap level on every request (issue 35).
      preCompressed: true,
      setHeaders(res, filePath) {
        const asset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which copy was sent depends on Accept-Encoding: caches must keep them apart.
        if (asset) res.setHeader('vary', 'accept-encoding');
      },
    });
    unknownPath = await registerServerPages(app, root);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // HEAD too: link checkers, uptime monitors and some crawlers ask HEAD before GET.
    if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && unknownPath) {
      if (url.startsWith('/assets/')) return reply.status(404).send({ message: 'Not found' });
      return unknownPath(request, reply);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

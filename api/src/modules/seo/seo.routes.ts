import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOCALES, localePath } from '@ilera/contracts/locales';
import { FILE_SPAN, sitemapEntries, sitemapFiles, type ProfileKind } from './sitemap.repo';

/** Public pages that are not profiles, in the sitemap's pages file. */
export const STATIC_PATHS = ['/', '/search', '/emergency', '/about', '/privacy', '/terms', '/mobile-help'];

/** Signed-in screens and the API: nothing for a search engine there. */
const DISALLOWED = ['/api/', '/admin', '/appointments', '/profile-setup', '/change-password', '/reset-password', '/account', '/claim/'];

// A crawler comes back for the sitemap every few hours at most; an hour's copy is fresh enough.
const CACHE_SITEMAP = 'public, max-age=3600';

const kinds: Record<string, ProfileKind> = { professionals: 'professional', institutions: 'institution' };

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const lastmod = (d: Date) => `<lastmod>${d.toISOString()}</lastmod>`;

function sendXml(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE_SITEMAP).send(body);
}

/**
 * /robots.txt and /sitemap.xml (issue 16). The sitemap is an index of files: the
 * static pages, then the approved professionals and institutions, each file covering
 * one id range (sitemap.repo.ts) so it holds at most 50,000 URLs and is read from
 * PostgreSQL by its key, never by OFFSET. Pending and rejected profiles never appear.
 */
export default async function seoRoutes(app: FastifyInstance): Promise<void> {
  const base = escapeXml(app.config.appUrl);

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${app.config.appUrl}/sitemap.xml`, ''];
    return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', CACHE_SITEMAP).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = [`<sitemap><loc>${base}/sitemap/pages.xml</loc></sitemap>`];
    for (const [plural, kind] of Object.entries(kinds)) {
      for (const file of await sitemapFiles(app.sql, kind)) {
        entries.push(`<sitemap><loc>${base}/sitemap/${plural}-${file.page + 1}.xml</loc>${lastmod(file.lastModified)}</sitemap>`);
      }
    }
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>('/sitemap/:file', async (request, reply) => {
    const urls: string[] = [];
    if (request.params.file === 'pages.xml') {
      // Issue 50 (decision 046): each page in every language (/ha/search...), English first as before.
      for (const locale of LOCALES) for (const path of STATIC_PATHS) urls.push(`<url><loc>${base}${escapeXml(localePath(locale, path))}</loc></url>`);
    } else {
      const match = /^(professionals|institutions)-([1-9]\d{0,4})\.xml$/.exec(request.params.file);
      const page = match ? Number(match[2]) - 1 : -1;
      // Ids are PostgreSQL integers: no file lies beyond the last one they can fill.
      if (!match || page > Math.floor(2147483647 / FILE_SPAN)) return reply.status(404).send({ message: 'Not found' });
      const kind = kinds[match[1]];
      for (const entry of await sitemapEntries(app.sql, kind, page)) {
        urls.push(`<url><loc>${base}/${kind}/${entry.id}</loc>${lastmod(entry.updatedAt)}</url>`);
      }
      if (urls.length === 0) return reply.status(404).send({ message: 'Not found' });
    }
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });
}

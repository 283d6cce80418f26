import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_NOT_FOUND, photoParams as params, photoQuery as query } from '@ilera/contracts';
import { NotFoundError } from '../../errors';
import { formatFor, mayFetch, photoVariant } from './photos.service';

/**
 * GET /api/photos/{kind}/{id}?w=64: the public photo of an approved provider, resized to the
 * size shown (issue 35): AVIF or WebP when the browser takes them. 404 when there is none.
 */
const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/photos/:kind/:id', { schema: { params, querystring: query } }, async (request, reply) => {
    const { kind, id } = request.params;
    const [row] =
      kind === 'professional'
        ? await app.sql<{ url: string | null }[]>`
            SELECT coalesce(p.profile_image_url, u.profile_image_url) AS url
            FROM professionals p JOIN users u ON u.id = p.user_id WHERE p.id = ${id} AND p.status = 'approved'`
        : await app.sql<{ url: string | null }[]>`SELECT profile_image_url AS url FROM institutions WHERE id = ${id} AND status = 'approved'`;
    if (!row?.url) throw new NotFoundError(PHOTO_NOT_FOUND);
    const variant = await photoVariant(row.url, request.query.w, formatFor(request.headers.accept), (url) => mayFetch(url, app.config.appUrl));
    return reply
      .header('content-type', `image/${variant.format}`)
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'Accept')
      .send(variant.body);
  });
};

export default photosRoutes;

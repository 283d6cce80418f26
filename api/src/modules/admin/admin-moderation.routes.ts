import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hideReviewSchema, moderationActionAnswer, moderationPageAnswer, moderationQuerySchema } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';
import { moderationQueue } from '../reviews/review-moderation.service';
import { moderateReview, type ModerationAction } from './admin-moderation.service';

const rawId = z.object({ id: z.string() });

/**
 * The review moderation queue and its actions (issue 34, D27; ours). Admins only: 401 signed
 * out, 403 for any other account (D9).
 */
const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };
  guardRoutes(app, ['admin']);
  app.addHook('onSend', async (_request, reply, payload) => {
    // The queue names reporters: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/moderation', { schema: { querystring: moderationQuerySchema, response: { 200: moderationPageAnswer } } }, async (request) =>
    moderationQueue(app.sql, request.query.status, request.query.page, request.query.perPage),
  );

  const actions: ModerationAction[] = ['hide', 'restore', 'dismiss'];
  for (const action of actions) {
    app.post(
      `/api/admin/moderation/reviews/:id/${action}`,
      { schema: { params: rawId, ...(action === 'hide' ? { body: hideReviewSchema } : {}), response: { 200: moderationActionAnswer } } },
      async (request) => {
        const reason = action === 'hide' ? (request.body as { reason: string }).reason : undefined;
        return { success: true as const, ...(await moderateReview(deps, signedIn(request), action, request.params.id, reason)) };
      },
    );
  }
};

export default adminModerationRoutes;

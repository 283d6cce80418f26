import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReviewSchema, reviewAnswer } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import { submitReview } from './reviews-write.service';

/** POST /api/reviews (spec §7): 201 for a first review, 200 when it replaced the earlier one. */
const reviewsWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reviews',
    { config: { auth: 'user' }, schema: { body: createReviewSchema, response: { 200: reviewAnswer, 201: reviewAnswer } } },
    async (request, reply) => {
      const { created, review } = await submitReview(app.sql, signedIn(request), request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );
};

export default reviewsWriteRoutes;

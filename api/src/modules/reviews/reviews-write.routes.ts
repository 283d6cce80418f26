import type { FastifyInstance } from 'fastify';
import { createReviewSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { requireUser } from '../../plugins/session';
import { submitReview } from './reviews-write.service';

/** POST /api/reviews (spec §7): 201 for a first review, 200 when it replaced the earlier one. */
export default async function reviewsWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/reviews', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(createReviewSchema, request.body);
    const { created, review } = await submitReview(app.sql, user, input);
    return reply.status(created ? 201 : 200).send(review);
  });
}

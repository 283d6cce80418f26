import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  messageAnswer,
  replyReviewSchema,
  reportReviewSchema,
  REPORT_THANKS_MESSAGE,
  REVIEW_NOT_FOUND,
  reviewReplyAnswer,
} from '@ilera/contracts';
import { AppError, TooManyRequestsError } from '../../errors';
import { signedIn } from '../../plugins/session';
import { limitKey, RateLimiter, type Limit } from '../../plugins/rate-limit';
import { replyToReview, reportReview } from './review-moderation.service';

/**
 * Reports per account (D27): a person who reads reviews flags a few; 20 a day stops one
 * account from flooding the moderators' queue. Counted per account, never per address
 * (carrier-grade NAT). Refused attempts (duplicate, missing review) are given back.
 */
export const reportLimit: Limit = { name: 'review-report-user', max: 20, windowSeconds: 24 * 60 * 60 };
export const TOO_MANY_REPORTS_MESSAGE = 'You have reported too many reviews today. Please try again tomorrow.'; // ours

/** POST /api/reviews/{id}/reports and /api/reviews/{id}/reply (issue 34; ours). */
const reviewModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);

  app.post(
    '/api/reviews/:id/reports',
    { config: { auth: 'user' }, schema: { params: idParams(REVIEW_NOT_FOUND), body: reportReviewSchema, response: { 201: messageAnswer } } },
    async (request, reply) => {
      const user = signedIn(request);
      const tickets = await limiter.consume([[reportLimit, limitKey('user', user.id)]]).catch((err: unknown) => {
        if (err instanceof TooManyRequestsError) throw new TooManyRequestsError(TOO_MANY_REPORTS_MESSAGE, Number(err.headers?.['retry-after'] ?? 60));
        throw err;
      });
      try {
        await reportReview(app.sql, user, request.params.id, request.body);
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) await limiter.refund(tickets);
        throw err;
      }
      return reply.status(201).send({ success: true as const, message: REPORT_THANKS_MESSAGE });
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      config: { auth: 'user' },
      schema: { params: idParams(REVIEW_NOT_FOUND), body: replyReviewSchema, response: { 201: z.object({ reviewId: z.number().int(), reply: reviewReplyAnswer }) } },
    },
    async (request, reply) => {
      const created = await replyToReview(app.sql, signedIn(request), request.params.id, request.body);
      return reply.status(201).send({ reviewId: request.params.id, reply: created });
    },
  );
};

export default reviewModerationRoutes;

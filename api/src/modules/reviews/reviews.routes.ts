import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, reviewListAnswer, reviewListQuerySchema } from '@ilera/contracts';
import * as service from './reviews.service';

/** Reviews area: the public review lists of a profile. */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ?sort=verified lists verified visits first (D19); the default is newest first.
  const kinds = [
    { path: 'professional', notFound: 'Professional not found', list: service.listProfessionalReviews },
    { path: 'institution', notFound: 'Institution not found', list: service.listInstitutionReviews },
  ];
  for (const { path, notFound, list } of kinds) {
    app.get(
      `/api/reviews/${path}/:id`,
      { schema: { params: idParams(notFound), querystring: reviewListQuerySchema, response: { 200: reviewListAnswer } } },
      async (request) => list(app.sql, request.params.id, await request.currentUser(), request.query.sort),
    );
  }
};

export default reviewsRoutes;

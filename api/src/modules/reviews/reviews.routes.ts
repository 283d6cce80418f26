import type { FastifyInstance } from 'fastify';
import { reviewListQuerySchema } from '@ilera/contracts';
import { NotFoundError } from '../../errors';
import { parse } from '../../validate';
import * as service from './reviews.service';

/** A serial id from the path; anything else cannot name a profile. */
function idParam(value: string, notFound: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError(notFound);
  return id;
}

/** Reviews area: the public review lists of a profile (POST /api/reviews is added by its own issue). */
export default async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  // ?sort=verified lists verified visits first (D19); the default is newest first.
  app.get<{ Params: { id: string } }>('/api/reviews/professional/:id', async (request) => {
    const id = idParam(request.params.id, 'Professional not found');
    const { sort } = parse(reviewListQuerySchema, request.query);
    return service.listProfessionalReviews(app.sql, id, await request.currentUser(), sort);
  });

  app.get<{ Params: { id: string } }>('/api/reviews/institution/:id', async (request) => {
    const id = idParam(request.params.id, 'Institution not found');
    const { sort } = parse(reviewListQuerySchema, request.query);
    return service.listInstitutionReviews(app.sql, id, await request.currentUser(), sort);
  });
}

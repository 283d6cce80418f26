import type { FastifyInstance } from 'fastify';
import { institutionProfileSchema, photoSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { requireUser } from '../../plugins/session';
import { NotFoundError } from '../../errors';
import * as service from './institutions.service';

/** A serial id from the path; anything beyond PostgreSQL's integer range cannot exist. */
function idParam(value: string, notFound: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError(notFound);
  return id;
}

/**
 * Institutions area. `:id` only matches digits, so /api/institutions/search
 * (search area) is never taken for a profile id.
 */
export default async function institutionsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/institutions/:id(^\\d+$)', async (request) => {
    const id = idParam(request.params.id, service.INSTITUTION_NOT_FOUND);
    return service.getInstitution(app.sql, id, await request.currentUser());
  });

  app.get<{ Params: { userId: string } }>('/api/institutions/user/:userId', async (request) =>
    service.getInstitutionOfUser(app.sql, request.params.userId, await request.currentUser()),
  );

  app.post('/api/institutions', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(institutionProfileSchema, request.body);
    return reply.status(201).send(await service.createInstitution(app.sql, user, input));
  });

  app.put<{ Params: { id: string } }>('/api/institutions/:id(^\\d+$)', async (request) => {
    const user = await requireUser(request);
    const id = idParam(request.params.id, service.INSTITUTION_NOT_FOUND);
    const input = parse(institutionProfileSchema, request.body);
    return service.updateInstitution(app.sql, user, id, input);
  });

  app.put('/api/institutions/photo', async (request) => {
    const user = await requireUser(request);
    const input = parse(photoSchema, request.body);
    return service.updateOwnPhoto(app.sql, user, input);
  });
}

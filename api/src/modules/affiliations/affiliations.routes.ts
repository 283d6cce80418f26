import type { FastifyInstance } from 'fastify';
import { answerAffiliationSchema, createAffiliationSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { NotFoundError } from '../../errors';
import { requireUser } from '../../plugins/session';
import * as service from './affiliations.service';

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError(service.AFFILIATION_NOT_FOUND);
  return id;
}

/** Affiliations (D20): requests and links between professionals and institutions. */
export default async function affiliationsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/affiliations', async (request) => service.listAffiliations(app.sql, await requireUser(request)));

  app.post('/api/affiliations', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(createAffiliationSchema, request.body);
    return reply.status(201).send(await service.requestAffiliation(app.sql, user, input));
  });

  app.put<{ Params: { id: string } }>('/api/affiliations/:id', async (request) => {
    const user = await requireUser(request);
    const id = idParam(request.params.id);
    const input = parse(answerAffiliationSchema, request.body);
    return service.answerAffiliation(app.sql, user, id, input);
  });

  app.delete<{ Params: { id: string } }>('/api/affiliations/:id', async (request, reply) => {
    const user = await requireUser(request);
    await service.endAffiliation(app.sql, user, idParam(request.params.id));
    return reply.status(204).send();
  });
}

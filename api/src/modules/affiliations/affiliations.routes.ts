import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliationAnswer, affiliationListAnswer, answerAffiliationSchema, createAffiliationSchema, idParams } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';
import * as service from './affiliations.service';

const params = idParams(service.AFFILIATION_NOT_FOUND);

/** Affiliations (D20): requests and links between professionals and institutions; signed-in users only. */
const affiliationsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, 'user');

  app.get('/api/affiliations', { schema: { response: { 200: affiliationListAnswer } } }, async (request) =>
    service.listAffiliations(app.sql, signedIn(request)),
  );

  app.post('/api/affiliations', { schema: { body: createAffiliationSchema, response: { 201: affiliationAnswer } } }, async (request, reply) =>
    reply.status(201).send(await service.requestAffiliation(app.sql, signedIn(request), request.body)),
  );

  app.put('/api/affiliations/:id', { schema: { params, body: answerAffiliationSchema, response: { 200: affiliationAnswer } } }, async (request) =>
    service.answerAffiliation(app.sql, signedIn(request), request.params.id, request.body),
  );

  app.delete('/api/affiliations/:id', { schema: { params } }, async (request, reply) => {
    await service.endAffiliation(app.sql, signedIn(request), request.params.id);
    return reply.status(204).send();
  });
};

export default affiliationsRoutes;

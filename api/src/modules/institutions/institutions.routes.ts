import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, institutionAnswer, institutionProfileSchema, photoSchema } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as service from './institutions.service';

const signedInOnly = { auth: 'user' } as const;
const params = idParams(service.INSTITUTION_NOT_FOUND);
const answer = { 200: institutionAnswer };

/**
 * Institutions area. `:id` only matches digits, so /api/institutions/search
 * (search area) is never taken for a profile id.
 */
const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/institutions/:id(^\\d+$)', { schema: { params, response: answer } }, async (request) =>
    service.getInstitution(app.sql, request.params.id, await request.currentUser()),
  );

  app.get('/api/institutions/user/:userId', { schema: { params: z.object({ userId: z.string() }), response: answer } }, async (request) =>
    service.getInstitutionOfUser(app.sql, request.params.userId, await request.currentUser()),
  );

  app.post(
    '/api/institutions',
    { config: signedInOnly, schema: { body: institutionProfileSchema, response: { 201: institutionAnswer } } },
    async (request, reply) => reply.status(201).send(await service.createInstitution(app.sql, signedIn(request), request.body)),
  );

  app.put(
    '/api/institutions/:id(^\\d+$)',
    { config: signedInOnly, schema: { params, body: institutionProfileSchema, response: answer } },
    async (request) => service.updateInstitution(app.sql, signedIn(request), request.params.id, request.body),
  );

  app.put('/api/institutions/photo', { config: signedInOnly, schema: { body: photoSchema, response: answer } }, async (request) =>
    service.updateOwnPhoto(app.sql, signedIn(request), request.body),
  );
};

export default institutionsRoutes;

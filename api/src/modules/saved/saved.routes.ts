import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedProviderListAnswer, savedProviderParams } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';
import * as service from './saved.service';

/**
 * Saved providers (issue 35): patients only (D9: signed out 401, other roles 403).
 * PUT saves (201 when new, 200 when it was already saved) and answers with the whole list, so
 * the device's offline copy is replaced in one step; DELETE removes (204).
 */
const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, ['patient']);

  app.get('/api/saved-providers', { schema: { response: { 200: savedProviderListAnswer } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return service.listSaved(app.sql, signedIn(request));
  });

  app.put(
    '/api/saved-providers/:kind/:id',
    { schema: { params: savedProviderParams, response: { 200: savedProviderListAnswer, 201: savedProviderListAnswer } } },
    async (request, reply) => {
      const user = signedIn(request);
      const { created } = await service.saveProvider(app.sql, user, request.params);
      return reply.status(created ? 201 : 200).send(await service.listSaved(app.sql, user));
    },
  );

  app.delete('/api/saved-providers/:kind/:id', { schema: { params: savedProviderParams } }, async (request, reply) => {
    await service.unsaveProvider(app.sql, signedIn(request), request.params);
    return reply.status(204).send();
  });
};

export default savedRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthAnswer } from '@ilera/contracts';
import { checkHealth } from './health.service';

/**
 * Each dependency's state, answered within about a second however they fail:
 * 200 when all are up, 503 "degraded" when one is down (the body says which),
 * so a load balancer or compose's health check sees it.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: healthAnswer, 503: healthAnswer } } }, async (request, reply) => {
    const health = await checkHealth(app);
    if (health.status !== 'ok') {
      request.log.warn({ checks: health.checks }, 'health check degraded');
      reply.status(503);
    }
    // A cached "ok" would hide an outage.
    reply.header('cache-control', 'no-store');
    return health;
  });
};

export default healthRoutes;

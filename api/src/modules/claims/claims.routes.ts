import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClaimDecisionAnswer,
  adminClaimsPageAnswer,
  adminClaimsQuerySchema,
  adminRejectSchema,
  claimAnswer,
  claimListAnswer,
  createClaimSchema,
  idParams,
} from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as service from './claims.service';

const institutions = { auth: ['institution'] } as const;
const admins = { auth: ['admin'] } as const;
/** The decisions parse their id themselves (claims.service decideClaim): a refused one is audited. */
const rawId = z.object({ id: z.string() });

/**
 * Claims of register listings (issue 33, D22): institution accounts claim, administrators decide.
 * Signed out 401, another role 403, another account's claim 404 (D9).
 */
const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };

  app.post(
    '/api/institutions/:id(^\\d+$)/claims',
    { config: institutions, schema: { params: idParams(service.LISTING_NOT_FOUND), body: createClaimSchema, response: { 201: claimAnswer } } },
    async (request, reply) => reply.status(201).send(await service.createClaim(app.sql, signedIn(request), request.params.id, request.body)),
  );

  app.get('/api/claims', { config: institutions, schema: { response: { 200: claimListAnswer } } }, async (request) =>
    service.myClaims(app.sql, signedIn(request)),
  );

  app.delete('/api/claims/:id', { config: institutions, schema: { params: idParams(service.CLAIM_NOT_FOUND) } }, async (request, reply) => {
    await service.withdrawClaim(app.sql, signedIn(request), request.params.id);
    return reply.status(204).send();
  });

  // Admin answers hold personal data: never kept by a shared cache (as the admin area's).
  app.get(
    '/api/admin/claims',
    { config: admins, schema: { querystring: adminClaimsQuerySchema, response: { 200: adminClaimsPageAnswer } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.claimsQueue(app.sql, request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/claims/:id/${decision}`,
      { config: admins, schema: { params: rawId, body: adminRejectSchema.optional(), response: { 200: adminClaimDecisionAnswer } } },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await service.decideClaim(deps, signedIn(request), decision, request.params.id, request.body?.reason)),
    );
  }
};

export default claimsRoutes;

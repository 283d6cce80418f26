import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAuditQuerySchema, applyRegisterChangeSchema, registerChangeDecisionAnswer, registerChangesPageAnswer } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';
import { decideRegisterChange, registerChanges } from './admin-register-changes.service';

/** The decisions parse their id themselves: a refused one is audited. */
const rawId = z.object({ institutionId: z.string() });

/**
 * Register changes of claimed listings waiting for an administrator (issue 33, D22). Admins only:
 * 401 signed out, 403 for any other account (D9).
 */
const adminRegisterChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, ['admin']);
  app.addHook('onSend', async (_request, reply, payload) => {
    // Owners' e-mails: never kept by a shared cache (as the admin area's answers).
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/register-changes', { schema: { querystring: adminAuditQuerySchema, response: { 200: registerChangesPageAnswer } } }, async (request) =>
    registerChanges(app.sql, request.query.page, request.query.perPage),
  );

  app.post(
    '/api/admin/register-changes/:institutionId/apply',
    { schema: { params: rawId, body: applyRegisterChangeSchema, response: { 200: registerChangeDecisionAnswer } } },
    async (request) => decideRegisterChange(app.sql, signedIn(request), 'apply', request.params.institutionId, request.body.fields),
  );

  app.post(
    '/api/admin/register-changes/:institutionId/dismiss',
    { schema: { params: rawId, response: { 200: registerChangeDecisionAnswer } } },
    async (request) => decideRegisterChange(app.sql, signedIn(request), 'dismiss', request.params.institutionId),
  );
};

export default adminRegisterChangesRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPayerAnswer, adminPayerListAnswer, holidayAnswer, holidayListAnswer, holidaySchema, payerCreateSchema, payerSlugParams, payerUpdateSchema } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';
import * as service from './admin-care-lists.service';

/** The date is checked by the service: a refused one is audited too. */
const rawDate = z.object({ date: z.string() });

/**
 * Payers and public holidays kept by administrators (issue 45). Admins only: 401 signed out, 403 for any
 * other account (D9). The public reads are GET /api/payers and GET /api/holidays (care.routes.ts).
 */
const adminCareListsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, ['admin']);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/payers', { schema: { response: { 200: adminPayerListAnswer } } }, async () => service.listAdminPayers(app.sql));

  app.post('/api/admin/payers', { schema: { body: payerCreateSchema, response: { 201: adminPayerAnswer } } }, async (request, reply) =>
    reply.status(201).send(await service.createPayer(app.sql, signedIn(request), request.body)),
  );

  app.put('/api/admin/payers/:slug', { schema: { params: payerSlugParams, body: payerUpdateSchema, response: { 200: adminPayerAnswer } } }, async (request) =>
    service.updatePayer(app.sql, signedIn(request), request.params.slug, request.body),
  );

  app.delete('/api/admin/payers/:slug', { schema: { params: payerSlugParams } }, async (request, reply) => {
    await service.deletePayer(app.sql, signedIn(request), request.params.slug);
    return reply.status(204).send();
  });

  app.get('/api/admin/holidays', { schema: { response: { 200: holidayListAnswer } } }, async () => service.listHolidays(app.sql));

  app.put('/api/admin/holidays/:date', { schema: { params: rawDate, body: holidaySchema, response: { 200: holidayAnswer } } }, async (request) =>
    service.setHoliday(app.sql, signedIn(request), request.params.date, request.body),
  );

  app.delete('/api/admin/holidays/:date', { schema: { params: rawDate } }, async (request, reply) => {
    await service.deleteHoliday(app.sql, signedIn(request), request.params.date);
    return reply.status(204).send();
  });
};

export default adminCareListsRoutes;

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { careFactsAnswer, careFactsSchema, idParams, payerListAnswer, holidayListAnswer } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as professionals from '../professionals/professionals.service';
import * as institutions from '../institutions/institutions.service';
import { listHolidays, listPublicPayers } from '../admin/admin-care-lists.service';
import { putCare } from './care.service';

const kinds = [
  { kind: 'professional', path: 'professionals', area: professionals.area, notFound: professionals.PROFESSIONAL_NOT_FOUND },
  { kind: 'institution', path: 'institutions', area: institutions.area, notFound: institutions.INSTITUTION_NOT_FOUND },
] as const;

/**
 * Care facts (issue 45): PUT /api/{professionals|institutions}/{id}/care for the owner or an admin, and
 * the public lists a search filter or "My plan" offers. Reading a provider's care is part of its profile
 * answer (GET /api/{kind}s/{id}, providers.service.ts).
 */
const careRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, path, area, notFound } of kinds) {
    const params = idParams(notFound);
    const target = { kind, assertMayEdit: area.assertMayEdit };
    // D9 as the profile's own PUT (decision 028): 404 for no such profile, 403 for anyone but the owner or an
    // admin, decided before the body is read.
    const mayEdit = async (request: FastifyRequest) => {
      const id = (request.params as { id: string }).id;
      if (params.safeParse({ id }).success) await area.assertMayEdit(app.sql, signedIn(request), Number(id));
    };
    app.put(
      `/api/${path}/:id/care`,
      { config: { auth: 'user' }, preValidation: mayEdit, schema: { params, body: careFactsSchema, response: { 200: careFactsAnswer } } },
      async (request) => putCare(app.sql, signedIn(request), target, request.params.id, request.body),
    );
  }

  app.get('/api/payers', { schema: { response: { 200: payerListAnswer } } }, async () => listPublicPayers(app.sql));
  app.get('/api/holidays', { schema: { response: { 200: holidayListAnswer } } }, async () => listHolidays(app.sql));
};

export default careRoutes;

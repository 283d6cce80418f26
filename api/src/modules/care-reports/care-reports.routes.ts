import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCareFlagsAnswer,
  adminCareSuggestionsAnswer,
  adminCareSuggestionsQuerySchema,
  careFlagsAnswer,
  careReportCreatedAnswer,
  careReportSchema,
  careSuggestionAnswer,
  careSuggestionDecisionSchema,
  careSuggestionSchema,
  idParams,
} from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as professionals from '../professionals/professionals.service';
import * as institutions from '../institutions/institutions.service';
import { allCareFlags, careFlagsOf, PROVIDER_NOT_FOUND, submitReport } from './care-reports.service';
import { decideSuggestion, suggestEdit, suggestionQueue } from './care-suggestions.service';

const kinds = [
  { kind: 'professional', path: 'professionals', area: professionals.area },
  { kind: 'institution', path: 'institutions', area: institutions.area },
] as const;
const admins = { auth: ['admin'] } as const;
/** The decisions parse their id themselves: a refused one is audited. */
const rawId = z.object({ id: z.string() });

/**
 * Patients' care reports, contradiction flags and suggested edits (issue 45). Signed out 401, a wrong
 * role 403, no such provider 404 (D9); the flags are the owner's and admins' (as the profile's own PUT).
 */
const careReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, path, area } of kinds) {
    const params = idParams(PROVIDER_NOT_FOUND[kind]);

    app.post(
      `/api/${path}/:id/care-reports`,
      { config: { auth: ['patient'] }, schema: { params, body: careReportSchema, response: { 201: careReportCreatedAnswer } } },
      async (request, reply) => reply.status(201).send(await submitReport(app.sql, signedIn(request), kind, request.params.id, request.body)),
    );

    app.post(
      `/api/${path}/:id/care-suggestions`,
      { config: { auth: 'user' }, schema: { params, body: careSuggestionSchema, response: { 201: careSuggestionAnswer } } },
      async (request, reply) => reply.status(201).send(await suggestEdit(app.sql, signedIn(request), kind, request.params.id, request.body)),
    );

    // The owner or an admin: 404 for no such profile, 403 for anyone else (decided before anything is read).
    const mayEdit = async (request: FastifyRequest) => {
      const id = (request.params as { id: string }).id;
      if (params.safeParse({ id }).success) await area.assertMayEdit(app.sql, signedIn(request), Number(id));
    };
    app.get(
      `/api/${path}/:id/care-flags`,
      { config: { auth: 'user' }, preValidation: mayEdit, schema: { params, response: { 200: careFlagsAnswer } } },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await careFlagsOf(app.sql, kind, request.params.id)),
    );
  }

  app.get('/api/admin/care-flags', { config: admins, schema: { response: { 200: adminCareFlagsAnswer } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await allCareFlags(app.sql)),
  );

  app.get(
    '/api/admin/care-suggestions',
    { config: admins, schema: { querystring: adminCareSuggestionsQuerySchema, response: { 200: adminCareSuggestionsAnswer } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await suggestionQueue(app.sql, request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/care-suggestions/:id/${decision}`,
      { config: admins, schema: { params: rawId, body: careSuggestionDecisionSchema.optional(), response: { 200: careSuggestionAnswer } } },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await decideSuggestion(app.sql, signedIn(request), decision, request.params.id, request.body?.note)),
    );
  }
};

export default careReportsRoutes;

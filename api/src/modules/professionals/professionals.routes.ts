import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countriesBodySchema,
  idParams,
  photoSchema,
  professionalAnswer,
  professionalProfileSchema,
  specialtiesAnswer,
} from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as service from './professionals.service';

const signedInOnly = { auth: 'user' } as const;
const params = idParams(service.PROFESSIONAL_NOT_FOUND);
const answer = { 200: professionalAnswer };

/**
 * Professionals area. `:id` only matches digits, so /api/professionals/search
 * (search area) and /api/professionals/{id}/availability (appointments area)
 * are never taken for a profile id.
 */
const professionalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/professionals/:id(^\\d+$)', { schema: { params, response: answer } }, async (request) =>
    service.getProfessional(app.sql, request.params.id, await request.currentUser()),
  );

  app.get('/api/professionals/user/:userId', { schema: { params: z.object({ userId: z.string() }), response: answer } }, async (request) =>
    service.getProfessionalOfUser(app.sql, request.params.userId, await request.currentUser()),
  );

  app.post(
    '/api/professionals',
    { config: signedInOnly, schema: { body: professionalProfileSchema, response: { 201: professionalAnswer } } },
    async (request, reply) => reply.status(201).send(await service.createProfessional(app.sql, signedIn(request), request.body)),
  );

  app.put(
    '/api/professionals/:id(^\\d+$)',
    { config: signedInOnly, schema: { params, body: professionalProfileSchema, response: answer } },
    async (request) => service.updateProfessional(app.sql, signedIn(request), request.params.id, request.body),
  );

  app.put('/api/professionals/photo', { config: signedInOnly, schema: { body: photoSchema, response: answer } }, async (request) =>
    service.updateOwnPhoto(app.sql, signedIn(request), request.body),
  );

  app.put('/api/professionals/countries', { config: signedInOnly, schema: { body: countriesBodySchema, response: answer } }, async (request) =>
    service.updateOwnCountries(app.sql, signedIn(request), request.body.countries, request.body.countryLicenses),
  );

  app.get('/api/specialties', { schema: { response: { 200: specialtiesAnswer } } }, async () => service.listSpecialties(app.sql));
};

export default professionalsRoutes;

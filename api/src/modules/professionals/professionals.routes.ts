import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countriesBodySchema, professionalAnswer, specialtiesAnswer } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as service from './professionals.service';

/** The professionals' own calls; the profile calls both kinds share are in providers.routes.ts. */
const professionalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/professionals/countries',
    // Only professionals have countries of practice: any other role is 403 (D9), before its body is read.
    { config: { auth: ['professional'] }, schema: { body: countriesBodySchema, response: { 200: professionalAnswer } } },
    async (request) => service.updateOwnCountries(app.sql, signedIn(request), request.body.countries, request.body.countryLicenses),
  );

  app.get('/api/specialties', { schema: { response: { 200: specialtiesAnswer } } }, async () => service.listSpecialties(app.sql));
};

export default professionalsRoutes;

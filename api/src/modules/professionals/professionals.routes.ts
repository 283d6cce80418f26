import type { FastifyInstance } from 'fastify';
import { countriesSchema, countriesWithLicencesSchema, photoSchema, professionalProfileSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { NotFoundError } from '../../errors';
import { requireUser } from '../../plugins/session';
import * as service from './professionals.service';

/** A serial id from the path; anything beyond PostgreSQL's integer range cannot exist. */
function idParam(value: string, notFound: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError(notFound);
  return id;
}

/**
 * Professionals area. `:id` only matches digits, so /api/professionals/search
 * (search area) and /api/professionals/{id}/availability (appointments area)
 * are never taken for a profile id.
 */
export default async function professionalsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/professionals/:id(^\\d+$)', async (request) => {
    const id = idParam(request.params.id, service.PROFESSIONAL_NOT_FOUND);
    return service.getProfessional(app.sql, id, await request.currentUser());
  });

  app.get<{ Params: { userId: string } }>('/api/professionals/user/:userId', async (request) =>
    service.getProfessionalOfUser(app.sql, request.params.userId, await request.currentUser()),
  );

  app.post('/api/professionals', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(professionalProfileSchema, request.body);
    return reply.status(201).send(await service.createProfessional(app.sql, user, input));
  });

  app.put<{ Params: { id: string } }>('/api/professionals/:id(^\\d+$)', async (request) => {
    const user = await requireUser(request);
    const id = idParam(request.params.id, service.PROFESSIONAL_NOT_FOUND);
    const input = parse(professionalProfileSchema, request.body);
    return service.updateProfessional(app.sql, user, id, input);
  });

  app.put('/api/professionals/photo', async (request) => {
    const user = await requireUser(request);
    const input = parse(photoSchema, request.body);
    return service.updateOwnPhoto(app.sql, user, input);
  });

  app.put('/api/professionals/countries', async (request) => {
    const user = await requireUser(request);
    // The spec's client sends a bare JSON list; `{countries: [...]}` is accepted too, and
    // `{countries, countryLicenses}` (issue 14) edits the licences with them.
    const body = request.body as unknown;
    if (body && typeof body === 'object' && 'countryLicenses' in body) {
      const input = parse(countriesWithLicencesSchema, body);
      return service.updateOwnCountries(app.sql, user, input.countries, input.countryLicenses);
    }
    const list = Array.isArray(body) ? body : (body as { countries?: unknown } | null)?.countries;
    const countries = parse(countriesSchema, list ?? []);
    return service.updateOwnCountries(app.sql, user, countries);
  });

  app.get('/api/specialties', async () => service.listSpecialties(app.sql));
}

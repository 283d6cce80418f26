import type { FastifyInstance } from 'fastify';
import { institutionSearchQuerySchema, professionalSearchQuerySchema } from '@ilera/contracts';
import { createEngine } from '@ilera/search';
import { parse } from '../../validate';
import { BadRequestError } from '../../errors';
import * as service from './search.service';

/**
 * Search area (public, D1): the directory searches of D13 and the Typesense
 * multi_search endpoint for the search page's instantsearch adapter. Whichever
 * engine is configured answers; the Typesense key never reaches a browser.
 */
export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  const engine = createEngine(app.config, app.sql);
  app.addHook('onClose', async () => engine.close());

  // The adapter posts its JSON as text/plain (a "simple" request). This parser
  // lives in this plugin's scope only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequestError('The body must be JSON'), undefined);
    }
  });

  app.get('/api/professionals/search', async (request) =>
    service.searchProfessionals(engine, parse(professionalSearchQuerySchema, request.query)),
  );

  app.get('/api/institutions/search', async (request) =>
    service.searchInstitutions(engine, parse(institutionSearchQuerySchema, request.query)),
  );

  // `x-typesense-api-key` and any other query parameter are ignored.
  app.post('/api/search/multi_search', async (request) => service.multiSearch(engine, request.body));
}

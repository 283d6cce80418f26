import type { FastifyInstance, FastifyReply } from 'fastify';
import { institutionSearchQuerySchema, professionalSearchQuerySchema } from '@ilera/contracts';
import type { SearchEngine } from '@ilera/search';
import { parse } from '../../validate';
import { BadRequestError } from '../../errors';
import * as service from './search.service';

/**
 * Search area (public, D1): the directory searches of D13 and the Typesense
 * multi_search endpoint for the search page's instantsearch adapter. Whichever
 * engine is configured answers; the Typesense key never reaches a browser.
 */
export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  // The header tells clients and the bench whether the whole answer came from the answer cache.
  const cached = async <T>(reply: FastifyReply, run: (engine: SearchEngine) => Promise<T>): Promise<T> => {
    const view = app.searchAnswers.view();
    const answer = await run(view);
    reply.header('x-search-cache', view.status);
    return answer;
  };

  // The adapter posts its JSON as text/plain (a "simple" request). This parser
  // lives in this plugin's scope only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequestError('The body must be JSON'), undefined);
    }
  });

  app.get('/api/professionals/search', async (request, reply) =>
    cached(reply, (e) => service.searchProfessionals(e, parse(professionalSearchQuerySchema, request.query))),
  );

  app.get('/api/institutions/search', async (request, reply) =>
    cached(reply, (e) => service.searchInstitutions(e, parse(institutionSearchQuerySchema, request.query))),
  );

  // `x-typesense-api-key` and any other query parameter are ignored.
  app.post('/api/search/multi_search', async (request, reply) => cached(reply, (e) => service.multiSearch(e, request.body)));
}

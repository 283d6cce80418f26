import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionSearchQuerySchema, professionalSearchQuerySchema } from '@ilera/contracts';
import type { SearchEngine } from '@ilera/search';
import { BadRequestError } from '../../errors';
import * as service from './search.service';

/**
 * Search area (public, D1): the directory searches of D13 and the Typesense
 * multi_search endpoint for the search page's instantsearch adapter. Whichever
 * engine is configured answers; the Typesense key never reaches a browser.
 * The REST searches declare their query (decision 017); multi_search checks each
 * search itself, so that a bad one gets Typesense's per-search error.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get('/api/professionals/search', { schema: { querystring: professionalSearchQuerySchema } }, async (request, reply) =>
    cached(reply, (e) => service.searchProfessionals(e, request.query)),
  );

  app.get('/api/institutions/search', { schema: { querystring: institutionSearchQuerySchema } }, async (request, reply) =>
    cached(reply, (e) => service.searchInstitutions(e, request.query)),
  );

  // `x-typesense-api-key` and any other query parameter are ignored.
  app.post('/api/search/multi_search', async (request, reply) => cached(reply, (e) => service.multiSearch(e, request.body)));
};

export default searchRoutes;

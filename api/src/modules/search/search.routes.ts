import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterWards } from '@ilera/search';
import { institutionSearchQuerySchema, professionalSearchQuerySchema } from '@ilera/contracts';
import { z } from 'zod';
import { AppError, BadRequestError } from '../../errors';
import { locatePlace } from '../institutions/location';
import type { Lookup } from './answer-pages';
import { registerWards } from './register-wards';
import * as service from './search.service';

const placeMessage = 'Type a town, LGA or area (at most 100 characters).';
const placeQuerySchema = z.object({ name: z.string({ required_error: placeMessage }).trim().min(1, placeMessage).max(100, placeMessage) });

/**
 * Search area (public, D1): the directory searches of D13 and the Typesense
 * multi_search endpoint for the search page's instantsearch adapter. Whichever
 * engine is configured answers; the Typesense key never reaches a browser.
 * The REST searches declare their query (decision 017); multi_search checks each
 * search itself, so that a bad one gets Typesense's per-search error.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whole answers kept as the text sent (issue 47, decision 050; made in app.ts); x-search-cache tells clients and
  // the bench whether the answer came from a cache (the whole text, or every search of it from the engine's).
  const pages = app.searchPages;

  // The adapter posts its JSON as text/plain (a "simple" request). This parser
  // lives in this plugin's scope only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequestError('The body must be JSON'), undefined);
    }
  });

  // The register's ward names, read as places (loaded from the database, cached: register-wards.ts).
  const wards = registerWards(app.sql, (err) => app.log.warn({ err }, 'register wards could not be read'));
  app.addHook('onReady', async () => wards.check());

  // Issue 47: a REST search's kept answer is looked up before its query is parsed (zod: 0.04 ms a hit) and sent
  // from this hook: only an answer is kept, and only for the URL whose query passed the contract, so a URL kept
  // needs no check again (a bad query is never found here and goes on to its 400). Its limits were counted
  // before (onRequest hooks, plugins/rate-limit.ts); a miss is answered by the handler with the same look-up.
  const looked = new WeakMap<FastifyRequest, { found: Lookup; known: RegisterWards | undefined }>();
  const keptFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const known = await wards.current();
    const found = await pages.lookup(request.url, known);
    if (found.page) return reply.send(pages.kept(reply, found));
    looked.set(request, { found, known });
  };
  /** The handler's part: the look-up its hook made (the hook sent the hits; the handler runs for a miss only). */
  const lookedUp = (request: FastifyRequest) => looked.get(request)!;

  app.get('/api/professionals/search', { schema: { querystring: professionalSearchQuerySchema }, preValidation: keptFirst }, async (request, reply) => {
    const { found, known } = lookedUp(request);
    return pages.answer(reply, found, (e) => service.searchProfessionals(e, request.query, known));
  });

  app.get('/api/institutions/search', { schema: { querystring: institutionSearchQuerySchema }, preValidation: keptFirst }, async (request, reply) => {
    const { found, known } = lookedUp(request);
    return pages.answer(reply, found, (e) => service.searchInstitutions(e, request.query, known));
  });

  // A typed place as a point (issue 33): the search page's "Where are you?" when the device will
  // not say. The median of the located facilities of that ward, LGA, town or state (approximate).
  app.get('/api/search/place', { schema: { querystring: placeQuerySchema } }, async (request) => {
    const at = await locatePlace(app.sql, request.query.name);
    if (!at) throw new AppError(404, `We do not know a place called "${request.query.name}".`, { name: 'No ward, LGA, town or state of that name.' });
    return at;
  });

  // `x-typesense-api-key` and any other query parameter are ignored.
  app.post('/api/search/multi_search', async (request, reply) => {
    const known = await wards.current();
    return pages.send(reply, `POST ${JSON.stringify(request.body)}`, known, (e) => service.multiSearch(e, request.body, known));
  });
};

export default searchRoutes;

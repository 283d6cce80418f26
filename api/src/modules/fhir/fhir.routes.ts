import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { CACHE_PUBLIC_SEARCH } from '../../plugins/http-cache';
import { capabilityStatement } from './fhir.capability';
import { FhirError, outcome } from './fhir.errors';
import { isResourceType, read, search, type Answer } from './fhir.service';

export const FHIR_BASE_PATH = '/fhir/R4';
const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/**
 * The read-only FHIR R4 directory (PRODUCT.md D25, issue 37, decision 033): public data only,
 * answered as application/fhir+json, readable from any origin, failures as OperationOutcome.
 * Its own plugin context: the error and not-found handlers below are FHIR's, the rest of the
 * API keeps `{message, fields}`. Rate limits (plugins/rate-limit.ts) and ETags
 * (plugins/http-cache.ts) come from the app, as for every public read.
 */
async function fhirApi(app: FastifyInstance): Promise<void> {
  const baseUrl = `${app.config.appUrl}${FHIR_BASE_PATH}`;

  app.addHook('onSend', async (_request, reply, payload) => {
    // Public data: any site may read it (no credentials: the answers never depend on a cookie).
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'ETag, Last-Modified, Retry-After');
    // helmet's same-origin default would stop browsers on other sites from reading the answer.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });

  app.setErrorHandler((err: FastifyError | AppError | FhirError, request, reply) => {
    if (err instanceof FhirError) return sendOutcome(reply, err.statusCode, outcome(err.code, err.message, err.expression));
    const status = err.statusCode;
    if (status && ((status >= 400 && status < 500) || status === 503)) {
      // The app's own refusals (rate limits, bad input checks, load shedding's 503 busy) in FHIR's shape.
      const headers = err instanceof AppError ? err.headers : (err as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      const code = status === 429 ? 'throttled' : status === 503 ? 'transient' : status === 403 ? 'forbidden' : 'invalid';
      return sendOutcome(reply, status, outcome(code, err.message));
    }
    request.log.error({ err }, 'fhir: unhandled error');
    return sendOutcome(reply, 500, outcome('exception', 'Internal Server Error'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendOutcome(reply, 404, outcome('not-found', `${request.method} ${request.url.split('?')[0]} is not served`)),
  );

  // Browsers ask before a cross-site read with If-None-Match or Prefer.
  app.options('/*', async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'Accept, If-None-Match, If-Modified-Since, Prefer')
      .header('access-control-max-age', '86400')
      .send(),
  );
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (_request, reply) => sendOutcome(reply, 405, outcome('not-supported', 'This directory is read-only')),
  });

  app.get('/metadata', async (request, reply) => send(request, reply, { body: capabilityStatement(baseUrl) }));

  app.get<{ Params: { type: string }; Querystring: Record<string, string | string[]> }>('/:type', async (request, reply) => {
    const { type } = request.params;
    if (!isResourceType(type)) throw new FhirError(404, 'not-supported', `${type} is not served here`);
    const raw = new URLSearchParams(request.url.split('?')[1] ?? '');
    const lenient = /handling\s*=\s*lenient/i.test(String(request.headers.prefer ?? ''));
    return send(request, reply, await search(app.sql, type, request.query, raw, lenient, baseUrl));
  });

  app.get<{ Params: { type: string; id: string } }>('/:type/:id', async (request, reply) => {
    const { type, id } = request.params;
    if (!isResourceType(type)) throw new FhirError(404, 'not-supported', `${type} is not served here`);
    return send(request, reply, await read(app.sql, type, id));
  });
}

function sendOutcome(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(FHIR_JSON).send(body);
}

/** A public answer: cacheable, Last-Modified from its newest resource; If-Modified-Since may answer 304 (If-None-Match is the ETag plugin's). */
function send(request: FastifyRequest, reply: FastifyReply, answer: Answer<unknown>) {
  reply.type(FHIR_JSON).header('cache-control', CACHE_PUBLIC_SEARCH);
  if (answer.lastModified) {
    const lastModified = new Date(Math.floor(answer.lastModified.getTime() / 1000) * 1000);
    reply.header('last-modified', lastModified.toUTCString());
    const since = request.headers['if-modified-since'];
    if (since && !request.headers['if-none-match'] && lastModified.getTime() <= Date.parse(since)) {
      return reply.status(304).send();
    }
  }
  return reply.send(answer.body);
}

export default async function fhirRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fhirApi, { prefix: FHIR_BASE_PATH });
}

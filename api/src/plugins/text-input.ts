import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors';

export const TEXT_MESSAGE = 'Text cannot contain the NUL character or broken Unicode (a lone surrogate)';

/** NUL, or half of a surrogate pair without its other half. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (or key) PostgreSQL cannot store, or null. The path is built on the way back from a
 * bad one only: this walks every request's fields (issue 47).
 */
function badTextPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const key of Object.keys(value)) {
    if (UNSTORABLE.test(key)) return [key];
    const inner = badTextPath((value as Record<string, unknown>)[key], depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character, and its JSON cannot hold a lone
 * surrogate (an audit entry's detail, for one): a request carrying either in any
 * field reached the database and failed there as a 500 (found by the fuzz tests,
 * test/fuzz). Refused up front, for every route, naming the field.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  // A callback hook (no promise a request): this runs for every request (issue 47).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = badTextPath(part);
      if (path) return done(new BadRequestError(TEXT_MESSAGE, { [path.join('.') || '_']: TEXT_MESSAGE }));
    }
    done();
  });
}

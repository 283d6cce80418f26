import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors';

export const TEXT_MESSAGE = 'Text cannot contain the NUL character or broken Unicode (a lone surrogate)';

/** NUL, or half of a surrogate pair without its other half. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) PostgreSQL cannot store, or null. */
function badTextPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = UNSTORABLE.test(key) ? [...path, key] : badTextPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether any string (or key) in `value` is one PostgreSQL cannot store: badTextPath's walk without building a path. */
function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const key of Object.keys(value)) {
    if (UNSTORABLE.test(key) || hasBadText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character, and its JSON cannot hold a lone
 * surrogate (an audit entry's detail, for one): a request carrying either in any
 * field reached the database and failed there as a 500 (found by the fuzz tests,
 * test/fuzz). Refused up front, for every route, naming the field.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  // A callback hook, and the path worked out only for a bad request: this runs for every request (issue 47).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      if (!hasBadText(part)) continue;
      const path = badTextPath(part)!;
      done(new BadRequestError(TEXT_MESSAGE, { [path.join('.') || '_']: TEXT_MESSAGE }));
      return;
    }
    done();
  });
}

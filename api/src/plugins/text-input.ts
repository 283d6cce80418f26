import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

/** The path of the first string holding a NUL, or null. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key] : nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character: a request carrying one in any
 * field would reach the database and fail there as a 500 (found by the fuzz
 * tests, test/fuzz). Refused up front, for every route, naming the field.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nulPath(part);
      if (path) throw new BadRequestError(NUL_MESSAGE, { [path.join('.') || '_']: NUL_MESSAGE });
    }
  });
}

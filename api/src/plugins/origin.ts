import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Cross-site request refusal. The spec's client sends no CSRF token, so every
 * state-changing call checks that Origin (or, when absent, Referer) names our
 * own site: APP_URL's origin. Requests with neither header (curl, server-side
 * clients) carry no ambient browser cookies from another site and pass.
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin && origin !== allowed) throw new ForbiddenError('Cross-site request refused');
  });
}

import fp from 'fastify-plugin';
import etag from '@fastify/etag';
import type { FastifyRequest } from 'fastify';

/**
 * HTTP caching of the public reads (issue 13), so browsers and a CDN can reuse
 * them and revalidate cheaply.
 *
 * - Every GET answer carries an ETag: a hash of its body (@fastify/etag), so it
 *   changes exactly when the answer does: when the index changes what a search
 *   finds, or a profile is edited, approved or withdrawn. A request whose
 *   If-None-Match names the current ETag is answered 304 with no body.
 * - The routes below say for how long a copy may be used without asking:
 *   - searches and directory counts do not depend on who asks: `public`, a short
 *     max-age (an approval shows in search within seconds; a copy may lag by at
 *     most max-age), and stale-while-revalidate so a CDN answers at once while it
 *     fetches the new copy;
 *   - a profile and its reviews are the same for everyone signed out, but its
 *     owner and admins see more (private fields, a pending profile): signed-out
 *     readers get `public`, signed-in ones `private, no-cache` (their browser may
 *     keep it and must revalidate each time), and `Vary: Cookie` keeps shared
 *     caches from handing one to the other.
 * - POST /api/search/multi_search (the search page) cannot be cached by HTTP:
 *   caches only store GET answers. The API's own answer cache (search/) serves it.
 * - Errors and other routes get no Cache-Control here.
 *
 * Registered before compression, so the ETag is the hash of the uncompressed body.
 */
export const CACHE_PUBLIC_SEARCH = 'public, max-age=30, stale-while-revalidate=60';
export const CACHE_PUBLIC_PROFILE = 'public, max-age=60, stale-while-revalidate=300';
export const CACHE_SIGNED_IN = 'private, no-cache';

interface Policy {
  cacheControl: string;
  /** The answer differs for a signed-in owner or admin. */
  perViewer: boolean;
}

const search: Policy = { cacheControl: CACHE_PUBLIC_SEARCH, perViewer: false };
const profile: Policy = { cacheControl: CACHE_PUBLIC_PROFILE, perViewer: true };

/** Route paths as registered (request.routeOptions.url). */
export const cachePolicies: Readonly<Record<string, Policy>> = {
  '/api/professionals/search': search,
  '/api/institutions/search': search,
  '/api/directory/counts': search,
  '/api/specialties': search,
  '/api/professionals/:id(^\\d+$)': profile,
  '/api/institutions/:id(^\\d+$)': profile,
  '/api/reviews/professional/:id': profile,
  '/api/reviews/institution/:id': profile,
};

async function cacheControlFor(request: FastifyRequest, policy: Policy): Promise<string> {
  if (!policy.perViewer) return policy.cacheControl;
  return (await request.currentUser()) ? CACHE_SIGNED_IN : policy.cacheControl;
}

export const httpCachePlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = cachePolicies[request.routeOptions.url ?? ''];
    if (!policy || (request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    reply.header('cache-control', await cacheControlFor(request, policy));
    if (policy.perViewer) reply.header('vary', 'Cookie');
    return payload;
  });
  await app.register(etag, { algorithm: 'sha1' });
});

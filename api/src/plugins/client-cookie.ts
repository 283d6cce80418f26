import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The anonymous client cookie (PRODUCT.md D26): a random id, signed, kept by the
 * browser for a long time. Anonymous request limits count per client first
 * (plugins/rate-limit.ts), because one carrier-grade-NAT address carries
 * thousands of patients. It says nothing about the person and is no session:
 * it only tells two browsers behind one address apart.
 *
 * Signed with an HMAC key derived from the session key (SESSION_SECRET), so every
 * API process of a deployment accepts the others' cookies, and a made-up id or a
 * copied id with another signature counts as no cookie.
 */
export const CLIENT_COOKIE = 'ilera_client';

/** 400 days: the longest a browser keeps a cookie (Chrome's cap). */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /** The id in the request's valid client cookie, or null (none, or not signed by us). */
    readonly clientId: string | null;
  }
}

/**
 * `<id>.<signature>`: 16 random bytes and an HMAC-SHA256, both base64url. Signed with the session key;
 * during a rotation (SESSION_SECRET_PREVIOUS) a signature by the previous key is accepted too (`old`).
 */
function signer(sessionKey: Buffer, previousKey?: Buffer) {
  // A key of its own, so the client cookie's signatures can never stand in for anything the session key protects.
  // The derived key as a KeyObject, made once: a Buffer key is imported again by every createHmac.
  const macOf = (k: Buffer) => {
    const key: KeyObject = createSecretKey(createHmac('sha256', k).update('ilera client cookie').digest());
    return (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  };
  const mac = macOf(sessionKey);
  const previousMac = previousKey ? macOf(previousKey) : undefined;
  return {
    sign: (id: string) => `${id}.${mac(id)}`,
    verify(value: string | undefined): { id: string; old: boolean } | null {
      const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!match) return null;
      const [, id, signature] = match;
      if (timingSafeEqual(Buffer.from(signature), Buffer.from(mac(id)))) return { id, old: false };
      if (previousMac && timingSafeEqual(Buffer.from(signature), Buffer.from(previousMac(id)))) return { id, old: true };
      return null;
    },
  };
}

/**
 * Reads and checks the cookie (request.clientId), and gives one to a GET or HEAD answer whose
 * request had no valid one: a browser's first visit is a page, so it holds the cookie before its
 * first search. Answers any cache may share (`Cache-Control: public`: the REST searches, signed-out
 * profiles, assets) never carry it: a CDN would hand one id to everyone, or not cache them at all.
 * POST answers do not issue it either (a refused sign-in sets no cookie).
 * Register after the session plugin, whose @fastify/cookie parses and writes cookies.
 */
export const clientCookiePlugin = fp(async (app, opts: { key: Buffer; previousKey?: Buffer; secure: boolean }) => {
  const { sign, verify } = signer(opts.key, opts.previousKey);
  const ids = new WeakMap<FastifyRequest, string | null>();
  /** Requests whose cookie the previous key signed: given the same id signed with the current key. */
  const resign = new WeakSet<FastifyRequest>();

  app.decorateRequest('clientId', {
    getter(this: FastifyRequest) {
      let id = ids.get(this);
      if (id === undefined) {
        // request.cookies is parsed by @fastify/cookie's onRequest hook; a request answered before it ran
        // (load shedding) is parsed here, so that a client that has a cookie is never given another.
        const cookies = this.cookies ?? app.parseCookie(this.headers.cookie ?? '');
        const verified = verify(cookies[CLIENT_COOKIE]);
        id = verified?.id ?? null;
        if (verified?.old) resign.add(this);
        ids.set(this, id);
      }
      return id;
    },
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    // An answer a shared cache keeps gets no cookie whatever the request holds: its cookie is not
    // checked for it (a signature less for every asset and signed-out profile; issue 47).
    if (/\bpublic\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    if (request.clientId && !resign.has(request)) return payload;
    reply.setCookie(CLIENT_COOKIE, sign(request.clientId ?? randomBytes(16).toString('base64url')), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      maxAge: MAX_AGE_SECONDS,
    });
    return payload;
  });
});

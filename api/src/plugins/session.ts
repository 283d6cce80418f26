import { randomBytes, createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, Db } from '@ilera/db';
import type { AccountUser } from '@ilera/db/users';
import { ForbiddenError, UnauthorizedError } from '../errors';

export type SessionUser = AccountUser;

const SEVEN_DAYS = 7 * 24 * 3600;

const keyOf = (secret: string) => createHash('sha256').update(secret).digest();

/** SESSION_SECRET, or (outside production) a key generated once and kept under DATA_DIR. */
export async function sessionKey(config: Config): Promise<Buffer> {
  if (config.sessionSecret) return keyOf(config.sessionSecret);
  // Several production processes must share one key, and loadConfig refuses this case first.
  if (config.production) throw new Error('SESSION_SECRET must be set with NODE_ENV=production');
  const file = path.join(config.dataDir, 'session.key');
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length === 32) return key;
  } catch {
    /* first start */
  }
  const key = randomBytes(32);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/**
 * SESSION_SECRET_PREVIOUS's key during a rotation (docs/OPERATIONS.md): cookies it signed are still
 * read, and signed again with SESSION_SECRET's key when next seen.
 */
export function previousSessionKey(config: Config): Buffer | undefined {
  return config.sessionSecretPrevious ? keyOf(config.sessionSecretPrevious) : undefined;
}

export async function loadSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  const [user] = await db<SessionUser[]>`
    SELECT id, email, first_name, last_name, profile_image_url, user_type, session_version
    FROM users WHERE id = ${id}`;
  return user ?? null;
}

/** Public shape of a user: never the session version or anything secret. */
export function publicUser(u: SessionUser) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    userType: u.userType,
  };
}

export function signIn(request: FastifyRequest, user: Pick<SessionUser, 'id' | 'sessionVersion'>): void {
  request.session.regenerate();
  request.session.set('uid', user.id);
  request.session.set('sv', user.sessionVersion);
  memo.delete(request);
}

export function signOut(request: FastifyRequest): void {
  request.session.delete();
  memo.set(request, Promise.resolve(null));
}

/** Who may call a route (its `config.auth`): any signed-in user, or only these roles. */
export type RouteAuth = 'user' | readonly SessionUser['userType'][];

const signedInUsers = new WeakMap<FastifyRequest, SessionUser>();

/** The user the route's `auth` option admitted. */
export function signedIn(request: FastifyRequest): SessionUser {
  const user = signedInUsers.get(request);
  if (!user) throw new Error(`${request.routeOptions.url} has no auth option`);
  return user;
}

/** Gives every route a plugin declares after this call the `auth` option (but the paths in `except`). */
export function guardRoutes(app: FastifyInstance, auth: RouteAuth, except: readonly string[] = []): void {
  app.addHook('onRoute', (route) => {
    if (!except.includes(route.url)) route.config = { ...route.config, auth };
  });
}

/**
 * Runs before a route's schemas are applied: signed out 401, another role 403,
 * before any 400 about the request's fields (D9).
 */
async function checkRouteAuth(request: FastifyRequest): Promise<void> {
  const auth = request.routeOptions.config.auth;
  if (!auth) return;
  const user = await request.currentUser();
  if (!user) throw new UnauthorizedError();
  if (auth !== 'user' && !auth.includes(user.userType)) throw new ForbiddenError();
  signedInUsers.set(request, user);
}

const memo = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * Encrypted-cookie sessions (PRODUCT.md D14). The cookie holds the user id and
 * the user's session version; a cookie whose version is older than the user's
 * current one (password changed or reset) is refused and cleared.
 */
export const sessionPlugin = fp(async (app, opts: { key: Buffer; previousKey?: Buffer; secure: boolean }) => {
  await app.register(secureSession, {
    // During a rotation the previous key opens older cookies; secure-session signs them again with the first.
    key: opts.previousKey ? [opts.key, opts.previousKey] : opts.key,
    cookieName: 'ilera_session',
    expiry: SEVEN_DAYS,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: SEVEN_DAYS },
  });

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let p = memo.get(this);
    if (!p) {
      p = (async () => {
        const uid = this.session.get('uid');
        if (!uid) return null;
        const user = await loadSessionUser(app.sql, uid);
        if (!user || user.sessionVersion !== this.session.get('sv')) {
          this.session.delete();
          return null;
        }
        // Rolling expiry: 7 days without use.
        this.session.touch();
        return user;
      })();
      memo.set(this, p);
    }
    return p;
  });
  app.addHook('preValidation', checkRouteAuth);
});

export type { FastifyReply };

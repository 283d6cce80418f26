import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { availabilityWindows } from '@ilera/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MAX_SEARCHES } from '@ilera/search';
import { TooManyRequestsError } from '../errors';
import { gateFor, type RedisGate } from '../redis';

/**
 * Two kinds of limits, both counted in Redis so that every API instance sharing
 * REDIS_PREFIX shares them, and both counted per process in memory while Redis
 * is unreachable (an outage must not stop sign-in; per process is looser, not
 * absent). PRODUCT.md: generous per client address, because of carrier-grade
 * NAT; tight per e-mail or account.
 *
 * 1. Request limits (search, profile reads, bookings, reviews, profile edits):
 *    @fastify/rate-limit and its Redis store, through `registerRequestLimits`.
 * 2. Attempt limits of the accounts area (RateLimiter below): sign-in must count
 *    *failed* attempts only (thousands of subscribers behind one carrier address
 *    sign in successfully every minute), which needs "take a ticket, give it back
 *    on success"; @fastify/rate-limit only counts requests.
 */
export interface Limit {
  /** Names the counter in Redis: `<prefix>:rl:<name>:<key>`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** A wait in whole minutes, rounded up: "1 minute", "15 minutes". */
function minutes(waitSeconds: number): string {
  const n = Math.max(1, Math.ceil(waitSeconds / 60));
  return `${n} minute${n === 1 ? '' : 's'}`;
}

/** The 429 message: says how long to wait, in whole minutes. */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  return `Too many attempts. Please try again in ${minutes(waitSeconds)}.`;
}

const MINUTE = 60;

/** The limits of the accounts area (15-minute windows). */
export const limits = {
  loginPerAddress: { name: 'login-ip', max: 100, windowSeconds: 15 * MINUTE },
  loginPerEmail: { name: 'login-email', max: 10, windowSeconds: 15 * MINUTE },
  registerPerAddress: { name: 'register-ip', max: 100, windowSeconds: 15 * MINUTE },
  registerPerEmail: { name: 'register-email', max: 10, windowSeconds: 15 * MINUTE },
  forgotPerAddress: { name: 'forgot-ip', max: 100, windowSeconds: 15 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', max: 10, windowSeconds: 15 * MINUTE },
  resetPerAddress: { name: 'reset-ip', max: 100, windowSeconds: 15 * MINUTE },
  changePasswordPerUser: { name: 'change-password-user', max: 10, windowSeconds: 15 * MINUTE },
} satisfies Record<string, Limit>;

// INCR, start the window on the first hit, answer the count and the time left.
const HIT = `
local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  t = tonumber(ARGV[1])
end
return {c, t}`;

// Give a ticket back, only while its window still exists (never leaves a key without TTL).
const REFUND = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** A counter key: e-mail addresses are hashed, so Redis holds no personal data. */
export function limitKey(kind: 'ip' | 'email' | 'user', value: string): string {
  if (kind === 'email') return 'e' + createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);
  return kind[0] + value;
}

export interface Ticket {
  redisKey: string;
  /** Counted in this process's memory (Redis was unreachable), so given back there. */
  inMemory: boolean;
}

/** Fixed windows in this process's memory: the fallback while Redis is unreachable. */
class MemoryWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  /** Counts a hit: the count in the window and the milliseconds it has left. */
  hit(key: string, windowMs: number): [number, number] {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (this.windows.size >= this.maxKeys) this.prune(now);
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return [w.count, w.endsAt - now];
  }

  refund(key: string): void {
    const w = this.windows.get(key);
    if (w && w.endsAt > Date.now() && w.count > 0) w.count--;
  }

  // Ended windows go first; during a long outage with very many addresses the
  // oldest windows go too (a Map iterates in insertion order), so memory stays bounded.
  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys * 0.9) break;
      this.windows.delete(key);
    }
  }
}

// One per process, as the fallback promises: every app and limiter of the process shares it.
const memory = new MemoryWindows();

export class RateLimiter {
  private readonly gate: RedisGate;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.gate = gateFor(redis);
  }

  private redisKey(limit: Limit, key: string): string {
    return `${this.prefix}:rl:${limit.name}:${key}`;
  }

  /**
   * Counts one attempt against each limit. When any is over, throws 429 with
   * Retry-After set to the longest wait among the limits that are over.
   */
  async consume(checks: [Limit, string][]): Promise<Ticket[]> {
    const keys = checks.map(([limit, key]) => this.redisKey(limit, key));
    let counts: [number, number][];
    let inMemory = false;
    try {
      counts = await this.gate.run('rate limit', async (redis) => {
        const pipeline = redis.pipeline();
        checks.forEach(([limit], i) => pipeline.eval(HIT, 1, keys[i], String(limit.windowSeconds * 1000)));
        const results = (await pipeline.exec()) ?? [];
        return results.map(([err, value]) => {
          if (err) throw err;
          return value as [number, number];
        });
      });
    } catch {
      inMemory = true;
      counts = checks.map(([limit], i) => memory.hit(keys[i], limit.windowSeconds * 1000));
    }
    let waitMs = 0;
    counts.forEach(([count, ttl], i) => {
      if (count > checks[i][0].max) waitMs = Math.max(waitMs, ttl);
    });
    if (waitMs > 0) throw new TooManyRequestsError(tooManyAttemptsMessage(waitMs / 1000), waitMs / 1000);
    return keys.map((redisKey) => ({ redisKey, inMemory }));
  }

  /** Gives tickets back (a successful sign-in does not count as a failed try). */
  async refund(tickets: Ticket[]): Promise<void> {
    for (const t of tickets.filter((t) => t.inMemory)) memory.refund(t.redisKey);
    const inRedis = tickets.filter((t) => !t.inMemory);
    if (!inRedis.length) return;
    await this.gate
      .run('rate limit refund', async (redis) => {
        const pipeline = redis.pipeline();
        for (const t of inRedis) pipeline.eval(REFUND, 1, t.redisKey);
        await pipeline.exec();
      })
      // Redis went away since the ticket was taken: the attempt stays counted, a
      // small cost (one failed try too many) that must not fail a good sign-in.
      .catch(() => {});
  }
}

// ------------------------------------------------------------------ request limits

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface RequestLimit {
  max: number;
  /** Fixed window, in milliseconds. */
  timeWindow: number;
  /** Whom the limit counts: the client address, or the signed-in account (its address when signed out). */
  per: 'address' | 'account';
}

/**
 * The figures, and why a clinic front desk behind carrier-grade NAT never meets
 * them, are in docs/RELIABILITY.md ("Limits and Redis outages").
 */
export const requestLimits = {
  /** Each search counts: one per GET search, one per search inside a multi_search. */
  search: { max: 600, timeWindow: MINUTE_MS, per: 'address' },
  /** Public profile pages and their reviews. */
  profileRead: { max: 300, timeWindow: MINUTE_MS, per: 'address' },
  booking: { max: 60, timeWindow: HOUR_MS, per: 'account' },
  review: { max: 30, timeWindow: HOUR_MS, per: 'account' },
  profileEdit: { max: 120, timeWindow: HOUR_MS, per: 'account' },
} satisfies Record<string, RequestLimit>;
export type RequestLimitName = keyof typeof requestLimits;
/** Other figures for some limits (a test that must send more than a person would). */
export type RequestLimitOverrides = Partial<Record<RequestLimitName, Partial<RequestLimit>>>;

/** How many searches a multi_search body carries (a body the service refuses still counts once). */
function searchesIn(request: FastifyRequest): number {
  const searches = (request.body as { searches?: unknown } | undefined)?.searches;
  return Array.isArray(searches) ? Math.min(Math.max(searches.length, 1), MAX_SEARCHES) : 1;
}

/** Which limit each route counts against: `METHOD url` as the route was declared. */
const routeLimits: Record<
  string,
  {
    limit: RequestLimitName;
    weight?: (request: FastifyRequest) => number;
    /** A server-rendered page: it exists only when the API serves a web build. */
    page?: true;
  }
> = {
  'GET /api/professionals/search': { limit: 'search' },
  'GET /api/institutions/search': { limit: 'search' },
  'POST /api/search/multi_search': { limit: 'search', weight: searchesIn },
  'GET /api/professionals/:id(^\\d+$)': { limit: 'profileRead' },
  'GET /api/institutions/:id(^\\d+$)': { limit: 'profileRead' },
  'GET /api/reviews/professional/:id': { limit: 'profileRead' },
  'GET /api/reviews/institution/:id': { limit: 'profileRead' },
  // The server-rendered profile pages read the same profile: they count as its read (else a page
  // load would be a way around the limit).
  'GET /professional/:id': { limit: 'profileRead', page: true },
  'GET /institution/:id': { limit: 'profileRead', page: true },
  // The server-rendered search page runs the search in its address, as the page's own first
  // multi_search would: its results and the Availability filter's three counts (a refined
  // facet's extra search is not counted here).
  'GET /search': { limit: 'search', page: true, weight: () => 1 + availabilityWindows.length },
  'POST /api/appointments': { limit: 'booking' },
  'POST /api/reviews': { limit: 'review' },
  'POST /api/professionals': { limit: 'profileEdit' },
  'PUT /api/professionals/:id(^\\d+$)': { limit: 'profileEdit' },
  'PUT /api/professionals/photo': { limit: 'profileEdit' },
  'PUT /api/professionals/countries': { limit: 'profileEdit' },
  'POST /api/institutions': { limit: 'profileEdit' },
  'PUT /api/institutions/:id(^\\d+$)': { limit: 'profileEdit' },
  'PUT /api/institutions/photo': { limit: 'profileEdit' },
};

/** The 429 message of a request limit: says to wait, and how long, in whole minutes. */
export function tooManyRequestsMessage(waitSeconds: number): string {
  return `Too many requests. Please wait ${minutes(waitSeconds)} and try again.`;
}

interface StoreResult {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, result?: StoreResult) => void;
interface Store {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
}
// The library's own stores (not exported by its index): its Redis script, and its LRU for the fallback.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => Store;

/**
 * A store for @fastify/rate-limit: its Redis store through the gate (at most 1 s,
 * none while Redis is known down), its in-memory store otherwise. One counter
 * per limit (`bucket`), whatever route counts against it: the three search
 * routes share one.
 */
function failoverStore(gate: RedisGate, nameSpace: string) {
  return class FailoverStore implements Store {
    private readonly redis: Store;
    private readonly local: Store;

    constructor(_globalOptions?: unknown, bucket = 'global') {
      this.redis = new RedisStore(false, false, gate.redis, `${nameSpace}${bucket}:`);
      this.local = new LocalStore(false, false, 50_000);
    }

    incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
      gate
        .run(
          'rate limit',
          () =>
            new Promise<StoreResult>((resolve, reject) =>
              this.redis.incr(key, (err, result) => (err || !result ? reject(err) : resolve(result)), timeWindow, max),
            ),
        )
        .then(
          (result) => cb(null, result),
          () => this.local.incr(key, cb, timeWindow, max),
        );
    }

    child(options: { bucket?: string }): FailoverStore {
      return new FailoverStore(undefined, options.bucket);
    }
  };
}

const addressKey = (request: FastifyRequest) => `a:${request.ip}`;
const accountKey = (request: FastifyRequest) => {
  const uid = request.session?.get('uid');
  return uid ? `u:${uid}` : addressKey(request);
};

/**
 * Registers @fastify/rate-limit and hooks each route of `routeLimits` to its
 * limit, counted before the body is read (or, for multi_search, once the body
 * says how many searches it holds). Call before the routes are registered.
 */
export async function registerRequestLimits(app: FastifyInstance, overrides: RequestLimitOverrides = {}): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    // The library calls incr(key, cb, timeWindow, max); its typings list only (key, cb).
    store: failoverStore(gateFor(app.redis), `${app.config.redisPrefix}:rl:`) as unknown as FastifyRateLimitStoreCtor,
  });
  const counters = Object.fromEntries(
    Object.entries(requestLimits).map(([name, figures]) => {
      const limit: RequestLimit = { ...figures, ...overrides[name as RequestLimitName] };
      const options = {
        bucket: name,
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: limit.per === 'address' ? addressKey : accountKey,
      };
      return [name, app.createRateLimit(options)];
    }),
  ) as Record<RequestLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  const hooked = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    // HEAD answers what GET answers, so it counts the same.
    const id = methods.map((m) => `${m === 'HEAD' ? 'GET' : m} ${route.url}`).find((m) => routeLimits[m]);
    if (!id) return;
    hooked.add(id);
    const { limit, weight } = routeLimits[id];
    const count = counters[limit];
    const check = async (request: FastifyRequest) => {
      const n = weight ? weight(request) : 1;
      const results = await Promise.all(Array.from({ length: n }, () => count(request)));
      let waitMs = 0;
      for (const r of results) if (!r.isAllowed && r.isExceeded) waitMs = Math.max(waitMs, r.ttl);
      if (waitMs > 0) throw new TooManyRequestsError(tooManyRequestsMessage(waitMs / 1000), waitMs / 1000);
    };
    const hook = weight ? 'preHandler' : 'onRequest';
    route[hook] = [...([] as unknown[]).concat(route[hook] ?? []), check] as never;
  });
  // A renamed route would silently lose its limit: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = Object.keys(routeLimits).filter((id) => !hooked.has(id) && !routeLimits[id]!.page);
    if (missing.length) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
  });
}

import { createHash } from 'node:crypto';
import { availabilityWindows } from '@ilera/contracts';
import { splitLocalePath } from '@ilera/contracts/locales';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { MAX_SEARCHES } from '@ilera/search';
import { TooManyRequestsError } from '../errors';
import { gateFor, type RedisGate } from '../redis';
// Declares request.clientId, the id of the signed client cookie the per-client limits count.
import './client-cookie';

/**
 * The limits, all counted in Redis so that every API instance sharing
 * REDIS_PREFIX shares them, and counted per process in memory while Redis is
 * unreachable (an outage must not stop sign-in or search; per process is looser,
 * not absent). PRODUCT.md D26: anonymous reads are counted per client (a signed
 * cookie, plugins/client-cookie.ts) first, with a high ceiling per address,
 * because of carrier-grade NAT; writes per account; sign-in tight per e-mail.
 * The figures and what each allows are in docs/RELIABILITY.md ("The limits").
 *
 * 1. Request limits (search, profile reads, bookings, reviews, profile edits):
 *    one table of routes, hooked by `registerRequestLimits`.
 * 2. Attempt limits of the accounts area (the same RateLimiter): sign-in counts
 *    *failed* attempts only (thousands of subscribers behind one carrier address
 *    sign in successfully every minute), hence "take a ticket, give it back on
 *    success".
 * One counter for both, rather than @fastify/rate-limit for the first: a request
 * counts against up to three limits, some by the number of searches it runs, in
 * one Redis round trip.
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

// Takes each request's weight from every one of its limits, or from none, for a batch of requests one after
// another (the requests of one turn of the event loop: one command, one round trip, instead of one each).
// ARGV: the number of requests, then for each: its number of keys, then three per key: its window (ms), the
// request's weight, its max; KEYS: every request's keys in turn. For each request: when any of its limits would
// go over, nothing is counted and its answer is the longest wait (ms) among those; else every count goes up (a
// window starts on its first hit) and its answer is 0. A later request of the batch sees the earlier ones' counts,
// as it would have in a script of its own run after theirs. A refused request costs no allowance: a scraper
// hammering after its own refusal does not use up its address's ceiling, which thousands of people share.
const TAKE = `
local waits = {}
local at, k = 2, 0
for r = 1, tonumber(ARGV[1]) do
  local n = tonumber(ARGV[at])
  local wait = 0
  for i = 1, n do
    local key, j = KEYS[k + i], at + 3 * i - 2
    local window, weight, max = tonumber(ARGV[j]), tonumber(ARGV[j + 1]), tonumber(ARGV[j + 2])
    if tonumber(redis.call('GET', key) or '0') + weight > max then
      local t = redis.call('PTTL', key)
      if t < 0 then t = window end
      wait = math.max(wait, t, 1)
    end
  end
  if wait == 0 then
    for i = 1, n do
      local key, j = KEYS[k + i], at + 3 * i - 2
      redis.call('INCRBY', key, ARGV[j + 1])
      if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[j]) end
    end
  end
  waits[r] = wait
  at, k = at + 1 + 3 * n, k + n
end
return waits`;

// Give tickets back, only while their window still exists (never leaves a key without TTL).
const REFUND = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECR', key) end
end
return 0`;

/** A script and its SHA-1: sent by name (EVALSHA), its text only when Redis does not hold it yet. */
const script = (lua: string) => ({ lua, sha: createHash('sha1').update(lua).digest('hex') });
const TAKE_SCRIPT = script(TAKE);
const REFUND_SCRIPT = script(REFUND);

/**
 * Runs a script by its SHA-1 (EVALSHA: 40 bytes instead of its text, and Redis looks it up instead of
 * hashing the text on every request), and by its text (EVAL, which also keeps it) when Redis answers
 * NOSCRIPT: the first call after Redis started, restarted or flushed its scripts.
 */
async function runScript(redis: Redis, s: { lua: string; sha: string }, keys: string[], args: (string | number)[]): Promise<unknown> {
  try {
    return await redis.evalsha(s.sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err as Error).message?.startsWith('NOSCRIPT')) throw err;
    return redis.eval(s.lua, keys.length, ...keys, ...args);
  }
}

/** A counter key: e-mail addresses are hashed, so Redis holds no personal data. */
export function limitKey(kind: 'ip' | 'email' | 'user' | 'client', value: string): string {
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

  /** TAKE above, in this process's memory: 0 when counted, else the longest wait in ms (nothing counted). */
  take(checks: { key: string; windowMs: number; weight: number; max: number }[]): number {
    const now = Date.now();
    let wait = 0;
    for (const c of checks) {
      const w = this.windows.get(c.key);
      const live = w && w.endsAt > now ? w : undefined;
      if ((live?.count ?? 0) + c.weight > c.max) wait = Math.max(wait, live ? live.endsAt - now : c.windowMs, 1);
    }
    if (wait > 0) return wait;
    for (const c of checks) {
      let w = this.windows.get(c.key);
      if (!w || w.endsAt <= now) {
        if (this.windows.size >= this.maxKeys) this.prune(now);
        w = { count: 0, endsAt: now + c.windowMs };
        this.windows.set(c.key, w);
      }
      w.count += c.weight;
    }
    return 0;
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

/** One limit to count against: the limit, whom it counts (limitKey), and how much this request counts (default 1). */
export type Check = [limit: Limit, key: string, weight?: number];

/** A request's counters as TAKE counts them. */
interface Counted {
  key: string;
  windowMs: number;
  weight: number;
  max: number;
}

/** A request waiting for its batch's TAKE: its counters, and where its wait (ms) or the batch's failure goes. */
interface Waiting {
  counted: Counted[];
  resolve: (waitMs: number) => void;
  reject: (err: unknown) => void;
}

export class RateLimiter {
  private readonly gate: RedisGate;
  private warnedAt = 0;
  /** The requests of this turn of the event loop, counted together when it ends (one script, one round trip). */
  private batch: Waiting[] | undefined;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    /** Told (at most once a minute) that the limits are counted in this process's memory. */
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.gate = gateFor(redis);
  }

  private redisKey(limit: Limit, key: string): string {
    return `${this.prefix}:rl:${limit.name}:${key}`;
  }

  /**
   * Counts the request against each limit, or, when any is over, against none and throws 429
   * with Retry-After set to the longest wait among the limits that are over.
   */
  async consume(checks: Check[], message: (waitSeconds: number) => string = tooManyAttemptsMessage): Promise<Ticket[]> {
    if (!checks.length) return [];
    const counted = checks.map(([limit, key, weight = 1]) => ({
      key: this.redisKey(limit, key),
      windowMs: limit.windowSeconds * 1000,
      weight,
      max: limit.max,
    }));
    let waitMs: number;
    let inMemory = false;
    try {
      waitMs = await this.take(counted);
    } catch (err) {
      inMemory = true;
      waitMs = memory.take(counted);
      if (this.log && Date.now() - this.warnedAt > 60_000) {
        this.warnedAt = Date.now();
        this.log.warn({ reason: (err as Error).message }, "limits degraded: Redis unavailable, counted in this process's memory");
      }
    }
    if (waitMs > 0) throw new TooManyRequestsError(message(waitMs / 1000), waitMs / 1000);
    return counted.map(({ key }) => ({ redisKey: key, inMemory }));
  }

  /**
   * The request's wait (0: counted) from Redis, with the other requests that ask in this turn of the event loop
   * (issue 47: under load a turn reads several requests, and one command for them all is one socket write and one
   * reply to read, instead of one each). Counted in the order they asked, each all or none, as one script each was.
   */
  private take(counted: Counted[]): Promise<number> {
    return new Promise((resolve, reject) => {
      if (!this.batch) {
        this.batch = [];
        setImmediate(() => this.flush());
      }
      this.batch.push({ counted, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.batch!;
    this.batch = undefined;
    const keys: string[] = [];
    const args: number[] = [batch.length];
    for (const { counted } of batch) {
      args.push(counted.length);
      for (const c of counted) {
        keys.push(c.key);
        args.push(c.windowMs, c.weight, c.max);
      }
    }
    try {
      const waits = (await this.gate.run('rate limit', (redis) => runScript(redis, TAKE_SCRIPT, keys, args))) as number[];
      batch.forEach((w, i) => w.resolve(Number(waits[i])));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  /** Gives tickets back (a successful sign-in does not count as a failed try). */
  async refund(tickets: Ticket[]): Promise<void> {
    for (const t of tickets.filter((t) => t.inMemory)) memory.refund(t.redisKey);
    const inRedis = tickets.filter((t) => !t.inMemory);
    if (!inRedis.length) return;
    await this.gate
      .run('rate limit refund', (redis) => runScript(redis, REFUND_SCRIPT, inRedis.map((t) => t.redisKey), []))
      // Redis went away since the ticket was taken: the attempt stays counted, a
      // small cost (one failed try too many) that must not fail a good sign-in.
      .catch(() => {});
  }
}

// ------------------------------------------------------------------ request limits

const HOUR = 60 * MINUTE;

export interface RequestLimit extends Limit {
  /**
   * Whom the limit counts: the client (its signed cookie; requests without a valid one skip this
   * limit), the address of the requests that come without a valid client cookie, every request of
   * the address, or the signed-in account (its address when signed out).
   */
  per: 'client' | 'address without cookie' | 'address' | 'account';
  /** Counts each search the request runs (each inside a multi_search, a search page's four) instead of the request. */
  countsSearches?: true;
}

/**
 * The figures, what each allows a person behind carrier-grade NAT and why, are in
 * docs/RELIABILITY.md ("The limits"): keep the two together.
 */
export const requestLimits = {
  /** One browser's searches: a request counts once, whatever it asks of the engine (the search page asks 4 or more). */
  searchPerClient: { name: 'search-client', max: 300, windowSeconds: MINUTE, per: 'client' },
  /** Searches that come without a valid client cookie (scripts, first visits), per address. */
  searchWithoutCookie: { name: 'search-anonymous', max: 600, windowSeconds: MINUTE, per: 'address without cookie', countsSearches: true },
  /** Every search of one address: a ceiling that only a scraper reaches. */
  searchPerAddress: { name: 'search-address', max: 30_000, windowSeconds: MINUTE, per: 'address', countsSearches: true },
  /** Public profiles and their reviews: one browser's reads. */
  profileReadPerClient: { name: 'profile-client', max: 120, windowSeconds: MINUTE, per: 'client' },
  profileReadWithoutCookie: { name: 'profile-anonymous', max: 300, windowSeconds: MINUTE, per: 'address without cookie' },
  profileReadPerAddress: { name: 'profile-address', max: 10_000, windowSeconds: MINUTE, per: 'address' },
  booking: { name: 'booking', max: 60, windowSeconds: HOUR, per: 'account' },
  review: { name: 'review', max: 30, windowSeconds: HOUR, per: 'account' },
  profileEdit: { name: 'profile-edit', max: 120, windowSeconds: HOUR, per: 'account' },
  /** "Suggest a better translation" (issue 50): anyone may send, signed in or not, so it counts as anonymous reads do. */
  translationSuggestionPerClient: { name: 'translation-client', max: 20, windowSeconds: HOUR, per: 'client' },
  translationSuggestionWithoutCookie: { name: 'translation-anonymous', max: 60, windowSeconds: HOUR, per: 'address without cookie' },
  translationSuggestionPerAddress: { name: 'translation-address', max: 2_000, windowSeconds: HOUR, per: 'address' },
} satisfies Record<string, RequestLimit>;
export type RequestLimitName = keyof typeof requestLimits;
/** Other figures for some limits (a test that must send more than a person would, or reach a limit in a few clicks). */
export type RequestLimitOverrides = Partial<Record<RequestLimitName, Partial<Pick<RequestLimit, 'max' | 'windowSeconds'>>>>;

/** What a route counts against: anonymous reads count per client, per address without a cookie, and per address. */
const limitsOf = {
  search: ['searchPerClient', 'searchWithoutCookie', 'searchPerAddress'],
  profileRead: ['profileReadPerClient', 'profileReadWithoutCookie', 'profileReadPerAddress'],
  booking: ['booking'],
  review: ['review'],
  profileEdit: ['profileEdit'],
  translationSuggestion: ['translationSuggestionPerClient', 'translationSuggestionWithoutCookie', 'translationSuggestionPerAddress'],
} satisfies Record<string, RequestLimitName[]>;

/** How many searches a multi_search body carries (a body the service refuses still counts once). */
function searchesIn(request: FastifyRequest): number {
  const searches = (request.body as { searches?: unknown } | undefined)?.searches;
  return Array.isArray(searches) ? Math.min(Math.max(searches.length, 1), MAX_SEARCHES) : 1;
}

/** Which limits each route counts against: `METHOD url` as the route was declared. */
const routeLimits: Record<
  string,
  {
    limits: keyof typeof limitsOf;
    /** How many searches the request runs, for the limits that count searches (default 1). */
    searches?: (request: FastifyRequest) => number;
    /** A server-rendered page: it exists only when the API serves a web build. */
    page?: true;
  }
> = {
  'GET /api/professionals/search': { limits: 'search' },
  'GET /api/institutions/search': { limits: 'search' },
  'POST /api/search/multi_search': { limits: 'search', searches: searchesIn },
  // A typed place as a point (the search page's near-me fallback, issue 33): a search.
  'GET /api/search/place': { limits: 'search' },
  'GET /api/professionals/:id(^\\d+$)': { limits: 'profileRead' },
  'GET /api/institutions/:id(^\\d+$)': { limits: 'profileRead' },
  'GET /api/reviews/professional/:id': { limits: 'profileRead' },
  'GET /api/reviews/institution/:id': { limits: 'profileRead' },
  // The server-rendered profile pages read the same profile: they count as its read (else a page
  // load would be a way around the limit).
  'GET /professional/:id': { limits: 'profileRead', page: true },
  'GET /institution/:id': { limits: 'profileRead', page: true },
  // The server-rendered search page runs the search in its address, as the page's own first
  // multi_search would: its results and the Availability filter's three counts (a refined
  // facet's extra search is not counted here).
  'GET /search': { limits: 'search', page: true, searches: () => 1 + availabilityWindows.length },
  // The FHIR directory (issue 37, D25) counts as the site's own reads: a search as a search, a read
  // or the capability statement as a profile read, under the same anonymous limits.
  'GET /fhir/R4/:type': { limits: 'search' },
  'GET /fhir/R4/:type/:id': { limits: 'profileRead' },
  'GET /fhir/R4/metadata': { limits: 'profileRead' },
  'POST /api/appointments': { limits: 'booking' },
  'POST /api/reviews': { limits: 'review' },
  // Patients' care reports and suggested edits (issue 45) are feedback like a review: the same allowance per account.
  'POST /api/professionals/:id/care-reports': { limits: 'review' },
  'POST /api/institutions/:id/care-reports': { limits: 'review' },
  'POST /api/professionals/:id/care-suggestions': { limits: 'review' },
  'POST /api/institutions/:id/care-suggestions': { limits: 'review' },
  'POST /api/professionals': { limits: 'profileEdit' },
  'PUT /api/professionals/:id(^\\d+$)': { limits: 'profileEdit' },
  'PUT /api/professionals/photo': { limits: 'profileEdit' },
  'PUT /api/professionals/countries': { limits: 'profileEdit' },
  'POST /api/institutions': { limits: 'profileEdit' },
  'PUT /api/institutions/:id(^\\d+$)': { limits: 'profileEdit' },
  'PUT /api/institutions/photo': { limits: 'profileEdit' },
  // Care facts (issue 45) are part of the profile: the same allowance.
  'PUT /api/professionals/:id/care': { limits: 'profileEdit' },
  'PUT /api/institutions/:id/care': { limits: 'profileEdit' },
  // "Suggest a better translation" (issue 50): the form's post and the same as JSON share the allowance.
  'POST /suggest-translation': { limits: 'translationSuggestion' },
  'POST /api/translation-suggestions': { limits: 'translationSuggestion' },
};

/** The 429 message of a request limit: says to wait, and how long, in whole minutes. */
export function tooManyRequestsMessage(waitSeconds: number): string {
  return `Too many requests. Please wait ${minutes(waitSeconds)} and try again.`;
}

/**
 * Whom `limit` counts for this request, or null when it does not apply to it. `address`: the request's
 * address key, worked out once per request (request.ip reads X-Forwarded-For against the trusted proxies
 * each time it is asked; a search asked it three times).
 */
function counted(limit: RequestLimit, request: FastifyRequest, address: () => string): string | null {
  switch (limit.per) {
    case 'client':
      return request.clientId ? limitKey('client', request.clientId) : null;
    case 'address without cookie':
      return request.clientId ? null : address();
    case 'address':
      return address();
    case 'account': {
      const uid = request.session?.get('uid');
      return uid ? limitKey('user', uid) : address();
    }
  }
}

/**
 * Hooks each route of `routeLimits` to its limits, counted before the body is
 * read (or, for multi_search, once the body says how many searches it holds).
 * Call after the client cookie and session plugins, before the routes.
 */
export async function registerRequestLimits(app: FastifyInstance, overrides: RequestLimitOverrides = {}): Promise<void> {
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix, app.log);
  const figures = Object.fromEntries(
    Object.entries(requestLimits).map(([name, limit]) => [name, { ...limit, ...overrides[name as RequestLimitName] }]),
  ) as Record<RequestLimitName, RequestLimit>;

  const hooked = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    // HEAD answers what GET answers, so it counts the same. A page in another language (/ha/search, /yo/professional/12:
    // the same page under a language's prefix, issue 50) counts as the page: else a prefix was a way around the limit.
    const url = splitLocalePath(route.url).path;
    const id = methods.map((m) => `${m === 'HEAD' ? 'GET' : m} ${url}`).find((m) => routeLimits[m]);
    if (!id) return;
    hooked.add(id);
    const { limits, searches } = routeLimits[id];
    const check = async (request: FastifyRequest) => {
      const checks: Check[] = [];
      let address: string | undefined;
      const addressKey = () => (address ??= limitKey('ip', request.ip));
      for (const name of limitsOf[limits]) {
        const limit = figures[name];
        const key = counted(limit, request, addressKey);
        if (key) checks.push([limit, key, limit.countsSearches && searches ? searches(request) : 1]);
      }
      await limiter.consume(checks, tooManyRequestsMessage);
    };
    const hook = searches ? 'preHandler' : 'onRequest';
    route[hook] = [...([] as unknown[]).concat(route[hook] ?? []), check] as never;
  });
  // A renamed route would silently lose its limit: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = Object.keys(routeLimits).filter((id) => !hooked.has(id) && !routeLimits[id]!.page);
    if (missing.length) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
  });
}

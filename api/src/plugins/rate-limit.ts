import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors';

/**
 * Fixed-window attempt counters kept in Redis, so that every API instance
 * sharing REDIS_PREFIX shares them (PRODUCT.md: generous per client address,
 * because of carrier-grade NAT; tight per e-mail or account).
 *
 * Why not @fastify/rate-limit: sign-in must count *failed* attempts (thousands
 * of subscribers behind one carrier address sign in successfully every minute),
 * which needs "take a ticket, give it back on success"; the plugin only counts
 * requests. One small atomic script does both kinds of limit.
 */
export interface Limit {
  /** Names the counter in Redis: `<prefix>:rl:<name>:<key>`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The 429 message: says how long to wait, in whole minutes. */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
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
}

export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private redisKey(limit: Limit, key: string): string {
    return `${this.prefix}:rl:${limit.name}:${key}`;
  }

  /**
   * Counts one attempt against each limit. When any is over, throws 429 with
   * Retry-After set to the longest wait among the limits that are over.
   */
  async consume(checks: [Limit, string][]): Promise<Ticket[]> {
    const pipeline = this.redis.pipeline();
    const keys = checks.map(([limit, key]) => this.redisKey(limit, key));
    checks.forEach(([limit], i) => pipeline.eval(HIT, 1, keys[i], String(limit.windowSeconds * 1000)));
    const results = await pipeline.exec();
    let waitMs = 0;
    results?.forEach(([err, value], i) => {
      if (err) throw err;
      const [count, ttl] = value as [number, number];
      if (count > checks[i][0].max) waitMs = Math.max(waitMs, ttl);
    });
    if (waitMs > 0) throw new TooManyRequestsError(tooManyAttemptsMessage(waitMs / 1000), waitMs / 1000);
    return keys.map((redisKey) => ({ redisKey }));
  }

  /** Gives tickets back (a successful sign-in does not count as a failed try). */
  async refund(tickets: Ticket[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const t of tickets) pipeline.eval(REFUND, 1, t.redisKey);
    await pipeline.exec();
  }
}

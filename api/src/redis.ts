import { Redis } from 'ioredis';

/** The longest any Redis call may hold up an HTTP answer. */
export const REQUEST_REDIS_TIMEOUT_MS = 1000;

/**
 * A rate-limit check gives up sooner: Redis answers one in well under a
 * millisecond, and a sign-in behind a hung Redis still has its password check
 * to do (about 0.2 s of argon2) inside the 2 s a person waits.
 */
export const LIMIT_REDIS_TIMEOUT_MS = 500;

/** After a failed call, requests skip Redis this long instead of each waiting for it. */
const PAUSE_AFTER_FAILURE_MS = 5000;

/**
 * The API's own connection, copied from the one it was given (same server,
 * database and credentials) with fail-fast options. The workers' connections
 * keep `maxRetriesPerRequest: null` and an offline queue, which is right for a
 * worker (wait for Redis to come back) and wrong for a request: with them a
 * rate-limit check or a `queue.add` waited for as long as Redis was down.
 * - enableOfflineQueue false: while disconnected a command fails at once (BullMQ's
 *   "Failing fast when Redis is down" pattern) instead of queueing until Redis returns;
 * - commandTimeout: a Redis that accepts the connection but does not answer
 *   (paused, overloaded) fails the command after 1 s;
 * - maxRetriesPerRequest 0: a command in flight when the connection drops fails
 *   at once instead of being re-sent after a reconnection.
 * Reconnection itself goes on in the background (ioredis' default strategy).
 */
export async function openRequestRedis(base: Redis): Promise<Redis> {
  const redis = base.duplicate({
    enableOfflineQueue: false,
    commandTimeout: REQUEST_REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    lazyConnect: false,
    // Redis down at start-up: the app still starts and answers (degraded).
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  });
  // Outages are expected and answered by the fallbacks; ioredis would print every reconnection error.
  redis.on('error', () => {});
  await ready(redis, 3000);
  return redis;
}

/**
 * Resolves once the connection is ready, has failed once, or after `ms`: a
 * Redis that is down at start-up does not hold the app back (it starts degraded
 * and the connection keeps trying in the background).
 */
function ready(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done).off('end', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done).once('error', done).once('end', done);
  });
}

export class RedisUnavailableError extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
    this.name = 'RedisUnavailableError';
  }
}

/** Rejects after `ms` unless `promise` settled first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the rate-limit calls: refuses at once while the connection is not ready
 * or for PAUSE_AFTER_FAILURE_MS after a failure (so a hung Redis delays one
 * request every 5 s, not every request), and bounds each call to LIMIT_REDIS_TIMEOUT_MS.
 * Callers catch RedisUnavailableError and fall back.
 */
export class RedisGate {
  private pausedUntil = 0;

  constructor(readonly redis: Redis) {}

  get open(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.pausedUntil;
  }

  async run<T>(what: string, call: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.open) throw new RedisUnavailableError(`not connected (${what})`);
    try {
      return await withTimeout(call(this.redis), LIMIT_REDIS_TIMEOUT_MS, what);
    } catch (err) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      throw err instanceof RedisUnavailableError ? err : new RedisUnavailableError(`${what}: ${(err as Error).message}`);
    }
  }
}

const gates = new WeakMap<Redis, RedisGate>();

/** One gate per connection, shared by every limiter and queue call of the process that uses it. */
export function gateFor(redis: Redis): RedisGate {
  let gate = gates.get(redis);
  if (!gate) gates.set(redis, (gate = new RedisGate(redis)));
  return gate;
}

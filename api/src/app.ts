import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config, Sql } from '@ilera/db';
import { createQueues, type Queues } from '@ilera/workers/queues';
import { createMetricsRegistry } from '@ilera/workers/metrics';
import { AnswerCache, createEngine, PostgresEngine } from '@ilera/search';
import './types';
import { loggerOptions } from './logger';
import { registerErrorHandler } from './plugins/errors';
import { registerContracts } from './plugins/contracts';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerMetrics } from './plugins/metrics';
import { registerTextInputCheck } from './plugins/text-input';
import { registerOriginCheck } from './plugins/origin';
import { registerStatic } from './plugins/static';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCompression } from './plugins/compression';
import { httpCachePlugin } from './plugins/http-cache';
import { registerRequestLimits, type RequestLimitOverrides } from './plugins/rate-limit';
import { openRequestRedis } from './redis';
import { previousSessionKey, sessionKey, sessionPlugin } from './plugins/session';
import { clientCookiePlugin } from './plugins/client-cookie';
import { modules } from './modules';
import { ensureCollectionsAtStart } from './modules/search/ensure-collections';
import { AnswerPages, ENGINE_ANSWER_BYTES } from './modules/search/answer-pages';

export interface AppDeps {
  sql: Sql;
  /**
   * Any connection to the deployment's Redis: the app opens its own, copied from
   * it with fail-fast options (api/src/redis.ts), and enqueues through that.
   */
  redis: Redis;
  config: Config;
  /** @deprecated Unused: the app adds jobs through its own fail-fast queues (same names and prefix). */
  queues?: Queues;
  /** Where logs go (tests read them); default stdout. `false` silences. */
  logStream?: NodeJS.WritableStream | false;
  webRoot?: string;
  /** Other figures for some request limits (plugins/rate-limit.ts); production uses the defaults. */
  requestLimits?: RequestLimitOverrides;
  /**
   * Other caps for the kept search answers (bytes): the whole answers' (AnswerPages, ANSWER_PAGE_BYTES) and the
   * engine's answers' (AnswerCache, ENGINE_ANSWER_BYTES); production uses the defaults (decision 064).
   */
  searchCacheBytes?: { whole?: number; engine?: number };
  /** Where the API's metrics go (scripts/start.ts serves it on METRICS_PORT); a registry of its own by default. */
  metrics?: Registry;
  /** Read the located documents into memory at once (scripts/start.ts), not at the first near-me search. */
  warmSearch?: boolean;
  /**
   * The connections the PostgreSQL engine's search statements go by (decision 075; scripts/start.ts opens
   * DATABASE_SEARCH_POOL_MAX of them); `sql` when not given. The caller ends them.
   */
  searchSql?: Sql;
}

/** Builds the API (never listens): main.ts and the tests call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logStream === false ? false : loggerOptions(deps.config.logLevel, deps.logStream),
    // Only a configured proxy may set the client address: rate limits per address depend on it.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  // No request waits on a dead Redis: rate limits fall back to memory, mail to the outbox.
  const redis = await openRequestRedis(deps.redis);
  const queues = createQueues(redis, deps.config.redisPrefix);
  app.addHook('onClose', async () => {
    await queues.close();
    redis.disconnect();
  });
  app.decorate('sql', deps.sql);
  app.decorate('redis', redis);
  app.decorate('config', deps.config);
  app.decorate('queues', queues);
  // The Typesense engine logs what it changes in the collections and Typesense's own message for a search answered "busy" (issue 46).
  const engine = createEngine(deps.config, deps.sql, { log: (level, msg, detail) => app.log[level](detail ?? {}, msg), reads: deps.searchSql });
  app.addHook('onClose', async () => engine.close());
  // PostgreSQL's search tables come with the migrations; Typesense's collections must be created.
  if (engine.kind === 'typesense') ensureCollectionsAtStart(app, engine);
  // Answers are cached under the index's write generation (decision 009).
  // Decision 064: the engine's answers are JS objects on V8's heap, about 1.5 times the size they are counted at,
  // and every MB of live heap holds more of the process's RSS: 8 MB, not the engine's default 16.
  const searchAnswers = new AnswerCache(engine, engine instanceof PostgresEngine ? engine.generations : undefined, {
    maxBytes: deps.searchCacheBytes?.engine ?? ENGINE_ANSWER_BYTES,
  });
  app.decorate('searchAnswers', searchAnswers);
  // Whole search answers kept as the bytes sent (issue 47, decisions 050, 058, 059): the search routes send them,
  // the metrics report their size.
  app.decorate('searchPages', new AnswerPages(searchAnswers, deps.searchCacheBytes?.whole));
  // The located documents read into memory before the first near-me search needs them (postgres-near.ts).
  if (deps.warmSearch && engine instanceof PostgresEngine) {
    engine.warm().catch((err: Error) => app.log.warn({ err: err.message }, 'near-me documents not read ahead: the first near-me search reads them'));
  }

  registerErrorHandler(app);
  registerContracts(app);
  // Before every other hook: requests refused by load shedding or a limit are counted too.
  registerMetrics(app, deps.metrics ?? createMetricsRegistry(deps.config));
  // First: a request refused for load costs no session, rate-limit or Redis work.
  await registerLoadShedding(app, deps.config.loadShedding);
  registerTextInputCheck(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        // Mantine writes CSS variables in style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Before compression: ETags hash the uncompressed answer (plugins/http-cache.ts).
  await app.register(httpCachePlugin);
  await registerCompression(app);
  const cookies = { key: await sessionKey(deps.config), previousKey: previousSessionKey(deps.config), secure: deps.config.appUrl.startsWith('https:') };
  await app.register(sessionPlugin, cookies);
  // Anonymous limits count per client first (D26): the signed client cookie, read before the limits.
  await app.register(clientCookiePlugin, cookies);
  registerOriginCheck(app, deps.config.appUrl);
  await registerRequestLimits(app, deps.requestLimits);

  for (const m of modules) await app.register(m);
  await registerStatic(app, deps.webRoot);
  return app;
}

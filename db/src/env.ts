import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Every setting Ilera reads from the environment, in one place (README lists them). */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /**
   * Connections a process's pool opens at most (DATABASE_POOL_MAX). Default: twice the machine's cores
   * plus one (PostgreSQL's wiki, "Number Of Database Connections"). On the 2-core machine, 32 searches in
   * flight were answered 30-35% faster through 4-6 connections than through 20 (decision 024).
   */
  databasePoolMax: number;
  redisUrl: string;
  /** REDIS_URL was given: then it must answer (no private redis-server in its place). */
  redisUrlSet: boolean;
  redisPrefix: string;
  typesenseUrl?: string;
  typesenseApiKey?: string;
  /** The Typesense node next to this process, tried first (TYPESENSE_URL may name several). */
  typesenseNearestUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret?: string;
  appUrl: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For we believe (Fastify trustProxy): none unless set. */
  trustProxy: string | false;
  /** NODE_ENV=production: no generated session key, no mail to files unless asked for. */
  production: boolean;
  /** MAIL_TO_FILES=1: without SMTP_URL, production mail goes to DATA_DIR/outbox on purpose. */
  mailToFiles: boolean;
  /** When the API answers 503 at once instead of queueing (api/src/plugins/load-shedding.ts); 0 turns a check off. */
  loadShedding: LoadShedding;
}

interface LoadShedding {
  /** API requests being answered by this process at once (LOAD_SHED_MAX_IN_FLIGHT, default 64). */
  maxInFlight: number;
  /** Mean event-loop delay over a second, ms (LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS, default 1000). */
  maxEventLoopDelayMs: number;
  /** V8 heap in use, MB (LOAD_SHED_MAX_HEAP_MB; default: 90% of the heap's size limit). */
  maxHeapMb?: number;
  /** Resident memory, MB (LOAD_SHED_MAX_RSS_MB; default 0, off: RSS does not fall back after a burst). */
  maxRssMb: number;
}

/** A setting the process cannot run with; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Session secrets that have been published (this repository's compose file, README,
 * docs, CI and tests): anyone could forge a session cookie with them, so a
 * production API refuses them whatever their length.
 */
export const publishedSessionSecrets: readonly string[] = [
  'change-me-to-a-long-random-string',
  'change-me',
  'test-session-secret-test-session-secret',
  'bench-session-secret-bench-session-secret',
  'explain-secret-explain-secret-explain',
  'ci-dummy-session-secret-not-for-use-anywhere',
  'compose-test-session-secret-0123456789abcdef',
  'multi-instance-session-secret-0123456789',
  'crash-test-session-secret-0123456789abcdef',
];

/** What a process started by scripts/start.ts does: the production rules depend on it. */
export type ProcessRole = 'api' | 'workers';

const MIN_SECRET_BYTES = 32;

/** Why a production process will not write mail to files (the workers' mail sender says it too). */
export const mailToFilesRefused =
  'SMTP_URL must be set with NODE_ENV=production (or MAIL_TO_FILES=1 to write mail to DATA_DIR/outbox on purpose)';

// Compose passes unset optional variables as empty strings (`${SMTP_URL:-}`): empty means unset.
const blank = (v: unknown) => (v === '' ? undefined : v);
const text = z.preprocess(blank, z.string().optional());
const url = (name: string) => z.preprocess(blank, z.string().url(`${name} must be a URL`).optional());
const count = (name: string) =>
  z.preprocess(blank, z.coerce.number({ invalid_type_error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).optional());

const envSchema = z
  .object({
    NODE_ENV: text,
    PORT: z.preprocess(blank, z.coerce.number({ invalid_type_error: 'PORT must be a number' }).int('PORT must be a whole number').min(0, 'PORT must be 0-65535').max(65535, 'PORT must be 0-65535').default(5000)),
    DATA_DIR: text,
    DATABASE_URL: url('DATABASE_URL'),
    DATABASE_POOL_MAX: z.preprocess(
      blank,
      z.coerce.number({ invalid_type_error: 'DATABASE_POOL_MAX must be a number' }).int('DATABASE_POOL_MAX must be a whole number').min(1, 'DATABASE_POOL_MAX must be 1 or more').optional(),
    ),
    REDIS_URL: url('REDIS_URL'),
    REDIS_PREFIX: text,
    // Not checked as one URL: it may name several nodes of a cluster.
    TYPESENSE_URL: text,
    TYPESENSE_API_KEY: text,
    TYPESENSE_NEAREST_URL: url('TYPESENSE_NEAREST_URL'),
    SMTP_URL: url('SMTP_URL'),
    MAIL_FROM: text,
    MAIL_TO_FILES: z.preprocess(blank, z.enum(['0', '1'], { errorMap: () => ({ message: 'MAIL_TO_FILES must be 1 or 0' }) }).optional()),
    SESSION_SECRET: text,
    APP_URL: url('APP_URL'),
    LOG_LEVEL: z.preprocess(
      blank,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        errorMap: () => ({ message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }),
      }).optional(),
    ),
    TRUST_PROXY: text,
    LOAD_SHED_MAX_IN_FLIGHT: count('LOAD_SHED_MAX_IN_FLIGHT'),
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: count('LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS'),
    LOAD_SHED_MAX_HEAP_MB: count('LOAD_SHED_MAX_HEAP_MB'),
    LOAD_SHED_MAX_RSS_MB: count('LOAD_SHED_MAX_RSS_MB'),
  })
  .superRefine((env, ctx) => {
    // Without its key every Typesense call is refused; falling back to PostgreSQL in silence hid that.
    if (env.TYPESENSE_URL && !env.TYPESENSE_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TYPESENSE_API_KEY'], message: 'TYPESENSE_URL is set but TYPESENSE_API_KEY is not' });
    }
  });

type Env = z.infer<typeof envSchema>;

const productionSessionSecret = z
  .string({ required_error: `SESSION_SECRET must be set with NODE_ENV=production (at least ${MIN_SECRET_BYTES} random bytes, e.g. openssl rand -base64 48)` })
  .refine((s) => Buffer.byteLength(s, 'utf8') >= MIN_SECRET_BYTES, {
    message: `SESSION_SECRET is shorter than ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 48)`,
  })
  .refine((s) => !publishedSessionSecrets.includes(s), {
    message: 'SESSION_SECRET is a published example; generate your own (e.g. openssl rand -base64 48)',
  });

/** The rules a production process must meet before it starts (issue 15). */
function productionSchema(roles: readonly ProcessRole[]) {
  return z
    .object({
      SESSION_SECRET: roles.includes('api') ? productionSessionSecret : z.unknown(),
      SMTP_URL: z.string().optional(),
      MAIL_TO_FILES: z.string().optional(),
    })
    .refine((env) => env.SMTP_URL || env.MAIL_TO_FILES === '1', {
      path: ['SMTP_URL'],
      message: mailToFilesRefused,
    });
}

function fail(error: z.ZodError): never {
  // One line for a person reading a crash loop's log: every problem, each naming its variable.
  throw new ConfigError(`Configuration refused: ${error.issues.map((i) => i.message).join('; ')}`);
}

/**
 * Reads and checks the environment. `roles` says what the process will do: with
 * NODE_ENV=production an API needs a real SESSION_SECRET, and any process refuses
 * to send mail to files without MAIL_TO_FILES=1. Tools and tests pass no roles.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, roles: readonly ProcessRole[] = []): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) fail(parsed.error);
  const e: Env = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && roles.length) {
    const checked = productionSchema(roles).safeParse(e);
    if (!checked.success) fail(checked.error);
  }
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX ?? 2 * os.availableParallelism() + 1,
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisUrlSet: e.REDIS_URL !== undefined,
    redisPrefix: e.REDIS_PREFIX ?? 'ilera',
    typesenseUrl: e.TYPESENSE_URL,
    typesenseApiKey: e.TYPESENSE_API_KEY,
    typesenseNearestUrl: e.TYPESENSE_NEAREST_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Ilera <no-reply@ilera.ng>',
    sessionSecret: e.SESSION_SECRET,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    production,
    mailToFiles: e.MAIL_TO_FILES === '1',
    loadShedding: {
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT ?? 64,
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS ?? 1000,
      maxHeapMb: e.LOAD_SHED_MAX_HEAP_MB,
      maxRssMb: e.LOAD_SHED_MAX_RSS_MB ?? 0,
    },
  };
}

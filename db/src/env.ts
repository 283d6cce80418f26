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
  /**
   * Connections the API's search statements go by, apart from the pool (DATABASE_SEARCH_POOL_MAX). Default: the
   * machine's cores. Few, so that the statements of concurrent searches are pipelined on them, several written and
   * answered at a time: on the 2-core machine the search mix was answered 1.08x faster, with PostgreSQL CPU 0.87x,
   * through two such connections than through the pool's five (decision 075).
   */
  databaseSearchPoolMax: number;
  redisUrl: string;
  /** REDIS_URL was given: then it must answer (no private redis-server in its place). */
  redisUrlSet: boolean;
  redisPrefix: string;
  typesenseUrl?: string;
  typesenseApiKey?: string;
  /** The Typesense node next to this process, tried first (TYPESENSE_URL may name several). */
  typesenseNearestUrl?: string;
  /**
   * SEARCH_NEAR_MEMORY (default 1): the PostgreSQL engine answers near-me searches from the located
   * documents each API process holds in memory (decision 037); 0 answers them in SQL, without that memory.
   */
  searchNearMemory: boolean;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret?: string;
  /**
   * SESSION_SECRET_PREVIOUS: the secret being rotated out. Cookies it signed are still accepted (and
   * signed again with SESSION_SECRET when next seen), so a rotation signs nobody out (docs/OPERATIONS.md).
   */
  sessionSecretPrevious?: string;
  appUrl: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For we believe (Fastify trustProxy): none unless set. */
  trustProxy: string | false;
  /** NODE_ENV=production: no generated session key, no mail to files unless asked for. */
  production: boolean;
  /** MAIL_TO_FILES=1: without SMTP_URL, production mail goes to DATA_DIR/outbox on purpose. */
  mailToFiles: boolean;
  /**
   * Where Prometheus metrics are served (METRICS_PORT; off when unset) and on which address (METRICS_HOST,
   * default 127.0.0.1: the metrics are not public). A port of their own, never the public PORT.
   */
  metricsPort?: number;
  metricsHost: string;
  /**
   * METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>`. Required when
   * METRICS_HOST is not a loopback address: the metrics are never open to the network without it.
   */
  metricsToken?: string;
  /** SMS and WhatsApp (issue 36, decision 034): which sender each channel uses and its credentials. */
  texts: TextsConfig;
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

export interface TextsConfig {
  /** SMS_CHANNEL: Africa's Talking, JSON files in DATA_DIR/sms (development default), or off (production default). */
  sms:
    | { channel: 'africastalking'; username: string; apiKey: string; senderId?: string; url: string }
    | { channel: 'files' | 'off' };
  /** WHATSAPP_CHANNEL: the WhatsApp Cloud API, JSON files in DATA_DIR/whatsapp (development default), or off. */
  whatsapp:
    | { channel: 'cloud-api'; phoneNumberId: string; accessToken: string; apiUrl: string; templateLanguage: string }
    | { channel: 'files' | 'off' };
  /** TEXT_INBOUND_SECRET: the shared secret an SMS provider's reply callback carries (no reply handling without it). */
  inboundSecret?: string;
  /** WHATSAPP_APP_SECRET: checks the X-Hub-Signature-256 of WhatsApp's webhook calls. */
  whatsappAppSecret?: string;
  /** WHATSAPP_VERIFY_TOKEN: the token Meta's webhook set-up echoes back (GET hub.challenge). */
  whatsappVerifyToken?: string;
  /** USSD_CALLBACK_SECRET: the shared secret Africa's Talking's USSD callback URL carries (issue 49; no USSD without it). */
  ussdCallbackSecret?: string;
  /** SMS_SHORTCODE: the number people text searches to (shown by the USSD Help screen). */
  smsShortcode?: string;
  /** USSD_SOURCE_ADDRESSES: the addresses the provider calls from (comma-separated); when set, others get 403. */
  ussdSourceAddresses?: string[];
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
const portNumber = (name: string) =>
  z.coerce.number({ invalid_type_error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0-65535`).max(65535, `${name} must be 0-65535`);
const count = (name: string) =>
  z.preprocess(blank, z.coerce.number({ invalid_type_error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`).optional());

/** 127.0.0.0/8, ::1 and localhost: addresses other machines cannot reach. */
const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i.test(host);

const envSchema = z
  .object({
    NODE_ENV: text,
    PORT: z.preprocess(blank, portNumber('PORT').default(5000)),
    DATA_DIR: text,
    DATABASE_URL: url('DATABASE_URL'),
    DATABASE_POOL_MAX: z.preprocess(
      blank,
      z.coerce.number({ invalid_type_error: 'DATABASE_POOL_MAX must be a number' }).int('DATABASE_POOL_MAX must be a whole number').min(1, 'DATABASE_POOL_MAX must be 1 or more').optional(),
    ),
    DATABASE_SEARCH_POOL_MAX: z.preprocess(
      blank,
      z.coerce
        .number({ invalid_type_error: 'DATABASE_SEARCH_POOL_MAX must be a number' })
        .int('DATABASE_SEARCH_POOL_MAX must be a whole number')
        .min(1, 'DATABASE_SEARCH_POOL_MAX must be 1 or more')
        .optional(),
    ),
    REDIS_URL: url('REDIS_URL'),
    REDIS_PREFIX: text,
    // Not checked as one URL: it may name several nodes of a cluster.
    TYPESENSE_URL: text,
    TYPESENSE_API_KEY: text,
    TYPESENSE_NEAREST_URL: url('TYPESENSE_NEAREST_URL'),
    SEARCH_NEAR_MEMORY: z.preprocess(blank, z.enum(['0', '1'], { errorMap: () => ({ message: 'SEARCH_NEAR_MEMORY must be 1 or 0' }) }).optional()),
    SMTP_URL: url('SMTP_URL'),
    MAIL_FROM: text,
    MAIL_TO_FILES: z.preprocess(blank, z.enum(['0', '1'], { errorMap: () => ({ message: 'MAIL_TO_FILES must be 1 or 0' }) }).optional()),
    SESSION_SECRET: text,
    SESSION_SECRET_PREVIOUS: text,
    APP_URL: url('APP_URL'),
    LOG_LEVEL: z.preprocess(
      blank,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        errorMap: () => ({ message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }),
      }).optional(),
    ),
    TRUST_PROXY: text,
    SMS_CHANNEL: z.preprocess(blank, z.enum(['africastalking', 'files', 'off'], { errorMap: () => ({ message: 'SMS_CHANNEL must be africastalking, files or off' }) }).optional()),
    AFRICASTALKING_USERNAME: text,
    AFRICASTALKING_API_KEY: text,
    AFRICASTALKING_SENDER_ID: text,
    AFRICASTALKING_URL: url('AFRICASTALKING_URL'),
    WHATSAPP_CHANNEL: z.preprocess(blank, z.enum(['cloud-api', 'files', 'off'], { errorMap: () => ({ message: 'WHATSAPP_CHANNEL must be cloud-api, files or off' }) }).optional()),
    WHATSAPP_PHONE_NUMBER_ID: text,
    WHATSAPP_ACCESS_TOKEN: text,
    WHATSAPP_API_URL: url('WHATSAPP_API_URL'),
    WHATSAPP_TEMPLATE_LANGUAGE: text,
    WHATSAPP_APP_SECRET: text,
    WHATSAPP_VERIFY_TOKEN: text,
    TEXT_INBOUND_SECRET: text,
    USSD_CALLBACK_SECRET: z.preprocess(blank, z.string().min(16, 'USSD_CALLBACK_SECRET must be at least 16 characters (e.g. openssl rand -hex 24)').optional()),
    USSD_SOURCE_ADDRESSES: text,
    SMS_SHORTCODE: text,
    METRICS_PORT: z.preprocess(blank, portNumber('METRICS_PORT').optional()),
    METRICS_HOST: text,
    METRICS_TOKEN: z.preprocess(blank, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)').optional()),
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
    // A text channel turned on without its credentials would fail every message, one by one, in silence.
    if (env.SMS_CHANNEL === 'africastalking') {
      for (const name of ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `SMS_CHANNEL=africastalking needs ${name}` });
      }
    }
    if (env.WHATSAPP_CHANNEL === 'cloud-api') {
      for (const name of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `WHATSAPP_CHANNEL=cloud-api needs ${name}` });
      }
    }
    // The metrics are not public: they never share the port the world reaches.
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'METRICS_PORT must differ from PORT (the metrics are not public)' });
    }
    // Reachable from other machines only with a token.
    if (env.METRICS_PORT !== undefined && env.METRICS_HOST !== undefined && !isLoopback(env.METRICS_HOST) && !env.METRICS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'METRICS_HOST is not a loopback address: set METRICS_TOKEN (the metrics are not public)' });
    }
    if (env.SESSION_SECRET_PREVIOUS !== undefined && env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET_PREVIOUS'], message: 'SESSION_SECRET_PREVIOUS is the same as SESSION_SECRET' });
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

/**
 * Each text channel: a provider when asked for (its credentials checked above), files on purpose, else
 * files in development and off in production: a text in a folder reaches nobody (as mail, issue 15).
 */
function textsConfig(e: Env, production: boolean): TextsConfig {
  const fallback = production ? 'off' : 'files';
  const smsChannel = e.SMS_CHANNEL ?? fallback;
  const whatsappChannel = e.WHATSAPP_CHANNEL ?? fallback;
  return {
    sms:
      smsChannel === 'africastalking'
        ? {
            channel: smsChannel,
            username: e.AFRICASTALKING_USERNAME!,
            apiKey: e.AFRICASTALKING_API_KEY!,
            senderId: e.AFRICASTALKING_SENDER_ID,
            // The sandbox (https://api.sandbox.africastalking.com) answers the same way without sending.
            url: (e.AFRICASTALKING_URL ?? 'https://api.africastalking.com').replace(/\/$/, ''),
          }
        : { channel: smsChannel },
    whatsapp:
      whatsappChannel === 'cloud-api'
        ? {
            channel: whatsappChannel,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
            accessToken: e.WHATSAPP_ACCESS_TOKEN!,
            apiUrl: (e.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
            templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE ?? 'en',
          }
        : { channel: whatsappChannel },
    inboundSecret: e.TEXT_INBOUND_SECRET,
    whatsappAppSecret: e.WHATSAPP_APP_SECRET,
    whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN,
    ussdCallbackSecret: e.USSD_CALLBACK_SECRET,
    smsShortcode: e.SMS_SHORTCODE,
    ussdSourceAddresses: e.USSD_SOURCE_ADDRESSES?.split(',').map((a) => a.trim()).filter(Boolean),
  };
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
    databaseSearchPoolMax: e.DATABASE_SEARCH_POOL_MAX ?? os.availableParallelism(),
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisUrlSet: e.REDIS_URL !== undefined,
    redisPrefix: e.REDIS_PREFIX ?? 'ilera',
    typesenseUrl: e.TYPESENSE_URL,
    typesenseApiKey: e.TYPESENSE_API_KEY,
    typesenseNearestUrl: e.TYPESENSE_NEAREST_URL,
    searchNearMemory: e.SEARCH_NEAR_MEMORY !== '0',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Ilera <no-reply@ilera.ng>',
    sessionSecret: e.SESSION_SECRET,
    sessionSecretPrevious: e.SESSION_SECRET_PREVIOUS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    production,
    mailToFiles: e.MAIL_TO_FILES === '1',
    texts: textsConfig(e, production),
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? '127.0.0.1',
    metricsToken: e.METRICS_TOKEN,
    loadShedding: {
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT ?? 64,
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS ?? 1000,
      maxHeapMb: e.LOAD_SHED_MAX_HEAP_MB,
      maxRssMb: e.LOAD_SHED_MAX_RSS_MB ?? 0,
    },
  };
}

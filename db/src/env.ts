import path from 'node:path';

/** Every setting Ilera reads from the environment, in one place (README lists them). */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl: string;
  redisPrefix: string;
  typesenseUrl?: string;
  typesenseApiKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret?: string;
  appUrl: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For we believe (Fastify trustProxy): none unless set. */
  trustProxy: string | false;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 5000);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX || 'ilera',
    typesenseUrl: env.TYPESENSE_URL || undefined,
    typesenseApiKey: env.TYPESENSE_API_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Ilera <no-reply@ilera.ng>',
    sessionSecret: env.SESSION_SECRET || undefined,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || false,
  };
}

import type { Redis } from 'ioredis';
import type { Config, Sql } from '@ilera/db';
import type { Queues } from '@ilera/workers/queues';
import type { AnswerCache } from '@ilera/search';
import type { AnswerPages } from './modules/search/answer-pages';
import type { RouteAuth, SessionUser } from './plugins/session';

/** An answer type of contracts/ as a query returns it: these fields are still Dates (the answer schema makes them strings). */
export type Stored<T, K extends keyof T = never> = Omit<T, K | 'createdAt' | 'updatedAt'> & { [P in K | ('createdAt' & keyof T) | ('updatedAt' & keyof T)]: Date };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/session.ts): any signed-in user, or these roles; absent: anyone. */
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    sql: Sql;
    redis: Redis;
    config: Config;
    queues: Queues;
    /** The configured search engine behind its answer cache (decision 009): the search routes and the server-rendered /search. */
    searchAnswers: AnswerCache;
    /** Whole search answers kept as the bytes sent, over searchAnswers (modules/search/answer-pages.ts). */
    searchPages: AnswerPages;
  }
  interface FastifyRequest {
    /** The signed-in user (memoised per request), or null. */
    currentUser(): Promise<SessionUser | null>;
  }
}

declare module '@fastify/secure-session' {
  interface SessionData {
    uid: string;
    sv: number;
  }
}

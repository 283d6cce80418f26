import type { FastifyInstance } from 'fastify';

/** 200 when PostgreSQL and Redis answer; 503 naming the one that does not. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const timeout = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000))]);
    const [pg, redis] = await Promise.allSettled([timeout(app.sql`SELECT 1`), timeout(app.redis.ping())]);
    const down = [pg.status === 'rejected' && 'postgres', redis.status === 'rejected' && 'redis'].filter(Boolean);
    if (down.length) return reply.status(503).send({ status: 'unavailable', message: `${down.join(' and ')} not answering` });
    return { status: 'ok' };
  });
}

import type { FastifyInstance } from 'fastify';

/** Routes of the reviews area (to be filled by its issue). */
export default async function reviewsRoutes(_app: FastifyInstance): Promise<void> {}

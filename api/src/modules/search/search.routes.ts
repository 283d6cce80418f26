import type { FastifyInstance } from 'fastify';

/** Routes of the search area (to be filled by its issue). */
export default async function searchRoutes(_app: FastifyInstance): Promise<void> {}

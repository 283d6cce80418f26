import type { FastifyInstance } from 'fastify';

/** Routes of the institutions area (to be filled by its issue). */
export default async function institutionsRoutes(_app: FastifyInstance): Promise<void> {}

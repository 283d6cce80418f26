import type { FastifyInstance } from 'fastify';

/** Routes of the admin area (to be filled by its issue). */
export default async function adminRoutes(_app: FastifyInstance): Promise<void> {}

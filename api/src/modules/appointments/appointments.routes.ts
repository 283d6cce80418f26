import type { FastifyInstance } from 'fastify';

/** Routes of the appointments area (to be filled by its issue). */
export default async function appointmentsRoutes(_app: FastifyInstance): Promise<void> {}

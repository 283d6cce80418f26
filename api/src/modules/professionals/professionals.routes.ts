import type { FastifyInstance } from 'fastify';

/** Routes of the professionals area (to be filled by its issue). */
export default async function professionalsRoutes(_app: FastifyInstance): Promise<void> {}

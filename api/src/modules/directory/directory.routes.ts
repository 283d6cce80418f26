import type { FastifyInstance } from 'fastify';
import { directoryCounts } from './directory.repo';

export default async function directoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/directory/counts', async () => directoryCounts(app.sql));
}

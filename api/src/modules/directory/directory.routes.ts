import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryCountsAnswer } from '@ilera/contracts';
import { directoryCounts } from './directory.repo';

const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/directory/counts', { schema: { response: { 200: directoryCountsAnswer } } }, async () => directoryCounts(app.sql));
};

export default directoryRoutes;

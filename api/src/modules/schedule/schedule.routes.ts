import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, pathId, scheduleAnswer, scheduleSchema, timeOffAnswer, timeOffSchema } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as service from './schedule.service';

const signedInOnly = { auth: 'user' } as const;

/**
 * Working hours, booking mode and time off (issue 17), the same paths for both kinds:
 * /api/professionals/{id}/schedule, /api/institutions/{id}/time-off, ...
 */
const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['professionals', 'institutions'] as const) {
    const params = idParams(service.notFoundMessage(kind));

    app.get(`/api/${kind}/:id/schedule`, { schema: { params, response: { 200: scheduleAnswer } } }, async (request, reply) => {
      const view = await service.getSchedule(app.sql, { kind, id: request.params.id }, await request.currentUser());
      return reply.header('cache-control', 'no-store').send(view);
    });

    app.put(
      `/api/${kind}/:id/schedule`,
      { config: signedInOnly, schema: { params, body: scheduleSchema, response: { 200: scheduleAnswer } } },
      async (request) => service.setSchedule(app.sql, signedIn(request), { kind, id: request.params.id }, request.body),
    );

    app.post(
      `/api/${kind}/:id/time-off`,
      { config: signedInOnly, schema: { params, body: timeOffSchema, response: { 201: timeOffAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await service.addTimeOff(app.sql, signedIn(request), { kind, id: request.params.id }, request.body)),
    );

    app.delete(
      `/api/${kind}/:id/time-off/:timeOffId`,
      { config: signedInOnly, schema: { params: params.extend({ timeOffId: pathId(service.TIME_OFF_NOT_FOUND) }) } },
      async (request, reply) => {
        await service.removeTimeOff(app.sql, signedIn(request), { kind, id: request.params.id }, request.params.timeOffId);
        return reply.status(204).send();
      },
    );
  }
};

export default scheduleRoutes;

import type { FastifyInstance } from 'fastify';
import { scheduleSchema, timeOffSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { NotFoundError } from '../../errors';
import { requireUser } from '../../plugins/session';
import * as service from './schedule.service';

function idParam(value: string, message: string): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new NotFoundError(message);
  return id;
}

/**
 * Working hours, booking mode and time off (issue 17), the same paths for both kinds:
 * /api/professionals/{id}/schedule, /api/institutions/{id}/time-off, ...
 */
export default async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of ['professionals', 'institutions'] as const) {
    const notFound = service.notFoundMessage(kind);

    app.get<{ Params: { id: string } }>(`/api/${kind}/:id/schedule`, async (request, reply) => {
      const p = { kind, id: idParam(request.params.id, notFound) };
      const view = await service.getSchedule(app.sql, p, await request.currentUser());
      return reply.header('cache-control', 'no-store').send(view);
    });

    app.put<{ Params: { id: string } }>(`/api/${kind}/:id/schedule`, async (request) => {
      const user = await requireUser(request);
      const p = { kind, id: idParam(request.params.id, notFound) };
      return service.setSchedule(app.sql, user, p, parse(scheduleSchema, request.body));
    });

    app.post<{ Params: { id: string } }>(`/api/${kind}/:id/time-off`, async (request, reply) => {
      const user = await requireUser(request);
      const p = { kind, id: idParam(request.params.id, notFound) };
      return reply.status(201).send(await service.addTimeOff(app.sql, user, p, parse(timeOffSchema, request.body)));
    });

    app.delete<{ Params: { id: string; timeOffId: string } }>(`/api/${kind}/:id/time-off/:timeOffId`, async (request, reply) => {
      const user = await requireUser(request);
      const p = { kind, id: idParam(request.params.id, notFound) };
      await service.removeTimeOff(app.sql, user, p, idParam(request.params.timeOffId, service.TIME_OFF_NOT_FOUND));
      return reply.status(204).send();
    });
  }
}

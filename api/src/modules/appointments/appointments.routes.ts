import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appointmentStatuses, appointmentStatusSchema, createAppointmentSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { NotFoundError } from '../../errors';
import { requireUser } from '../../plugins/session';
import * as appointments from './appointments.service';

/** A positive integer id from the path, else 404 (an id that cannot exist is not found). */
function pathId(raw: unknown, message: string): number {
  const s = String(raw);
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw new NotFoundError(message);
  return Number(s);
}

const listQuery = z.object({
  status: z
    .enum(appointmentStatuses, { errorMap: () => ({ message: 'Please choose a valid status' }) }) // ours
    .optional(),
});

export default async function appointmentsRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/appointments', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(createAppointmentSchema, request.body);
    const row = await appointments.book(app.sql, user, input);
    return reply.status(201).send(row);
  });

  app.get<{ Params: { userId: string } }>('/api/appointments/patient/:userId', async (request) => {
    const user = await requireUser(request);
    const { status } = parse(listQuery, request.query);
    return appointments.listForPatient(app.sql, user, request.params.userId, status);
  });

  app.get<{ Params: { id: string } }>('/api/appointments/professional/:id', async (request) => {
    const user = await requireUser(request);
    const { status } = parse(listQuery, request.query);
    const id = pathId(request.params.id, appointments.PROFESSIONAL_NOT_FOUND);
    return appointments.listForProvider(app.sql, user, { professionalId: id }, status);
  });

  app.get<{ Params: { id: string } }>('/api/appointments/institution/:id', async (request) => {
    const user = await requireUser(request);
    const { status } = parse(listQuery, request.query);
    const id = pathId(request.params.id, appointments.INSTITUTION_NOT_FOUND);
    return appointments.listForProvider(app.sql, user, { institutionId: id }, status);
  });

  app.put<{ Params: { id: string } }>('/api/appointments/:id/status', async (request) => {
    const user = await requireUser(request);
    const id = pathId(request.params.id, appointments.APPOINTMENT_NOT_FOUND);
    const { status } = parse(appointmentStatusSchema, request.body);
    return appointments.changeStatus(app.sql, user, id, status);
  });

  // Public (D1): the booking dialog greys out taken slots. Nothing about who booked.
  app.get<{ Params: { id: string }; Querystring: { date?: string } }>(
    '/api/professionals/:id/availability',
    async (request, reply) => {
      const id = pathId(request.params.id, appointments.PROFESSIONAL_NOT_FOUND);
      const result = await appointments.availability(app.sql, { professionalId: id }, request.query.date);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { date?: string } }>(
    '/api/institutions/:id/availability',
    async (request, reply) => {
      const id = pathId(request.params.id, appointments.INSTITUTION_NOT_FOUND);
      const result = await appointments.availability(app.sql, { institutionId: id }, request.query.date);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
}

import {
  appointmentAnswer,
  appointmentListAnswer,
  appointmentListQuerySchema,
  appointmentStatusSchema,
  availabilityAnswer,
  availabilityQuerySchema,
  createAppointmentSchema,
  idParams,
} from '@ilera/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/session';
import * as appointments from './appointments.service';

const signedInOnly = { auth: 'user' } as const;

const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/appointments',
    { config: signedInOnly, schema: { body: createAppointmentSchema, response: { 201: appointmentAnswer } } },
    async (request, reply) => reply.status(201).send(await appointments.book(app.sql, signedIn(request), request.body)),
  );

  app.get(
    '/api/appointments/patient/:userId',
    {
      config: signedInOnly,
      schema: { params: z.object({ userId: z.string() }), querystring: appointmentListQuerySchema, response: { 200: appointmentListAnswer } },
    },
    async (request) => appointments.listForPatient(app.sql, signedIn(request), request.params.userId, request.query.status),
  );

  app.put(
    '/api/appointments/:id/status',
    {
      config: signedInOnly,
      schema: { params: idParams(appointments.APPOINTMENT_NOT_FOUND), body: appointmentStatusSchema, response: { 200: appointmentAnswer } },
    },
    async (request) => appointments.changeStatus(app.sql, signedIn(request), request.params.id, request.body.status),
  );

  // The same calls for both kinds of provider.
  const kinds = [
    { path: 'professional', key: 'professionalId', notFound: appointments.PROFESSIONAL_NOT_FOUND },
    { path: 'institution', key: 'institutionId', notFound: appointments.INSTITUTION_NOT_FOUND },
  ] as const;
  for (const { path, key, notFound } of kinds) {
    const provider = (id: number) => ({ [key]: id }) as { professionalId: number } | { institutionId: number };

    app.get(
      `/api/appointments/${path}/:id`,
      {
        config: signedInOnly,
        schema: { params: idParams(notFound), querystring: appointmentListQuerySchema, response: { 200: appointmentListAnswer } },
      },
      async (request) => appointments.listForProvider(app.sql, signedIn(request), provider(request.params.id), request.query.status),
    );

    // Public (D1): the booking dialog greys out taken slots. Nothing about who booked.
    app.get(
      `/api/${path}s/:id/availability`,
      { schema: { params: idParams(notFound), querystring: availabilityQuerySchema, response: { 200: availabilityAnswer } } },
      async (request, reply) => {
        const result = await appointments.availability(app.sql, provider(request.params.id), request.query.date);
        return reply.header('cache-control', 'no-store').send(result);
      },
    );
  }
};

export default appointmentsRoutes;

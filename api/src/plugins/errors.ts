import type { FastifyInstance, FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import { badRequest } from '../validate';

/** The one place errors become HTTP answers: `{ message, fields? }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send(err.fields ? { message: err.message, fields: err.fields } : { message: err.message });
    }
    if (err instanceof ZodError) {
      const bad = badRequest(err);
      return reply.status(400).send({ message: bad.message, fields: bad.fields });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx: bad JSON, body too large, unsupported media type, rate limit.
      const headers = (err as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.status(status).send({ message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}

import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParams, instant } from '@ilera/contracts';
import { registerErrorHandler } from './errors';
import { registerContracts } from './contracts';

/**
 * The route scheme of decision 017 on a bare Fastify app: request parts parsed by their
 * zod schemas with the API's error format, answers written from the answer schema only.
 */
const app = Fastify();
beforeAll(async () => {
  registerErrorHandler(app);
  registerContracts(app);
  const routes: FastifyPluginAsyncZod = async (r) => {
    r.put(
      '/things/:id',
      {
        schema: {
          params: idParams('Thing not found'),
          querystring: z.object({ view: z.enum(['short', 'long'], { errorMap: () => ({ message: 'Choose a view' }) }).default('short') }),
          body: z.object({ name: z.string({ required_error: 'Name is required' }), size: z.number({ required_error: 'Size is required' }) }),
          response: { 200: z.object({ id: z.number(), name: z.string(), view: z.string(), at: instant }) },
        },
      },
      // The handler returns more than the answer declares: a hash, as a careless query might.
      async (request) => ({ ...request.body, id: request.params.id, view: request.query.view, at: new Date('2026-11-23T09:30:00Z'), passwordHash: 'x' }),
    );
  };
  await app.register(routes);
});
afterAll(async () => app.close());

const put = (url: string, payload?: object) => app.inject({ method: 'PUT', url, ...(payload ? { payload } : {}) });

describe('routes that declare their contracts', () => {
  it('answer only the declared fields, Dates as ISO strings', async () => {
    const res = await put('/things/7?view=long', { name: 'Stethoscope', size: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'Stethoscope', view: 'long', at: '2026-11-23T09:30:00.000Z' });
  });

  it('answer a path id that cannot name a row with 404 and the route message', async () => {
    for (const id of ['0', 'abc', '1e3', '2147483648', '12345678901']) {
      const res = await put(`/things/${id}`, { name: 'Stethoscope', size: 2 });
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { message: 'Thing not found' } });
    }
  });

  it('answer a bad body or query with 400 naming every bad field, a missing body included', async () => {
    const missing = await put('/things/7');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Name is required', fields: { name: 'Name is required', size: 'Size is required' } });
    const query = await put('/things/7?view=huge', { name: 'Stethoscope', size: 2 });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ message: 'Choose a view', fields: { view: 'Choose a view' } });
  });
});

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, institutionAnswer, institutionProfileSchema, photoSchema, professionalAnswer, professionalProfileSchema } from '@ilera/contracts';
import { signedIn } from '../../plugins/session';
import * as professionals from '../professionals/professionals.service';
import * as institutions from '../institutions/institutions.service';

const signedInOnly = { auth: 'user' } as const;

/** The profile calls, the same for both kinds (spec §7): read, read by owner, create, edit, photo. */
const kinds = [
  { kind: 'professional', path: 'professionals', area: professionals.area, notFound: professionals.PROFESSIONAL_NOT_FOUND, answer: professionalAnswer, body: professionalProfileSchema },
  { kind: 'institution', path: 'institutions', area: institutions.area, notFound: institutions.INSTITUTION_NOT_FOUND, answer: institutionAnswer, body: institutionProfileSchema },
] as const;

/**
 * Provider profiles. `:id` only matches digits, so /api/{kind}s/search (search area)
 * and /api/{kind}s/{id}/availability (appointments area) are never taken for a profile id.
 */
const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, area, notFound, answer, body, kind } of kinds) {
    const params = idParams(notFound);
    const ok = { 200: answer };
    // The two kinds' services take their own input types; the route's schema parsed the body for its kind.
    const service = area as unknown as typeof professionals.area;

    app.get(`/api/${path}/:id(^\\d+$)`, { schema: { params, response: ok } }, async (request) =>
      service.get(app.sql, request.params.id, await request.currentUser()),
    );

    app.get(`/api/${path}/user/:userId`, { schema: { params: z.object({ userId: z.string() }), response: ok } }, async (request) =>
      service.getOfUser(app.sql, request.params.userId, await request.currentUser()),
    );

    app.post(`/api/${path}`, { config: signedInOnly, schema: { body, response: { 201: answer } } }, async (request, reply) =>
      reply.status(201).send(await service.create(app.sql, signedIn(request), request.body as never)),
    );

    // D9: whether the caller may edit this profile is answered before the body is read, so
    // that someone who may not edit it learns nothing of the body's rules.
    const mayEdit = async (request: FastifyRequest) => {
      const id = (request.params as { id: string }).id;
      if (params.safeParse({ id }).success) await service.assertMayEdit(app.sql, signedIn(request), Number(id));
    };
    app.put(`/api/${path}/:id(^\\d+$)`, { config: signedInOnly, preValidation: mayEdit, schema: { params, body, response: ok } }, async (request) =>
      service.update(app.sql, signedIn(request), request.params.id, request.body as never),
    );

    // Only an account of this kind has a photo here: any other role is 403 (D9), before its body is read.
    app.put(`/api/${path}/photo`, { config: { auth: [kind] }, schema: { body: photoSchema, response: ok } }, async (request) =>
      service.updateOwnPhoto(app.sql, signedIn(request), request.body),
    );
  }
};

export default providersRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuerySchema,
  adminCreateUserAnswer,
  adminCreateUserSchema,
  adminInstitutionAnswer,
  adminListQuerySchema,
  adminLoginAnswer,
  adminLoginSchema,
  adminProfessionalAnswer,
  adminRejectSchema,
  adminReviewAnswer,
  adminStatsAnswer,
  adminVerifyLicenceAnswer,
  adminVerifyLicenceSchema,
  auditPageAnswer,
  changePasswordSchema,
  messageAnswer,
  publicUserAnswer,
  type ProfileStatus,
} from '@ilera/contracts';
import { z } from 'zod';
import { guardRoutes, publicUser, signedIn, signIn, signOut } from '../../plugins/session';
import { limitKey, limits, RateLimiter } from '../../plugins/rate-limit';
import { PASSWORD_CHANGED } from '../auth/auth.service';
import { attemptLimits } from '../auth/auth.routes';
import {
  adminLogin,
  adminLogout,
  auditLog,
  changeAdminPassword,
  createUser,
  getStats,
  profilesByStatus,
  reviewProfile,
  type ReviewAction,
  verifyLicence,
} from './admin.service';

const LOGIN_PATH = '/api/admin/login';

/** The actions parse their id themselves (admin.service parseProfileId): a refused one is audited. */
const rawId = z.object({ id: z.string() });

const kinds = [
  { kind: 'professional', item: adminProfessionalAnswer },
  { kind: 'institution', item: adminInstitutionAnswer },
] as const;

/**
 * Administrator calls (accounts-and-admin.md §7). Every one but login answers
 * 401 when signed out and 403 to a signed-in user who is not an admin (D9):
 * every route of this plugin but login gets the `auth: ['admin']` option.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);
  // The same counters as the public sign-in: the account being tried is the same.
  const login = attemptLimits(limiter, limits.loginPerAddress, limits.loginPerEmail);
  guardRoutes(app, ['admin'], [LOGIN_PATH]);

  app.addHook('onSend', async (_request, reply, payload) => {
    // Admin answers hold personal data: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/user', { schema: { response: { 200: publicUserAnswer } } }, async (request) => publicUser(signedIn(request)));

  app.post(LOGIN_PATH, { preValidation: login.hook, schema: { body: adminLoginSchema, response: { 200: adminLoginAnswer } } }, async (request) => {
    const user = await adminLogin(app.sql, request.body.email, request.body.password);
    await login.refund(request);
    signIn(request, user);
    return { success: true as const, user: publicUser(user), ...publicUser(user) };
  });

  app.post('/api/admin/logout', { schema: { response: { 200: messageAnswer } } }, async (request) => {
    await adminLogout(app.sql, signedIn(request));
    signOut(request);
    return { success: true as const, message: 'Logged out' };
  });

  app.put('/api/admin/change-password', { schema: { body: changePasswordSchema, response: { 200: messageAnswer } } }, async (request) => {
    const admin = signedIn(request);
    const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', admin.id)]]);
    const { sessionVersion } = await changeAdminPassword(deps, admin, request.body);
    await limiter.refund(tickets);
    // Every other session of this admin has ended; this one carries on with a fresh cookie.
    signIn(request, { id: admin.id, sessionVersion });
    return { success: true as const, message: PASSWORD_CHANGED };
  });

  app.post(
    '/api/admin/create-user',
    { schema: { body: adminCreateUserSchema, response: { 201: adminCreateUserAnswer } } },
    async (request, reply) => reply.status(201).send(await createUser(deps, signedIn(request), request.body)),
  );

  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsAnswer } } }, async () => getStats(app.sql));

  // The tab lists (spec §7, plus rejected ones: D5). The answer stays the spec's plain
  // list; paging and search are query parameters, the total is the X-Total-Count header.
  const statuses: ProfileStatus[] = ['pending', 'approved', 'rejected'];
  for (const status of statuses) {
    for (const { kind, item } of kinds) {
      app.get(
        `/api/admin/${status}-${kind}s`,
        { schema: { querystring: adminListQuerySchema, response: { 200: z.array(item) } } },
        async (request, reply) => {
          const { items, total } = await profilesByStatus(app.sql, kind, status, request.query);
          return reply.header('x-total-count', String(total)).send(items as never);
        },
      );
    }
  }

  app.get('/api/admin/audit', { schema: { querystring: adminAuditQuerySchema, response: { 200: auditPageAnswer } } }, async (request) =>
    auditLog(app.sql, request.query.page, request.query.perPage),
  );

  // Issue 18: a professional's licence or an institution's registration, named by its country.
  for (const { kind } of kinds) {
    app.post(
      `/api/admin/${kind}s/:id/licences/verify`,
      { schema: { params: rawId, body: adminVerifyLicenceSchema, response: { 200: adminVerifyLicenceAnswer } } },
      async (request) => ({ success: true as const, ...(await verifyLicence(deps, signedIn(request), kind, request.params.id, request.body)) }),
    );
  }

  const actions: ReviewAction[] = ['approve', 'reject', 'withdraw', 'reopen'];
  for (const action of actions) {
    for (const { kind } of kinds) {
      app.post(
        `/api/admin/${action}-${kind}/:id`,
        {
          schema: {
            params: rawId,
            ...(action === 'reject' ? { body: adminRejectSchema } : {}),
            response: { 200: adminReviewAnswer },
          },
        },
        async (request) => {
          const reason = action === 'reject' ? (request.body as { reason: string }).reason : undefined;
          const result = await reviewProfile(deps, signedIn(request), kind, action, request.params.id, reason);
          return { success: true as const, ...result };
        },
      );
    }
  }
};

export default adminRoutes;

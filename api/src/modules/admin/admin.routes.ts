import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminAuditQuerySchema,
  adminCreateUserSchema,
  adminListQuerySchema,
  adminLoginSchema,
  adminRejectSchema,
  adminVerifyLicenceSchema,
  changePasswordSchema,
} from '@ilera/contracts';
import { parse } from '../../validate';
import { publicUser, requireRole, signIn, signOut, type SessionUser } from '../../plugins/session';
import { limitKey, limits, RateLimiter } from '../../plugins/rate-limit';
import { PASSWORD_CHANGED } from '../auth/auth.service';
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
  type ReviewKind,
  verifyLicence,
} from './admin.service';
import type { ProfileStatus } from './admin.repo';

const LOGIN_PATH = '/api/admin/login';

/** The admin the guard found for this request. */
const admins = new WeakMap<FastifyRequest, SessionUser>();
function adminOf(request: FastifyRequest): SessionUser {
  const admin = admins.get(request);
  if (!admin) throw new Error('admin guard did not run');
  return admin;
}

/**
 * Administrator calls (accounts-and-admin.md §7). Every one but login answers
 * 401 when signed out and 403 to a signed-in user who is not an admin (D9):
 * the guard runs before any handler of this plugin.
 */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);

  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === LOGIN_PATH) return;
    admins.set(request, await requireRole(request, 'admin'));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    // Admin answers hold personal data: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/user', async (request) => publicUser(adminOf(request)));

  app.post(LOGIN_PATH, async (request) => {
    // The same counters as the public sign-in: the account being tried is the same.
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const tickets = await limiter.consume([
      [limits.loginPerAddress, limitKey('ip', request.ip)],
      [limits.loginPerEmail, limitKey('email', typeof email === 'string' ? email : '')],
    ]);
    const input = parse(adminLoginSchema, request.body);
    const user = await adminLogin(app.sql, input.email, input.password);
    await limiter.refund(tickets);
    signIn(request, user);
    return { success: true, user: publicUser(user), ...publicUser(user) };
  });

  app.post('/api/admin/logout', async (request) => {
    await adminLogout(app.sql, adminOf(request));
    signOut(request);
    return { success: true, message: 'Logged out' };
  });

  app.put('/api/admin/change-password', async (request) => {
    const admin = adminOf(request);
    const input = parse(changePasswordSchema, request.body);
    const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', admin.id)]]);
    const { sessionVersion } = await changeAdminPassword(deps, admin, input);
    await limiter.refund(tickets);
    // Every other session of this admin has ended; this one carries on with a fresh cookie.
    signIn(request, { id: admin.id, sessionVersion });
    return { success: true, message: PASSWORD_CHANGED };
  });

  app.post('/api/admin/create-user', async (request, reply) => {
    const input = parse(adminCreateUserSchema, request.body);
    const result = await createUser(deps, adminOf(request), input);
    return reply.status(201).send(result);
  });

  app.get('/api/admin/stats', async () => getStats(app.sql));

  // The tab lists (spec §7, plus rejected ones: D5). The answer stays the spec's plain
  // list; paging and search are query parameters, the total is the X-Total-Count header.
  const statuses: ProfileStatus[] = ['pending', 'approved', 'rejected'];
  for (const status of statuses) {
    for (const kind of ['professional', 'institution'] as const) {
      app.get(`/api/admin/${status}-${kind}s`, async (request, reply) => {
        const { items, total } = await profilesByStatus(app.sql, kind, status, parse(adminListQuerySchema, request.query));
        return reply.header('x-total-count', String(total)).send(items);
      });
    }
  }

  app.get('/api/admin/audit', async (request) => {
    const { page, perPage } = parse(adminAuditQuerySchema, request.query);
    return auditLog(app.sql, page, perPage);
  });

  const kinds: ReviewKind[] = ['professional', 'institution'];
  // Issue 18: a professional's licence or an institution's registration, named by its country.
  for (const kind of kinds) {
    app.post<{ Params: { id: string } }>(`/api/admin/${kind}s/:id/licences/verify`, async (request) => {
      const input = parse(adminVerifyLicenceSchema, request.body ?? {});
      return { success: true, ...(await verifyLicence(deps, adminOf(request), kind, request.params.id, input)) };
    });
  }

  const actions: ReviewAction[] = ['approve', 'reject', 'withdraw', 'reopen'];
  for (const action of actions) {
    for (const kind of kinds) {
      app.post<{ Params: { id: string } }>(`/api/admin/${action}-${kind}/:id`, async (request) => {
        const reason = action === 'reject' ? parse(adminRejectSchema, request.body).reason : undefined;
        const result = await reviewProfile(deps, adminOf(request), kind, action, request.params.id, reason);
        return { success: true, ...result };
      });
    }
  }
}

import type { FastifyInstance } from 'fastify';
import { deleteAccountSchema, updateAccountSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { requireUser, signOut } from '../../plugins/session';
import { limitKey, limits, RateLimiter } from '../../plugins/rate-limit';
import * as account from './account.service';

/**
 * The signed-in user's own account, whatever the role (issue 14; D21). Every call
 * answers 401 when signed out; each acts only on the session's own user, so there
 * is no one else's account to reach.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);

  app.addHook('onSend', async (request, reply, payload) => {
    // Personal data: never kept by a shared cache.
    if (request.routeOptions.url?.startsWith('/api/account')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/account', async (request) => account.getAccount(app.sql, await requireUser(request)));

  app.put('/api/account', async (request) => {
    const user = await requireUser(request);
    return account.updateAccount(app.sql, user, parse(updateAccountSchema, request.body));
  });

  app.post('/api/account/sign-out-everywhere', async (request) => {
    const user = await requireUser(request);
    await account.signOutEverywhere(app.sql, user);
    signOut(request);
    return { success: true, message: 'You have been signed out on every device.' };
  });

  app.get('/api/account/export', async (request, reply) => {
    const data = await account.exportAccount(app.sql, await requireUser(request));
    return reply.header('content-disposition', 'attachment; filename="ilera-my-data.json"').send(data);
  });

  app.delete('/api/account', async (request) => {
    const user = await requireUser(request);
    const { password } = parse(deleteAccountSchema, request.body);
    // A stolen session must not be able to guess the password here either.
    const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', `delete-${user.id}`)]]);
    await account.deleteAccount(deps, user, password);
    await limiter.refund(tickets);
    signOut(request);
    return { success: true, message: 'Your account has been deleted.' };
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAnswer, accountExportAnswer, deleteAccountSchema, messageAnswer, updateAccountSchema } from '@ilera/contracts';
import { guardRoutes, signedIn, signOut } from '../../plugins/session';
import { limitKey, limits, RateLimiter } from '../../plugins/rate-limit';
import * as account from './account.service';
import { rememberLocale } from '../i18n/locale';

/**
 * The signed-in user's own account, whatever the role (issue 14; D21). Every call
 * answers 401 when signed out; each acts only on the session's own user, so there
 * is no one else's account to reach.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, appUrl: app.config.appUrl };
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);
  guardRoutes(app, 'user');

  app.addHook('onSend', async (request, reply, payload) => {
    // Personal data: never kept by a shared cache.
    if (request.routeOptions.url?.startsWith('/api/account')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/account', { schema: { response: { 200: accountAnswer } } }, async (request) =>
    account.getAccount(app.sql, signedIn(request)),
  );

  // Issue 50: a language chosen (or un-chosen) here is also the menu's cookie, so the site follows it at once.
  app.put('/api/account', { schema: { body: updateAccountSchema, response: { 200: accountAnswer } } }, async (request, reply) => {
    const answer = await account.updateAccount(app.sql, signedIn(request), request.body);
    if (request.body.language !== undefined) rememberLocale(reply, answer.language);
    return answer;
  });

  app.post('/api/account/sign-out-everywhere', { schema: { response: { 200: messageAnswer } } }, async (request) => {
    await account.signOutEverywhere(app.sql, signedIn(request));
    signOut(request);
    return { success: true as const, message: 'You have been signed out on every device.' };
  });

  app.get('/api/account/export', { schema: { response: { 200: accountExportAnswer } } }, async (request, reply) => {
    const data = await account.exportAccount(app.sql, signedIn(request));
    return reply.header('content-disposition', 'attachment; filename="ilera-my-data.json"').send(data);
  });

  app.delete('/api/account', { schema: { body: deleteAccountSchema, response: { 200: messageAnswer } } }, async (request) => {
    const user = signedIn(request);
    // A stolen session must not be able to guess the password here either.
    const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', `delete-${user.id}`)]]);
    await account.deleteAccount(deps, user, request.body.password);
    await limiter.refund(tickets);
    signOut(request);
    return { success: true as const, message: 'Your account has been deleted.' };
  });
};

export default accountRoutes;

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  safeReturnPath,
  changePasswordSchema,
  forgotPasswordSchema,
  loginAnswer,
  loginSchema,
  messageAnswer,
  publicUserAnswer,
  registerAnswer,
  registerInstitutionSchema,
  registerPatientSchema,
  registerProfessionalSchema,
  resetPasswordSchema,
  resetTokenAnswer,
} from '@ilera/contracts';
import { publicUser, signedIn, signIn, signOut } from '../../plugins/session';
import { accountLanguage } from '../account/account.repo';
import { rememberLocale } from '../i18n/locale';
import { limitKey, limits, RateLimiter, type Limit, type Ticket } from '../../plugins/rate-limit';
import {
  authenticate,
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  RESET_EMAIL_SENT,
  resetPassword,
  sendPasswordResetMail,
  validateResetToken,
} from './auth.service';
import { registerInstitution, registerPatient, registerProfessional } from './register.service';
import { changeOwnPassword } from '../admin/admin.service';

/** The e-mail of a body, for the per-e-mail limit, before validation (a bad body still counts). */
export function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * Per-address and per-e-mail attempt limits, counted before the body is validated (a bad
 * body still counts): a route's preValidation hook. `ticketsOf` gives a successful
 * attempt's tickets back (thousands of people sign in from one carrier address).
 */
export function attemptLimits(limiter: RateLimiter, address: Limit, email?: Limit) {
  const tickets = new WeakMap<FastifyRequest, Ticket[]>();
  return {
    hook: async (request: FastifyRequest) => {
      const checks: [Limit, string][] = [[address, limitKey('ip', request.ip)]];
      if (email) checks.push([email, limitKey('email', bodyEmail(request))]);
      tickets.set(request, await limiter.consume(checks));
    },
    refund: (request: FastifyRequest) => limiter.refund(tickets.get(request) ?? []),
  };
}

const signedInOnly = { auth: 'user' } as const;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);
  const login = attemptLimits(limiter, limits.loginPerAddress, limits.loginPerEmail);
  const register = attemptLimits(limiter, limits.registerPerAddress, limits.registerPerEmail);
  const forgot = attemptLimits(limiter, limits.forgotPerAddress, limits.forgotPerEmail);
  const reset = attemptLimits(limiter, limits.resetPerAddress);

  // Forgot-password mails are prepared after the answer (same answer, same time,
  // whether or not the account exists); closing the app waits for them.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.get('/api/auth/user', { config: signedInOnly, schema: { response: { 200: publicUserAnswer } } }, async (request) =>
    publicUser(signedIn(request)),
  );

  // ---------------------------------------------------------------- sign-in

  app.post('/api/auth/login', { preValidation: login.hook, schema: { body: loginSchema, response: { 200: loginAnswer } } }, async (request, reply) => {
    // Only failed sign-ins count: a successful one gives its tickets back.
    const user = await authenticate(app.sql, request.body.email, request.body.password);
    await login.refund(request);
    signIn(request, user);
    // Issue 50: the language chosen in Account settings becomes this browser's (the menu's cookie).
    const language = await accountLanguage(app.sql, user.id);
    if (language) rememberLocale(reply, language);
    return { user: publicUser(user), ...publicUser(user) };
  });

  // PRODUCT.md D3: there is no third-party identity provider.
  // A same-site `next` path is passed on, so sign-in comes back to it (issue 14).
  app.get('/api/login', { schema: { querystring: z.object({ next: z.unknown() }) } }, async (request, reply) => {
    const next = safeReturnPath(request.query.next);
    return reply.redirect(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  });

  app.get('/api/logout', async (request, reply) => {
    signOut(request);
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  // ---------------------------------------------------------------- registration

  const registrations = [
    { kind: 'patient', body: registerPatientSchema, run: registerPatient, message: 'Registration successful' },
    { kind: 'professional', body: registerProfessionalSchema, run: registerProfessional, message: 'Application submitted for approval' },
    { kind: 'institution', body: registerInstitutionSchema, run: registerInstitution, message: 'Application submitted for approval' },
  ] as const;
  for (const { kind, body, run, message } of registrations) {
    app.post(
      `/api/register/${kind}`,
      { preValidation: register.hook, schema: { body, response: { 201: registerAnswer } } },
      async (request, reply) => {
        const result = await run(app.sql, request.body as never);
        return reply.status(201).send({ success: true as const, message, ...result });
      },
    );
  }

  // ---------------------------------------------------------------- passwords

  app.put(
    '/api/auth/change-password',
    { config: signedInOnly, schema: { body: changePasswordSchema, response: { 200: messageAnswer } } },
    async (request) => {
      const user = signedIn(request);
      const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', user.id)]]);
      const { sessionVersion } = await changeOwnPassword({ sql: app.sql, appUrl: app.config.appUrl }, user, request.body);
      await limiter.refund(tickets);
      // Every other session of the user has ended; this one carries on with a fresh cookie.
      signIn(request, { id: user.id, sessionVersion });
      return { success: true as const, message: PASSWORD_CHANGED };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { preValidation: forgot.hook, schema: { body: forgotPasswordSchema, response: { 200: messageAnswer } } },
    async (request) => {
      const task = sendPasswordResetMail({ sql: app.sql, mailQueue: app.queues.mail, appUrl: app.config.appUrl }, request.body.email)
        .catch((err: Error) => {
          // Never the address or the token: only that it failed.
          request.log.error({ err: { type: err.name, message: err.message } }, 'password reset mail not queued');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
      return { success: true as const, message: RESET_EMAIL_SENT };
    },
  );

  app.get(
    '/api/auth/validate-reset-token/:token',
    { schema: { params: z.object({ token: z.string() }), response: { 200: resetTokenAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return validateResetToken(app.sql, request.params.token.slice(0, 512));
    },
  );

  app.post(
    '/api/auth/reset-password',
    { preValidation: reset.hook, schema: { body: resetPasswordSchema, response: { 200: messageAnswer } } },
    async (request) => {
      await resetPassword(app.sql, request.body.token, request.body.newPassword);
      return { success: true as const, message: PASSWORD_RESET_DONE };
    },
  );
};

export default authRoutes;

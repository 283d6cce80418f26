import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  safeReturnPath,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerInstitutionSchema,
  registerPatientSchema,
  registerProfessionalSchema,
  resetPasswordSchema,
} from '@ilera/contracts';
import { parse } from '../../validate';
import { publicUser, requireUser, signIn, signOut } from '../../plugins/session';
import { limitKey, limits, RateLimiter, type Limit } from '../../plugins/rate-limit';
import {
  authenticate,
  changePassword,
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  RESET_EMAIL_SENT,
  resetPassword,
  sendPasswordResetMail,
  validateResetToken,
} from './auth.service';
import { registerInstitution, registerPatient, registerProfessional } from './register.service';

/** The e-mail of a body, for the per-e-mail limit, before validation (a bad body still counts). */
function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);
  const perAddressAndEmail = (request: FastifyRequest, address: Limit, email: Limit) =>
    limiter.consume([
      [address, limitKey('ip', request.ip)],
      [email, limitKey('email', bodyEmail(request))],
    ]);

  // Forgot-password mails are prepared after the answer (same answer, same time,
  // whether or not the account exists); closing the app waits for them.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.get('/api/auth/user', async (request) => publicUser(await requireUser(request)));

  // ---------------------------------------------------------------- sign-in

  app.post('/api/auth/login', async (request) => {
    // Only failed sign-ins count: a successful one gives its tickets back
    // (thousands of people sign in from one carrier address).
    const tickets = await perAddressAndEmail(request, limits.loginPerAddress, limits.loginPerEmail);
    const { email, password } = parse(loginSchema, request.body);
    const user = await authenticate(app.sql, email, password);
    await limiter.refund(tickets);
    signIn(request, user);
    return { user: publicUser(user), ...publicUser(user) };
  });

  // PRODUCT.md D3: there is no third-party identity provider.
  // A same-site `next` path is passed on, so sign-in comes back to it (issue 14).
  app.get<{ Querystring: { next?: string } }>('/api/login', async (request, reply) => {
    const next = safeReturnPath(request.query.next);
    return reply.redirect(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  });

  app.get('/api/logout', async (request, reply) => {
    signOut(request);
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  // ---------------------------------------------------------------- registration

  app.post('/api/register/patient', async (request, reply) => {
    await perAddressAndEmail(request, limits.registerPerAddress, limits.registerPerEmail);
    const input = parse(registerPatientSchema, request.body);
    const result = await registerPatient(app.sql, input);
    return reply.status(201).send({ success: true, message: 'Registration successful', ...result });
  });

  app.post('/api/register/professional', async (request, reply) => {
    await perAddressAndEmail(request, limits.registerPerAddress, limits.registerPerEmail);
    const input = parse(registerProfessionalSchema, request.body);
    const result = await registerProfessional(app.sql, input);
    return reply.status(201).send({ success: true, message: 'Application submitted for approval', ...result });
  });

  app.post('/api/register/institution', async (request, reply) => {
    await perAddressAndEmail(request, limits.registerPerAddress, limits.registerPerEmail);
    const input = parse(registerInstitutionSchema, request.body);
    const result = await registerInstitution(app.sql, input);
    return reply.status(201).send({ success: true, message: 'Application submitted for approval', ...result });
  });

  // ---------------------------------------------------------------- passwords

  app.put('/api/auth/change-password', async (request) => {
    const user = await requireUser(request);
    const { currentPassword, newPassword } = parse(changePasswordSchema, request.body);
    const tickets = await limiter.consume([[limits.changePasswordPerUser, limitKey('user', user.id)]]);
    const { sessionVersion } = await changePassword(app.sql, user.id, currentPassword, newPassword);
    await limiter.refund(tickets);
    // Every other session of the user has ended; this one carries on with a fresh cookie.
    signIn(request, { id: user.id, sessionVersion });
    return { success: true, message: PASSWORD_CHANGED };
  });

  app.post('/api/auth/forgot-password', async (request) => {
    await perAddressAndEmail(request, limits.forgotPerAddress, limits.forgotPerEmail);
    const { email } = parse(forgotPasswordSchema, request.body);
    const task = sendPasswordResetMail(
      { sql: app.sql, mailQueue: app.queues.mail, appUrl: app.config.appUrl },
      email,
    )
      .catch((err: Error) => {
        // Never the address or the token: only that it failed.
        request.log.error({ err: { type: err.name, message: err.message } }, 'password reset mail not queued');
      })
      .finally(() => pending.delete(task));
    pending.add(task);
    return { success: true, message: RESET_EMAIL_SENT };
  });

  app.get<{ Params: { token: string } }>('/api/auth/validate-reset-token/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return validateResetToken(app.sql, request.params.token.slice(0, 512));
  });

  app.post('/api/auth/reset-password', async (request) => {
    await limiter.consume([[limits.resetPerAddress, limitKey('ip', request.ip)]]);
    const { token, newPassword } = parse(resetPasswordSchema, request.body);
    await resetPassword(app.sql, token, newPassword);
    return { success: true, message: PASSWORD_RESET_DONE };
  });
}

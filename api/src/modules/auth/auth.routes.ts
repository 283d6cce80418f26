import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@ilera/contracts';
import { parse } from '../../validate';
import { publicUser, requireUser, signIn, signOut } from '../../plugins/session';
import { authenticate } from './auth.service';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/auth/user', async (request) => publicUser(await requireUser(request)));

  app.post('/api/auth/login', async (request) => {
    const { email, password } = parse(loginSchema, request.body);
    const user = await authenticate(app.sql, email, password);
    signIn(request, user);
    return { user: publicUser(user), ...publicUser(user) };
  });

  // PRODUCT.md D3: there is no third-party identity provider.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));

  app.get('/api/logout', async (request, reply) => {
    signOut(request);
    return reply.redirect('/');
  });
}

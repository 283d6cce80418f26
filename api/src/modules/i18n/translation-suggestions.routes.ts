import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTranslationSuggestionsAnswer,
  adminTranslationSuggestionsQuerySchema,
  translationSuggestionAnswer,
  translationSuggestionCreatedAnswer,
  translationSuggestionMarkSchema,
  translationSuggestionSchema,
} from '@ilera/contracts';
import { isLocale } from '@ilera/contracts/locales';
import { renderSuggestionPage, sitePath } from './translation-suggestions.page';
import { signedIn } from '../../plugins/session';
import { markSuggestion, suggestionList, suggestTranslation } from './translation-suggestions.service';

const formBody = z.record(z.string(), z.unknown());

/**
 * "Suggest a better translation" (issue 50, decision 046, migration 075):
 * - GET /suggest-translation?lang=ha&page=/ha/search: the form, one HTML document (no script);
 * - POST /suggest-translation: the form's own post (form-encoded): 303 to the thank-you page, or the form
 *   again, 400, with the refused field's message beside it;
 * - POST /api/translation-suggestions: the same as JSON (201 {id}; 400 {message, fields});
 * - GET /api/admin/translation-suggestions: admins' list, newest first (`?locale=`, `?status=`);
 * - PUT /api/admin/translation-suggestions/{id}/status: an admin marks an open one done or dismissed, audited.
 * Both posts count against the suggestion limits (plugins/rate-limit.ts); anyone may send, signed in or not.
 */
const translationSuggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes read form bodies (encapsulated).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/suggest-translation', { schema: { querystring: formBody } }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The app's policy (helmet) is no-referrer, under which Chromium posts a form with `Origin: null`, which
      // the cross-site check (plugins/origin.ts) refuses: this page names its own origin to itself.
      .header('referrer-policy', 'same-origin')
      .send(renderSuggestionPage({ locale: isLocale(q.lang) ? q.lang : null, page: sitePath(str(q.page)), sent: q.sent === '1' }));
  });

  app.post('/suggest-translation', { schema: { body: formBody } }, async (request, reply) => {
    const form = request.body;
    const parsed = translationSuggestionSchema.safeParse(form);
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return reply
        .status(400)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .send(
          renderSuggestionPage({
            locale: isLocale(form.locale) ? form.locale : null,
            page: sitePath(str(form.page)),
            shown: str(form.shown),
            suggestion: str(form.suggestion),
            errors,
          }),
        );
    }
    const user = await request.currentUser();
    await suggestTranslation(app.sql, parsed.data, user?.id ?? null);
    return reply.redirect(`/suggest-translation?lang=${parsed.data.locale}&sent=1&page=${encodeURIComponent(parsed.data.page)}`, 303);
  });

  app.post(
    '/api/translation-suggestions',
    { schema: { body: translationSuggestionSchema, response: { 201: translationSuggestionCreatedAnswer } } },
    async (request, reply) => {
      const user = await request.currentUser();
      return reply.status(201).send(await suggestTranslation(app.sql, request.body, user?.id ?? null));
    },
  );

  app.get(
    '/api/admin/translation-suggestions',
    { config: { auth: ['admin'] }, schema: { querystring: adminTranslationSuggestionsQuerySchema, response: { 200: adminTranslationSuggestionsAnswer } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await suggestionList(app.sql, request.query)),
  );

  app.put(
    '/api/admin/translation-suggestions/:id/status',
    {
      config: { auth: ['admin'] },
      schema: { params: z.object({ id: z.string() }), body: translationSuggestionMarkSchema, response: { 200: translationSuggestionAnswer } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await markSuggestion(app.sql, signedIn(request), request.params.id, request.body)),
  );
};

export default translationSuggestionsRoutes;

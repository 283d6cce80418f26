import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sql } from '@ilera/db';
import { textPreferencesAnswer, textPreferencesSchema } from '@ilera/contracts';
import { guardRoutes, signedIn } from '../../plugins/session';

async function preferences(sql: Sql, userId: string) {
  const [row] = await sql<{ textChannel: 'sms' | 'whatsapp' | 'none'; mobile: string | null; whatsappOptedInAt: Date | null; phone: string | null; optedOut: boolean }[]>`
    SELECT u.text_channel, u.phone AS mobile, u.whatsapp_opted_in_at, last.phone,
      EXISTS (SELECT 1 FROM text_opt_outs o WHERE o.phone_e164 = last.phone AND o.opted_in_at IS NULL) AS opted_out
    FROM users u
    LEFT JOIN LATERAL (
      SELECT patient_phone_e164 AS phone FROM appointments WHERE patient_id = u.id AND patient_phone_e164 IS NOT NULL
      ORDER BY created_at DESC LIMIT 1
    ) last ON true
    WHERE u.id = ${userId}`;
  return { ...row!, whatsappOptedInAt: row!.whatsappOptedInAt?.toISOString() ?? null };
}

/**
 * The signed-in patient's choice of texts (issue 36, D24): SMS (default), WhatsApp (the opt-in
 * is recorded with its time, as WhatsApp's policy requires) or none. E-mail is always sent.
 * `mobile`, when given, is the account's phone (kept as typed, refused unless it reads as a
 * number we can text): the booking form starts with it, and a booking's texts go to its number.
 */
const textPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, 'user');

  app.get('/api/account/text-preferences', { schema: { response: { 200: textPreferencesAnswer } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return preferences(app.sql, signedIn(request).id);
  });

  app.put(
    '/api/account/text-preferences',
    { schema: { body: textPreferencesSchema, response: { 200: textPreferencesAnswer } } },
    async (request, reply) => {
      const user = signedIn(request);
      const { textChannel, mobile } = request.body;
      // Choosing WhatsApp records the consent once; leaving it withdraws it.
      await app.sql`
        UPDATE users SET text_channel = ${textChannel},
          whatsapp_opted_in_at = CASE WHEN ${textChannel} = 'whatsapp' THEN coalesce(whatsapp_opted_in_at, now()) END,
          phone = coalesce(${mobile?.trim() ?? null}, phone),
          updated_at = CASE WHEN ${mobile ?? null}::text IS NULL THEN updated_at ELSE now() END
        WHERE id = ${user.id}`;
      reply.header('cache-control', 'no-store');
      return preferences(app.sql, user.id);
    },
  );
};

export default textPreferencesRoutes;

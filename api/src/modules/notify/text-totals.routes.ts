import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textTotalsAnswer, textTotalsQuery } from '@ilera/contracts';
import { guardRoutes } from '../../plugins/session';

/**
 * Texts sent, delivered and what they cost, per channel, for administrators (issue 36): totals
 * only; no number and no body leaves (text_messages holds no body at all).
 */
const textTotalsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardRoutes(app, ['admin']);

  app.get('/api/admin/texts', { schema: { querystring: textTotalsQuery, response: { 200: textTotalsAnswer } } }, async (request, reply) => {
    const since = new Date(Date.now() - request.query.days * 86400_000);
    const rows = await app.sql<{ channel: 'sms' | 'whatsapp'; total: number; sent: number; failed: number; delivered: number; read: number; undelivered: number }[]>`
      SELECT channel, count(*)::int AS total,
        count(*) FILTER (WHERE status = 'sent')::int AS sent,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE delivery_status = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE delivery_status = 'read')::int AS read,
        count(*) FILTER (WHERE delivery_status = 'failed')::int AS undelivered
      FROM text_messages WHERE created_at >= ${since}
      GROUP BY channel ORDER BY channel`;
    // Costs as the provider writes them ('NGN 2.2000'), summed exactly per currency.
    const costs = await app.sql<{ channel: string; currency: string; amount: string }[]>`
      SELECT channel, split_part(cost, ' ', 1) AS currency, sum(split_part(cost, ' ', 2)::numeric)::text AS amount
      FROM text_messages
      WHERE created_at >= ${since} AND cost ~ '^[A-Z]{3} [0-9]+(\\.[0-9]+)?$'
      GROUP BY 1, 2`;
    reply.header('cache-control', 'no-store');
    return {
      since: since.toISOString(),
      channels: rows.map((r) => ({
        ...r,
        cost: Object.fromEntries(costs.filter((c) => c.channel === r.channel).map((c) => [c.currency, c.amount])),
      })),
    };
  });
};

export default textTotalsRoutes;

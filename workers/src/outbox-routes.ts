import { z } from 'zod';
import { queueNames, type QueueName } from './queues';
import { BULK_REINDEX_TOPIC, bulkReindexPayload } from './care-reindex';

// Workers read ids with Number(), so a digit string is as good as a number.
const id = z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number().int().positive());
const mail = z
  .object({
    to: z.string().min(1),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    attachments: z.array(z.object({ filename: z.string(), content: z.string(), contentType: z.string().optional() })).optional(),
  })
  .passthrough();

/**
 * Every topic the relay knows, the queue it goes to and the payload shape its
 * worker needs. A row that fits none is refused here, once, rather than failing
 * eight times in its worker or holding the relay's batch back.
 */
const routes: Record<string, { queue: QueueName; payload: z.ZodTypeAny }> = {
  'search.professional': { queue: queueNames.index, payload: z.object({ id }).passthrough() },
  'search.institution': { queue: queueNames.index, payload: z.object({ id }).passthrough() },
  // Issue 45: many providers at once (a public holiday, a deleted payer), one job on the maintenance queue.
  [BULK_REINDEX_TOPIC]: { queue: queueNames.maintenance, payload: bulkReindexPayload },
  'mail.send': { queue: queueNames.mail, payload: mail },
  // Answers to replies (api/src/modules/notify): E.164 numbers only.
  'text.send': {
    queue: queueNames.texts,
    payload: z.object({ to: z.string().regex(/^\+\d{8,15}$/), body: z.string().min(1), channel: z.enum(['sms', 'whatsapp']), kind: z.string().min(1) }).passthrough(),
  },
  // `status`: pending (a request) or confirmed (instant booking) when it was made; events written before it carry none.
  'appointment.booked': {
    queue: queueNames.notify,
    payload: z.object({ appointmentId: id, status: z.enum(['pending', 'confirmed']).optional() }).passthrough(),
  },
  'appointment.status': {
    queue: queueNames.notify,
    payload: z.object({ appointmentId: id, status: z.string().min(1), by: z.string().optional() }).passthrough(),
  },
};

export type Route = { ok: true; queue: QueueName } | { ok: false; error: string };

/**
 * Where an outbox row goes, or why it cannot go anywhere. The error names the
 * fields at fault, never their values: payloads hold e-mail addresses and names.
 */
export function routeOutboxRow(topic: string, payload: unknown): Route {
  const route = routes[topic];
  if (!route) return { ok: false, error: `No queue for topic ${JSON.stringify(topic)}` };
  const parsed = route.payload.safeParse(payload);
  if (parsed.success) return { ok: true, queue: route.queue };
  const problems = parsed.error.issues.map((i) => `${['payload', ...i.path].join('.')}: ${i.message}`);
  return { ok: false, error: `Bad payload for ${topic}: ${problems.join('; ')}` };
}

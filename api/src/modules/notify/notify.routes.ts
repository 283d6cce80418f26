import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { toE164 } from '@ilera/contracts';
import { NotFoundError, UnauthorizedError } from '../../errors';
import { deliveryStatus, handleReply, recordDelivery } from './notify.service';
import { smsSearchOf } from '../ussd/sms-search';
import { smsSearchFor } from '../ussd/ussd.routes';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Replies to our texts (issue 36). Each provider calls its own URL:
 * - SMS (Africa's Talking's incoming-message callback, form-encoded `from`, `to`, `text`, `date`, `id`):
 *   it signs nothing, so the callback URL carries our shared secret (`?secret=`, TEXT_INBOUND_SECRET).
 * - WhatsApp (Cloud API webhook, JSON `entry[].changes[].value.messages[]`): signed with the app
 *   secret in X-Hub-Signature-256 (HMAC-SHA256 of the raw body, WHATSAPP_APP_SECRET); the set-up
 *   GET echoes hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN.
 * A channel without its secret has no webhook (404). The answer is 200 once the reply is
 * applied; a provider retries anything else. Neither the number nor the text is logged.
 * Delivery reports: Africa's Talking posts them to its own URL (`/api/notify/delivery/sms`,
 * form-encoded `id`, `status`, `phoneNumber`, `failureReason`, same secret); WhatsApp sends
 * `statuses[]` on the same webhook as messages. Each marks our text by the provider's id.
 */
const notifyRoutes: FastifyPluginAsync = async (app) => {
  const { texts, appUrl } = app.config;
  // Both bodies are read raw: the form for Africa's Talking, the exact bytes for WhatsApp's signature.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'application/json'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  /** The SMS secret, checked the same way for replies and delivery reports. */
  const checkSmsSecret = (request: { query: unknown; headers: Record<string, unknown> }) => {
    if (!texts.inboundSecret) throw new NotFoundError('Not found');
    const secret = (request.query as { secret?: string }).secret ?? request.headers['x-ilera-secret'];
    if (typeof secret !== 'string' || !same(secret, texts.inboundSecret)) throw new UnauthorizedError();
  };

  app.post('/api/notify/inbound/sms', async (request) => {
    checkSmsSecret(request);
    const form = new URLSearchParams(String(request.body ?? ''));
    const phone = toE164(form.get('from'));
    if (!phone) return { ok: true, outcome: 'ignored' };
    // Issue 49: a search (HOSPITAL IKEJA, HELP) is answered with the nearest matches; anything else is a reply.
    const search = smsSearchOf(form.get('text') ?? '');
    if (search) return { ok: true, outcome: await smsSearchFor(app, phone, search) };
    return { ok: true, outcome: await handleReply(app.sql, phone, form.get('text') ?? '', 'sms', appUrl) };
  });

  app.post('/api/notify/delivery/sms', async (request) => {
    checkSmsSecret(request);
    const form = new URLSearchParams(String(request.body ?? ''));
    const id = form.get('id');
    const status = deliveryStatus('sms', form.get('status') ?? '');
    if (!id || !status) return { ok: true, recorded: false };
    return { ok: true, recorded: await recordDelivery(app.sql, 'sms', id, status, form.get('failureReason')) };
  });

  app.get('/api/notify/inbound/whatsapp', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (!texts.whatsappVerifyToken || q['hub.mode'] !== 'subscribe' || !same(q['hub.verify_token'] ?? '', texts.whatsappVerifyToken)) {
      throw new UnauthorizedError();
    }
    return reply.type('text/plain').send(q['hub.challenge'] ?? '');
  });

  app.post('/api/notify/inbound/whatsapp', async (request) => {
    if (!texts.whatsappAppSecret) throw new NotFoundError('Not found');
    const raw = String(request.body ?? '');
    const expected = `sha256=${createHmac('sha256', texts.whatsappAppSecret).update(raw).digest('hex')}`;
    const signature = request.headers['x-hub-signature-256'];
    if (typeof signature !== 'string' || !same(signature, expected)) throw new UnauthorizedError();
    let payload: {
      entry?: {
        changes?: {
          value?: {
            messages?: { from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[];
            statuses?: { id?: string; status?: string; errors?: { code?: number }[] }[];
          };
        }[];
      }[];
    };
    try {
      payload = JSON.parse(raw);
    } catch {
      return { ok: true, outcome: 'ignored' };
    }
    const outcomes: string[] = [];
    const delivery: boolean[] = [];
    for (const entry of payload.entry ?? []) {
      for (const change of entry.changes ?? []) {
        // Delivery statuses come on the same webhook, without messages.
        for (const s of change.value?.statuses ?? []) {
          const status = deliveryStatus('whatsapp', s.status ?? '');
          const code = s.errors?.[0]?.code;
          if (s.id && status) delivery.push(await recordDelivery(app.sql, 'whatsapp', s.id, status, code === undefined ? null : String(code)));
        }
        for (const message of change.value?.messages ?? []) {
          const phone = toE164(`+${message.from ?? ''}`);
          const text = message.text?.body ?? message.button?.text ?? '';
          if (phone) outcomes.push(await handleReply(app.sql, phone, text, 'whatsapp', appUrl));
        }
      }
    }
    return { ok: true, outcomes, ...(delivery.length > 0 ? { delivery } : {}) };
  });
};

export default notifyRoutes;

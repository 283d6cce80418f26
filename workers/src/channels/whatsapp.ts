import { PermanentTextError, withoutNumbers, type TextSender } from './types';

/**
 * WhatsApp through Meta's WhatsApp Cloud API (Graph API v21.0 by default, WHATSAPP_API_URL):
 * POST {apiUrl}/{phone number id}/messages with `Authorization: Bearer <token>` and a JSON
 * body. A message the business starts must be an approved template
 * (`type: 'template'`, its body parameters in order); a free-form `text` is allowed only
 * within 24 hours of the patient's last message, which is when we answer a reply.
 * It answers 200 {messaging_product, contacts: [{input, wa_id}], messages: [{id}]}, or an
 * error {error: {message, type, code, error_subcode, fbtrace_id}}: 5xx, 429 and the rate
 * and throughput codes (4, 80007, 130429, 131048, 131056) are retried; other 4xx are not.
 * Docs: developers.facebook.com/docs/whatsapp/cloud-api/reference/messages.
 */
export interface WhatsAppOptions {
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  templateLanguage: string;
}

const RETRIED_CODES = new Set([4, 80007, 130429, 131048, 131056]);

export function createWhatsAppSender(o: WhatsAppOptions): TextSender {
  return async (message) => {
    // The Cloud API takes the number without its '+'.
    const to = message.to.replace(/^\+/, '');
    const body = message.template
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          template: {
            name: message.template.name,
            language: { code: message.template.language ?? o.templateLanguage },
            components: [{ type: 'body', parameters: message.template.params.map((text) => ({ type: 'text', text })) }],
          },
        }
      : { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: message.body } };
    const res = await fetch(`${o.apiUrl}/${encodeURIComponent(o.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${o.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15000),
    });
    const answer = (await res.json().catch(() => ({}))) as {
      messages?: { id: string }[];
      error?: { message?: string; code?: number; error_subcode?: number };
    };
    if (res.ok && answer.messages?.[0]?.id) return { providerMessageId: answer.messages[0].id };
    const code = answer.error?.code;
    const why = `WhatsApp Cloud API answered ${res.status}${code !== undefined ? ` (code ${code})` : ''}: ${withoutNumbers(answer.error?.message ?? 'no message id')}`;
    const retried = res.status >= 500 || res.status === 429 || (code !== undefined && RETRIED_CODES.has(code)) || res.ok;
    throw retried ? new Error(why) : new PermanentTextError(why);
  };
}

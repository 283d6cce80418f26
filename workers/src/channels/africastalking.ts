import { PermanentTextError, withoutNumbers, type TextSender } from './types';

/**
 * SMS through Africa's Talking's Messaging API, version1 (the endpoint its official SDKs use):
 * POST {url}/version1/messaging, form-encoded `username`, `to`, `message`, optional `from`
 * (an approved sender id), with the `apiKey` header and `Accept: application/json`.
 * It answers 201 with SMSMessageData.Recipients[], one per number, each with a
 * statusCode: 100 Processed, 101 Sent, 102 Queued are accepted; 403 InvalidPhoneNumber,
 * 404 UnsupportedNumberType, 406 UserInBlacklist and 409 DoNotDisturbRejection will
 * never succeed; the rest (401 RiskHold, 405 InsufficientBalance, 407 CouldNotRoute,
 * 500-502 gateway errors) may, so they are retried. Docs: developers.africastalking.com/docs/sms/sending.
 */
export interface AfricasTalkingOptions {
  url: string;
  username: string;
  apiKey: string;
  senderId?: string;
}

interface Recipient {
  statusCode: number;
  number: string;
  status: string;
  cost?: string;
  messageId?: string;
}

const ACCEPTED = new Set([100, 101, 102]);
const NEVER = new Set([403, 404, 406, 409]);

export function createAfricasTalkingSender(o: AfricasTalkingOptions): TextSender {
  return async (message) => {
    const form = new URLSearchParams({ username: o.username, to: message.to, message: message.body });
    if (o.senderId) form.set('from', o.senderId);
    const res = await fetch(`${o.url}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: o.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(15000),
    });
    const raw = await res.text();
    // Errors are plain text ("The supplied authentication is invalid"); never the number in ours.
    if (!res.ok) throw new Error(withoutNumbers(`Africa's Talking answered ${res.status}: ${raw.slice(0, 200)}`));
    let recipient: Recipient | undefined;
    try {
      recipient = (JSON.parse(raw) as { SMSMessageData?: { Recipients?: Recipient[] } }).SMSMessageData?.Recipients?.[0];
    } catch {
      throw new Error(`Africa's Talking answered ${res.status} without JSON`);
    }
    if (!recipient) throw new PermanentTextError("Africa's Talking accepted no recipient");
    if (ACCEPTED.has(recipient.statusCode)) return { providerMessageId: recipient.messageId, cost: recipient.cost };
    const why = `Africa's Talking: ${recipient.statusCode} ${recipient.status}`;
    throw NEVER.has(recipient.statusCode) ? new PermanentTextError(why) : new Error(why);
  };
}

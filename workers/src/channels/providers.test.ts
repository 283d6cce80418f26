import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@ilera/db';
import { createAfricasTalkingSender } from './africastalking';
import { createWhatsAppSender } from './whatsapp';
import { createTextSenders, PermanentTextError } from './index';

/**
 * The senders against a local server that checks each request as the provider documents it
 * and answers with its documented success and error shapes (our code is not mocked).
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const message = { to: '+2348031234567', body: 'Ilera: test', channel: 'sms' as const };

describe("Africa's Talking SMS (Messaging API version1)", () => {
  const at = () => createAfricasTalkingSender({ url: base, username: 'ilera', apiKey: 'at-key', senderId: 'Ilera' });
  const recipient = (statusCode: number, status: string) => ({
    SMSMessageData: {
      Message: 'Sent to 1/1 Total Cost: NGN 2.2000',
      Recipients: [{ statusCode, number: '+2348031234567', status, cost: 'NGN 2.2000', messageId: 'ATXid_1' }],
    },
  });

  it('posts the documented form with the apiKey header and reads the 201 answer', async () => {
    handler = (req, body, res) => {
      const form = new URLSearchParams(body);
      const ok =
        req.method === 'POST' &&
        req.url === '/version1/messaging' &&
        req.headers.apikey === 'at-key' &&
        req.headers.accept === 'application/json' &&
        req.headers['content-type'] === 'application/x-www-form-urlencoded' &&
        form.get('username') === 'ilera' &&
        form.get('to') === '+2348031234567' &&
        form.get('message') === 'Ilera: test' &&
        form.get('from') === 'Ilera';
      if (ok) json(res, 201, recipient(101, 'Success'));
      else {
        res.writeHead(401, { 'Content-Type': 'text/plain' });
        res.end('The supplied authentication is invalid');
      }
    };
    await expect(at()(message, 'k1')).resolves.toEqual({ providerMessageId: 'ATXid_1', cost: 'NGN 2.2000' });
    expect(seen).toHaveLength(1);
  });

  it('a 5xx is thrown to be retried; an invalid number is permanent; a low balance is retried', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('Service Unavailable for +2348031234567');
    };
    const outage = await at()(message, 'k2').catch((e: Error) => e);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(PermanentTextError);
    expect((outage as Error).message).not.toContain('8031234567');

    handler = (_req, _body, res) => json(res, 201, recipient(403, 'InvalidPhoneNumber'));
    await expect(at()(message, 'k3')).rejects.toBeInstanceOf(PermanentTextError);

    handler = (_req, _body, res) => json(res, 201, recipient(405, 'InsufficientBalance'));
    const balance = await at()(message, 'k4').catch((e: Error) => e);
    expect(balance).not.toBeInstanceOf(PermanentTextError);
  });
});

describe('WhatsApp Cloud API (Graph v21.0 messages)', () => {
  const wa = () => createWhatsAppSender({ apiUrl: `${base}/v21.0`, phoneNumberId: '1055', accessToken: 'wa-token', templateLanguage: 'en' });

  it('sends an approved template with its parameters, bearer token and JSON body', async () => {
    handler = (req, body, res) => {
      const b = JSON.parse(body);
      const ok =
        req.url === '/v21.0/1055/messages' &&
        req.headers.authorization === 'Bearer wa-token' &&
        req.headers['content-type'] === 'application/json' &&
        b.messaging_product === 'whatsapp' &&
        b.to === '2348031234567' &&
        b.type === 'template' &&
        b.template.name === 'appointment_reminder' &&
        b.template.language.code === 'en' &&
        JSON.stringify(b.template.components) === JSON.stringify([{ type: 'body', parameters: [{ type: 'text', text: 'Dr. Ada' }, { type: 'text', text: 'Tue' }] }]);
      if (ok) json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: '2348031234567', wa_id: '2348031234567' }], messages: [{ id: 'wamid.HBg' }] });
      else json(res, 400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'x' } });
    };
    const sent = await wa()({ ...message, channel: 'whatsapp', template: { name: 'appointment_reminder', params: ['Dr. Ada', 'Tue'] } }, 'k5');
    expect(sent).toEqual({ providerMessageId: 'wamid.HBg' });
  });

  it('retries 5xx and rate limits, not a refused parameter', async () => {
    handler = (_req, _body, res) => json(res, 500, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, fbtrace_id: 'x' } });
    expect(await wa()({ ...message, channel: 'whatsapp' }, 'k6').catch((e) => e)).not.toBeInstanceOf(PermanentTextError);
    handler = (_req, _body, res) => json(res, 400, { error: { message: 'Rate limit hit', type: 'OAuthException', code: 130429, fbtrace_id: 'x' } });
    expect(await wa()({ ...message, channel: 'whatsapp' }, 'k7').catch((e) => e)).not.toBeInstanceOf(PermanentTextError);
    handler = (_req, _body, res) => json(res, 400, { error: { message: 'Template name does not exist', type: 'OAuthException', code: 132001, fbtrace_id: 'x' } });
    await expect(wa()({ ...message, channel: 'whatsapp' }, 'k8')).rejects.toBeInstanceOf(PermanentTextError);
    // A free-form reply (within 24 hours of the patient's own message) is a text message.
    handler = (_req, body, res) =>
      JSON.parse(body).text?.body === 'Ilera: test' ? json(res, 200, { messages: [{ id: 'wamid.T' }] }) : json(res, 400, { error: { code: 100 } });
    await expect(wa()({ ...message, channel: 'whatsapp' }, 'k9')).resolves.toEqual({ providerMessageId: 'wamid.T' });
  });
});

describe('choosing the channels (SMS_CHANNEL, WHATSAPP_CHANNEL)', () => {
  it('writes JSON files in development', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-texts-'));
    const senders = createTextSenders({ ...loadConfig({}), dataDir });
    const { file } = await senders.sms!(message, 'text-1-patient');
    expect(file).toBe(path.join(dataDir, 'sms', 'text-1-patient.json'));
    expect(JSON.parse(await readFile(file!, 'utf8'))).toEqual({ to: '+2348031234567', body: 'Ilera: test', channel: 'sms', template: null });
    expect(senders.whatsapp).toBeDefined();
  });

  it('is off in production unless asked for, and refuses a provider without its credentials', () => {
    const prod = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25' }, ['workers']);
    expect(createTextSenders(prod)).toEqual({});
    expect(() => loadConfig({ SMS_CHANNEL: 'africastalking', AFRICASTALKING_USERNAME: 'ilera' }, ['workers'])).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_CHANNEL: 'africastalking', AFRICASTALKING_USERNAME: 'ilera' })).toThrow('SMS_CHANNEL=africastalking needs AFRICASTALKING_API_KEY');
    expect(() => loadConfig({ NODE_ENV: 'production', WHATSAPP_CHANNEL: 'cloud-api', WHATSAPP_ACCESS_TOKEN: 't', SMTP_URL: 'smtp://m:25' }, ['workers'])).toThrow(
      'WHATSAPP_CHANNEL=cloud-api needs WHATSAPP_PHONE_NUMBER_ID',
    );
    const at = loadConfig({ SMS_CHANNEL: 'africastalking', AFRICASTALKING_USERNAME: 'ilera', AFRICASTALKING_API_KEY: 'k' });
    expect(at.texts.sms).toMatchObject({ channel: 'africastalking', url: 'https://api.africastalking.com' });
  });
});

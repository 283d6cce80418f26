import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from '@ilera/db';

/**
 * The texts the development channels wrote (SMS_CHANNEL / WHATSAPP_CHANNEL unset: `files`), as the
 * recipient's phone would get them: DATA_DIR/sms/<job id>.json and DATA_DIR/whatsapp/<job id>.json, each
 * `{ to, body, channel, template }` (decision 034). `to` is E.164 ('+2348031234567'); `template` is the
 * WhatsApp template (`name`, `params`, and `language`, WhatsApp's code, when not English: decision 049).
 * Browser tests read the confirmation text a journey caused with it (suite.ctx.config.dataDir).
 */
export interface SentText {
  file: string;
  to: string;
  body: string;
  channel: 'sms' | 'whatsapp';
  template: { name: string; params: string[]; language?: string } | null;
}

export async function readSentTexts(dataDir: string, channel: 'sms' | 'whatsapp' = 'sms'): Promise<SentText[]> {
  const dir = path.join(dataDir, channel);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const texts = await Promise.all(
    names.map(async (file) => {
      // A file being written is skipped until it is whole.
      const text = await readFile(path.join(dir, file), 'utf8').catch(() => '');
      try {
        return { file, ...(JSON.parse(text) as Omit<SentText, 'file'>) };
      } catch {
        return null;
      }
    }),
  );
  return texts.filter((t): t is SentText => t !== null);
}

/** A WhatsApp template message as the Cloud API receives it. */
export interface CloudApiMessage {
  to: string;
  template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
}

/**
 * A local server speaking the WhatsApp Cloud API's protocol (decision 034): `POST /v21.0/1055/messages` with
 * `Bearer wa-token` and a template body is accepted and kept in `sent`, in arrival order; anything else gets the
 * API's error. `texts` is the workers' configuration that sends WhatsApp to it (give it to createTestContext).
 */
export async function startCloudApi(base: Config['texts']): Promise<{ sent: CloudApiMessage[]; texts: Config['texts']; close(): Promise<void> }> {
  const sent: CloudApiMessage[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const b = JSON.parse(body);
      const ok = req.url === '/v21.0/1055/messages' && req.headers.authorization === 'Bearer wa-token' && b.messaging_product === 'whatsapp' && b.type === 'template';
      res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' });
      if (!ok) return res.end(JSON.stringify({ error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } }));
      sent.push(b);
      res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.${sent.length}` }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sent,
    texts: { ...base, whatsapp: { channel: 'cloud-api', apiUrl: `${url}/v21.0`, phoneNumberId: '1055', accessToken: 'wa-token', templateLanguage: 'en' } },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

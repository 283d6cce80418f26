import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TextChannel, TextSender } from './types';

/**
 * The development channel: each text is a JSON file DATA_DIR/<sms|whatsapp>/<job id>.json
 * with `to`, `body`, `channel` and `template`, as mail goes to DATA_DIR/outbox. The
 * name comes from the job id, so a retried job overwrites its own file.
 */
export function createFileTextSender(dataDir: string, channel: TextChannel): TextSender {
  const dir = path.join(dataDir, channel);
  return async (message, key) => {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${key.replace(/[^\w.-]/g, '_')}.json`);
    const { to, body, template } = message;
    await writeFile(file, `${JSON.stringify({ to, body, channel, template: template ?? null }, null, 2)}\n`);
    return { file };
  };
}

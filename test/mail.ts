import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the .eml files the mail worker writes to DATA_DIR/outbox/ (no SMTP_URL),
 * as a recipient would see them: headers, text and decoded attachments. A small
 * MIME reader, enough for nodemailer's output.
 */
export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const cut = text.indexOf('\n\n');
  const head = cut === -1 ? text : text.slice(0, cut);
  const body = cut === -1 ? '' : text.slice(cut + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(part: Part): string {
  const enc = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leaves(splitPart(p.replace(/^\n/, ''))));
}

export function parseEml(file: string, raw: string): ReadMail {
  const top = splitPart(raw);
  const mail: ReadMail = {
    file,
    to: top.headers['to'] ?? '',
    subject: decodeWords(top.headers['subject'] ?? ''),
    text: '',
    attachments: [],
  };
  for (const leaf of leaves(top)) {
    const type = leaf.headers['content-type'] ?? 'text/plain';
    const disposition = leaf.headers['content-disposition'] ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
    if (filename || disposition.startsWith('attachment')) {
      mail.attachments.push({ filename: filename ?? '', contentType: type, content: decodeBody(leaf) });
    } else if (type.toLowerCase().startsWith('text/plain') && !mail.text) {
      mail.text = decodeBody(leaf);
    }
  }
  return mail;
}

/**
 * Every message written so far to `<dataDir>/outbox/`. With `mailQueue`, only the
 * messages whose mail job has completed (a file being written is not read half-done);
 * the file is named after the job id.
 */
export async function readMails(
  dataDir: string,
  mailQueue?: { getJob(id: string): Promise<{ isCompleted(): Promise<boolean> } | undefined | null> },
): Promise<ReadMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  if (mailQueue) {
    const done = await Promise.all(
      files.map(async (f) => (await (await mailQueue.getJob(f.slice(0, -'.eml'.length)))?.isCompleted()) === true),
    );
    files = files.filter((_, i) => done[i]);
  }
  return Promise.all(files.map(async (f) => parseEml(f, await readFile(path.join(dir, f), 'utf8'))));
}

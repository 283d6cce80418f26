import { mkdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Job } from 'bullmq';
import { mailToFilesRefused, type Config } from '@ilera/db';

export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string; contentType?: string }[];
}

export type SendMail = (job: Job<MailJob>) => Promise<{ file?: string; messageId?: string }>;

/**
 * Mail goes out over SMTP_URL; without one, each message is written to
 * DATA_DIR/outbox/<job id>.eml (in production only with MAIL_TO_FILES=1). The file name comes from the job id, so a job
 * retried after a crash overwrites its own file instead of sending twice.
 */
export function createMailSender(config: Config): SendMail {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (job) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...job.data, messageId: `<${job.id}@ilera>` });
      return { messageId: info.messageId };
    };
  }
  // In production mail in a folder reaches nobody: only on purpose (scripts/start.ts checks it first).
  if (config.production && !config.mailToFiles) {
    throw new Error(mailToFilesRefused);
  }
  const dir = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'unix' });
  return async (job) => {
    await mkdir(dir, { recursive: true });
    const info = await transport.sendMail({ from: config.mailFrom, ...job.data });
    const file = path.join(dir, `${String(job.id).replace(/[^\w.-]/g, '_')}.eml`);
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file);
      (info.message as NodeJS.ReadableStream).pipe(out).on('finish', resolve).on('error', reject);
    });
    return { file };
  };
}

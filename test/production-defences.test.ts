import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, mailToFilesRefused, type Config } from '@ilera/db';
import { sessionKey } from '@ilera/api/plugins/session';
import { createMailSender, type MailJob } from '@ilera/workers/mail.worker';
import { createEngine } from '@ilera/search';

/**
 * The second line behind scripts/start.ts's configuration check: the mail sender,
 * the session key and the search engine refuse the bad cases themselves, for code
 * that builds them without start.ts.
 */
let dataDir: string;
let config: Config;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-defences-'));
  config = { ...loadConfig({}), dataDir };
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const job = { id: 'ob-1', data: { to: 'patient@example.ng', subject: 'Hello', text: 'Body' } } as Job<MailJob>;

describe('mail sender', () => {
  it('refuses to write mail to files in production without MAIL_TO_FILES', () => {
    expect(() => createMailSender({ ...config, production: true, mailToFiles: false })).toThrow(mailToFilesRefused);
  });

  it('writes mail to DATA_DIR/outbox in production with MAIL_TO_FILES, as outside production', async () => {
    for (const production of [true, false]) {
      const send = createMailSender({ ...config, production, mailToFiles: production });
      const { file } = await send(job);
      expect(file).toBe(path.join(dataDir, 'outbox', 'ob-1.eml'));
      expect(await readFile(file!, 'utf8')).toContain('Subject: Hello');
    }
    expect(await readdir(path.join(dataDir, 'outbox'))).toEqual(['ob-1.eml']);
  });
});

describe('session key', () => {
  it('is never generated in production', async () => {
    await expect(sessionKey({ ...config, production: true, sessionSecret: undefined })).rejects.toThrow('SESSION_SECRET must be set with NODE_ENV=production');
    await expect(readdir(dataDir)).resolves.not.toContain('session.key');
  });

  it('is generated once under DATA_DIR outside production', async () => {
    const key = await sessionKey({ ...config, sessionSecret: undefined });
    expect(key).toHaveLength(32);
    expect(await sessionKey({ ...config, sessionSecret: undefined })).toEqual(key);
  });
});

describe('search engine', () => {
  it('refuses TYPESENSE_URL without its key instead of searching PostgreSQL', () => {
    expect(() => createEngine({ typesenseUrl: 'http://typesense:8108', typesenseApiKey: undefined }, null as never)).toThrow(
      'TYPESENSE_URL is set but TYPESENSE_API_KEY is not',
    );
    expect(createEngine({ typesenseUrl: undefined, typesenseApiKey: 'unused' }, null as never).kind).toBe('postgres');
  });
});

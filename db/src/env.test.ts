import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** The environment rules in detail (test/production-config.test.ts runs the real entry). */
const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.ng:587', SESSION_SECRET: 'a'.repeat(8) + 'Zq3v9LrT0pXw2nKs7bHc5mYd1fGj' };

function refusal(env: NodeJS.ProcessEnv, roles: ('api' | 'workers')[] = ['api']): string {
  try {
    loadConfig(env, roles);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig outside production', () => {
  it('keeps the development defaults: no secret, mail to files', () => {
    const config = loadConfig({}, ['api', 'workers']);
    expect(config.sessionSecret).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.production).toBe(false);
    expect(config.port).toBe(5000);
    expect(config.appUrl).toBe('http://localhost:5000');
  });

  it('sizes the database pool to the machine unless DATABASE_POOL_MAX says otherwise, and names a bad value', () => {
    // This machine's cores (nproc): 20 connections on 2 cores answered 30-35% slower than 4-6 (decision 024).
    const cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
    expect(loadConfig({}).databasePoolMax).toBe(2 * cores + 1);
    expect(loadConfig({ DATABASE_POOL_MAX: '12' }).databasePoolMax).toBe(12);
    expect(loadConfig({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(2 * cores + 1);
    expect(refusal({ DATABASE_POOL_MAX: '0' }, [])).toContain('DATABASE_POOL_MAX must be 1 or more');
    expect(refusal({ DATABASE_POOL_MAX: 'many' }, [])).toContain('DATABASE_POOL_MAX must be a number');
    expect(refusal({ DATABASE_POOL_MAX: '2.5' }, [])).toContain('DATABASE_POOL_MAX must be a whole number');
  });

  it("gives the API's search statements as many connections as the machine has cores unless DATABASE_SEARCH_POOL_MAX says otherwise, and names a bad value", () => {
    // Decision 075: two connections of their own answered the search mix 1.08x faster than the pool's five.
    const cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
    expect(loadConfig({}).databaseSearchPoolMax).toBe(cores);
    expect(loadConfig({ DATABASE_SEARCH_POOL_MAX: '3' }).databaseSearchPoolMax).toBe(3);
    expect(loadConfig({ DATABASE_SEARCH_POOL_MAX: '' }).databaseSearchPoolMax).toBe(cores);
    expect(refusal({ DATABASE_SEARCH_POOL_MAX: '0' }, [])).toContain('DATABASE_SEARCH_POOL_MAX must be 1 or more');
    expect(refusal({ DATABASE_SEARCH_POOL_MAX: 'few' }, [])).toContain('DATABASE_SEARCH_POOL_MAX must be a number');
    expect(refusal({ DATABASE_SEARCH_POOL_MAX: '1.5' }, [])).toContain('DATABASE_SEARCH_POOL_MAX must be a whole number');
  });

  it('takes an empty variable (compose writes `${SMTP_URL:-}`) as unset', () => {
    const config = loadConfig({ SMTP_URL: '', PORT: '', SESSION_SECRET: '', TYPESENSE_URL: '', TYPESENSE_API_KEY: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(5000);
    expect(config.sessionSecret).toBeUndefined();
    expect(config.typesenseUrl).toBeUndefined();
  });

  it('refuses TYPESENSE_URL without TYPESENSE_API_KEY instead of silently searching PostgreSQL', () => {
    expect(refusal({ TYPESENSE_URL: 'http://typesense:8108' }, [])).toBe('Configuration refused: TYPESENSE_URL is set but TYPESENSE_API_KEY is not');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be 0-65535'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ APP_URL: 'ilera.ng' }, 'APP_URL must be a URL'],
    [{ MAIL_TO_FILES: 'yes' }, 'MAIL_TO_FILES must be 1 or 0'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(refusal(env, [])).toBe(`Configuration refused: ${message}`);
  });
});

describe('loadConfig with NODE_ENV=production', () => {
  it('accepts a long, unpublished secret with SMTP_URL', () => {
    const config = loadConfig(prod, ['api', 'workers']);
    expect(config.production).toBe(true);
    expect(config.mailToFiles).toBe(false);
  });

  it('counts the secret in bytes, not characters', () => {
    // 11 characters of 3 bytes each in UTF-8: 33 bytes.
    expect(() => loadConfig({ ...prod, SESSION_SECRET: 'ọ'.repeat(11) }, ['api'])).not.toThrow();
    expect(refusal({ ...prod, SESSION_SECRET: 'x'.repeat(31) })).toContain('SESSION_SECRET is shorter than 32 bytes');
  });

  it('takes an empty SESSION_SECRET as missing', () => {
    expect(refusal({ ...prod, SESSION_SECRET: '' })).toContain('SESSION_SECRET must be set with NODE_ENV=production');
  });

  it('names every problem in one line', () => {
    const message = refusal({ NODE_ENV: 'production', SESSION_SECRET: 'short' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toBe(
      'Configuration refused: SESSION_SECRET is shorter than 32 bytes (e.g. openssl rand -base64 48); ' +
        'SMTP_URL must be set with NODE_ENV=production (or MAIL_TO_FILES=1 to write mail to DATA_DIR/outbox on purpose)',
    );
  });

  it('writes mail to files only with MAIL_TO_FILES=1', () => {
    expect(refusal({ ...prod, SMTP_URL: undefined }, ['workers'])).toContain('SMTP_URL must be set');
    expect(refusal({ ...prod, SMTP_URL: undefined, MAIL_TO_FILES: '0' }, ['workers'])).toContain('SMTP_URL must be set');
    expect(loadConfig({ ...prod, SMTP_URL: undefined, MAIL_TO_FILES: '1' }, ['workers']).mailToFiles).toBe(true);
  });

  it('asks the workers for no SESSION_SECRET, and tools (no role) for neither rule', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: prod.SMTP_URL }, ['workers'])).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production' }, [])).not.toThrow();
  });

  it('refuses every session secret written in this repository (README, docs, compose, CI, tests)', () => {
    const root = path.resolve(__dirname, '../..');
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(md|ts|ya?ml|sh|js)$|^\.ci\/|Dockerfile$/.test(f) && !f.includes('node_modules'));
    // `SESSION_SECRET=value` (shell), `SESSION_SECRET: 'value'`, `sessionSecret: 'value'`, `const SECRET = 'value'`.
    const pattern = /(?:SESSION_SECRET|sessionSecret|\bSECRET)\s*(?::\s*['"`]|=\s*['"`]?)([^'"`\s$]{8,})/g;
    const found = new Set<string>();
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      for (const m of text.matchAll(pattern)) found.add(m[1]);
    }
    // The scan sees them (the test is not vacuous): the tests' own and CI's dummy.
    expect(found).toContain('test-session-secret-test-session-secret');
    expect(found).toContain('ci-dummy-session-secret-not-for-use-anywhere');
    const accepted = [...found].filter((secret) => {
      try {
        loadConfig({ ...prod, SESSION_SECRET: secret }, ['api']);
        return true;
      } catch {
        return false;
      }
    });
    // A secret written in the repository is public: add it to publishedSessionSecrets in db/src/env.ts.
    expect(accepted).toEqual([]);
  });
});

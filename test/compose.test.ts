import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docker-compose.yml has no default secret (issue 15): `docker-compose up` and
 * `config` stop, naming the variable, until SESSION_SECRET, TYPESENSE_API_KEY,
 * POSTGRES_PASSWORD and METRICS_TOKEN (issue 38) are set. Checked with Debian's docker-compose 1.29, which
 * needs no Docker engine for `config`.
 */
const root = path.resolve(__dirname, '..');
const required = {
  SESSION_SECRET: 'compose-test-session-secret-0123456789abcdef',
  TYPESENSE_API_KEY: 'compose-test-typesense-key',
  POSTGRES_PASSWORD: 'composetestpgpassword',
  METRICS_TOKEN: 'compose-test-metrics-token',
};
type Var = keyof typeof required;

let dir: string;
let envFile: string;

beforeAll(() => {
  // Installs it with apt when missing and root; otherwise this fails, saying how to install it.
  const ensure = spawnSync('bash', [path.join(root, 'scripts/ensure-docker-compose.sh')], { encoding: 'utf8' });
  if (ensure.status !== 0) throw new Error(`docker-compose is needed to check docker-compose.yml: ${ensure.stderr.trim()}`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-compose-'));
  // An empty env file, so a developer's .env cannot fill in what the test leaves unset.
  envFile = path.join(dir, 'empty.env');
  writeFileSync(envFile, '');
}, 600_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `docker-compose config` with exactly these variables (and PATH), nothing inherited. */
function config(vars: Partial<Record<Var, string>>) {
  const r = spawnSync('docker-compose', ['--env-file', envFile, '-f', 'docker-compose.yml', 'config'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...vars },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docker-compose.yml', () => {
  it('is valid and carries every secret where it is used when all four are set', () => {
    const r = config(required);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`SESSION_SECRET: ${required.SESSION_SECRET}`);
    expect(r.stdout).toContain(`DATABASE_URL: postgres://ilera:${required.POSTGRES_PASSWORD}@postgres:5432/ilera`);
    expect(r.stdout).toContain(`POSTGRES_PASSWORD: ${required.POSTGRES_PASSWORD}`);
    // The Typesense server's own key and the one the app uses are the same.
    expect(r.stdout).toContain(`- ${required.TYPESENSE_API_KEY}`);
    expect(r.stdout).toContain(`TYPESENSE_API_KEY: ${required.TYPESENSE_API_KEY}`);
    expect(r.stdout).toContain('NODE_ENV: production');
    // The metrics port is open to the compose network, with its token (issue 38).
    expect(r.stdout).toContain(`METRICS_TOKEN: ${required.METRICS_TOKEN}`);
    expect(r.stdout).not.toMatch(/change-me/);
  });

  it.each(Object.keys(required) as Var[])('refuses to start without %s, naming it', (name) => {
    for (const value of [undefined, '']) {
      const vars: Partial<Record<Var, string>> = { ...required };
      if (value === undefined) delete vars[name];
      else vars[name] = value;
      const r = config(vars);
      expect(r.status).not.toBe(0);
      // docker-compose ends its error with the message of the variable it missed.
      expect(r.stderr).toMatch(new RegExp(`in service "\\w+": set ${name} \\(`));
    }
  });

  it('refuses to start with none of them set', () => {
    const r = config({});
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/in service "\w+": set (SESSION_SECRET|TYPESENSE_API_KEY|POSTGRES_PASSWORD|METRICS_TOKEN) \(/);
  });
});

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, startEmbeddedPostgres, withDatabase } from '@ilera/db';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createUser, login } from '../../../../test/factories';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const script = path.join(root, 'api/src/cli/admin-create.ts');

/**
 * Runs `npm run admin:create`'s script as its own process, as an operator would: node with tsx's loader
 * (what the tsx command starts, without the tsx command's own process).
 */
function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.ADMIN_PASSWORD;
    delete base.DATA_DIR;
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...base, ...env } as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin.write(stdin);
    child.stdin.end();
  });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function adminLoginStatus(email: string, password: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  return res.statusCode;
}

describe('npm run admin:create', () => {
  it('creates an administrator from ADMIN_PASSWORD who can then sign in at the admin login', async () => {
    const email = `ops-${Date.now()}@ilera.ng`;
    const r = await runCli(['--email', email], { DATABASE_URL: ctx.dbUrl, ADMIN_PASSWORD: 'operator-pass-1' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Administrator ${email} created`);
    expect(r.stdout + r.stderr).not.toContain('operator-pass-1');
    expect(await adminLoginStatus(email, 'operator-pass-1')).toBe(200);
    const [entry] = await ctx.sql`SELECT action, outcome FROM audit_log a JOIN users u ON u.id = a.admin_id WHERE u.email = ${email}
      AND action = 'create_admin_cli'`;
    expect(entry).toEqual({ action: 'create_admin_cli', outcome: 'success' });
  });

  it('promotes an existing account with a password typed at the prompt, ending its old sessions', async () => {
    const user = await createUser(ctx.sql, { password: 'patient-pass-1' });
    const oldSession = await login(ctx.app, user.email, 'patient-pass-1');
    expect(await adminLoginStatus(user.email, 'patient-pass-1')).toBe(401);

    const r = await runCli([`--email=${user.email.toUpperCase()}`], { DATABASE_URL: ctx.dbUrl }, 'prompted-pass-2\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('is now an administrator');
    expect(await adminLoginStatus(user.email, 'prompted-pass-2')).toBe(200);
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: oldSession } });
    expect(me.statusCode).toBe(401);
    const [row] = await ctx.sql`SELECT user_type FROM users WHERE lower(email) = lower(${user.email})`;
    expect(row.userType).toBe('admin');
  });

  it('refuses a short password, a missing password and a bad e-mail, creating nothing', async () => {
    const email = `short-${Date.now()}@ilera.ng`;
    // Four operators' mistakes at once: each run creates nothing, so none depends on another.
    const [short, none, bad, usage] = await Promise.all([
      runCli(['--email', email], { DATABASE_URL: ctx.dbUrl, ADMIN_PASSWORD: 'short' }),
      runCli(['--email', email], { DATABASE_URL: ctx.dbUrl }, ''),
      runCli(['--email', 'not-an-email'], { DATABASE_URL: ctx.dbUrl, ADMIN_PASSWORD: 'long-enough-1' }),
      runCli([], { DATABASE_URL: ctx.dbUrl }),
    ]);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters');
    expect(none.code).not.toBe(0);
    expect(bad.code).toBe(2);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--email');
    const rows = await ctx.sql`SELECT 1 FROM users WHERE email = ${email}`;
    expect(rows).toHaveLength(0);
  });

  it('migrates an empty database first', async () => {
    const name = `ilera_empty_${process.pid}_${Date.now()}_${inject('runId')}`;
    const server = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
    await server.unsafe(`CREATE DATABASE ${name}`);
    const url = withDatabase(inject('pgServerUrl'), name);
    try {
      const r = await runCli(['--email', 'first@ilera.ng'], { DATABASE_URL: url, ADMIN_PASSWORD: 'first-admin-1' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Applied migrations: 001_core.sql');
      const sql = createSql(url, { max: 1 });
      const [u] = await sql`SELECT user_type FROM users WHERE email = 'first@ilera.ng'`;
      await sql.end();
      expect(u.userType).toBe('admin');
    } finally {
      await server.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.end();
    }
  });

  it('works while the app runs on the embedded PostgreSQL under DATA_DIR (finds the running server)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-admin-cli-'));
    // The running app's server, started the way resolveDatabase starts it.
    const pg = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    try {
      const r = await runCli(['--email', 'embedded@ilera.ng', '--first-name', 'Bisi'], {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'embedded-pass-1',
      });
      expect(r.code, r.stderr).toBe(0);
      // The CLI did not stop the app's server: it still answers, with the admin in it.
      const sql = createSql(withDatabase(pg.url, 'ilera'), { max: 1 });
      const [u] = await sql`SELECT user_type, first_name FROM users WHERE email = 'embedded@ilera.ng'`;
      await sql.end();
      expect(u).toEqual({ userType: 'admin', firstName: 'Bisi' });
    } finally {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60000);
});


/**
 * `npm run admin:create -- --email E [--first-name F] [--last-name L]`
 *
 * Creates an administrator, or promotes an existing account to administrator,
 * on the configured database: DATABASE_URL, else the embedded PostgreSQL under
 * DATA_DIR (a running app's server is found through its port file, so this
 * works while the app runs). An empty database is migrated first.
 * The password comes from ADMIN_PASSWORD, else from a prompt on the terminal.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createSql, loadConfig, migrate, resolveDatabase } from '@ilera/db';
import { hashPassword } from '@ilera/db/passwords';
import { insertUserWithPassword, setPasswordAndRaiseSessionVersion } from '@ilera/db/users';
import { findUserIdByEmail, insertAudit, makeAdmin } from '../modules/admin/admin.repo';

const USAGE = 'Usage: npm run admin:create -- --email you@example.ng [--first-name Ada] [--last-name Obi]';

/** Reads one line from stdin; with a terminal, the typed characters are not echoed. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) });
    if (process.stdin.isTTY) {
      // Print the question, then swallow the echo of what is typed.
      const out = rl as unknown as { _writeToOutput: (s: string) => void };
      let asked = false;
      out._writeToOutput = (s: string) => {
        if (!asked) {
          process.stdout.write(s);
          asked = true;
        } else if (s.includes('\n') || s.includes('\r')) process.stdout.write('\n');
      };
    }
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    rl.on('close', () => {
      if (!answered) reject(new Error('No password given (set ADMIN_PASSWORD or type it at the prompt).'));
    });
  });
}

const emailSchema = z.string().trim().email().max(254);

async function main(): Promise<number> {
  let values: { email?: string; 'first-name'?: string; 'last-name'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const rawEmail = values.email;
  if (!rawEmail || values.help) {
    console.error(USAGE);
    return rawEmail ? 0 : 2;
  }
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) {
    console.error(`Not a valid e-mail address: ${rawEmail}\n${USAGE}`);
    return 2;
  }
  const email = parsed.data;
  const firstName = values['first-name']?.trim() || 'Admin';
  const lastName = values['last-name']?.trim() || 'User';

  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 2 });
  try {
    const applied = await migrate(sql);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);

    const existing = await findUserIdByEmail(sql, email);
    let password = process.env.ADMIN_PASSWORD ?? '';
    if (!password) {
      password = await prompt(
        existing ? `Password for ${email} (leave empty to keep the current one): ` : `Password for ${email}: `,
      );
    }
    if (!password && !existing) {
      console.error('A password is required for a new administrator.');
      return 1;
    }
    if (password && password.length < 8) {
      console.error('Password must be at least 8 characters');
      return 1;
    }
    if (password.length > 256) {
      console.error('Password must be at most 256 characters');
      return 1;
    }
    const hash = password ? await hashPassword(password) : null;

    const outcome = await sql.begin(async (tx) => {
      if (existing) {
        await makeAdmin(tx, existing.id);
        // A new password ends every session opened with the old one (D14).
        if (hash) await setPasswordAndRaiseSessionVersion(tx, existing.id, hash);
        await insertAudit(tx, {
          adminId: existing.id,
          action: 'create_admin_cli',
          targetType: 'user',
          targetId: existing.id,
          outcome: 'success',
          detail: { email, promoted: true, previousType: existing.userType, passwordSet: Boolean(hash) },
        });
        return { id: existing.id, promoted: true, previousType: existing.userType };
      }
      const user = await insertUserWithPassword(
        tx,
        { email, firstName, lastName, phone: null, profileImageUrl: null, userType: 'admin' },
        hash!,
      );
      await insertAudit(tx, {
        adminId: user.id,
        action: 'create_admin_cli',
        targetType: 'user',
        targetId: user.id,
        outcome: 'success',
        detail: { email, promoted: false, passwordSet: true },
      });
      return { id: user.id, promoted: false, previousType: null };
    });

    if (outcome.promoted) {
      console.log(
        outcome.previousType === 'admin'
          ? `${email} is already an administrator${hash ? '; its password was changed' : ''}.`
          : `${email} (${outcome.previousType}) is now an administrator${hash ? ' with the new password' : ''}.`,
      );
    } else {
      console.log(`Administrator ${email} created. Sign in at ${config.appUrl}/admin/login`);
    }
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`admin:create failed: ${err.message}`);
    process.exit(1);
  },
);

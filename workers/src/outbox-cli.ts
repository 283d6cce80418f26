/**
 * `npm run outbox -- --failed`: the events the relay set aside (failed: no queue
 * takes them; abandoned: too many failed attempts), without their payloads.
 * `npm run outbox -- --retry [id ...]`: hands them (all, or those ids) back to the relay.
 * Database: DATABASE_URL, else the embedded PostgreSQL under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { createSql, listSetAside, loadConfig, redriveSetAside, resolveDatabase, type SetAsideEvent } from '@ilera/db';

const USAGE = 'Usage: npm run outbox -- --failed\n       npm run outbox -- --retry [id ...]';

type Command = { kind: 'list' } | { kind: 'retry'; ids?: string[] } | { kind: 'usage'; error?: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { failed: { type: 'boolean' }, retry: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    return { kind: 'usage', error: (err as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'usage' };
  if (values.failed && values.retry) return { kind: 'usage', error: 'Give --failed or --retry, not both.' };
  if (values.failed) {
    return positionals.length ? { kind: 'usage', error: `--failed takes no ids (got ${positionals.join(' ')}).` } : { kind: 'list' };
  }
  if (values.retry) {
    const bad = positionals.filter((p) => !/^[1-9]\d{0,18}$/.test(p));
    if (bad.length) return { kind: 'usage', error: `Not an outbox id: ${bad.join(', ')}` };
    return { kind: 'retry', ids: positionals.length ? positionals : undefined };
  }
  return { kind: 'usage', error: 'Give --failed or --retry.' };
}

function table(events: SetAsideEvent[]): string {
  const head = ['id', 'topic', 'state', 'attempts', 'when', 'error'];
  const rows = events.map((e) => [e.id, e.topic, e.state, String(e.attempts), e.at.toISOString(), e.error ?? '']);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

async function main(): Promise<number> {
  const command = parseCommand(process.argv.slice(2));
  if (command.kind === 'usage') {
    if (command.error) console.error(command.error);
    console.error(USAGE);
    return command.error ? 2 : 0;
  }
  const db = await resolveDatabase(loadConfig());
  const sql = createSql(db.url, { max: 1 });
  try {
    if (command.kind === 'list') {
      const events = await listSetAside(sql);
      console.log(events.length ? table(events) : 'No failed or abandoned events.');
      return 0;
    }
    const redriven = await redriveSetAside(sql, command.ids);
    const missed = (command.ids ?? []).filter((id) => !redriven.includes(id));
    if (redriven.length) console.log(`Re-driven ${redriven.length} event(s): ${redriven.join(', ')}`);
    else if (!command.ids) console.log('No failed or abandoned events.');
    if (missed.length) console.error(`Not failed or abandoned (left alone): ${missed.join(', ')}`);
    return missed.length ? 1 : 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`outbox failed: ${err.message}`);
    process.exit(1);
  },
);

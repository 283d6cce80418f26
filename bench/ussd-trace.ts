/**
 * Issue 49: what one USSD step costs, in process (bench/ussd.ts measures the whole API under load). Each of
 * the bench's paths is posted step by step to the API built in this process (app.inject), and each step prints
 * its time, the SQL statements it ran (postgres.js's debug hook) and the searches it asked the engine for.
 *
 *   npx tsx bench/ussd-trace.ts --database-url URL [--place Ikeja] [--rounds 2]
 *
 * Round 1 finds the answer cache cold for the place; later rounds show a warm one.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { toE164 } from '@ilera/contracts';
import { createSql, loadConfig } from '@ilera/db';
import { inProcessApp } from './scenarios';

const { values: argv } = parseArgs({ options: { 'database-url': { type: 'string' }, place: { type: 'string' }, rounds: { type: 'string' } } });
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
let statements: string[] = [];
const sql = createSql(url, { max: 4, debug: (_c, q) => statements.push(q.replace(/\s+/g, ' ').trim().slice(0, 90)) });
const base = loadConfig({});
const { app, redis } = await inProcessApp(sql, url, 'ussd-trace', { texts: { ...base.texts, ussdCallbackSecret: 'trace' } });
let searches = 0;
const view = app.searchAnswers.view.bind(app.searchAnswers);
app.searchAnswers.view = () => {
  const v = view();
  const multiSearch = v.multiSearch.bind(v);
  v.multiSearch = (s) => ((searches += s.length), multiSearch(s));
  return v;
};
const [patient] = await sql<{ phone: string }[]>`SELECT ussd_phone_e164 AS phone FROM users WHERE ussd_pin_hash IS NOT NULL LIMIT 1`;
const place = argv.place ?? (await sql<{ lga: string }[]>`SELECT lga FROM institutions WHERE latitude IS NOT NULL AND lga IS NOT NULL LIMIT 1`)[0]!.lga;
const paths: Record<string, { phone: string; steps: string[] }> = {
  emergency: { phone: '+2348030000001', steps: ['1', place, '1'] },
  care: { phone: '+2348030000002', steps: ['2', '1', place, '9', '2'] },
  appointments: { phone: toE164(patient?.phone) ?? '+2348030000003', steps: ['3', '1234', '1', '00', '0'] },
  help: { phone: '+2348030000004', steps: ['4', '00'] },
};
for (let round = 1; round <= Number(argv.rounds ?? 2); round++) {
  for (const [name, p] of Object.entries(paths)) {
    const sessionId = `ATUid_${randomUUID().replace(/-/g, '')}`;
    for (let i = 0; i <= p.steps.length; i++) {
      const text = p.steps.slice(0, i).join('*');
      statements = [];
      searches = 0;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: '/api/ussd/africastalking?secret=trace',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ sessionId, serviceCode: '*347*49#', phoneNumber: p.phone, networkCode: '62130', text }).toString(),
      });
      const cpu = process.cpuUsage(cpu0);
      const ms = performance.now() - t0;
      console.log(`round ${round} ${name} step ${i} [${text.replace(/\*1234\b/, '*PIN')}]: ${ms.toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms CPU, ${statements.length} statements, ${searches} searches -> ${res.body.slice(0, 40).replace(/\n/g, ' | ')}`);
      for (const s of statements) console.log(`    ${s}`);
    }
  }
}
await app.close();
await sql.end({ timeout: 2 });
redis.disconnect();

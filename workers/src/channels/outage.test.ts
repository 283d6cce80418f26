import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../../test/support';
import { bookingBody, createProfessional, createUser, login } from '../../../test/factories';

/**
 * An SMS provider outage (docs/RELIABILITY.md): a local server speaking Africa's Talking's
 * Messaging API answers 503 to the first requests, then accepts. The booking is not held up;
 * the texts worker retries with back-off; each text is accepted exactly once.
 */
const FAILURES = 3;
let server: Server;
let calls = 0;
const accepted: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (++calls <= FAILURES) {
        res.writeHead(503, { 'Content-Type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      const to = new URLSearchParams(body).get('to')!;
      accepted.push(to);
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1 Total Cost: NGN 2.2000', Recipients: [{ statusCode: 101, number: to, status: 'Success', cost: 'NGN 2.2000', messageId: `ATXid_${calls}` }] } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    config: { texts: { ...loadConfig({}).texts, sms: { channel: 'africastalking', url, username: 'ilera', apiKey: 'k' } } },
  });
  await ctx.startWorkers();
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('SMS provider outage', () => {
  it('a 5xx burst delays the texts, loses none and doubles none; the booking is not held up', async () => {
    const patient = await createUser(ctx.sql, {});
    const pro = await createProfessional(ctx.sql, {});
    await ctx.sql`UPDATE professionals SET phone = '0701 234 5678' WHERE id = ${pro.id}`;
    const cookie = await login(ctx.app, patient.email, patient.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie }, payload: bookingBody(pro.id, '2099-05-05T10:00:00+01:00') });
    expect(res.statusCode).toBe(201);

    await eventually(async () => (await ctx.sql`SELECT count(*)::int AS n FROM text_messages WHERE status = 'sent'`)[0]!.n === 2, 30000, 200);
    expect(calls).toBeGreaterThan(FAILURES);
    expect(accepted.sort()).toEqual(['+2347012345678', '+2348031234567']);
    const rows = await ctx.sql<{ providerMessageId: string; cost: string }[]>`SELECT provider_message_id, cost FROM text_messages ORDER BY id`;
    expect(rows.every((r) => r.providerMessageId.startsWith('ATXid_') && r.cost === 'NGN 2.2000')).toBe(true);
    // Nothing else arrives later.
    const [{ n }] = await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL`;
    expect(n).toBe(0);
    expect(Object.values(await ctx.queues.texts.getJobCounts('waiting', 'active', 'delayed', 'failed')).every((c) => c === 0)).toBe(true);
    expect(accepted).toHaveLength(2);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../../test/support';
import { bookingBody, createProfessional, createUser, login } from '../../../test/factories';
import { createNotifyProcessor } from '../notify.worker';
import { afterQuietHours } from './texts';

/**
 * Provider outages (docs/RELIABILITY.md): a local server speaking Africa's Talking's Messaging
 * API and the WhatsApp Cloud API answers 5xx to the first requests of each, then accepts. The
 * booking is not held up; the texts worker retries with back-off; each text is accepted exactly once.
 */
const FAILURES = 3;
/**
 * The Cloud API's burst: one template, so each failure is one more back-off of the texts queue (1 s, 2 s,
 * 4 s: defaultJobOptions); two failures are a retried retry, as three were, in 3 s of waiting instead of 7.
 */
const WA_FAILURES = 2;
let server: Server;
let calls = 0;
const accepted: string[] = [];
let waCalls = 0;
const waAccepted: { to: string; template: string }[] = [];
let ctx: TestContext;
/** A number whose texts the provider refuses with 503 until `deadHeals`. */
const DEAD = '+2348099999999';
let deadCalls = 0;
let deadHeals = false;

/** The Cloud API's side: a documented 500 error body a few times, then the documented 200; a wrong request 400. */
function whatsapp(req: IncomingMessage, body: string, res: ServerResponse) {
  const json = (status: number, answer: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer));
  };
  const b = JSON.parse(body || '{}');
  if (req.url !== '/v21.0/1055/messages' || req.headers.authorization !== 'Bearer wa-token' || b.messaging_product !== 'whatsapp' || b.type !== 'template') {
    return json(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'x' } });
  }
  if (++waCalls <= WA_FAILURES) return json(500, { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, fbtrace_id: 'x' } });
  waAccepted.push({ to: b.to, template: b.template.name });
  json(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.${waCalls}` }] });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url?.startsWith('/v21.0/')) return whatsapp(req, body, res);
      if (new URLSearchParams(body).get('to') === DEAD && (deadCalls++, !deadHeals)) {
        res.writeHead(503, { 'Content-Type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
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
    config: {
      texts: {
        ...loadConfig({}).texts,
        sms: { channel: 'africastalking', url, username: 'ilera', apiKey: 'k' },
        whatsapp: { channel: 'cloud-api', apiUrl: `${url}/v21.0`, phoneNumberId: '1055', accessToken: 'wa-token', templateLanguage: 'en' },
      },
    },
  });
  // D24 (issue 48): a text answering no action of its recipient (the provider's new request) waits out the
  // quiet hours; here every text must go as the test runs, whatever the hour: the workers' clock is past them.
  await ctx.startWorkers({ processors: { notify: createNotifyProcessor({ clock: () => afterQuietHours(new Date()) }) } });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('text provider outages', () => {
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

  it('a WhatsApp 5xx burst delays the template, loses none and doubles none', async () => {
    const patient = await createUser(ctx.sql, { phone: '0805 111 2222' });
    await ctx.sql`UPDATE users SET text_channel = 'whatsapp', whatsapp_opted_in_at = now() WHERE id = ${patient.id}`;
    const pro = await createProfessional(ctx.sql, {});
    await ctx.sql`UPDATE professionals SET phone = '0701 234 5679' WHERE id = ${pro.id}`;
    const cookie = await login(ctx.app, patient.email, patient.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      payload: { ...bookingBody(pro.id, '2099-05-06T10:00:00+01:00'), patientPhone: '0805 111 2222' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;

    await eventually(async () => (await ctx.sql`SELECT count(*)::int AS n FROM text_messages WHERE appointment_id = ${id} AND status = 'sent'`)[0]!.n === 2, 30000, 200);
    expect(waCalls).toBeGreaterThan(WA_FAILURES);
    expect(waAccepted).toEqual([{ to: '2348051112222', template: 'ilera_appointment_received' }]);
    const rows = await ctx.sql<{ channel: string; providerMessageId: string }[]>`
      SELECT channel, provider_message_id FROM text_messages WHERE appointment_id = ${id} ORDER BY channel`;
    expect(rows.map((r) => r.channel)).toEqual(['sms', 'whatsapp']);
    expect(rows[1]!.providerMessageId).toMatch(/^wamid\.\d+$/);
    expect(Object.values(await ctx.queues.texts.getJobCounts('waiting', 'active', 'delayed', 'failed')).every((c) => c === 0)).toBe(true);
    expect(waAccepted).toHaveLength(1);
  });

  it('a text still refused after its last attempt is failed, in the failed set; retried, it goes once', async () => {
    const job = await ctx.queues.texts.add(
      'text.send',
      { to: DEAD, body: 'Ilera: test', channel: 'sms', kind: 'booked' },
      { jobId: 'text-dead-1', attempts: 2, backoff: { type: 'fixed', delay: 100 } },
    );
    await eventually(async () => (await job.getState()) === 'failed', 30000, 100);
    expect(deadCalls).toBe(2);
    expect((await ctx.sql`SELECT status FROM text_messages WHERE job_id = 'text-dead-1'`)[0]!.status).toBe('failed');
    // What npm run outbox -- --failed lists (BullMQ's failed set of every queue).
    expect((await ctx.queues.texts.getFailed()).map((j) => j.id)).toEqual(['text-dead-1']);
    // npm run outbox -- --retry: the provider is back; the text goes, once.
    deadHeals = true;
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    await eventually(async () => (await ctx.sql`SELECT status FROM text_messages WHERE job_id = 'text-dead-1'`)[0]!.status === 'sent', 30000, 100);
    expect(deadCalls).toBe(3);
    expect(accepted.filter((to) => to === DEAD)).toEqual([DEAD]);
  });
});

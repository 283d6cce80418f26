import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createUser, login } from '../../../../test/factories';

/**
 * Delivery reports (issue 36): the providers' callbacks mark our texts delivered, read or
 * failed by the provider's message id; administrators see totals and costs per channel.
 */
let ctx: TestContext;
const SECRET = 'delivery-secret-for-tests';
const APP_SECRET = 'whatsapp-app-secret';

beforeAll(async () => {
  ctx = await createTestContext({ config: { texts: { ...loadConfig({}).texts, inboundSecret: SECRET, whatsappAppSecret: APP_SECRET } } });
  // Three texts the workers handed over (as the senders record them) and one refused for good.
  const rows: [string, string, string, string | null, string | null, string][] = [
    ['t1', 'sms', 'sent', 'ATXid_1', 'NGN 2.2000', '+2348031234567'],
    ['t2', 'sms', 'sent', 'ATXid_2', 'NGN 2.2000', '+2348031234567'],
    ['t3', 'whatsapp', 'sent', 'wamid.HBg1', null, '+2347065550101'],
    ['t4', 'sms', 'failed', null, null, '+2348050001111'],
  ];
  for (const [job, channel, status, id, cost, to] of rows) {
    await ctx.sql`INSERT INTO text_messages (job_id, channel, kind, to_e164, status, provider_message_id, cost, sent_at)
      VALUES (${job}, ${channel}, 'booked', ${to}, ${status}, ${id}, ${cost}, now())`;
  }
});
afterAll(async () => ctx.close());

// Africa's Talking's delivery report callback: form-encoded id, status, phoneNumber, networkCode, failureReason, retryCount.
const report = (fields: Record<string, string>, secret = SECRET) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/notify/delivery/sms?secret=${secret}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ phoneNumber: '+2348031234567', networkCode: '62130', retryCount: '0', ...fields }).toString(),
  });

const row = async (job: string) =>
  (await ctx.sql<{ deliveryStatus: string | null; deliveryError: string | null }[]>`SELECT delivery_status, delivery_error FROM text_messages WHERE job_id = ${job}`)[0]!;

describe('delivery reports', () => {
  it("Africa's Talking: Success is delivered, Failed keeps the reason's code; a status never goes back; the secret is required", async () => {
    expect((await report({ id: 'ATXid_1', status: 'Success' }, 'wrong')).statusCode).toBe(401);
    expect((await report({ id: 'ATXid_1', status: 'Buffered' })).json()).toEqual({ ok: true, recorded: false });
    expect(await row('t1')).toEqual({ deliveryStatus: null, deliveryError: null });

    expect((await report({ id: 'ATXid_1', status: 'Success' })).json()).toEqual({ ok: true, recorded: true });
    expect((await report({ id: 'ATXid_2', status: 'Failed', failureReason: 'UserInBlacklist' })).json()).toEqual({ ok: true, recorded: true });
    expect(await row('t1')).toEqual({ deliveryStatus: 'delivered', deliveryError: null });
    expect(await row('t2')).toEqual({ deliveryStatus: 'failed', deliveryError: 'UserInBlacklist' });
    // A late, repeated or out-of-order report does not undo a delivery.
    await report({ id: 'ATXid_1', status: 'Failed', failureReason: 'DeliveryFailure' });
    expect(await row('t1')).toEqual({ deliveryStatus: 'delivered', deliveryError: null });
    // Not ours.
    expect((await report({ id: 'ATXid_999', status: 'Success' })).json()).toEqual({ ok: true, recorded: false });
  });

  it('WhatsApp: statuses on the signed webhook; read outranks a delivered that arrives after it', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                statuses: [
                  { id: 'wamid.HBg1', status: 'read', timestamp: '4080000100', recipient_id: '2347065550101' },
                  { id: 'wamid.HBg1', status: 'delivered', timestamp: '4080000050', recipient_id: '2347065550101', pricing: { billable: true, pricing_model: 'CBP', category: 'utility' } },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notify/inbound/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` },
      payload: body,
    });
    expect(res.json()).toEqual({ ok: true, outcomes: [], delivery: [true, true] });
    expect(await row('t3')).toEqual({ deliveryStatus: 'read', deliveryError: null });
  });

  it('administrators see totals and costs per channel, never numbers; others are refused', async () => {
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const patient = await createUser(ctx.sql, {});
    const get = async (cookie?: string, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/texts${query}`, headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(await login(ctx.app, patient.email, patient.password))).statusCode).toBe(403);
    const cookie = await login(ctx.app, admin.email, admin.password);
    const bad = await get(cookie, '?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ days: 'days must be a whole number from 1 to 365' });
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().channels).toEqual([
      { channel: 'sms', total: 3, sent: 2, failed: 1, delivered: 1, read: 0, undelivered: 1, cost: { NGN: '4.4000' } },
      { channel: 'whatsapp', total: 1, sent: 1, failed: 0, delivered: 0, read: 1, undelivered: 0, cost: {} },
    ]);
    expect(res.body).not.toMatch(/\+234|ATXid|wamid/);
  });
});

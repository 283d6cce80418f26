import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@ilera/api/app';
import { loadConfig } from '@ilera/db';
import { serveMetrics } from '@ilera/workers/metrics';
import { createProfessional } from './factories';
import { createTestContext, eventually, freePort, type TestContext } from './support';

/**
 * Issue 38, metrics: the API's and the workers' registries served as Prometheus text on a port of
 * their own (as scripts/start.ts serves them on METRICS_PORT), scraped over HTTP after real traffic.
 * The series asserted are the ones the alert rules (ops/alerts.yml) and a person at Prometheus query.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format, samples only (prom-client writes one sample a line, labels quoted). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample with that name and (at least) those labels; undefined when absent. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

let ctx: TestContext;
let apiMetrics: http.Server & { url: string };
let workerMetrics: http.Server & { url: string };
const scrape = async (url: string) => {
  const res = await fetch(url);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return { text, samples: parse(text) };
};
const api = async () => (await scrape(apiMetrics.url)).samples;
const workers = async () => (await scrape(workerMetrics.url)).samples;
/** The workers' samples once `ready` holds of them (jobs run in the background). */
const workersWhen = async (ready: (s: Sample[]) => boolean, ms: number) =>
  (await eventually(async () => {
    const s = await workers();
    return ready(s) ? s : undefined;
  }, ms))!;

beforeAll(async () => {
  ctx = await createTestContext({
    workers: true,
    // Anonymous profile reads limited to 3 a minute, so the test meets the limit.
    requestLimits: { profileReadWithoutCookie: { max: 3 } },
    // Mail goes to an SMTP port where nothing listens: every send fails.
    config: { smtpUrl: `smtp://127.0.0.1:${await freePort()}` },
  });
  apiMetrics = await serveMetrics(ctx.app.metrics, { port: 0, host: '127.0.0.1' });
  workerMetrics = await serveMetrics(ctx.workers!.metrics, { port: 0, host: '127.0.0.1' });
}, 60000);
afterAll(async () => {
  apiMetrics?.close();
  workerMetrics?.close();
  await ctx?.close();
});

describe('API metrics', () => {
  it('counts and times requests under their route template and status, and the search cache and engine', async () => {
    const route = '/api/professionals/search';
    const before = await api();
    const count = (s: Sample[]) => value(s, 'ilera_http_requests_total', { method: 'GET', route, status: '200' }) ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?query=cardiology%20lagos' });
      expect(res.statusCode).toBe(200);
    }
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?page=-1' });
    expect(bad.statusCode).toBe(400);
    const after = await api();
    expect(count(after) - count(before)).toBe(2);
    expect(value(after, 'ilera_http_requests_total', { method: 'GET', route, status: '400' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ilera_http_request_duration_seconds_count', { method: 'GET', route })).toBeGreaterThanOrEqual(3);
    expect(value(after, 'ilera_http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    // The first search missed the answer cache and asked the engine; the second was answered from the cache.
    expect(value(after, 'ilera_search_answers_total', { route, cache: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ilera_search_answers_total', { route, cache: 'hit' })).toBeGreaterThanOrEqual(1);
    // A near-me search is answered from the located documents in memory (decision 037), not by a fallback.
    const nearBefore = value(after, 'ilera_search_near_answers_total', { source: 'memory' }) ?? 0;
    const near = await ctx.app.inject({ method: 'GET', url: '/api/institutions/search?near=6.5244,3.3792&radius=30' });
    expect(near.statusCode).toBe(200);
    const afterNear = await api();
    expect(value(afterNear, 'ilera_search_near_answers_total', { source: 'memory' })).toBeGreaterThan(nearBefore);
    expect(value(afterNear, 'ilera_search_near_answers_total', { source: 'sql_fallback' })).toBe(0);
    expect(value(after, 'ilera_search_engine_duration_seconds_count', { engine: 'postgres', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    // Node's own figures.
    expect(value(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(after, 'ilera_data_dir_free_bytes')).toBeGreaterThan(0);
    expect(value(after, 'ilera_data_dir_size_bytes')).toBeGreaterThan(0);
  });

  it('reports PostgreSQL, Redis and the search engine up, as /healthz sees them', async () => {
    const s = await api();
    for (const dependency of ['database', 'redis', 'search']) expect(value(s, 'ilera_dependency_up', { dependency })).toBe(1);
  });

  it('counts rate-limit refusals by route, and labels carry no id, e-mail or name', async () => {
    const email = 'metrics.person@example.ng';
    const p = await createProfessional(ctx.sql, { user: { email, firstName: 'Oluwaseun', lastName: 'Metricsola' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ctx.app.inject({ method: 'GET', url: `/api/professionals/${p.id}` })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    await ctx.app.inject({ method: 'GET', url: `/api/professionals/search?query=${encodeURIComponent(email)}` });
    // An API path no route matches (outside /api/ a built web app answers with its own page instead).
    await ctx.app.inject({ method: 'GET', url: `/api/no/such/page/${p.id}/${encodeURIComponent(email)}` });

    const { text, samples } = await scrape(apiMetrics.url);
    const route = '/api/professionals/:id(^\\\\d+$)';
    expect(value(samples, 'ilera_http_requests_total', { method: 'GET', route, status: '200' })).toBe(3);
    expect(value(samples, 'ilera_http_requests_total', { method: 'GET', route, status: '429' })).toBe(2);
    expect(value(samples, 'ilera_rate_limit_rejections_total', { route })).toBe(2);
    expect(value(samples, 'ilera_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    for (const s of samples) {
      for (const [k, v] of Object.entries(s.labels)) {
        expect(v).not.toMatch(/@|\/\d+(\/|$)/);
        // Bucket bounds and quantiles are numbers of their own.
        if (k !== 'le' && k !== 'quantile') expect(v).not.toContain(String(p.id));
      }
    }
    for (const personal of [email, 'Oluwaseun', 'Metricsola', '0803 123 4567', `/api/professionals/${p.id}`]) expect(text).not.toContain(personal);
    // Nor do the workers' (queues, outbox, tables).
    const w = await scrape(workerMetrics.url);
    for (const personal of [email, 'Oluwaseun', 'Metricsola', '0803 123 4567']) expect(w.text).not.toContain(personal);
    for (const s of w.samples) {
      for (const [k, v] of Object.entries(s.labels)) if (k !== 'le' && k !== 'quantile' && k !== 'version') expect(v).not.toMatch(/@|\d{3}/);
    }
  });

  it('counts load-shed refusals', async () => {
    // An API whose heap limit (1 MB) is always passed: once under-pressure samples it, every API request is refused.
    const busy = await buildApp({
      sql: ctx.sql,
      redis: ctx.redis,
      config: { ...ctx.config, loadShedding: { ...ctx.config.loadShedding, maxHeapMb: 1 } },
      logStream: false,
    });
    try {
      await eventually(async () => (await busy.inject({ method: 'GET', url: '/api/specialties' })).statusCode === 503, 10000);
      const text = await busy.metrics.metrics();
      const samples = parse(text);
      expect(value(samples, 'ilera_load_shed_rejections_total', { route: '/api/specialties' })).toBeGreaterThanOrEqual(1);
      expect(value(samples, 'ilera_http_requests_total', { method: 'GET', route: '/api/specialties', status: '503' })).toBeGreaterThanOrEqual(1);
    } finally {
      await busy.close();
    }
  });

  it('is never configured on the public port, and is off unless METRICS_PORT is set', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT (the metrics are not public)');
    // Beyond loopback only with a token.
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      'METRICS_HOST is not a loopback address: set METRICS_TOKEN (the metrics are not public)',
    );
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-metrics-token-0123456789' })).toMatchObject({
      metricsHost: '0.0.0.0',
      metricsToken: 'a-metrics-token-0123456789',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({}).metricsPort).toBeUndefined();
  });

  it('is not served on the public port', async () => {
    const base = await ctx.listen();
    // The public port knows no /metrics: the API's not-found, or the web app's own page (its 404 screen) when
    // the web app is built, never the Prometheus text.
    const res = await fetch(`${base}/metrics`);
    expect(res.headers.get('content-type')).not.toMatch(/^text\/plain/);
    expect(await res.text()).not.toMatch(/ilera_http_requests_total|# HELP|# TYPE/);
    // ...while its own port answers only /metrics.
    expect((await fetch(apiMetrics.url.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('the metrics token', () => {
  it('refuses a scrape without `Authorization: Bearer <METRICS_TOKEN>` (401, no figures), and serves one with it', async () => {
    const token = 'a-metrics-token-0123456789abcdef';
    const guarded = await serveMetrics(ctx.app.metrics, { port: 0, host: '127.0.0.1', token });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', token, `Basic ${token}`, `Bearer ${token}x`]) {
        const res = await fetch(guarded.url, { headers: authorization ? { authorization } : {} });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await res.text()).not.toMatch(/ilera_|# HELP/);
      }
      const res = await fetch(guarded.url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('ilera_http_requests_total');
    } finally {
      guarded.close();
    }
  });
});

describe('worker metrics', () => {
  it("shows each table's dead rows and the time since its last vacuum", async () => {
    // 400 accounts, then 300 of them updated: 300 dead row versions in users, 400 live.
    await ctx.sql`INSERT INTO users (email, first_name, last_name) SELECT 'dead' || g || '@example.ng', 'Dead', 'Rows' FROM generate_series(1, 400) g`;
    await ctx.sql`UPDATE users SET last_name = 'Rowed' WHERE email LIKE 'dead%@example.ng' AND right(split_part(email, '@', 1), 1) <> '0'`;
    // (Each connection hands PostgreSQL its statistics when idle, within seconds.)
    const dirty = await workersWhen(
      (s) => (value(s, 'ilera_table_dead_rows', { table: 'users' }) ?? 0) >= 300 && (value(s, 'ilera_table_live_rows', { table: 'users' }) ?? 0) >= 400,
      30000,
    );
    for (const table of ['search_documents', 'outbox', 'appointments']) expect(value(dirty, 'ilera_table_dead_rows', { table })).toBeGreaterThanOrEqual(0);
    await ctx.sql`VACUUM (ANALYZE) users`;
    const clean = await workersWhen((s) => value(s, 'ilera_table_dead_rows', { table: 'users' }) === 0, 20000);
    const age = value(clean, 'ilera_table_last_vacuum_age_seconds', { table: 'users' })!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('shows every queue by state, and the index lag of an outbox search event', async () => {
    const p = await createProfessional(ctx.sql, { user: { firstName: 'Adaeze', lastName: 'Lagmeasured' } });
    await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('search.professional', ${ctx.sql.json({ id: p.id })})`;
    const s = await workersWhen((s) => (value(s, 'ilera_index_lag_seconds_count') ?? 0) >= 1, 20000);
    expect(value(s, 'ilera_index_lag_seconds_bucket', { le: '+Inf' })).toBeGreaterThanOrEqual(1);
    for (const queue of ['index', 'mail', 'notify', 'reminders', 'maintenance']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(value(s, 'ilera_queue_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
    }
    // The maintenance and reminder schedules wait in their queues.
    expect(value(s, 'ilera_queue_jobs', { queue: 'maintenance', state: 'delayed' })! + value(s, 'ilera_queue_jobs', { queue: 'maintenance', state: 'waiting' })!).toBeGreaterThanOrEqual(1);
  });

  it('shows the outbox backlog and its oldest row while the relay is stopped, and both fall when it runs again', async () => {
    await ctx.workers!.relay.stop();
    await ctx.sql`INSERT INTO outbox (topic, payload, created_at) VALUES ('search.professional', ${ctx.sql.json({ id: 999999 })}, now() - interval '90 seconds')`;
    const stopped = await workers();
    expect(value(stopped, 'ilera_outbox_waiting_rows')).toBe(1);
    expect(value(stopped, 'ilera_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(90);
    await ctx.workers!.relay.start();
    const drained = await workersWhen((s) => value(s, 'ilera_outbox_waiting_rows') === 0, 15000);
    expect(value(drained, 'ilera_outbox_oldest_waiting_age_seconds')).toBe(0);
  });

  it('counts mail send failures and failed jobs per queue', async () => {
    await ctx.sql`INSERT INTO outbox (topic, payload) VALUES ('mail.send', ${ctx.sql.json({ to: 'nobody@example.ng', subject: 'Hello', text: 'Hi' })})`;
    const s = await workersWhen((s) => (value(s, 'ilera_mail_send_failures_total') ?? 0) >= 1, 20000);
    expect(value(s, 'ilera_job_failures_total', { queue: 'mail' })).toBeGreaterThanOrEqual(1);
    expect((await scrape(workerMetrics.url)).text).not.toContain('nobody@example.ng');
  });
});

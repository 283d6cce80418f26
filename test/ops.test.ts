import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support';
import { processEnvironment, startApp, stopApp, waitUntil, type AppProcess, type ProcessEnvironment } from './processes';
import { createUser } from './factories';

/**
 * Issue 38: ops/prometheus.yml and ops/alerts.yml pass Debian's promtool (config, rules, and the unit
 * tests of every alert in ops/alerts.test.yml), and a real Prometheus server (Debian's `prometheus`
 * package; scripts/test.ts installs it when missing) scrapes the API and workers processes started
 * as in production (scripts/start.ts with METRICS_PORT), with the shipped configuration and rules.
 */
const root = path.resolve(__dirname, '..');
const ops = path.join(root, 'ops');
const missing = 'Debian\'s prometheus package is needed (promtool, prometheus): apt-get install -y prometheus (npm test installs it when root)';

function promtool(...args: string[]) {
  const r = spawnSync('promtool', args, { cwd: ops, encoding: 'utf8' });
  if (r.error) throw new Error(`${missing}: ${r.error.message}`);
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Where ops/prometheus.yml reads the metrics token (docker-compose's Prometheus writes it there). */
const TOKEN_FILE = '/prometheus/metrics-token';

describe('ops/ files and promtool', () => {
  it('prometheus.yml is a valid configuration and loads alerts.yml', () => {
    // promtool checks that the token file exists: the shipped file with that path pointed at one.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-promtool-'));
    try {
      writeFileSync(path.join(dir, 'metrics-token'), 'a-token-for-promtool-0123456789');
      const shipped = readFileSync(path.join(ops, 'prometheus.yml'), 'utf8');
      expect(shipped.split(`credentials_file: ${TOKEN_FILE}`)).toHaveLength(3);
      writeFileSync(path.join(dir, 'prometheus.yml'), shipped.replaceAll(TOKEN_FILE, path.join(dir, 'metrics-token')).replace('- alerts.yml', `- ${path.join(ops, 'alerts.yml')}`));
      const r = promtool('check', 'config', path.join(dir, 'prometheus.yml'));
      expect(r.output).toContain('SUCCESS: 1 rule files found');
      expect(r.status, r.output).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('alerts.yml is valid', () => {
    const r = promtool('check', 'rules', 'alerts.yml');
    expect(r.status, r.output).toBe(0);
  });

  it("every alert's unit tests pass, and every alert is tested both firing and silent", () => {
    const r = promtool('test', 'rules', 'alerts.test.yml');
    expect(r.status, r.output).toBe(0);
    const alerts = [...readFileSync(path.join(ops, 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(alerts.length).toBeGreaterThanOrEqual(9);
    const tests = readFileSync(path.join(ops, 'alerts.test.yml'), 'utf8');
    // Each `alertname:` line is followed by its expectation: `exp_alerts: []` (silent) or a list (firing).
    const cases = [...tests.matchAll(/alertname: (\w+)\n\s+exp_alerts:( \[\])?/g)].map((m) => ({ alert: m[1], fires: !m[2] }));
    for (const alert of alerts) {
      expect(cases.some((c) => c.alert === alert && c.fires), `${alert} firing`).toBe(true);
      expect(cases.some((c) => c.alert === alert && !c.fires), `${alert} silent`).toBe(true);
    }
  });
});

describe("docker-compose.yml's monitoring profile", () => {
  it('runs Prometheus with ops/prometheus.yml and ops/alerts.yml, scraping the app containers on their unpublished metrics port', () => {
    // Installs docker-compose with apt when missing and root (as test/compose.test.ts does).
    const ensure = spawnSync('bash', [path.join(root, 'scripts/ensure-docker-compose.sh')], { encoding: 'utf8' });
    expect(ensure.status, ensure.stderr).toBe(0);
    const secrets = {
      SESSION_SECRET: 'compose-test-session-secret-0123456789abcdef',
      TYPESENSE_API_KEY: 'compose-test-typesense-key',
      POSTGRES_PASSWORD: 'composetestpgpassword',
      METRICS_TOKEN: 'compose-test-metrics-token',
    };
    // An empty env file, so a developer's .env cannot fill in anything.
    const envDir = mkdtempSync(path.join(os.tmpdir(), 'ilera-compose-'));
    writeFileSync(path.join(envDir, 'empty.env'), '');
    const r = spawnSync('docker-compose', ['--env-file', path.join(envDir, 'empty.env'), '-f', 'docker-compose.yml', '--profile', 'monitoring', 'config'], {
      cwd: root,
      env: { PATH: process.env.PATH, ...secrets },
      encoding: 'utf8',
    });
    rmSync(envDir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const service = r.stdout.slice(r.stdout.indexOf('\n  prometheus:'), r.stdout.indexOf('\n  redis:'));
    expect(service).toContain('- monitoring');
    // Mounted where prometheus.yml's `rule_files: [alerts.yml]` finds it: beside the configuration.
    expect(service).toMatch(/\/ops\/prometheus\.yml:\/etc\/prometheus\/prometheus\.yml:ro/);
    expect(service).toMatch(/\/ops\/alerts\.yml:\/etc\/prometheus\/alerts\.yml:ro/);
    expect(service).toContain('--config.file=/etc/prometheus/prometheus.yml');
    // The app containers serve metrics on the port prometheus.yml scrapes, and none publishes it.
    const scraped = [...readFileSync(path.join(ops, 'prometheus.yml'), 'utf8').matchAll(/"(api|workers):(\d+)"/g)].map((m) => m[2]);
    expect(scraped).toEqual(['9464', '9464']);
    expect(r.stdout.match(/METRICS_PORT: '?9464'?/g)).toHaveLength(2);
    expect(r.stdout).not.toMatch(/9464:9464|- 9464/);
    // Reachable in the network, with the token: the apps have it, and Prometheus writes it where
    // prometheus.yml's credentials_file reads it before it starts.
    expect(r.stdout.match(/METRICS_TOKEN: compose-test-metrics-token/g)).toHaveLength(3);
    expect(service).toContain('METRICS_TOKEN: compose-test-metrics-token');
    expect(service).toMatch(new RegExp(`printf '%s' "\\$\\$METRICS_TOKEN" > ${TOKEN_FILE} && exec\\s+/bin/prometheus`));
  });
});

describe('a real Prometheus scraping the API and workers processes', () => {
  let setting: ProcessEnvironment;
  let api: AppProcess | undefined;
  let workers: AppProcess | undefined;
  let prometheus: ChildProcess | undefined;
  let promLog = '';
  let promUrl: string;
  let dir: string;
  let metricsPorts: number[];
  const token = `ops-test-metrics-token-${process.pid}`;

  /** An instant query through Prometheus's HTTP API: each series' labels and value. */
  async function query(q: string): Promise<{ metric: Record<string, string>; value: number }[]> {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(q)}`);
    const body = (await res.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    expect(body.status, JSON.stringify(body)).toBe('success');
    return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  }
  const one = async (q: string) => (await query(q))[0]?.value;

  beforeAll(async () => {
    const [apiMetrics, workerMetrics, promPort] = [await freePort(), await freePort(), await freePort()];
    metricsPorts = [apiMetrics, workerMetrics];
    setting = await processEnvironment('ops');
    // A user exists, so start.ts does not seed the demo directory (nothing here reads it; the seed and its indexing cost CPU).
    await createUser(setting.sql, { userType: 'admin' });
    api = await startApp('--api', { ...setting.env, METRICS_PORT: String(apiMetrics) });
    // The workers' metrics open to the machine's network, with a token (as in docker-compose).
    workers = await startApp('--workers', { ...setting.env, METRICS_PORT: String(workerMetrics), METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token });
    await waitUntil(async () => (await fetch(`${setting.base}/healthz`).catch(() => null))?.ok === true, api, 'API process', 120000);
    const withToken = { headers: { authorization: `Bearer ${token}` } };
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${workerMetrics}/metrics`, withToken).catch(() => null))?.ok === true, workers, 'workers metrics', 60000);

    // The shipped configuration, pointed at this test's processes and scraping every second.
    dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-prometheus-'));
    writeFileSync(path.join(dir, 'metrics-token'), token, { mode: 0o600 });
    const config = readFileSync(path.join(ops, 'prometheus.yml'), 'utf8')
      .replaceAll(TOKEN_FILE, path.join(dir, 'metrics-token'))
      .replace('api:9464', `127.0.0.1:${apiMetrics}`)
      .replace('workers:9464', `127.0.0.1:${workerMetrics}`)
      .replace(/scrape_interval: \S+/, 'scrape_interval: 1s')
      .replace(/evaluation_interval: \S+/, 'evaluation_interval: 1s')
      .replace(/scrape_timeout: \S+/, 'scrape_timeout: 1s')
      .replace('- alerts.yml', `- ${path.join(ops, 'alerts.yml')}`);
    expect(config).toContain(`127.0.0.1:${workerMetrics}`);
    writeFileSync(path.join(dir, 'prometheus.yml'), config);
    promUrl = `http://127.0.0.1:${promPort}`;
    prometheus = spawn('prometheus', [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prometheus.on('error', (err) => (promLog += `${missing}: ${err.message}\n`));
    prometheus.stdout!.on('data', (d) => (promLog += d));
    prometheus.stderr!.on('data', (d) => (promLog += d));
    const end = Date.now() + 60000;
    while (!(await fetch(`${promUrl}/-/ready`).then((r) => r.ok).catch(() => false))) {
      if (Date.now() > end || prometheus.exitCode !== null) throw new Error(`Prometheus did not start:\n${promLog}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 240000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    if (api) await stopApp(api);
    if (workers) await stopApp(workers);
    await setting?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const until = async <T>(what: string, fn: () => Promise<T | undefined>, ms = 30000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error(`${what}: not seen within ${ms} ms\n${promLog.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  it('sees both processes up, the request counter rise under its route template, and queue depth', async () => {
    await until('both targets up', async () => ((await query('up{job=~"ilera-.*"} == 1')).length === 2 ? true : undefined));
    const searches = 'sum(ilera_http_requests_total{route="/api/professionals/search",status="200"})';
    const before = (await one(searches)) ?? 0;
    for (let i = 0; i < 5; i++) expect((await fetch(`${setting.base}/api/professionals/search?query=cardiology`)).status).toBe(200);
    await until('5 more searches counted', async () => (((await one(searches)) ?? 0) - before >= 5 ? true : undefined));
    const queues = await until('queue depth', async () => {
      const r = await query('ilera_queue_jobs{job="ilera-workers",state="waiting"}');
      return r.length ? r : undefined;
    });
    expect(queues.map((r) => r.metric.queue)).toEqual(expect.arrayContaining(['index', 'maintenance', 'mail', 'notify', 'reminders']));
    expect(await one('min(ilera_dependency_up)')).toBe(1);
    // Every rule of ops/alerts.yml is loaded.
    const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: { name: string }[] }[] } };
    expect(rules.data.groups.flatMap((g) => g.rules.map((r) => r.name))).toContain('IleraOutboxStuck');
  });

  const outside = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);

  it("binds the metrics port to loopback by default: the machine's other addresses do not answer it", async () => {
    const port = metricsPorts[0];
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    expect(outside().length).toBeGreaterThan(0);
    for (const address of outside()) {
      const err = await fetch(`http://${address}:${port}/metrics`).then(() => null, (e: Error & { cause?: { code?: string } }) => e);
      expect(err?.cause?.code, `${address}:${port}`).toBe('ECONNREFUSED');
    }
    // The public port does not serve them either.
    expect(await (await fetch(`${setting.base}/metrics`)).text()).not.toContain('ilera_http_requests_total');
  });

  it('answers the network only with its METRICS_TOKEN (METRICS_HOST=0.0.0.0): 401 and no figures without it', async () => {
    const port = metricsPorts[1];
    expect(outside().length).toBeGreaterThan(0);
    for (const address of [...outside(), '127.0.0.1']) {
      const url = `http://${address}:${port}/metrics`;
      for (const headers of [{}, { authorization: 'Bearer not-the-token-0123456789' }, { authorization: token }] as Record<string, string>[]) {
        const res = await fetch(url, { headers });
        expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await res.text()).not.toMatch(/ilera_|# HELP/);
      }
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('ilera_queue_jobs');
    }
    // Prometheus, given the token by its credentials_file, scrapes it.
    expect(await one('up{job="ilera-workers"}')).toBe(1);
  });

  it("shows the outbox's oldest row ageing while the relay cannot take it (IleraOutboxStuck), and falling once it can", async () => {
    const age = 'max(ilera_outbox_oldest_waiting_age_seconds)';
    await until('outbox drained after the start', async () => ((await one(age)) === 0 ? true : undefined));
    // A row written 90 s ago under another relay's lease (as one that died holding it leaves it): this
    // relay skips it until the lease lapses.
    const [row] = await setting.sql<{ id: string }[]>`
      INSERT INTO outbox (topic, payload, created_at, locked_until)
      VALUES ('search.professional', ${setting.sql.json({ id: 1 })}, now() - interval '90 seconds', now() + interval '10 minutes')
      RETURNING id::text`;
    await until('the age over 60 s', async () => (((await one(age)) ?? 0) > 60 ? true : undefined));
    expect(await one('max(ilera_outbox_waiting_rows)')).toBeGreaterThanOrEqual(1);
    // The rule of ops/alerts.yml sees it (pending for its minute; this test does not wait for it to fire).
    await until('IleraOutboxStuck pending or firing', async () =>
      (await query('ALERTS{alertname="IleraOutboxStuck"}')).length ? true : undefined,
    );
    await setting.sql`UPDATE outbox SET locked_until = NULL WHERE id = ${row.id}`;
    await until('the age back to 0', async () => ((await one(age)) === 0 ? true : undefined));
    const [done] = await setting.sql<{ processed: boolean }[]>`SELECT processed_at IS NOT NULL AS processed FROM outbox WHERE id = ${row.id}`;
    expect(done.processed).toBe(true);
  });
});

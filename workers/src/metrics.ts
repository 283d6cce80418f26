// Prometheus metrics (issue 38). One registry per process: scripts/start.ts makes it and hands it to
// the API and the workers, and serves it on METRICS_PORT (METRICS_HOST, 127.0.0.1 by default), never
// on the public port. Labels are names fixed in code (route templates, queue names, states): never an
// id, an address, a name or a phone, so nothing personal reaches Prometheus.
import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config, Sql } from '@ilera/db';
import type { QueueName, Queues } from './queues';

/**
 * A registry with Node's own figures (event-loop lag, heap, GC, handles, as prom-client names them)
 * and the disk of DATA_DIR.
 */
export function createMetricsRegistry(config: Pick<Config, 'dataDir'>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDataDirMetrics(registry, config.dataDir);
  return registry;
}

/**
 * One read shared by the gauges of a scrape: prom-client collects every metric at once (each collect
 * starts in the same tick), so gauges fed by the same query share the read in flight. A read that fails
 * or takes more than 2 s gives undefined: a gauge keeps its last value (a labelled one drops its series)
 * rather than the whole scrape failing or hanging on a dead Redis; ilera_dependency_up says why.
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let inFlight: Promise<T | undefined> | undefined;
  return () => {
    if (!inFlight) {
      let timer: NodeJS.Timeout | undefined;
      inFlight = Promise.race([read(), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 2000)))])
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          inFlight = undefined;
        });
    }
    return inFlight;
  };
}

/** Free and total bytes of the file system holding DATA_DIR (embedded PostgreSQL, session key, mail files). */
function registerDataDirMetrics(registry: Registry, dataDir: string): void {
  // A data directory not made yet (PostgreSQL elsewhere, no files written) has no disk to report.
  const read = perScrape(() => statfs(dataDir));
  new Gauge({
    name: 'ilera_data_dir_free_bytes',
    help: 'Bytes an unprivileged process can still write on the file system of DATA_DIR',
    registers: [registry],
    async collect() {
      const s = await read();
      if (s) this.set(s.bavail * s.bsize);
    },
  });
  new Gauge({
    name: 'ilera_data_dir_size_bytes',
    help: 'Size in bytes of the file system of DATA_DIR',
    registers: [registry],
    async collect() {
      const s = await read();
      if (s) this.set(s.blocks * s.bsize);
    },
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(req: http.IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * Serves the registry as Prometheus text at GET /metrics; anything else is 404. With a token
 * (METRICS_TOKEN), a request without `Authorization: Bearer <token>` gets 401 and no figures.
 */
export async function serveMetrics(registry: Registry, o: { port: number; host: string; token?: string }): Promise<http.Server & { url: string }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (o.token !== undefined && !hasToken(req, o.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end('Unauthorized: METRICS_TOKEN needed\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(o.port, o.host, () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(server, { url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}/metrics` });
}

/** BullMQ states reported per queue: what waits, what runs, what is scheduled, the dead-letter set. */
const JOB_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

/**
 * The workers' figures: each queue's jobs by state, failures as they happen, the outbox's backlog and
 * the index lag (from an outbox event's creation to its search update, measured when the index job ends).
 * Queue and outbox figures are read from Redis and PostgreSQL at scrape time, so every worker process
 * reports the same values: alert rules take their max.
 */
export function registerWorkerMetrics(registry: Registry, deps: { sql: Sql; queues: Queues }) {
  const { sql, queues } = deps;
  const names = Object.keys(queues).filter((k) => k !== 'close') as QueueName[];
  const jobCounts = perScrape(() => Promise.all(names.map(async (n) => [n, await queues[n].getJobCounts(...JOB_STATES)] as const)));
  new Gauge({
    name: 'ilera_queue_jobs',
    help: "Jobs in each BullMQ queue by state (failed: the queue's dead-letter set, kept 7 days)",
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await jobCounts();
      counts?.forEach(([queue, byState]) => {
        for (const state of JOB_STATES) this.set({ queue, state }, byState[state] ?? 0);
      });
    },
  });
  const failures = new Counter({
    name: 'ilera_job_failures_total',
    help: 'Job attempts that failed, per queue (a job retried 8 times counts each failed attempt)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'ilera_mail_send_failures_total',
    help: 'Attempts to send an e-mail (SMTP or file) that failed',
    registers: [registry],
  });
  const backlog = perScrape(
    async () =>
      (
        await sql<{ waiting: number; oldest: number | null; aside: number }[]>`
          SELECT count(*) FILTER (WHERE abandoned_at IS NULL AND failed_at IS NULL)::int AS waiting,
                 extract(epoch FROM clock_timestamp() - min(created_at) FILTER (WHERE abandoned_at IS NULL AND failed_at IS NULL))::float8 AS oldest,
                 count(*) FILTER (WHERE abandoned_at IS NOT NULL OR failed_at IS NOT NULL)::int AS aside
          FROM outbox WHERE processed_at IS NULL`
      )[0],
  );
  new Gauge({
    name: 'ilera_outbox_waiting_rows',
    help: 'Outbox rows not yet handed to a queue (neither processed nor set aside)',
    registers: [registry],
    async collect() {
      const b = await backlog();
      if (b) this.set(b.waiting);
    },
  });
  new Gauge({
    name: 'ilera_outbox_oldest_waiting_age_seconds',
    help: 'Age of the oldest outbox row not yet handed to a queue (0 when none waits)',
    registers: [registry],
    async collect() {
      const b = await backlog();
      if (b) this.set(b.oldest ?? 0);
    },
  });
  new Gauge({
    name: 'ilera_outbox_set_aside_rows',
    help: 'Outbox rows set aside (unroutable or abandoned after their attempts): npm run outbox -- --failed lists them',
    registers: [registry],
    async collect() {
      const b = await backlog();
      if (b) this.set(b.aside);
    },
  });
  // Each table's dead rows and the time since anything vacuumed it (issue 38): bulk work left to an
  // autovacuum that is off or behind halves the search rate (docs/OPERATIONS.md, IleraTableNeedsVacuum).
  // Table names are the schema's own; a table never vacuumed since the statistics began reports +Inf.
  const tables = perScrape(() =>
    sql<{ table: string; live: number; dead: number; age: number | null }[]>`
      SELECT relname AS table, n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
             extract(epoch FROM clock_timestamp() - greatest(last_vacuum, last_autovacuum))::float8 AS age
      FROM pg_stat_user_tables WHERE schemaname = current_schema()`,
  );
  const tableGauge = (name: string, help: string, pick: (t: { live: number; dead: number; age: number | null }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['table'],
      registers: [registry],
      async collect() {
        const rows = await tables();
        if (!rows) return;
        this.reset();
        for (const t of rows) this.set({ table: t.table }, pick(t));
      },
    });
  tableGauge('ilera_table_live_rows', "Live rows of each table (PostgreSQL's estimate, pg_stat_user_tables)", (t) => t.live);
  tableGauge('ilera_table_dead_rows', 'Dead row versions of each table waiting for a vacuum (pg_stat_user_tables)', (t) => t.dead);
  tableGauge(
    'ilera_table_last_vacuum_age_seconds',
    'Seconds since the last VACUUM or autovacuum of each table (+Inf: none since the statistics began)',
    (t) => t.age ?? Infinity,
  );
  const indexLag = new Histogram({
    name: 'ilera_index_lag_seconds',
    help: "Time from an outbox search event's creation to the end of its index job",
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  // Index jobs end by the hundred in a burst: their outbox rows' creation times are read in one
  // statement per 200 ms rather than one per job.
  let ended: { id: string; at: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const flush = async () => {
    timer = undefined;
    const batch = ended;
    ended = [];
    if (!batch.length) return;
    const rows = await sql<{ id: string; created: number }[]>`
      SELECT id::text, extract(epoch FROM created_at)::float8 AS created FROM outbox WHERE id = ANY(${batch.map((e) => e.id)}::bigint[])`;
    const created = new Map(rows.map((r) => [r.id, r.created]));
    for (const e of batch) {
      const t = created.get(e.id);
      if (t !== undefined) indexLag.observe(Math.max(0, e.at / 1000 - t));
    }
  };
  const flushSoon = () => {
    flushing = flushing.then(flush).catch(() => {});
  };
  return {
    watch(workers: Worker[]) {
      for (const w of workers) {
        w.on('failed', () => {
          failures.inc({ queue: w.name });
          if (w.name === 'mail') mailFailures.inc();
        });
        if (w.name !== 'index') continue;
        w.on('completed', (job) => {
          // The relay's jobs are `ob-<outbox id>`; linked profiles' re-index jobs have no event of their own.
          const id = /^ob-(\d+)$/.exec(job.id ?? '')?.[1];
          if (!id) return;
          ended.push({ id, at: job.finishedOn ?? Date.now() });
          timer ??= setTimeout(flushSoon, 200);
        });
      }
    },
    /** Stops measuring; the lags of the last 200 ms are recorded before it returns. */
    async stop() {
      if (timer) {
        clearTimeout(timer);
        flushSoon();
      }
      await flushing;
    },
  };
}

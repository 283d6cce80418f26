// The API's Prometheus metrics (issue 38). The registry is served by scripts/start.ts on METRICS_PORT,
// a port of its own, never by this app on the public port. Every label value is a name fixed in code:
// the route is Fastify's route template (`/api/professionals/:id`), never the URL a client sent, so no
// id, e-mail or search text reaches Prometheus; a request no route matched is `unmatched`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { isSearchError, PostgresEngine } from '@ilera/search';
import { checkHealth } from '../modules/health/health.service';
import { isLoadShed } from './load-shedding';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (shared with the workers when they run in the same process). */
    metrics: Registry;
  }
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** Seconds; the search budget is 0.3 s at p95 (docs/PERFORMANCE.md), so the buckets are finest below 1 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10];

/**
 * Counts and times every request by route template and status; counts load-shed (503 busy) and
 * rate-limit (429) refusals; times the search engine and counts answer-cache hits; and reports the
 * dependencies /healthz probes as ilera_dependency_up (probed at scrape time, at most 1 s each).
 * Registered first in buildApp, so a request refused by any later hook is still counted.
 */
export function registerMetrics(app: FastifyInstance, registry: Registry): void {
  app.decorate('metrics', registry);
  const requests = new Counter({
    name: 'ilera_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ilera_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route template',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'ilera_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a request limit, by route template',
    labelNames: ['route'],
    registers: [registry],
  });
  const shed = new Counter({
    name: 'ilera_load_shed_rejections_total',
    help: 'Requests refused with 503 because this process was overloaded, by route template',
    labelNames: ['route'],
    registers: [registry],
  });
  const searchAnswers = new Counter({
    name: 'ilera_search_answers_total',
    help: 'Search requests by whether the answer cache answered all of their searches (hit) or not (miss)',
    labelNames: ['route', 'cache'],
    registers: [registry],
  });
  const engineTime = new Histogram({
    name: 'ilera_search_engine_duration_seconds',
    help: 'Time the search engine took for one multi-search (cache misses only), by engine and outcome',
    labelNames: ['engine', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'ilera_dependency_up',
    help: 'Whether /healthz finds each dependency up (1) or down (0): database, redis, search',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { checks } = await checkHealth(app);
      for (const dependency of ['database', 'redis', 'search'] as const) this.set({ dependency }, checks[dependency].status === 'ok' ? 1 : 0);
    },
  });

  // Decision 064: the bytes of the kept search answers as each cache counts them against its cap (the whole answers
  // with their compressed copies and keys; the engine's results as it counts them), read at scrape time.
  new Gauge({
    name: 'ilera_search_kept_answer_bytes',
    help: 'Bytes of kept search answers as counted against each cache cap: whole (the answers sent, with their compressed copies) and engine (search results)',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.set({ cache: 'whole' }, app.searchPages.stats.bytes);
      this.set({ cache: 'engine' }, app.searchAnswers.stats.bytes);
    },
  });

  // Near-me searches the PostgreSQL engine answered from its in-memory copy, and those it sent to the SQL
  // because the copy failed (decision 037): a rising sql_fallback says the copy is not serving.
  const engineOfAnswers = app.searchAnswers.engine;
  if (engineOfAnswers instanceof PostgresEngine) {
    new Counter({
      name: 'ilera_search_near_answers_total',
      help: 'Near-me searches answered from the in-memory located documents (memory) or by SQL after the copy failed (sql_fallback)',
      labelNames: ['source'],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ source: 'memory' }, engineOfAnswers.nearAnswers.memory);
        this.inc({ source: 'sql_fallback' }, engineOfAnswers.nearAnswers.failed);
      },
    });
  }

  app.addHook('onError', async (request, _reply, error) => {
    if (isLoadShed(error)) shed.inc({ route: routeOf(request) });
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    // Every 429 comes from the request limits (plugins/rate-limit.ts), the report limit included.
    if (status === 429) rateLimited.inc({ route });
    // The search routes say in x-search-cache whether the whole answer came from the cache.
    const cache = reply.getHeader('x-search-cache');
    if (cache === 'hit' || cache === 'miss') searchAnswers.inc({ route, cache });
  });

  // The engine behind the answer cache is timed where the cache calls it, so only misses are timed.
  const engine = app.searchAnswers.engine;
  const multiSearch = engine.multiSearch.bind(engine);
  engine.multiSearch = async (searches) => {
    const end = engineTime.startTimer({ engine: engine.kind });
    try {
      const results = await multiSearch(searches);
      end({ outcome: results.some(isSearchError) ? 'error' : 'ok' });
      return results;
    } catch (err) {
      end({ outcome: 'error' });
      throw err;
    }
  };
}

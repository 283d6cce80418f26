import type { Redis } from 'ioredis';
import type { Config, Sql } from '@ilera/db';
import type { Health, HealthCheck } from '@ilera/contracts';
import { typesenseNodeUrls } from '@ilera/search';

/** No probe holds /healthz longer than this: a hung dependency is reported, not waited for. */
export const PROBE_TIMEOUT_MS = 1000;

type Check = HealthCheck;

/**
 * A short reason that names the failure without internal addresses (the
 * endpoint is public): an error code such as ECONNREFUSED, or the message.
 */
function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  const code = e?.code ?? e?.cause?.code;
  if (typeof code === 'string') return code;
  return String(e?.message ?? err).slice(0, 100);
}

async function probe(call: (signal: AbortSignal) => Promise<unknown>): Promise<Check> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`));
    }, PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([call(controller.signal), timeout]);
    return { status: 'ok' };
  } catch (err) {
    return { status: 'down', reason: reasonOf(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** One node's readiness answer (`GET /health` -> `{"ok": true}`), which needs no key. */
async function typesenseNodeHealth(url: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${url}/health`, { signal });
  const body = (await res.json().catch(() => ({}))) as { ok?: unknown };
  if (!res.ok || body.ok !== true) throw new Error(`typesense answered ${res.status}`);
}

/**
 * TYPESENSE_URL may name a cluster's nodes (typesense-nodes.ts); the client answers searches while
 * any node does, so the search is up when one node says so. All are asked at once, so a hung nearest
 * node does not use up the probe's time; when none is ready the reason is the nearest node's.
 */
async function typesenseHealth(config: Config, signal: AbortSignal): Promise<void> {
  const urls = typesenseNodeUrls(config.typesenseUrl!, config.typesenseNearestUrl);
  try {
    await Promise.any(urls.map((url) => typesenseNodeHealth(url, signal)));
  } catch (err) {
    throw err instanceof AggregateError ? err.errors[0] : err;
  }
}

/** Which of the load-shedding thresholds this process is past, if any. */
function loadCheck(deps: LoadDeps): Check {
  if (!deps.isUnderPressure?.()) return { status: 'ok' };
  return { status: 'down', reason: 'overloaded: shedding requests' };
}

interface LoadDeps {
  isUnderPressure?: () => boolean;
}

/** Probes PostgreSQL, Redis and the search engine at once, each for at most PROBE_TIMEOUT_MS; and this process's load. */
export async function checkHealth(deps: { sql: Sql; redis: Redis; config: Config } & LoadDeps): Promise<Health> {
  const engine = deps.config.typesenseUrl ? 'typesense' : 'postgres';
  const [database, redis, search] = await Promise.all([
    probe(() => deps.sql`SELECT 1`),
    probe(() => deps.redis.ping()),
    probe((signal) =>
      deps.config.typesenseUrl
        ? typesenseHealth(deps.config, signal)
        : // The PostgreSQL engine answers from its own tables: they must be there and readable.
          deps.sql`SELECT 1 FROM search_documents LIMIT 1`,
    ),
  ]);
  const load = loadCheck(deps);
  const checks = { database, redis, search: { ...search, engine }, load } as Health['checks'];
  const ok = [database, redis, search, load].every((c) => c.status === 'ok');
  return { status: ok ? 'ok' : 'degraded', checks };
}

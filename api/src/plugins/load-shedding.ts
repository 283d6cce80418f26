import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '@ilera/db';
import { AppError } from '../errors';

/** What an overloaded API answers (503), and how long it asks clients to wait. */
export const BUSY_MESSAGE = 'The service is busy. Please try again in a few seconds.';
export const RETRY_AFTER_SECONDS = 5;

class BusyError extends AppError {
  constructor() {
    super(503, BUSY_MESSAGE, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
}
/** Whether an error is this plugin's refusal (the metrics count them: plugins/metrics.ts). */
export function isLoadShed(err: unknown): boolean {
  return err instanceof BusyError;
}

/** How often the in-flight count is compared with its limit (the other figures are sampled each second). */
const IN_FLIGHT_CHECK_MS = 100;

/**
 * Load shedding (issue 13): past a threshold the API answers 503 with Retry-After at once,
 * instead of holding more requests than it can answer (an open loop faster than the machine
 * made them queue inside the process: 321 MB resident at 100 searches/s on 500,000 profiles).
 * @fastify/under-pressure samples the event-loop delay, the heap and the RSS; its health check
 * adds the one figure that grows with a queue whatever the cause: requests in flight.
 * /healthz is never refused: it says "degraded" (health.service.ts reads `isUnderPressure`).
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): Promise<void> {
  // API requests only (the FHIR directory's too): they are what waits on PostgreSQL and piles up; files answer at once.
  let inFlight = 0;
  // One listener for every response, not a closure (and once's wrapper) made for each.
  const answered = () => inFlight--;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/fhir/')) {
      inFlight++;
      // 'close' comes once per response, answered or abandoned by the client.
      reply.raw.on('close', answered);
    }
    done();
  });
  const mb = 1024 * 1024;
  const heapMb = limits.maxHeapMb ?? Math.floor((getHeapStatistics().heap_size_limit / mb) * 0.9);
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: heapMb * mb,
    maxRssBytes: limits.maxRssMb * mb,
    healthCheck: async () => limits.maxInFlight === 0 || inFlight <= limits.maxInFlight,
    healthCheckInterval: IN_FLIGHT_CHECK_MS,
    // A rejection goes to the error handler (plugins/errors.ts): 503, Retry-After, { message }.
    pressureHandler: async (request) => {
      if (request.routeOptions.url !== '/healthz') throw new BusyError();
    },
  });
}

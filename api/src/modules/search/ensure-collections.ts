import type { FastifyInstance } from 'fastify';
import type { SearchEngine } from '@ilera/search';

/** How long the API waits before asking an unready search engine again. */
export const ENSURE_RETRY_MS = 5000;

/**
 * A fresh Typesense has no collections until something creates them, and every search would then
 * fail (404) until the first reindex: the API creates what is missing (collections, aliases, stop
 * words) as it starts. Typesense may start after the API or be down for a while, so a failure is
 * logged and retried, never fatal: the API serves everything else meanwhile, and searches answer 503.
 */
export function ensureCollectionsAtStart(app: FastifyInstance, engine: SearchEngine): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const attempt = () => {
    engine.ensureCollections().then(
      () => app.log.info({ engine: engine.kind }, 'search collections ready'),
      (err: unknown) => {
        if (closed) return;
        app.log.warn({ engine: engine.kind, err: String((err as Error)?.message ?? err).slice(0, 200) }, 'search collections not ready; retrying');
        timer = setTimeout(attempt, ENSURE_RETRY_MS);
        timer.unref();
      },
    );
  };
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
  attempt();
}

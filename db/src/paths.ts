import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Defined (true) only in the compiled server (scripts/build-server.ts), whose files all sit in dist/.
declare const __ILERA_BUILD__: boolean | undefined;

/** The repository's root, which holds db/migrations and web/dist: two folders up from db/src, one up from dist/. */
export const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof __ILERA_BUILD__ === 'undefined' ? '../..' : '..',
);

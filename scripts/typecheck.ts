/**
 * `npm run typecheck` (and the first step of `npm test`): every workspace.
 * The root tsconfig covers contracts, db, search, api, workers, scripts, tests,
 * bench and web/e2e; the web app (web/src) and contracts (stricter flags) have
 * their own. ILERA_TYPECHECK_PROJECTS (comma-separated) replaces the list, for
 * the runner's own tests.
 *
 * TypeScript 7 (the compiler written in Go, decision 055): the four projects took about 45 CPU-s with
 * TypeScript 5.9's tsc and take about a third of that, on one thread each (`--singleThreaded`: its
 * checkers on several threads used half as much CPU again, and `npm test` runs this beside the web
 * build on two cores, where CPU is what the run waits for; docs/RELIABILITY.md).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The projects checked, from the repository root (test-runner.test: together they include every workspace's source). */
export const typecheckProjects = [
  'tsconfig.json',
  'contracts/tsconfig.json',
  'web/tsconfig.json',
  // The service worker (issue 35): a worker's globals, not the page's.
  'web/sw/tsconfig.json',
];

function main(): void {
  const projects = process.env.ILERA_TYPECHECK_PROJECTS?.split(',').filter(Boolean) ?? typecheckProjects;
  // The workspace's own tsc, without npx's extra Node start.
  const tsc = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsc');
  let failed = 0;
  for (const project of projects) {
    const r = spawnSync(tsc, ['-p', project, '--noEmit', '--pretty', 'false', '--singleThreaded'], { stdio: 'inherit' });
    if (r.status !== 0) {
      failed++;
      console.error(`Type errors in ${project} (listed above).`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

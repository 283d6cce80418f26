import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** `scripts/start.ts` in its own process, as deployed (`npm run start:api` / `start:workers`). */
const root = path.resolve(__dirname, '..');

export interface AppProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or null after a signal) once the process is gone. */
  exited: Promise<number | null>;
}

/** `entry` is the node arguments that run the app: the TypeScript sources by default, or the build (dist/start.js). */
export function startApp(
  mode: '--api' | '--workers',
  env: Record<string, string>,
  entry: string[] = ['--import', 'tsx', 'scripts/start.ts'],
): AppProcess {
  let out = '';
  const child = spawn(process.execPath, [...entry, mode], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Until `check` holds; fails at once, with the process's output, if the process exits. */
export async function waitUntil(check: () => Promise<boolean> | boolean, proc: AppProcess, what: string, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${what}: process exited\n${proc.output()}`);
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: not in time\n${proc.output()}`);
}

/** A graceful stop (SIGTERM), as a deployment stops a process. */
export async function stopApp(proc: AppProcess): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  return proc.exited;
}

/** The process dies at once, as on a power cut or the kernel's OOM killer: no handler runs. */
export async function killApp(proc: AppProcess): Promise<void> {
  proc.child.kill('SIGKILL');
  await proc.exited;
}

/** The JSON log lines of a process with the given `msg`. */
export function logLines<T = Record<string, unknown>>(proc: AppProcess, msg: string): T[] {
  return proc
    .output()
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l) as T);
}

/**
 * Which Node.js runs the API and workers the bench starts (`--node`, issue 47). Production runs the Docker
 * image's Node (the Dockerfile's `FROM node:<major>-...`), and what an answer costs depends on it: on Node 20
 * the first page drawn turns on promise hooks for good (decision 072), Node 24 has other compilers and
 * collectors. So by default the bench measures on production's major, installed from the npm registry's
 * `node` package (as .ci/run installs Node 24 for its second phase) when the Node running the bench is
 * another. Both sides of a side-by-side run on the same one: a comparison of code, not of runtimes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The Node major a Dockerfile's first `FROM node:<major>...` names, if any. */
export function dockerNodeMajor(dockerfile: string): number | undefined {
  const m = /^\s*FROM\s+(?:--platform=\S+\s+)?(?:docker\.io\/)?(?:library\/)?node:(\d+)/im.exec(dockerfile);
  return m ? Number(m[1]) : undefined;
}

/** What `--node` asked for: production's major (the default), the Node running the bench, or a binary's path. */
export type NodeChoice = { kind: 'production' } | { kind: 'current' } | { kind: 'path'; path: string };

export function parseNodeChoice(value: string | undefined): NodeChoice {
  if (value === undefined || value === 'production') return { kind: 'production' };
  if (value === 'current') return { kind: 'current' };
  if (!value.trim()) throw new Error('--node needs production, current or the path of a node binary');
  return { kind: 'path', path: value };
}

export interface NodeRuntime {
  /** The binary the API and workers run on. */
  bin: string;
  /** Its version, e.g. v24.22.3. */
  version: string;
  /** How it was chosen, for the bench's header. */
  why: string;
}

const versionOf = (bin: string): string => {
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${bin} --version failed: ${res.stderr || res.error?.message}`);
  return res.stdout.trim();
};

/**
 * The Node binary for `choice`. For `production`, the major of `root`'s Dockerfile: the running Node when it is
 * that major, else node@<major> installed with npm into the cache folder .ci/run uses (kept between runs).
 */
export function resolveNode(choice: NodeChoice, root: string): NodeRuntime {
  if (choice.kind === 'current') return { bin: process.execPath, version: process.version, why: 'the Node running the bench (--node current)' };
  if (choice.kind === 'path') {
    if (!existsSync(choice.path)) throw new Error(`--node: no file at ${choice.path}`);
    return { bin: choice.path, version: versionOf(choice.path), why: `--node ${choice.path}` };
  }
  const dockerfile = path.join(root, 'Dockerfile');
  const major = existsSync(dockerfile) ? dockerNodeMajor(readFileSync(dockerfile, 'utf8')) : undefined;
  if (major === undefined) return { bin: process.execPath, version: process.version, why: 'the Node running the bench (no node image in a Dockerfile)' };
  const why = `production's (the Dockerfile's node:${major})`;
  if (Number(process.versions.node.split('.')[0]) === major) return { bin: process.execPath, version: process.version, why };
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'ilera', `node${major}`);
  const bin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(bin) || !versionOf(bin).startsWith(`v${major}.`)) {
    const res = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], { encoding: 'utf8' });
    if (res.status !== 0 || !existsSync(bin)) {
      throw new Error(`Node ${major} (the Dockerfile's) could not be installed from the npm registry into ${dir}: ${res.stderr}\nRun with --node current to measure on ${process.version}.`);
    }
  }
  return { bin, version: versionOf(bin), why };
}

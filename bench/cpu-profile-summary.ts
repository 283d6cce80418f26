/**
 * A V8 CPU profile (`node --cpu-prof`, or bench/cpu-answers.ts --cpu-prof) summarised as tables: the share
 * of busy samples (idle and the profiler's own left out) by package and by function, self time, and the
 * functions of this repository inclusive of what they call.
 *
 *   npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top 25] [--last SECONDS]
 *
 * --last counts only the samples of the profile's last SECONDS (a whole API process's profile from
 * `npm run bench` with BENCH_API_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR": its start left out).
 * --from and --to count only the samples between two moments of the monotonic clock, in ms (a profile's
 * clock is CLOCK_MONOTONIC, as `process.hrtime` and `performance.timeOrigin + performance.now()` are
 * not: note `Number(process.hrtime.bigint() / 1000000n)` when the runs start and end).
 * --ms MS (the CPU an answer the bench measured) adds each share as ms an answer.
 *
 * The built API (dist/, esbuild: our workspaces bundled into a few files) is mapped back to our sources
 * through dist's source maps (`<file>.js.map` beside each file), so its functions are named by file and line.
 *
 * Packages are named from each function's script: node_modules/<package>, node:<core module>, this
 * repository's workspace (api/src, search/src, ...), or V8 (native code and the garbage collector).
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string' }, last: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, ms: { type: 'string' } },
});
if (!positionals[0]) throw new Error('usage: npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top 25] [--last S | --from MS --to MS] [--ms MS]');
const top = Number(values.top ?? 25);
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
if (values.last || values.from || values.to) {
  // Each sample's time (µs) is the sum of the deltas up to it.
  const from = values.last ? profile.endTime - Number(values.last) * 1e6 : Number(values.from ?? 0) * 1e3;
  const to = values.to ? Number(values.to) * 1e3 : Infinity;
  let t = profile.startTime;
  const kept: number[] = [];
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t >= from && t <= to) kept.push(id);
  });
  profile.samples = kept;
}

// A bundled file's frames named by the source they were built from (its source map, when one is beside it).
const maps = new Map<string, { map: SourceMap; dir: string } | null>();
function mapped(frame: CallFrame): CallFrame {
  if (!frame.url.startsWith('file://') || !frame.url.includes('/dist/')) return frame;
  let m = maps.get(frame.url);
  if (m === undefined) {
    const file = fileURLToPath(frame.url);
    m = existsSync(`${file}.map`) ? { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))), dir: file.slice(0, file.lastIndexOf('/') + 1) } : null;
    maps.set(frame.url, m);
  }
  const entry = m?.map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  if (!m || !entry?.originalSource) return frame;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
  return { ...frame, url: new URL(source, `file://${m.dir}`).href, lineNumber: entry.originalLine ?? frame.lineNumber };
}
for (const n of profile.nodes) n.callFrame = mapped(n.callFrame);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const NOT_BUSY = new Set(['(idle)', '(program)', '(root)']);

function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'V8: garbage collector';
  if (!url) return 'V8 / native';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return name.startsWith('@ilera/') ? `${name.slice(7)}/src` : name;
  }
  if (url.startsWith('node:')) return 'Node core';
  // A bundle's lines no source map names (esbuild's module helpers).
  if (/\/dist\/[^/]+\.js$/.test(url)) return 'dist/ (unmapped)';
  const ws = /\/(api|search|workers|contracts|db|web|bench|scripts)\/(src\/)?/.exec(url);
  return ws ? `${ws[1]}${ws[2] ? '/src' : ''}` : url;
}

const ours = (frame: CallFrame) => /\/(api|search|workers|contracts|db)\/src\//.test(frame.url) && !frame.url.includes('node_modules');
// A file by its path in the repository (the first workspace folder in its path: api/src/modules/search/..., not search/...).
const where = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*?\/((api|search|workers|contracts|db|bench)\/)/, '$1')}:${f.lineNumber + 1}`;

let busy = 0;
const selfByPackage = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const inclusiveOurs = new Map<string, number>();
const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

for (const id of profile.samples) {
  const node = byId.get(id)!;
  if (NOT_BUSY.has(node.callFrame.functionName)) continue;
  busy++;
  add(selfByPackage, packageOf(node.callFrame));
  add(selfByFunction, where(node.callFrame));
  // Inclusive: each of our functions on the stack once per sample (recursion counted once).
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const f = byId.get(at)!.callFrame;
    if (!ours(f)) continue;
    const k = where(f);
    if (!seen.has(k)) {
      seen.add(k);
      add(inclusiveOurs, k);
    }
  }
}

const pct = (n: number) => `${((100 * n) / busy).toFixed(1)}%`;
const msAnAnswer = values.ms ? Number(values.ms) : undefined;
function table(title: string, m: Map<string, number>) {
  console.log(`\n| ${title} | share |${msAnAnswer ? ' ms an answer |' : ''}\n|---|---:|${msAnAnswer ? '---:|' : ''}`);
  for (const [k, n] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${k.replace(/\|/g, '\\|')} | ${pct(n)} |${msAnAnswer ? ` ${((msAnAnswer * n) / busy).toFixed(3)} |` : ''}`);
  }
}
console.log(`${positionals[0]}: ${busy} busy samples of ${profile.samples.length}`);
table('package (self)', selfByPackage);
table('function (self)', selfByFunction);
table('our functions (inclusive)', inclusiveOurs);

/**
 * Writes test/durations.json, the time each test file took, from vitest's JSON reports
 * (`npm test -- --reporter=json --outputFile.json=run.json`): the order test/sequencer.ts starts files in.
 * Several reports: each file's mean. Usage: npx tsx scripts/record-durations.ts <report.json>... [--note "..."]
 *
 * A file's time is how long it held its worker: from the end of the file before it in the same worker (or the
 * project's first start) to its own end. The report's own figure (endTime - startTime) is only the sum of its
 * tests: its import and its beforeAll/afterAll hooks are left out (build.test.ts: 6.7 s of tests after 28.6 s of
 * beforeAll, the quiet run of 2026-11-30). The report does not say which worker ran a file: each project's files
 * are laid on as many lanes as it has workers (`--workers` for the main files, `--browser-workers` for web/e2e's:
 * 2 and 3, vitest.config.ts), a file going to the lane that became free last before it started.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { note: { type: 'string' }, workers: { type: 'string', default: '2' }, 'browser-workers': { type: 'string', default: '3' } },
});
if (!positionals.length) {
  console.error('usage: npx tsx scripts/record-durations.ts <vitest json report>... [--note "where and when"] [--workers 2] [--browser-workers 3]');
  process.exit(2);
}
const lanesOf = { main: Number(values.workers), browser: Number(values['browser-workers']) };
type FileResult = { name: string; startTime: number; endTime: number };

/** The report's files relative to the clone it ran in (the deepest folder holding them all), with '/' separators. */
function relativeNames(results: FileResult[]): Map<FileResult, string> {
  const dirs = results.map((r) => path.dirname(r.name).split(path.sep));
  let common = dirs[0] ?? [];
  for (const d of dirs) {
    let i = 0;
    while (i < common.length && d[i] === common[i]) i++;
    common = common.slice(0, i);
  }
  const root = common.join(path.sep) || path.sep;
  return new Map(results.map((r) => [r, path.relative(root, r.name).split(path.sep).join('/')]));
}

/** Seconds each file held its worker (see above), the browser files (web/e2e) and the others as separate projects. */
function heldSeconds(results: FileResult[]): Map<FileResult, number> {
  const held = new Map<FileResult, number>();
  for (const browser of [false, true]) {
    const files = results.filter((r) => r.name.includes(`${path.sep}web${path.sep}e2e${path.sep}`) === browser).sort((a, b) => a.startTime - b.startTime);
    if (!files.length) continue;
    const lanes = browser ? lanesOf.browser : lanesOf.main;
    const free: number[] = Array.from({ length: lanes }, () => files[0]!.startTime);
    for (const f of files) {
      // The lane that became free last before this file started (a small tolerance for the clock's rounding).
      let lane = -1;
      for (const [i, end] of free.entries()) if (end <= f.startTime + 50 && (lane < 0 || end > free[lane]!)) lane = i;
      if (lane < 0) lane = free.indexOf(Math.min(...free)); // more files at once than lanes: count its tests only
      held.set(f, (f.endTime - Math.min(free[lane]!, f.startTime)) / 1000);
      free[lane] = f.endTime;
    }
  }
  return held;
}

const sums = new Map<string, number[]>();
for (const report of positionals) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] };
  const names = relativeNames(testResults);
  for (const [r, s] of heldSeconds(testResults)) sums.set(names.get(r)!, [...(sums.get(names.get(r)!) ?? []), s]);
}
const seconds = Object.fromEntries(
  [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, s]) => [file, Math.round((s.reduce((x, y) => x + y, 0) / s.length) * 10) / 10]),
);
const out = path.join(import.meta.dirname, '..', 'test', 'durations.json');
writeFileSync(out, `${JSON.stringify({ note: values.note ?? '', seconds }, null, 2)}\n`);
console.log(`${out}: ${Object.keys(seconds).length} files`);

/**
 * Writes test/durations.json, the time each test file took, from vitest's JSON reports
 * (`npm test -- --reporter=json --outputFile.json=run.json`): the order test/sequencer.ts starts files in.
 * Several reports: each file's mean. Usage: npx tsx scripts/record-durations.ts <report.json>... [--note "..."]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { note: { type: 'string' } } });
if (!positionals.length) {
  console.error('usage: npx tsx scripts/record-durations.ts <vitest json report>... [--note "where and when"]');
  process.exit(2);
}
const root = path.join(import.meta.dirname, '..');
const sums = new Map<string, number[]>();
for (const report of positionals) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
  for (const r of testResults) {
    const file = path.relative(root, r.name).split(path.sep).join('/');
    sums.set(file, [...(sums.get(file) ?? []), (r.endTime - r.startTime) / 1000]);
  }
}
const seconds = Object.fromEntries(
  [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, s]) => [file, Math.round((s.reduce((x, y) => x + y, 0) / s.length) * 10) / 10]),
);
const out = path.join(root, 'test', 'durations.json');
writeFileSync(out, `${JSON.stringify({ note: values.note ?? '', seconds }, null, 2)}\n`);
console.log(`${out}: ${Object.keys(seconds).length} files`);

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerNodeMajor, resolveNode } from './node-runtime';
import { parseBenchOptions } from './options';
import { firstInRound, ratio, sideBySideTable, spread, type Round } from './side-by-side';

/**
 * `npm run bench -- --baseline REV` (issue 47): what its command line means, and
 * the table it prints from the rounds it measured. The measuring itself needs two
 * built apps and two seeded databases; this file checks the arithmetic and the layout.
 */
describe('bench command line', () => {
  it('reads --baseline, --rounds and --only, and scales the data from --professionals', () => {
    const o = parseBenchOptions(['--baseline', 'c1927da', '--only', 'search-log,profile', '--professionals', '20000']);
    expect(o.baseline).toBe('c1927da');
    expect(o.only).toEqual(['search-log', 'profile']);
    expect(o.rounds).toBe(2);
    expect(o.warmup).toBe(10);
    expect(o.sizes).toEqual({ professionals: 20000, institutions: 2000, appointments: 20000, reviews: 20000 });
  });

  it('defaults side by side to issue 47 figure\'s data, and takes each size given', () => {
    expect(parseBenchOptions(['--baseline', 'main~3']).sizes).toEqual({ professionals: 100000, institutions: 10000, appointments: 100000, reviews: 100000 });
    const o = parseBenchOptions(['--baseline', 'main', '--professionals', '30_000', '--reviews', '5000', '--rounds', '4']);
    expect(o.sizes).toEqual({ professionals: 30000, institutions: 3000, appointments: 30000, reviews: 5000 });
    expect(o.rounds).toBe(4);
  });

  it('keeps the national-scale sizes without --baseline', () => {
    const o = parseBenchOptions(['--seed', '--no-build'], { DATABASE_URL: 'postgres://x@h/db' });
    expect(o).toMatchObject({ seed: true, build: false, baseline: undefined, databaseUrl: 'postgres://x@h/db', warmup: 3 });
    expect(o.sizes).toEqual({ professionals: 500000, institutions: 50000, appointments: 2000000, reviews: 1000000 });
  });

  it('refuses one round side by side, a size that is not a whole number, an unknown flag and a revision that is not one', () => {
    expect(() => parseBenchOptions(['--baseline', 'c1927da', '--rounds', '1'])).toThrow(/--rounds/);
    expect(() => parseBenchOptions(['--baseline', 'c1927da', '--professionals', 'many'])).toThrow(/--professionals/);
    expect(() => parseBenchOptions(['--baseline', 'c1927da', '--professionals', '2.5'])).toThrow(/--professionals/);
    expect(() => parseBenchOptions(['--baseline', 'c1927da', '--duration', ''])).toThrow(/--duration/);
    expect(() => parseBenchOptions(['--baseline', 'c1927da', '--round', '3'])).toThrow(/round/);
    expect(() => parseBenchOptions(['--baseline', 'c19; rm -rf /'])).toThrow(/--baseline/);
  });
});

describe('side-by-side arithmetic', () => {
  it('gives the working tree as a multiple of REV, nothing when a figure is missing or REV\'s is zero', () => {
    expect(ratio(300, 400)).toBe(0.75);
    expect(ratio(undefined, 400)).toBeUndefined();
    expect(ratio(3, 0)).toBeUndefined();
  });

  it('takes the median and range of the rounds, leaving out missing ones', () => {
    expect(spread([0.8, 0.7, 0.9])).toEqual({ median: 0.8, min: 0.7, max: 0.9 });
    expect(spread([1, undefined, 3])).toEqual({ median: 2, min: 1, max: 3 });
    expect(spread([undefined])).toBeUndefined();
  });

  it('alternates who runs first', () => {
    expect([1, 2, 3, 4].map(firstInRound)).toEqual(['baseline', 'current', 'baseline', 'current']);
  });
});

describe('side-by-side table', () => {
  const rounds: Round[] = [
    { load: 2.04, first: 'baseline', baseline: { rps: 400, p95: 100, apiMs: 2, pgMs: 1 }, current: { rps: 300, p95: 150, apiMs: 3, pgMs: 0.5 } },
    { load: 3.46, first: 'current', baseline: { rps: 400, p95: 100, apiMs: 2, pgMs: 1, non2xx: 7 }, current: { rps: 340, p95: 130, apiMs: 3, non2xx: 2 } },
  ];
  const lines = sideBySideTable([{ name: 'search-log', title: 'Search traffic mix', rounds }], { baseline: 'c1927da', current: 'working tree' });
  const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
  const table = lines.filter((l) => l.startsWith('|'));

  it('has a header naming each figure and a column of ratios beside it', () => {
    expect(cells(table[0])).toEqual(['Scenario', 'Round', 'Load', 'req/s', 'x', 'p95 ms', 'x', 'API CPU ms an answer', 'x', 'PostgreSQL CPU ms an answer', 'x', 'non-2xx']);
    expect(lines[0]).toContain('x = working tree ÷ c1927da');
  });

  it('prints each round with its load, who went first, both figures and their ratio', () => {
    expect(cells(table[2])).toEqual(['Search traffic mix', '1 (c1927da first)', '2.0', '400 / 300', '0.75x', '100.0 / 150.0', '1.50x', '2.00 / 3.00', '1.50x', '1.00 / 0.50', '0.50x', '0 / 0']);
    expect(cells(table[3])).toEqual(['', '2 (working tree first)', '3.5', '400 / 340', '0.85x', '100.0 / 130.0', '1.30x', '2.00 / 3.00', '1.50x', '1.00 / —', '—', '7 / 2']);
  });

  it('sums the rounds up: median ratio and its range, each side\'s range, the loads\' range', () => {
    expect(cells(table[4])).toEqual(['', 'all 2', '2.0-3.5', '400 / 300-340', '**0.80x (0.75-0.85)**', '100.0 / 130.0-150.0', '**1.40x (1.30-1.50)**', '2.00 / 3.00', '**1.50x**', '1.00 / 0.50', '**0.50x**', '7 / 2']);
  });

  it('warns when answers were refused or failed, and only then', () => {
    expect(lines.at(-1)).toMatch(/^Some answers were not 2xx/);
    const clean = sideBySideTable([{ name: 'profile', title: 'Profile', rounds: rounds.map((r) => ({ ...r, baseline: { ...r.baseline, non2xx: 0 }, current: { ...r.current, non2xx: 0 } })) }], { baseline: 'a', current: 'b' });
    expect(clean.some((l) => l.includes('not 2xx'))).toBe(false);
  });
});

describe('the Node the bench runs the API on (--node)', () => {
  it("reads production's major from this project's Dockerfile", () => {
    // The image the Dockerfile builds is what production runs: its major, not the Node running the bench.
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
    const froms = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    expect(froms.length).toBeGreaterThan(0);
    expect(dockerNodeMajor(dockerfile)).toBe(froms[0]);
  });

  it('reads the major of the first node image, whatever its form', () => {
    expect(dockerNodeMajor('# build\nFROM node:22-bookworm-slim AS build\nFROM node:20\n')).toBe(22);
    expect(dockerNodeMajor('from --platform=linux/amd64 docker.io/library/node:24.3.0-alpine\n')).toBe(24);
    expect(dockerNodeMajor('FROM debian:bookworm-slim\nRUN apt-get install -y nodejs\n')).toBeUndefined();
  });

  it("defaults to production's Node, and takes current or a path", () => {
    expect(parseBenchOptions([]).node).toEqual({ kind: 'production' });
    expect(parseBenchOptions(['--baseline', 'c1927da', '--node', 'current']).node).toEqual({ kind: 'current' });
    expect(parseBenchOptions(['--node', '/opt/node24/bin/node']).node).toEqual({ kind: 'path', path: '/opt/node24/bin/node' });
  });

  it('runs on the Node running the bench when that is the one asked for', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bench-node-'));
    try {
      // A Dockerfile naming this very major: nothing to install.
      writeFileSync(path.join(root, 'Dockerfile'), `FROM node:${process.versions.node.split('.')[0]}-bookworm-slim\n`);
      expect(resolveNode({ kind: 'production' }, root)).toMatchObject({ bin: process.execPath, version: process.version });
      expect(resolveNode({ kind: 'current' }, root)).toMatchObject({ bin: process.execPath, version: process.version });
      expect(resolveNode({ kind: 'path', path: process.execPath }, root).version).toBe(process.version);
      expect(() => resolveNode({ kind: 'path', path: path.join(root, 'no-node') }, root)).toThrow(/no file/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

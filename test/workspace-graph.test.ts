/**
 * The workspaces form one order, contracts <- db <- search <- workers, api; the web app
 * imports contracts only (the API serves its build). A workspace never imports one above
 * it, in its code, its tests or its package.json, so each can be read, built and tested
 * with only what is below it. web/e2e is not the web app: like test/, its browser journeys
 * drive the whole running system (they seed and index through db and search).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const allowed: Record<string, string[]> = {
  contracts: [],
  db: ['contracts'],
  search: ['contracts', 'db'],
  workers: ['contracts', 'db', 'search'],
  api: ['contracts', 'db', 'search', 'workers'],
  web: ['contracts'],
};
const workspaces = Object.keys(allowed);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (['node_modules', 'dist'].includes(e.name) || full === path.join(root, 'web', 'e2e')) return [];
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [full] : [];
  });
}

/** The workspace a module specifier of `file` points into, or null when it is a package or a file outside them. */
function targetWorkspace(file: string, spec: string): string | null {
  const named = /^@ilera\/([a-z]+)/.exec(spec);
  if (named) return named[1];
  if (!spec.startsWith('.')) return null;
  const rel = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
  return workspaces.includes(rel) ? rel : null;
}

describe('workspace import graph', () => {
  it('no workspace imports a workspace above it, in code or tests', () => {
    const wrong: string[] = [];
    for (const ws of workspaces) {
      for (const file of sourceFiles(path.join(root, ws))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
          const target = targetWorkspace(file, m[1]);
          if (target && target !== ws && !allowed[ws].includes(target)) {
            wrong.push(`${path.relative(root, file)} imports ${m[1]}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no workspace declares a dependency on a workspace above it', () => {
    const wrong: string[] = [];
    for (const ws of workspaces) {
      const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
      const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
      for (const dep of deps.filter((d) => d.startsWith('@ilera/'))) {
        if (!allowed[ws].includes(dep.slice('@ilera/'.length))) wrong.push(`${ws} depends on ${dep}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

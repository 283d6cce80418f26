/**
 * Issue 48: no module imports itself through others. A circle of imports (postgres-sql.ts ->
 * postgres-geo.ts -> postgres-sql.ts) makes a module's load order depend on which one is imported
 * first (tsx could not load bench/explain through one), and the modules can no longer be read one
 * after the other. Every static import and re-export of every workspace's source, tests included,
 * `import type` too (a type-only circle is still two modules that each need the other to be read),
 * parsed by oxc's TypeScript parser (TypeScript 7 has no parsing API); dynamic `import()` is left out (it loads when it
 * runs, not with its module).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const folders = ['contracts/src', 'db/src', 'search/src', 'workers/src', 'api/src', 'web/src', 'web/e2e', 'scripts', 'bench', 'test'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (['node_modules', 'dist'].includes(e.name)) return [];
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names ('./lists.js' is lists.ts), or undefined for a package. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The modules `file` imports or re-exports statically. */
function importsOf(file: string): string[] {
  const { module, errors } = parseSync(file, readFileSync(file, 'utf8'));
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  // Static imports (`import type` too) and re-exports (`export ... from`, `export type ... from`).
  const specs = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : []))),
  ];
  const out: string[] = [];
  for (const spec of specs) {
    const target = resolve(file, spec);
    if (target) out.push(target);
  }
  return out;
}

/** The circles of the graph: its strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.map((f) => path.relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    const c = '/x/c.ts';
    expect(circles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toHaveLength(1);
    expect(circles(new Map([[a, [b]], [b, [c]], [c, []]]))).toEqual([]);
    expect(resolve(path.join(root, 'contracts/src/index.ts'), './lists.js')).toBe(path.join(root, 'contracts/src/lists.ts'));
  });

  it('reads type-only imports and re-exports as imports (the parser)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-circles-'));
    try {
      const files = {
        'a.ts': `import type { B } from './b.js';\nimport { type C } from './c';\nexport * from './d.js';\nexport type { E } from './e';\nconst later = () => import('./f.js');\nexport const a: B | C = later as never;\n`,
        'b.ts': 'export type B = 1;\n',
        'c.ts': 'export type C = 2;\n',
        'd.ts': 'export const d = 3;\n',
        'e.ts': 'export type E = 4;\n',
        'f.ts': 'export const f = 5;\n',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
      expect(importsOf(path.join(dir, 'a.ts')).map((f) => path.basename(f)).sort()).toEqual(['b.ts', 'c.ts', 'd.ts', 'e.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no module of any workspace imports itself through others', () => {
    const graph = new Map<string, string[]>();
    for (const folder of folders) {
      for (const file of sourceFiles(path.join(root, folder))) graph.set(file, importsOf(file));
    }
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });
});

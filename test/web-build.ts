import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The web build's page chunks by name (SearchPage, ProfilePages, ...: pages are lazy, so dynamic
 * entries; the name is the module's file name), read from the build's Vite manifest, for browser
 * tests that hold a page's code back (as a slow phone's network would) or check what is fetched.
 */
type Chunk = { file: string; name?: string; isDynamicEntry?: boolean; imports?: string[] };
let manifest: Record<string, Chunk> | undefined;
const readManifest = () =>
  (manifest ??= JSON.parse(
    readFileSync(`${process.env.ILERA_WEB_DIST || fileURLToPath(new URL('../web/dist', import.meta.url))}/.vite/manifest.json`, 'utf8'),
  ) as Record<string, Chunk>);

/** Every page chunk: its manifest key and entry. */
export const pageChunks = (): [string, Chunk][] => Object.entries(readManifest()).filter(([, c]) => c.isDynamicEntry && /Pages?$/.test(c.name ?? ''));

/** A page chunk's address. */
export function pageChunk(name: string): string {
  const found = pageChunks().find(([, c]) => c.name === name);
  if (!found) throw new Error(`no chunk named ${name} in the build's manifest`);
  return `/${found[1].file}`;
}

/** A page chunk's file and every file it imports, as addresses. */
export function pageClosure(name: string): Set<string> {
  const m = readManifest();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const c = m[key];
    if (!c || seen.has(`/${c.file}`)) return;
    seen.add(`/${c.file}`);
    for (const k of c.imports ?? []) visit(k);
  };
  const found = pageChunks().find(([, c]) => c.name === name);
  if (!found) throw new Error(`no chunk named ${name} in the build's manifest`);
  visit(found[0]);
  return seen;
}

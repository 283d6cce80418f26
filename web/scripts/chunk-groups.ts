/**
 * Chunks for HTTP/1.1 on a slow phone network (issue 35): every file costs a round trip,
 * and Rollup's own splitting made dozens of chunks of a few hundred bytes (one per set of
 * pages sharing a Mantine component or an icon). The pages a visitor arrives on and goes
 * through (landing, search, profiles) get one chunk each of what only they use, and what
 * two or more of them share is one more chunk:
 * - 'LandingPage', 'SearchPage' (with its results area and react-instantsearch) and
 *   'ProfilePages' (both profile pages);
 * - 'PublicPages': what the landing page shares with search, profiles or any other page;
 *   'SearchProfile': what only search and profiles share; 'Common': what search or profiles
 *   share with other pages (so that the sign-in page does not load the search page's chunk);
 * - 'index': what the entry (index.html: the page's loader, src/main.tsx) uses stays in the entry;
 * - 'app': what the app's start (src/boot/app.tsx: React, Mantine's provider, the router, the
 *   query cache) uses beyond the loader, fetched at once or at the first intent (issue 35);
 * - everything else (signed-in pages, dialogs, anything behind a dynamic import): Rollup's
 *   own splitting along the lazy imports.
 *
 * What a module "uses" is followed by imported name through re-exports: the entry imports
 * a few components from @mantine/core's index, which re-exports every component, and
 * following that file's imports wholesale would count all of Mantine as the entry's.
 * The entry's own modules must be named too: Rollup moves the unnamed dependencies of a
 * named chunk into it (React would land in 'LandingPage', and the entry would import it).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type Node = { type: string; [key: string]: unknown };
interface Specifier {
  type: string;
  imported?: { name?: string; value?: string };
  local?: { name?: string; value?: string };
  exported?: { name?: string; value?: string };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);
const nameOf = (n?: { name?: string; value?: string }) => n?.name ?? n?.value ?? '';

/** The app's start, which the page's loader (src/main.tsx, the entry) imports when the app is needed. */
export const appModule = 'src/boot/app.tsx';

/** Groups: chunk name and the page modules (relative to the web root) it starts from. */
export const pageGroups: [string, string[]][] = [
  ['LandingPage', ['src/app/pages/LandingPage.tsx']],
  ['SearchPage', ['src/features/search/pages/SearchPage.tsx', 'src/features/search/components/SearchResultsArea.tsx']],
  ['ProfilePages', ['src/features/profiles/pages/ProfessionalProfilePage.tsx', 'src/features/profiles/pages/InstitutionProfilePage.tsx']],
];

export function chunkGroups(webRoot: string): { plugin: Plugin; manualChunks: Rollup.GetManualChunk } {
  let chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'ilera-chunk-groups',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      chunkOf = new Map();
    },
    async buildEnd() {
      const resolved = new Map<string, string | null>();
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        if (!resolved.has(key)) {
          const r = await this.resolve(source, importer);
          resolved.set(key, r && !r.external ? r.id : null);
        }
        return resolved.get(key)!;
      };
      const body = (id: string) => ((this.getModuleInfo(id)?.ast as { body?: Node[] } | null)?.body ?? []) as Node[];

      /** Whether a module exports `name`, itself or through its `export *`. */
      const provides = async (id: string, name: string, seen = new Set<string>()): Promise<boolean> => {
        if (seen.has(id)) return false;
        seen.add(id);
        if (this.getModuleInfo(id)?.exports?.includes(name)) return true;
        for (const star of body(id).filter((node) => node.type === 'ExportAllDeclaration' && !node.exported)) {
          const target = await resolve(String((star.source as { value: string }).value), id);
          if (target && (await provides(target, name, seen))) return true;
        }
        return false;
      };

      /** Every module that `starts` need, following imported names through re-exports. */
      const closure = async (starts: string[]) => {
        const whole = new Set<string>(); // modules included with all their imports
        const asked = new Set<string>(); // `${id}\0${name}` already followed
        const included = new Set<string>();
        const needAll = async (id: string): Promise<void> => {
          if (whole.has(id)) return;
          whole.add(id);
          included.add(id);
          for (const node of body(id)) {
            if (node.type !== 'ImportDeclaration') continue;
            const target = await resolve(String((node.source as { value: string }).value), id);
            if (!target) continue;
            const specifiers = (node.specifiers as Specifier[]) ?? [];
            // A bare import matters only for its side effects (Mantine's files import their
            // siblings bare, and declare that they have none).
            if (specifiers.length === 0 && this.getModuleInfo(target)?.moduleSideEffects !== false) await needAll(target);
            for (const s of specifiers) {
              if (s.type === 'ImportSpecifier') await need(target, nameOf(s.imported));
              else if (s.type === 'ImportDefaultSpecifier') await need(target, 'default');
              else await needAll(target); // a namespace import
            }
          }
        };
        const need = async (id: string, name: string): Promise<void> => {
          const key = `${id}\0${name}`;
          if (asked.has(key)) return;
          asked.add(key);
          included.add(id);
          const info = this.getModuleInfo(id);
          if (!info || !info.ast) return needAll(id); // not parsed by Rollup (e.g. CSS, virtual): keep it whole
          for (const node of body(id)) {
            if (node.type === 'ExportNamedDeclaration' && node.source) {
              for (const s of (node.specifiers as Specifier[]) ?? []) {
                if (nameOf(s.exported) !== name) continue;
                const target = await resolve(String((node.source as { value: string }).value), id);
                if (!target) continue;
                if (s.type === 'ExportNamespaceSpecifier') await needAll(target);
                else await need(target, nameOf(s.local));
                return;
              }
            }
          }
          // `export * as name from`: the whole module.
          for (const node of body(id)) {
            if (node.type === 'ExportAllDeclaration' && node.exported && nameOf(node.exported as Specifier['exported']) === name) {
              const target = await resolve(String((node.source as { value: string }).value), id);
              if (target) return needAll(target);
            }
          }
          // `export *`: the module that has the name.
          for (const star of body(id).filter((node) => node.type === 'ExportAllDeclaration' && !node.exported)) {
            const target = await resolve(String((star.source as { value: string }).value), id);
            if (target && (await provides(target, name))) return need(target, name);
          }
          // A name of its own: the module as a whole.
          return needAll(id);
        };
        for (const start of starts) await needAll(start);
        return included;
      };

      const ids = [...this.getModuleIds()];
      const loader = await closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      // The app's start (React, Mantine, providers, router) is one chunk, as the entry was before
      // the entry became the page's loader: below, `entry` is both, and the pages' groups exclude it.
      const appStart = path.join(webRoot, appModule);
      const app = ids.includes(appStart) ? await closure([appStart]) : new Set<string>();
      const entry = new Set([...loader, ...app]);
      const groupStarts = new Set(pageGroups.flatMap(([, pages]) => pages.map((p) => path.join(webRoot, p))));
      const users = new Map<string, string[]>();
      for (const [name, pages] of pageGroups) {
        for (const id of await closure(pages.map((p) => path.join(webRoot, p)))) {
          if (!entry.has(id)) users.set(id, [...(users.get(id) ?? []), name]);
        }
      }
      // The other lazily loaded modules (signed-in pages, dialogs), and what each needs.
      const lazy = ids.filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !groupStarts.has(id) && !entry.has(id));
      const needers = new Map<string, string[]>();
      for (const start of lazy) {
        for (const id of await closure([start])) {
          if (!entry.has(id)) needers.set(id, [...(needers.get(id) ?? []), start]);
        }
      }
      for (const [id, names] of users) {
        const alsoElsewhere = needers.has(id);
        const landing = names.includes('LandingPage');
        chunkOf.set(
          id,
          // What the landing page shares is on its first load anyway.
          landing && (names.length > 1 || alsoElsewhere) ? 'PublicPages'
          // What other pages need too: a chunk of its own, so that the sign-in page does
          // not load the search page's chunk for a shared schema.
          : alsoElsewhere ? 'Common'
          : names.length > 1 ? 'SearchProfile'
          : names[0]!,
        );
      }
      for (const id of app) chunkOf.set(id, 'app');
      for (const id of loader) chunkOf.set(id, 'index');
      // Every other module is named too, as Rollup would split it: by the set of lazily
      // loaded modules that need it. Left unnamed, a module that Mantine's index re-exports
      // would be moved by Rollup into the named chunk holding that index.
      // A chunk's name: its module's file name (a package's index: the package's name; never 'index').
      const base = (id: string) => {
        const name = path.basename(id).replace(/\?.*$/, '').replace(/\.[^.]+$/, '');
        if (name !== 'index') return name;
        return (id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.basename(path.dirname(id))).replace(/[@/]/g, '-').replace(/^-/, '') + '-index';
      };
      for (const [id, starts] of needers) {
        if (chunkOf.has(id)) continue;
        chunkOf.set(id, starts.length === 1 ? base(starts[0]!) : `shared-${hash(starts.sort().join('\n'))}`);
      }
    },
  };
  return { plugin, manualChunks: (id) => chunkOf.get(id) };
}

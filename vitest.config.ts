import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/sequencer.ts';

const EXCLUDE = ['**/node_modules/**', 'web/dist/**', 'data/**'];
/** The files that drive Chromium (test/browser.ts). */
const BROWSER = ['web/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    // Each project's include and exclude (a project extending this config adds to its lists).
    globalSetup: ['./test/global-setup.ts'],
    // 90 s: on 2 cores at load average 30-40 (eight engineers' work beside a full run, 2026-11-23)
    // three API tests that hash dozens of passwords or migrate a new database passed 30 s and
    // failed as timeouts (admin-create, admin's 401/403 sweep, 100 failed sign-ins); a hang still fails.
    testTimeout: 90000,
    // expect.poll waits for a state (a result count, a URL) like Playwright's waitFor (30 s in
    // test/browser.ts), not vitest's 1 s default, which a page on a loaded machine missed; 15 s was
    // missed by a first tap that brings the app (fetched, run and hydrated in 15-20 s in CI's runs).
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 60000,
    pool: 'forks',
    // Each project's files start longest first, by the durations in test/durations.json (test/sequencer.ts): a
    // fresh clone has no vitest cache, and its files went by size, so a long file could start last and run alone.
    sequence: { sequencer: LongestFirstSequencer },
    // Two cores: files run two at a time, each with its own database and queue prefix; the browser
    // files (Chromium) after all the others, three at a time (below), in CI too (they wait on what the
    // page shows, never on the clock; docs/RELIABILITY.md, CI). `--project main` runs the rest.
    // The main files share their two worker processes (isolate: false): each file's modules (the app, its
    // routes, the workers) are loaded once per process, not once per file, which took 40% of the main files'
    // time (main project 345 s isolated, 198 s shared, same minutes, 2026-11-26). Each file still has its own
    // database, Redis prefix and app; a file must leave process-wide state as it found it (process.env,
    // globals, fake timers: docs/RELIABILITY.md, CI). The browser files share theirs too, and one Chromium per
    // process (test/browser.ts), since 2026-11-29: a browser file no longer imports the app and launches Chromium
    // for itself. The failures that made them one process each (1054135's clean-clone run: claims, data saver,
    // near-me, speaks-my-language) were, as far as found, first taps lost during hydration (decision 036), not
    // state left in the process.
    projects: [
      { extends: true, test: { name: 'main', include: ['**/*.test.ts'], exclude: [...EXCLUDE, ...BROWSER], maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } } },
      // retry: 1 for the browser files only, and only while this is open: a first tap made while the app hydrates is
      // still lost now and then (clean-clone runs of 2026-11-29: hydrate-on-intent's held-app tap once in four runs,
      // near-me's "Remove Near you" and a signed-in claim once). Taps on pages that load the app at once have no
      // intent recorder (web/src/main.tsx): the likely cause of the last two (the claim's tap now waits for React, and
      // passed since; 2026-11-30); docs/RELIABILITY.md. A test that fails twice still fails the run, and vitest reports
      // every retry.
      // Three browser files at a time (two before 2026-11-30): two left about 0.7 of the 2 cores idle (360 CPU-s in
      // 293 s, 3da7ee5's quiet run), each file waiting on its page, its workers and its Chromium in turn; the main files
      // keep two (a third measured no gain: CPU-bound). docs/RELIABILITY.md, issue 48's seventh pass.
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: EXCLUDE, maxWorkers: 3, isolate: false, retry: 1, sequence: { groupOrder: 1 } } },
    ],
    // The web app's server renderer (web/dist/.ssr, decision 015) is a built bundle the API imports:
    // Node loads it as production does. Through vitest's transform its first import (and the first
    // /search's instantsearch chunk) took 10 s and more on the loaded machine.
    // Any build's: ILERA_WEB_DIST may name a private one (web/vite.config.ts, ILERA_WEB_OUT). Through the transform,
    // a file sharing its process (isolate: false) could not load the renderer's lazy chunks after the file before it
    // ended ("Cannot load .../.ssr/assets/... after the environment was torn down").
    server: { deps: { external: [/\/\.ssr\//] } },
  },
});

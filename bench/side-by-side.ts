/**
 * The table of `npm run bench -- --baseline REV` (issue 47): each scenario run on
 * REV and on the working tree alternately, round after round, and the working
 * tree's figures as ratios of REV's, with the spread of each ratio over the
 * rounds. No I/O here: bench/run.ts measures, this module only does arithmetic
 * and layout (bench/side-by-side.test.ts).
 */

/** One run of one version: what bench/run.ts's loadRun measured. */
export interface RunFigures {
  rps: number;
  p95: number;
  /** CPU ms an answer: the API processes, and the PostgreSQL backends of that version's database. */
  apiMs?: number;
  pgMs?: number;
  /** Answers that were not 2xx (503 from load shedding, errors) and requests that failed: counted in req/s and CPU an answer. */
  non2xx?: number;
}

export interface Round {
  /** The 1-minute load average when the round started (os.loadavg()[0]). */
  load: number;
  /** Which version ran first in this round (rounds alternate it). */
  first: 'baseline' | 'current';
  baseline: RunFigures;
  current: RunFigures;
}

export interface ScenarioRounds {
  name: string;
  title: string;
  rounds: Round[];
}

export type Metric = 'rps' | 'p95' | 'apiMs' | 'pgMs';

export const METRICS: { key: Metric; label: string; digits: number }[] = [
  { key: 'rps', label: 'req/s', digits: 0 },
  { key: 'p95', label: 'p95 ms', digits: 1 },
  { key: 'apiMs', label: 'API CPU ms an answer', digits: 2 },
  { key: 'pgMs', label: 'PostgreSQL CPU ms an answer', digits: 2 },
];

/** The working tree's figure as a multiple of REV's; undefined when either is missing or REV's is 0. */
export function ratio(current: number | undefined, baseline: number | undefined): number | undefined {
  if (current === undefined || baseline === undefined || !Number.isFinite(current) || !Number.isFinite(baseline) || baseline === 0) return undefined;
  return current / baseline;
}

/** Median, lowest and highest of some figures (undefined ones left out); undefined when none is left. */
export function spread(values: (number | undefined)[]): { median: number; min: number; max: number } | undefined {
  const xs = values.filter((v): v is number => v !== undefined && Number.isFinite(v)).sort((a, b) => a - b);
  if (!xs.length) return undefined;
  const mid = xs.length >> 1;
  return { median: xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2, min: xs[0], max: xs[xs.length - 1] };
}

const fixed = (v: number | undefined, digits: number) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits));
const times = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)}x`);

/** "median (min-max)" of a metric's ratios over the rounds; the range is left out when every round agrees to 0.01x. */
export function ratioSpreadText(rounds: Round[], metric: Metric): string {
  const s = spread(rounds.map((r) => ratio(r.current[metric], r.baseline[metric])));
  if (!s) return '—';
  return s.max - s.min < 0.005 ? times(s.median) : `${times(s.median)} (${s.min.toFixed(2)}-${s.max.toFixed(2)})`;
}

/**
 * The side-by-side table, in Markdown: for each scenario a line per round (REV's figure /
 * the working tree's, and the ratio) and a line for all rounds (the ratios' median and
 * their range over the rounds, each version's figures as their range).
 */
export function sideBySideTable(rows: ScenarioRounds[], labels: { baseline: string; current: string }): string[] {
  const lines: string[] = [];
  lines.push(
    `Figures are ${labels.baseline} / ${labels.current}; x = ${labels.current} ÷ ${labels.baseline} ` +
      '(req/s above 1x is faster; p95 and CPU an answer below 1x are quicker, cheaper). "all" gives the ratios\' median and, in brackets, their range over the rounds.',
  );
  lines.push('');
  lines.push(`| Scenario | Round | Load | ${METRICS.map((m) => `${m.label} | x`).join(' | ')} | non-2xx |`);
  lines.push(`|---|---|---:|${METRICS.map(() => '---:|---:').join('|')}|---:|`);
  const non2xx = (r: Round) => `${r.baseline.non2xx ?? 0} / ${r.current.non2xx ?? 0}`;
  for (const row of rows) {
    row.rounds.forEach((r, k) => {
      const cells = METRICS.map((m) => `${fixed(r.baseline[m.key], m.digits)} / ${fixed(r.current[m.key], m.digits)} | ${times(ratio(r.current[m.key], r.baseline[m.key]))}`);
      const first = r.first === 'baseline' ? labels.baseline : labels.current;
      lines.push(`| ${k === 0 ? row.title : ''} | ${k + 1} (${first} first) | ${r.load.toFixed(1)} | ${cells.join(' | ')} | ${non2xx(r)} |`);
    });
    if (!row.rounds.length) continue;
    const loads = spread(row.rounds.map((r) => r.load))!;
    const range = (side: 'baseline' | 'current', m: (typeof METRICS)[number]) => {
      const s = spread(row.rounds.map((r) => r[side][m.key]));
      return !s ? '—' : s.min === s.max ? fixed(s.min, m.digits) : `${fixed(s.min, m.digits)}-${fixed(s.max, m.digits)}`;
    };
    const cells = METRICS.map((m) => `${range('baseline', m)} / ${range('current', m)} | **${ratioSpreadText(row.rounds, m.key)}**`);
    const total = (side: 'baseline' | 'current') => row.rounds.reduce((n, r) => n + (r[side].non2xx ?? 0), 0);
    lines.push(`| | all ${row.rounds.length} | ${loads.min.toFixed(1)}-${loads.max.toFixed(1)} | ${cells.join(' | ')} | ${total('baseline')} / ${total('current')} |`);
  }
  if (rows.some((row) => row.rounds.some((r) => r.baseline.non2xx || r.current.non2xx))) {
    lines.push('');
    lines.push('Some answers were not 2xx (503: the API shed load; or errors): req/s and CPU an answer count them, so a side that refused more looks faster and cheaper than it was.');
  }
  return lines;
}

/** Who runs first in round r (1-based): REV in odd rounds, the working tree in even ones, so a drift in the machine's load falls on both. */
export function firstInRound(round: number): 'baseline' | 'current' {
  return round % 2 === 1 ? 'baseline' : 'current';
}

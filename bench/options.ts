/**
 * The command line of `npm run bench` (bench/run.ts), read without side effects so
 * that bench/options.test.ts can check it. See run.ts's header for what each does.
 */
import { parseArgs } from 'node:util';
import { parseNodeChoice, type NodeChoice } from './node-runtime';

const strings = ['database-url', 'only', 'open-seconds', 'out', 'rate', 'api-processes', 'appointments', 'connections', 'duration',
  'institutions', 'professionals', 'repeat', 'reviews', 'samples', 'warmup', 'burst-warmup', 'baseline', 'rounds', 'change-probes', 'accept-encoding', 'node'] as const;
type StringOption = (typeof strings)[number];

export interface Sizes {
  professionals: number;
  institutions: number;
  appointments: number;
  reviews: number;
}

/** The national-scale data of `npm run bench -- --seed`. */
export const NATIONAL_SIZES: Sizes = { professionals: 500000, institutions: 50000, appointments: 2000000, reviews: 1000000 };

/**
 * Side by side (--baseline), the data of issue 47's figure: 100,000 professionals, a tenth as many
 * institutions, as many appointments and reviews as professionals. A smaller --professionals scales
 * the others with it unless they are given too.
 */
export const SIDE_BY_SIDE_PROFESSIONALS = 100000;

export interface BenchOptions {
  databaseUrl?: string;
  seed: boolean;
  build: boolean;
  duration: number;
  warmup: number;
  burstWarmup: number;
  repeat: number;
  connections: number;
  only?: string[];
  /** The open-loop scenario's arrival rate (requests a second) and length; else the scenario's own. */
  rate?: number;
  openSeconds?: number;
  /** Requests per read scenario whose SQL is captured for the raw replay. */
  samples: number;
  /** As given; run.ts resolves it against the repository. */
  out: string;
  sizes: Sizes;
  /** API processes, each on its own port; the connections are shared out between them. */
  apiProcesses: number;
  /** Side by side: the git revision to compare the working tree with, and how many alternated rounds. */
  baseline?: string;
  rounds: number;
  /** D15: clients writing changes at once during the mixed scenario, each waiting for its change to show (bench/change-probe.ts). */
  changeProbes: number;
  /** Sent as Accept-Encoding with every load request (a browser sends `gzip, deflate, br, zstd`); none by default. */
  acceptEncoding?: string;
  /** `--node`: which Node runs the API and workers (bench/node-runtime.ts); production's major by default. */
  node: NodeChoice;
}

/** Reads `npm run bench`'s arguments; throws with the flag's name on a value that is not a number. */
export function parseBenchOptions(args: string[], env: Record<string, string | undefined> = {}, connections = 32): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries(strings.map((n) => [n, { type: 'string' as const }])),
      seed: { type: 'boolean' },
      'no-build': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const option = (name: StringOption) => (values as Record<string, string | boolean | undefined>)[name] as string | undefined;
  const num = (name: StringOption, fallback: number): number => {
    const raw = option(name);
    if (raw === undefined) return fallback;
    const value = Number(raw.replace(/_/g, ''));
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number, got ${JSON.stringify(raw)}`);
    return value;
  };
  const whole = (name: StringOption, fallback: number, min: number): number => {
    const value = num(name, fallback);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number of at least ${min}, got ${JSON.stringify(option(name))}`);
    return value;
  };
  const baseline = option('baseline');
  if (baseline !== undefined && !/^[\w./~^@{}-]+$/.test(baseline)) throw new Error(`--baseline needs a git revision, got ${JSON.stringify(baseline)}`);
  let sizes: Sizes;
  if (baseline !== undefined) {
    const professionals = whole('professionals', SIDE_BY_SIDE_PROFESSIONALS, 1);
    sizes = {
      professionals,
      institutions: whole('institutions', Math.max(1, Math.round(professionals / 10)), 1),
      appointments: whole('appointments', professionals, 0),
      reviews: whole('reviews', professionals, 0),
    };
  } else {
    sizes = {
      professionals: whole('professionals', NATIONAL_SIZES.professionals, 1),
      institutions: whole('institutions', NATIONAL_SIZES.institutions, 1),
      appointments: whole('appointments', NATIONAL_SIZES.appointments, 0),
      reviews: whole('reviews', NATIONAL_SIZES.reviews, 0),
    };
  }
  const rounds = whole('rounds', 2, 1);
  if (baseline !== undefined && rounds < 2) throw new Error('--rounds needs at least 2 with --baseline: the spread between rounds is what tells a change from noise');
  return {
    databaseUrl: option('database-url') ?? env.DATABASE_URL,
    seed: values.seed === true,
    build: values['no-build'] !== true,
    duration: num('duration', 10),
    // Side by side, each side's first round came out 1.6-4.4x slower than its second after 3 s (load 20).
    warmup: num('warmup', baseline !== undefined ? 10 : 3),
    burstWarmup: whole('burst-warmup', 0, 0),
    repeat: whole('repeat', 3, 1),
    connections: whole('connections', connections, 1),
    only: option('only')?.split(',').map((s) => s.trim()).filter(Boolean),
    rate: option('rate') !== undefined ? num('rate', 0) : undefined,
    openSeconds: option('open-seconds') !== undefined ? num('open-seconds', 0) : undefined,
    samples: whole('samples', 100, 1),
    out: option('out') ?? 'bench/results',
    sizes,
    apiProcesses: whole('api-processes', 1, 1),
    baseline,
    rounds,
    changeProbes: whole('change-probes', 1, 1),
    acceptEncoding: option('accept-encoding'),
    node: parseNodeChoice(option('node')),
  };
}

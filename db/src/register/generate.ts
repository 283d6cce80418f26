// Invented register rows in the exact format of the national facility register (GRID3 NGA Health
// Facilities v2.0): for the importer's tests, its bench (51,000 rows) and the demo seed. Names,
// codes and identifiers are made up; coordinates fall near each state's capital, inside the state.
// Never a real register file (CONVENTIONS: the operator downloads it, we never commit it).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { nigeriaStates, type NigeriaLga } from '@ilera/contracts';
import { hash3, Rng } from '../seed/random';
import { REGISTER_HEADER, type BadRowReason, type RegisterRow } from './rows';

/** Each state's capital (approximate) and how far its facilities spread from it, in degrees. */
const STATE_CENTRES: Record<string, readonly [lat: number, lng: number, spread: number]> = {
  AB: [5.53, 7.49, 0.2], AD: [9.2, 12.48, 0.3], AK: [5.04, 7.91, 0.15], AN: [6.21, 7.07, 0.1], BA: [10.31, 9.84, 0.3],
  BY: [4.92, 6.26, 0.1], BE: [7.73, 8.52, 0.3], BO: [11.83, 13.15, 0.3], CR: [4.95, 8.32, 0.1], DE: [6.2, 6.73, 0.15],
  EB: [6.32, 8.11, 0.12], ED: [6.34, 5.63, 0.15], EK: [7.62, 5.22, 0.1], EN: [6.45, 7.51, 0.12], FC: [9.06, 7.49, 0.12],
  GO: [10.29, 11.17, 0.2], IM: [5.48, 7.03, 0.1], JI: [11.76, 9.34, 0.25], KD: [10.52, 7.44, 0.3], KN: [12.0, 8.52, 0.2],
  KT: [12.99, 7.6, 0.25], KB: [12.45, 4.2, 0.25], KO: [7.8, 6.74, 0.2], KW: [8.5, 4.55, 0.2], LA: [6.52, 3.38, 0.08],
  NA: [8.49, 8.52, 0.2], NI: [9.61, 6.56, 0.3], OG: [7.16, 3.35, 0.15], ON: [7.25, 5.2, 0.15], OS: [7.77, 4.56, 0.12],
  OY: [7.38, 3.95, 0.15], PL: [9.9, 8.86, 0.2], RI: [4.82, 7.03, 0.1], SO: [13.06, 5.24, 0.25], TA: [8.89, 11.37, 0.3],
  YO: [11.75, 11.96, 0.3], ZA: [12.16, 6.66, 0.25],
};

/** States with many facilities weigh more: the register's Lagos, Kano, Oyo, Kaduna and FCT are large. */
const BUSY_CODES = ['LA', 'KN', 'OY', 'KD', 'FC', 'RI'];
const BUSY = new Set(BUSY_CODES);

interface Kind {
  level: 'Primary' | 'Secondary' | 'Tertiary';
  option: string;
  ownership: 'Public' | 'Private';
  name: (place: string, word: string) => string;
}

const KINDS: readonly (readonly [weight: number, Kind])[] = [
  [40, { level: 'Primary', option: 'Primary Health Center', ownership: 'Public', name: (p) => `Primary Health Centre ${p}` }],
  [12, { level: 'Primary', option: 'Health Post', ownership: 'Public', name: (p) => `${p} Health Post` }],
  [14, { level: 'Primary', option: 'Primary Health Clinic', ownership: 'Private', name: (p, w) => `${w} Clinic ${p}` }],
  [5, { level: 'Primary', option: 'Maternity Home', ownership: 'Private', name: (p, w) => `${w} Maternity Home` }],
  [6, { level: 'Primary', option: 'Pharmacy', ownership: 'Private', name: (p, w) => `${w} Pharmacy ${p}` }],
  [3, { level: 'Primary', option: 'Medical Laboratory', ownership: 'Private', name: (p, w) => `${w} Medical Laboratory` }],
  [4, { level: 'Primary', option: 'Unknown', ownership: 'Public', name: (p) => `Comprehensive Health Centre ${p}` }],
  [6, { level: 'Secondary', option: 'General Hospital', ownership: 'Public', name: (p) => `General Hospital ${p}` }],
  [6, { level: 'Secondary', option: 'Hospital', ownership: 'Private', name: (p, w) => `${w} Hospital` }],
  [1, { level: 'Secondary', option: 'Cottage Hospital', ownership: 'Public', name: (p) => `Cottage Hospital ${p}` }],
  [1, { level: 'Tertiary', option: 'Federal Medical Centre', ownership: 'Public', name: (p) => `Federal Medical Centre ${p}` }],
  [1, { level: 'Tertiary', option: 'Teaching Hospital', ownership: 'Public', name: (p) => `${p} University Teaching Hospital` }],
  [1, { level: 'Tertiary', option: 'Specialist Hospital', ownership: 'Public', name: (p) => `${p} Specialist Hospital` }],
];
const KIND_TOTAL = KINDS.reduce((n, [w]) => n + w, 0);

const WORDS = ['Grace', 'Mercy', 'Hope', 'Faith', 'Unity', 'Crystal', 'Royal', 'Divine', 'Bethel', 'Goodwill', 'Ola', 'Chioma', 'Aminu', 'Adeola', 'Ngozi', 'Emeka', 'Fatima', 'Tunde', 'Zainab', 'Ifeoma', 'Kelechi', 'Bisi', 'Musa', 'Yetunde', 'Sunrise', 'Lifeline', 'Cedar', 'Harmony'];
const WARD_WORDS = ['Ward', 'Central', 'Oke', 'Ugwu', 'Tudun', 'Sabon', 'Anguwan', 'Ode', 'Isale', 'Obi', 'Umu', 'Igbo', 'Ita', 'Gidan'];
const PUBLIC_OWNERS = ['Local Government', 'Local Government', 'Local Government', 'State Government', 'Federal Government', 'Military & Paramilitary formations'];
const PRIVATE_OWNERS = ['For Profit', 'For Profit', 'Not For Profit', 'Unknown'];

export interface GenerateOptions {
  rows: number;
  seed?: number;
  /** The share of rows from the eHealth source: no NHFR code or uid, keyed by globalid. */
  eHealthShare?: number;
  /** Bad rows put among the good ones, one reason after another (each line told in `bad`). */
  badRows?: number;
  /** The register's last_updated column. */
  lastUpdated?: string;
  /** A newer edition: every n-th facility renamed (new name, same codes). */
  renameEvery?: number;
  /** A newer edition: every n-th facility left out. */
  dropEvery?: number;
}

export interface GeneratedBadRow {
  line: number;
  reason: BadRowReason;
}

const q = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const line = (row: RegisterRow): string => REGISTER_HEADER.map((c) => q(row[c])).join(',');

/** Facility n of the invented register: the same n gives the same facility in every edition. */
function facility(seed: number, n: number, options: GenerateOptions): RegisterRow {
  const rng = new Rng(hash3(seed, 33, n));
  const states = nigeriaStates;
  let state = rng.pick(states);
  if (!BUSY.has(state.code) && rng.chance(0.3)) {
    const busy = rng.pick(BUSY_CODES);
    state = states.find((s) => s.code === busy)!;
  }
  const lgaIndex = rng.int(0, state.lgas.length - 1);
  const lga: NigeriaLga = state.lgas[lgaIndex]!;
  let pick = rng.next() * KIND_TOTAL;
  const kind = KINDS.find(([w]) => (pick -= w) < 0)?.[1] ?? KINDS[0]![1];
  const [clat, clng, spread] = STATE_CENTRES[state.code]!;
  const lat = clat + (rng.next() * 2 - 1) * spread;
  const lng = clng + (rng.next() * 2 - 1) * spread;
  const eHealth = rng.chance(options.eHealthShare ?? 0.08);
  const stateNo = String(states.indexOf(state) + 1).padStart(2, '0');
  const lgaNo = String(lgaIndex + 1).padStart(2, '0');
  const owner = kind.ownership === 'Public' ? 1 : 2;
  const level = kind.level === 'Primary' ? 1 : kind.level === 'Secondary' ? 2 : 3;
  // The serial is n itself (unique in the file), as the register numbers facilities within an LGA.
  const code = `${stateNo}/${lgaNo}/${owner}/${level}/1/${String(n).padStart(4, '0')}`;
  const place = rng.chance(0.5) ? lga.name : `${rng.pick(WARD_WORDS)} ${rng.pick(WORDS)}`;
  let name = kind.name(place, rng.pick(WORDS));
  if (options.renameEvery && n % options.renameEvery === 0) name = `${name} Annex`;
  const disagrees = rng.chance(0.01);
  return {
    OBJECTID: String(n),
    globalid: `{${rng.uuid().toUpperCase()}}`,
    nhfr_uid: eHealth ? '' : String(10_000_000 + n),
    nhfr_facility_code: eHealth ? '' : code,
    country: 'Nigeria',
    iso: 'NGA',
    // The register writes the FCT 'Fct'; other states now and then in capitals.
    state: state.code === 'FC' ? 'Fct' : rng.chance(0.05) ? state.name.toUpperCase() : state.name,
    lga: disagrees ? `${lga.name} Town` : rng.chance(0.05) ? lga.name.toLowerCase() : lga.name,
    lga_name_disagreement: disagrees ? 'Yes' : 'No',
    ward: `${rng.pick(WARD_WORDS)} ${rng.int(1, 12)}`,
    ward_name_disagreement: 'No',
    facility_name: name,
    facility_name_source: eHealth ? 'eHealth' : 'NHFR',
    ownership: kind.ownership,
    ownership_type: rng.pick(kind.ownership === 'Public' ? PUBLIC_OWNERS : PRIVATE_OWNERS),
    facility_level: kind.level,
    facility_level_option: kind.option,
    latitude: lat.toFixed(6),
    longitude: lng.toFixed(6),
    geocoordinates_source: eHealth ? 'eHealth' : rng.pick(['NHFR 2024', 'GRID3']),
    last_updated: options.lastUpdated ?? '2024-11-11',
    x: lng.toFixed(6),
    y: lat.toFixed(6),
  };
}

const BAD_REASONS: readonly BadRowReason[] = ['no_identifier', 'outside_nigeria', 'unknown_state', 'duplicate_key', 'broken_line'];

/** A bad row made from a good one (`previous`: a row already in the file, for a duplicate). */
function spoil(row: RegisterRow, reason: BadRowReason, previous: RegisterRow): string {
  switch (reason) {
    case 'no_identifier':
      return line({ ...row, globalid: '', nhfr_uid: '', nhfr_facility_code: '' });
    case 'outside_nigeria':
      // A longitude that lost its sign on the way (west of Greenwich: the Atlantic).
      return line({ ...row, longitude: `-${row.longitude}`, x: `-${row.x}` });
    case 'unknown_state':
      return line({ ...row, state: 'Atlantis' });
    case 'duplicate_key':
      return line({ ...row, nhfr_facility_code: previous.nhfr_facility_code, nhfr_uid: previous.nhfr_uid, globalid: previous.globalid });
    default:
      // A line cut short: the last five columns missing.
      return line(row).split(',').slice(0, REGISTER_HEADER.length - 5).join(',');
  }
}

/** The file's lines (header first) and where its bad rows are. */
export function* registerLines(options: GenerateOptions, bad: GeneratedBadRow[] = []): Generator<string> {
  const seed = options.seed ?? 1;
  yield REGISTER_HEADER.join(',');
  let lineNo = 1;
  const badEvery = options.badRows ? Math.max(2, Math.floor(options.rows / options.badRows)) : 0;
  let first: RegisterRow | null = null;
  let spoiled = 0;
  for (let n = 1; n <= options.rows; n++) {
    if (options.dropEvery && n % options.dropEvery === 0) continue;
    const row = facility(seed, n, options);
    // Bad rows are invented facilities of their own (numbered past the good ones), so a file with
    // them has the same good rows as one without.
    if (badEvery && first && n % badEvery === 0 && spoiled < options.badRows!) {
      const reason = BAD_REASONS[spoiled % BAD_REASONS.length]!;
      yield spoil(facility(seed, options.rows + 1 + spoiled, options), reason, first);
      bad.push({ line: ++lineNo, reason });
      spoiled++;
    }
    first ??= row;
    lineNo++;
    yield line(row);
  }
}

/** Writes a generated register to `file`; returns its bad rows. */
export async function writeRegisterFile(file: string, options: GenerateOptions): Promise<GeneratedBadRow[]> {
  const bad: GeneratedBadRow[] = [];
  const out = createWriteStream(file);
  for (const l of registerLines(options, bad)) {
    if (!out.write(`${l}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bad;
}

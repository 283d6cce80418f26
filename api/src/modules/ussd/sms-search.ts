// SMS search (issue 49, D30): a text to the short code such as HOSPITAL IKEJA, PHARMACY 24 WUSE or
// CLINIC NEAR YABA is answered by one text with the 3 nearest matches (name, distance, phone). The place
// is read as the website reads it (care-near findPlace); the answer goes through the outbox and the texts
// worker like every text, so STOP and the daily cap hold (decision 045); it answers the sender's own
// text, so the quiet hours do not hold it back (D24). HELP explains the words.
import { emit, type Sql } from '@ilera/db';
import { understand, type RegisterWards, type SearchEngine } from '@ilera/search';
import { toGsm7 } from '@ilera/workers/channels/texts';
import { textRefusal } from '@ilera/workers/channels/processor';
import { careKinds, findPlace, km, nearCare, shortPhone, type CareKind } from './care-near';

export interface SmsSearch {
  help?: true;
  kind?: CareKind;
  open24?: boolean;
  place?: string;
}

const KIND_WORDS: Record<string, CareKind> = {
  HOSPITAL: 'hospital', HOSPITALS: 'hospital', CLINIC: 'hospital', CLINICS: 'hospital', PHC: 'hospital',
  PHARMACY: 'pharmacy', PHARMACIES: 'pharmacy', CHEMIST: 'pharmacy', CHEMISTS: 'pharmacy',
  LAB: 'lab', LABS: 'lab', LABORATORY: 'lab',
  DOCTOR: 'gp', GP: 'gp', DENTIST: 'dentist', PAEDIATRICIAN: 'children', PEDIATRICIAN: 'children', GYNAECOLOGIST: 'women', GYNECOLOGIST: 'women',
};
const FILLERS = new Set(['NEAR', 'IN', 'AT', 'AROUND', 'CLOSE', 'TO', 'ME', 'OPEN']);
const ALL_DAY = new Set(['24', '24H', '24HR', '24HRS', '24/7', '24HOURS']);

/** A text read as a search, or null when it is not one (then it is a reply: 1, 2, STOP, START). */
export function smsSearchOf(text: string): SmsSearch | null {
  const words = text.toUpperCase().replace(/[.,!?]+/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 1 && (words[0] === 'HELP' || words[0] === 'INFO')) return { help: true };
  // The kind comes first ("HOSPITAL IKEJA"); "24" and "near" may stand anywhere. Otherwise the website's
  // words ("chemists in port harcourt", "diagnostic centre lekki") when they name both a kind and a place.
  if (!KIND_WORDS[words[0] ?? '']) return plainWords(text);
  let open24 = false;
  const rest: string[] = [];
  for (const w of words.slice(1)) {
    if (ALL_DAY.has(w)) open24 = true;
    else if (w === 'HOURS' && open24) continue;
    else if (!FILLERS.has(w)) rest.push(w);
  }
  return { kind: KIND_WORDS[words[0]!]!, open24, place: rest.join(' ') };
}

const PLACE_FIELDS = new Set(['lga', 'city', 'state']);

/** A search in the website's own words (query understanding): a kind of institution and a place, both understood. */
function plainWords(text: string): SmsSearch | null {
  const { understood } = understand('institutions', text);
  const type = understood.find((u) => u.field === 'type');
  const place = understood.find((u) => PLACE_FIELDS.has(u.field));
  if (!type || !place) return null;
  const kind: CareKind = type.value === 'pharmacy' ? 'pharmacy' : ['diagnostic_lab', 'diagnostic_center', 'laboratory'].includes(type.value) ? 'lab' : 'hospital';
  return { kind, open24: understood.some((u) => u.field === 'open24Hours'), place: place.text };
}

export type SmsSearchOutcome = 'help' | 'answered' | 'none' | 'unknown-place' | 'no-place' | 'opted-out' | 'capped';

export interface SmsSearchDeps {
  sql: Sql;
  engine: SearchEngine;
  wards?: RegisterWards;
  appUrl: string;
}

const title = (s: string) => s.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

/** Answers one search text from `phone` (E.164) by a text, through the outbox. */
export async function answerSmsSearch(deps: SmsSearchDeps, phone: string, search: SmsSearch, now = new Date()): Promise<SmsSearchOutcome> {
  const { sql } = deps;
  const refused = await textRefusal(sql, phone, now);
  if (refused) return refused;
  const answer = (body: string) => emit(sql, 'text.send', { to: phone, body, channel: 'sms', kind: 'search' });
  if (search.help || !search.kind) {
    await answer('Ilera: text HOSPITAL, CLINIC, PHARMACY or LAB and a town, LGA or ward, e.g. HOSPITAL IKEJA. Add 24 for open 24 hours: PHARMACY 24 WUSE. STOP ends texts.');
    return 'help';
  }
  const what = search.open24 ? `${careKinds[search.kind].label.toLowerCase()} open 24 hours` : careKinds[search.kind].label.toLowerCase();
  if (!search.place) {
    await answer(`Ilera: add a town, LGA or ward, e.g. ${search.kind === 'pharmacy' ? 'PHARMACY' : 'HOSPITAL'} IKEJA.`);
    return 'no-place';
  }
  const at = await findPlace(sql, search.place, deps.wards);
  if (!at) {
    await answer(`Ilera: we do not know the place "${toGsm7(search.place.slice(0, 40))}". Text a town, LGA or ward, e.g. CLINIC NEAR YABA.`);
    return 'unknown-place';
  }
  const { items } = await nearCare(deps.engine, search.kind, at, 1, search.open24);
  const place = toGsm7(title(at.label));
  if (!items.length) {
    await answer(`Ilera: no ${what} known within 100km of ${place}. In an emergency call 112.`);
    return 'none';
  }
  const list = items.map((c, i) => `${i + 1} ${toGsm7(c.name)}, ${km(c.distanceKm)}${c.phone ? `, ${shortPhone(c.phone)}` : ''}`);
  await answer(`Ilera: ${what} near ${place}: ${list.join('; ')}.`);
  return 'answered';
}

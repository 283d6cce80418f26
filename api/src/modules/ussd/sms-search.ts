// SMS search (issue 49, D30): a text to the short code such as HOSPITAL IKEJA, PHARMACY 24 WUSE or
// CLINIC NEAR YABA is answered by one text with the 3 nearest matches (name, distance, phone). The place
// is read as the website reads it (care-near findPlace); the answer goes through the outbox and the texts
// worker like every text, so STOP and the daily cap hold (decision 045); it answers the sender's own
// text, so the quiet hours do not hold it back (D24). HELP explains the words.
// Issue 50 (decision 049): the answer is in the language of the phone's account (phoneAccount), else English;
// a language's name (HAUSA, YORUBA, IGBO, PIDGIN, ENGLISH), alone or before a search, answers in that language
// and keeps it on the phone's account. Every answer is written in GSM-7 (toGsm7), as every SMS is.
import type { Locale } from '@ilera/contracts/locales';
import { emit, type Sql } from '@ilera/db';
import { understand, type RegisterWards, type SearchEngine } from '@ilera/search';
import { toGsm7 } from '@ilera/workers/channels/texts';
import { textRefusal } from '@ilera/workers/channels/processor';
import { message, recipientLocale, type TextMessageId } from '@ilera/workers/messages';
import { careKindLabel, findPlace, km, nearCare, shortPhone, type CareKind } from './care-near';
import { phoneAccount, saveAccountLanguage } from './ussd.account';

export interface SmsSearch {
  help?: true;
  kind?: CareKind;
  open24?: boolean;
  place?: string;
  /** A language named in the text (HAUSA, YORUBA...): the answer's, kept on the phone's account. */
  language?: Locale;
}

/** The words that name a language, as people text them (marks dropped, any case). */
const LANGUAGE_WORDS: Record<string, Locale> = {
  ENGLISH: 'en', HAUSA: 'ha', YORUBA: 'yo', IGBO: 'ig', PIDGIN: 'pcm', NAIJA: 'pcm',
};
const bare = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

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
  const language = LANGUAGE_WORDS[bare(text.trim().split(/\s+/)[0] ?? '').toUpperCase()];
  if (language) {
    // "HAUSA" alone chooses the language; "HAUSA HOSPITAL IKEJA" searches and answers in it.
    const rest = text.trim().replace(/^\S+\s*/, '');
    return { ...(rest ? (smsSearchOf(rest) ?? { help: true as const }) : {}), language };
  }
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

export type SmsSearchOutcome = 'help' | 'language' | 'answered' | 'none' | 'unknown-place' | 'no-place' | 'opted-out' | 'capped';

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
  const owner = await phoneAccount(sql, phone);
  // A language named in the text is kept on the phone's account (none when no account, or several, has it),
  // even when no answer may go (STOP, the daily cap): it is what the person asked for.
  if (search.language && owner.id) await saveAccountLanguage(sql, owner.id, search.language);
  const refused = await textRefusal(sql, phone, now);
  if (refused) return refused;
  const locale = search.language ?? recipientLocale(owner.language);
  const say = (id: Extract<TextMessageId, `search.${string}`>, values: Record<string, string | number> = {}) =>
    emit(sql, 'text.send', { to: phone, body: toGsm7(message(locale, id, values)), channel: 'sms', kind: 'search' });
  if (search.language && !search.help && !search.kind) {
    await say('search.language', { saved: owner.id ? 'yes' : 'no' });
    return 'language';
  }
  if (search.help || !search.kind) {
    await say('search.help');
    return 'help';
  }
  const what = message(locale, 'search.what', { kind: careKindLabel(search.kind, locale).toLowerCase(), open24: search.open24 ? 'yes' : 'no' });
  if (!search.place) {
    await say('search.no-place', { word: search.kind === 'pharmacy' ? 'PHARMACY' : 'HOSPITAL' });
    return 'no-place';
  }
  const at = await findPlace(sql, search.place, deps.wards);
  if (!at) {
    await say('search.unknown-place', { place: toGsm7(search.place.slice(0, 40)) });
    return 'unknown-place';
  }
  const { items } = await nearCare(deps.engine, search.kind, at, 1, search.open24);
  const place = toGsm7(title(at.label));
  if (!items.length) {
    await say('search.none', { what, place });
    return 'none';
  }
  const list = items.map((c, i) => `${i + 1} ${toGsm7(c.name)}, ${km(c.distanceKm)}${c.phone ? `, ${shortPhone(c.phone)}` : ''}`);
  await say('search.answer', { what, place, list: list.join('; ') });
  return 'answered';
}

// SMS search (issue 49, D30): a text to the short code such as HOSPITAL IKEJA, PHARMACY 24 WUSE or
// CLINIC NEAR YABA is answered by one text with the 3 nearest matches (name, distance, phone). The place
// is read as the website reads it (care-near findPlace); the answer goes through the outbox and the texts
// worker like every text, so STOP and the daily cap hold (decision 045); it answers the sender's own
// text, so the quiet hours do not hold it back (D24). HELP explains the words.
// Issue 50 (decision 049): the answer is in the language of the phone's account (phoneAccount), else English;
// a language's name (HAUSA, YORUBA, IGBO, PIDGIN, ENGLISH), alone or before a search, answers in that language
// and keeps it on the phone's account. Every answer is written in GSM-7 (toGsm7), as every SMS is. Each language's
// search words (ASIBITI IKEJA, ILE-IWOSAN NITOSI YABA, ULO AHIA OGWU 24 WUSE: sms-words.ts) are read from everyone
// besides English's; a phone whose account has no language is answered in the language of its words.
import type { Locale } from '@ilera/contracts/locales';
import { emit, type Sql } from '@ilera/db';
import { understand, type RegisterWards, type SearchEngine } from '@ilera/search';
import { toGsm7 } from '@ilera/workers/channels/texts';
import { textRefusal } from '@ilera/workers/channels/processor';
import { message, recipientLocale, type TextMessageId } from '@ilera/workers/messages';
import { careKindLabel, findPlace, km, nearCare, shortPhone, type CareKind } from './care-near';
import { phoneAccount, saveAccountLanguage } from './ussd.account';
import { FIND_PHRASES, folded, HELP_PHRASES, HOURS_WORDS, KIND_PHRASES, NEAR_ME, phraseAt, PLACE_FILLERS } from './sms-words';

export interface SmsSearch {
  help?: true;
  kind?: CareKind;
  open24?: boolean;
  place?: string;
  /** A language named in the text (HAUSA, YORUBA...): the answer's, kept on the phone's account. */
  language?: Locale;
  /** The language of the text's words when only one language has them (ASIBITI: Hausa): the answer's when the account has none. */
  wordsIn?: Locale;
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
  if (!KIND_WORDS[words[0] ?? '']) return otherLanguages(words) ?? plainWords(text);
  let open24 = false;
  const rest: string[] = [];
  for (const w of words.slice(1)) {
    if (ALL_DAY.has(w)) open24 = true;
    else if (w === 'HOURS' && open24) continue;
    else if (!FILLERS.has(w)) rest.push(w);
  }
  // Another language's "near" or "near me" around the place goes too (PHARMACY NITOSI YABA).
  return { kind: KIND_WORDS[words[0]!]!, open24, place: trimPlace(rest, rest.map(folded)).join(' ') };
}

/** The place's words without another language's "near", "in" at the start and "near me" at the end. */
function trimPlace(place: string[], placeWords: string[]): string[] {
  // "... near me" at the end first (NSO M is not NSO then the place M), then "near", "in" at the start.
  const nearMe = placeWords.findIndex((_, i) => phraseAt(NEAR_ME, placeWords, i)?.taken === placeWords.length - i);
  if (nearMe >= 0) [place, placeWords] = [place.slice(0, nearMe), placeWords.slice(0, nearMe)];
  for (let filler = phraseAt(PLACE_FILLERS, placeWords, 0); filler; filler = phraseAt(PLACE_FILLERS, placeWords, 0)) {
    [place, placeWords] = [place.slice(filler.taken), placeWords.slice(filler.taken)];
  }
  return place;
}

/**
 * A search in Hausa, Yorùbá, Igbo or Pidgin words (sms-words.ts): [FIND] KIND [24] [NEAR] PLACE [NEAR ME], and
 * HELP alone. `wordsIn`: the language of the words when only one language has them (ASIBITI: Hausa), which
 * answers a phone whose account has no language.
 */
function otherLanguages(typed: string[]): SmsSearch | null {
  const words = typed.map(folded);
  const help = words.length === 1 ? phraseAt(HELP_PHRASES, words, 0) : null;
  if (help) return { help: true, ...(help.phrase.language ? { wordsIn: help.phrase.language } : {}) };
  const find = phraseAt(FIND_PHRASES, words, 0);
  let at = find ? find.taken : 0;
  const english = find && KIND_WORDS[words[at] ?? ''];
  const kind = phraseAt(KIND_PHRASES, words, at) ?? (english ? { phrase: { value: english, language: null }, taken: 1 } : null);
  if (!kind) return null;
  at += kind.taken;
  const open24 = words.some((w) => ALL_DAY.has(w));
  const keep = (w: string) => !ALL_DAY.has(w) && !(open24 && (HOURS_WORDS.has(w) || w === 'HOURS')) && !FILLERS.has(w);
  const place = trimPlace(typed.slice(at).filter((_, i) => keep(words[at + i]!)), words.slice(at).filter(keep));
  const wordsIn = kind.phrase.language ?? find?.phrase.language ?? undefined;
  return { kind: kind.phrase.value, open24, place: place.join(' '), ...(wordsIn ? { wordsIn } : {}) };
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
  // The language named in the text, else the account's, else that of the text's own words (ASIBITI: Hausa), else English.
  const locale = search.language ?? (owner.language ? recipientLocale(owner.language) : (search.wordsIn ?? recipientLocale(null)));
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
    await say('search.no-place', { word: message(locale, 'search.example-word', { kind: search.kind === 'pharmacy' ? 'pharmacy' : 'hospital' }) });
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

// The words a person texts to the short code (issue 49's SMS search, issue 50's languages, decision 045 and 049):
// the kinds of care, HELP, FIND, the fillers around a place (NEAR...), and STOP / START, in each language besides
// English. English's words are read from everyone, and so is every other language's: a Hausa speaker may text
// ASIBITI IKEJA or HOSPITAL IKEJA, whatever their account's language. The kinds' words are the glossary's
// (docs/glossary/medical-terms.csv: hospital, pharmacy, laboratory, doctor, family doctor, child doctor, women's
// doctor, dentist, eye doctor; directory-names.csv: Clinic), written as they are texted: without tone marks,
// Hausa's hooked letters plain (ɗ ƙ as d k), a hyphen or a space alike (ILE-IWOSAN, ILE IWOSAN).
// Beta, as the texts are, until a native-speaking clinician has reviewed them.
import type { Locale } from '@ilera/contracts/locales';
import { toGsm7 } from '@ilera/workers/channels/texts';
import type { CareKind } from './care-near';

/** A word or words, and the language only it belongs to (null: English's, or shared by two languages). */
interface Phrase<T> {
  words: string[];
  value: T;
  language: Locale | null;
}

const phrases = <T>(table: [string, T, Locale | null][]): Phrase<T>[] =>
  table.map(([text, value, language]) => ({ words: text.split(' '), value, language })).sort((a, b) => b.words.length - a.words.length);

/** The kinds of care, besides English's (sms-search.ts KIND_WORDS): longest first, so DOKITA OJU is the eye doctor, not DOKITA. */
export const KIND_PHRASES = phrases<CareKind>([
  // Hausa: asibiti, kilinik; kantin magani; ɗakin gwaje-gwaje; likita, likitan iyali / yara / mata / haƙori / ido.
  ['ASIBITI', 'hospital', 'ha'], ['ASIBITOCI', 'hospital', 'ha'], ['KILINIK', 'hospital', 'ha'],
  ['KANTIN MAGANI', 'pharmacy', 'ha'], ['KANTUNAN MAGANI', 'pharmacy', 'ha'],
  ['DAKIN GWAJE GWAJE', 'lab', 'ha'], ['DAKIN GWAJE', 'lab', 'ha'],
  ['LIKITA', 'gp', 'ha'], ['LIKITAN IYALI', 'gp', 'ha'], ['LIKITAN YARA', 'children', 'ha'], ['LIKITAN MATA', 'women', 'ha'],
  ['LIKITAN HAKORI', 'dentist', 'ha'], ['LIKITAN IDO', 'eye', 'ha'],
  // Yorùbá: ilé-ìwòsàn (kékeré: a clinic); ilé-oògùn; ilé-àyẹ̀wò; dókítà, dókítà ẹbí / ọmọdé / obìnrin / eyín / ojú.
  ['ILE IWOSAN', 'hospital', 'yo'], ['ILE IWOSAN KEKERE', 'hospital', 'yo'], ['ILE OOGUN', 'pharmacy', 'yo'], ['ILE AYEWO', 'lab', 'yo'],
  ['DOKITA EBI', 'gp', 'yo'], ['DOKITA OMODE', 'children', 'yo'], ['DOKITA OBINRIN', 'women', 'yo'], ['DOKITA EYIN', 'dentist', 'yo'], ['DOKITA OJU', 'eye', 'yo'],
  // Igbo: ụlọ ọgwụ (nta: a clinic), klinik; ụlọ ahịa ọgwụ; ụlọ nyocha; dọkịta, dọkịta ezinụlọ / ụmụaka / ụmụnwaanyị / eze / anya.
  ['ULO OGWU', 'hospital', 'ig'], ['ULO OGWU NTA', 'hospital', 'ig'], ['KLINIK', 'hospital', 'ig'], ['ULO AHIA OGWU', 'pharmacy', 'ig'], ['ULO NYOCHA', 'lab', 'ig'],
  ['DOKITA EZINULO', 'gp', 'ig'], ['DOKITA UMUAKA', 'children', 'ig'], ['DOKITA UMUNWAANYI', 'women', 'ig'], ['DOKITA EZE', 'dentist', 'ig'], ['DOKITA ANYA', 'eye', 'ig'],
  // dókítà and dọkịta are one word once their marks go: the doctor, in Yorùbá or Igbo.
  ['DOKITA', 'gp', null],
  // Nigerian Pidgin: hospital, clinic, chemist and lab are English's words; its doctors.
  ['GENERAL DOCTOR', 'gp', 'pcm'], ['PIKIN DOCTOR', 'children', 'pcm'], ['WOMAN DOCTOR', 'women', 'pcm'], ['BELLE DOCTOR', 'women', 'pcm'],
  ['TEETH DOCTOR', 'dentist', 'pcm'], ['EYE DOCTOR', 'eye', 'pcm'],
]);

/** A search may begin with "find" (NEMI ASIBITI KANO): dropped when a kind follows. */
export const FIND_PHRASES = phrases<true>([
  ['FIND', true, null], ['SEARCH', true, null], ['NEMI', true, 'ha'], ['WA', true, 'yo'], ['CHOTA', true, 'ig'],
]);

/** HELP alone: what the words are. */
export const HELP_PHRASES = phrases<true>([
  ['TAIMAKO', true, 'ha'], ['IRANLOWO', true, 'yo'], ['ENYEMAKA', true, 'ig'],
]);

/** The words between the kind and the place ("near", "in"), in each language: dropped at the place's start. */
export const PLACE_FILLERS = phrases<true>([
  ['KUSA DA', true, 'ha'], ['KUSA', true, 'ha'], ['CIKIN', true, 'ha'], ['A', true, 'ha'],
  ['NITOSI', true, 'yo'], ['NI', true, 'yo'],
  ['NSO', true, 'ig'], ['NA', true, 'ig'],
  ['FOR', true, 'pcm'],
]);

/** "Near me" in each language: dropped at the place's end. (English's NEAR, IN, AT, ME... go anywhere, as before.) */
export const NEAR_ME = phrases<true>([['KUSA DA NI', true, 'ha'], ['NITOSI MI', true, 'yo'], ['NSO M', true, 'ig']]);

/** "Open 24 hours": 24 with the language's hours (AWA 24, WAKATI 24), the hours word dropped. */
export const HOURS_WORDS = new Set(['AWA', 'WAKATI']);

/** STOP and START in each language besides the carriers' English words (notify.service.ts): ha daina, dakatar; yo dúró; ig kwụsị; ha fara, yo bẹ̀rẹ̀, ig malite. */
export const STOP_WORDS = new Set(['DAINA', 'DAKATAR', 'DURO', 'KWUSI']);
export const START_WORDS = new Set(['FARA', 'BERE', 'MALITE']);

/** A word as it is compared: marks dropped, hooked letters plain (as toGsm7 writes them), upper case. */
export const folded = (text: string) => toGsm7(text).toUpperCase();

/**
 * The longest phrase at `words[from]` (a word's hyphens split it: ILE-IWOSAN is ILE IWOSAN), and how many of
 * the words it takes; it must end where a word ends. Null when none is there.
 */
export function phraseAt<T>(table: Phrase<T>[], words: string[], from: number): { phrase: Phrase<T>; taken: number } | null {
  const parts: { part: string; word: number; last: boolean }[] = [];
  for (let i = from; i < words.length && parts.length < 4; i++) {
    const split = words[i]!.split('-').filter(Boolean);
    split.forEach((part, j) => parts.push({ part, word: i, last: j === split.length - 1 }));
  }
  for (const phrase of table) {
    const n = phrase.words.length;
    if (n > parts.length) continue;
    if (phrase.words.every((w, i) => parts[i]!.part === w) && parts[n - 1]!.last) return { phrase, taken: parts[n - 1]!.word - from + 1 };
  }
  return null;
}

// "Speaks my language" in typed queries (issue 50, decision 047): "doctor who speaks hausa", "hausa-speaking
// doctor", and the same asked in Hausa ("likita mai jin hausa"), Yoruba ("dokita to n so yoruba"), Igbo
// ("dokita na-asu igbo") or Pidgin ("doctor wey sabi hausa") become the filter languages:=[ha] with a chip
// "Speaks Hausa". A language's name alone stays text ("Hausa" is also a surname, a people, a town's
// quarter): only after a word that says "speaks" (or before "speaking"/"speaker") is it the language.
// query-understanding.ts blanks the words found here before reading the rest of the query.
import { consultationLanguages, languageName, professionalTypeLabels, type LanguageCode } from '@ilera/contracts';
import { tokenize, type Token } from './patient-words';

/** The words before a language's name that say "who speaks", per language, folded as normalizeWord folds them. */
const connectors: readonly (readonly string[])[] = [
  // English (normalizeWord drops a plural s: "speaks" is "speak").
  'who speak', 'that speak', 'who can speak', 'that can speak', 'speak', 'speaking', 'fluent in', 'who understand',
  'who know',
  // Hausa: "mai jin" (who understands), "mai magana da" (who speaks with), "mai iya" (who can), "da ke jin".
  'mai jin', 'mai magana da', 'mai iya magana da', 'mai iya jin', 'mai iya', 'da ke jin', 'da yake jin', 'mai harshen', 'mai yaren',
  // Yoruba: "tó ń sọ" (who speaks), "tí ó ń sọ", "tó lè sọ" (who can speak), "tó gbọ́" (who understands).
  'to n so', 'ti o n so', 'to le so', 'to gbo', 'ti o gbo', 'to mo',
  // Igbo: "na-asụ" (speaks), "onye na-asụ" (one who speaks), "maara" (knows).
  'na-asu', 'na asu', 'onye na-asu', 'onye na asu', 'nke na-asu', 'maara', 'onye maara',
  // Nigerian Pidgin: "wey sabi" (who knows), "wey dey speak", "wey fit speak", "wey dey talk".
  'wey sabi', 'wey sabi speak', 'wey dey speak', 'wey fit speak', 'wey dey talk', 'wey sabi talk',
].map((c) => c.split(' '));

/** Words for "language" that may stand between the connector and the name ("mai jin harshen hausa"). */
const languageNouns = new Set(['language', 'harshen', 'yaren', 'ede', 'asusu']);

/** The words after a name that say "speaking" ("hausa speaking", "hausa-speaking", "hausa speaker"). */
const speakingAfter = new Set(['speaking', 'speaker']);

/** A kind of professional said just before "who speaks" in another language: "likita" (Hausa) is a doctor. */
const professionalWords: Record<string, 'doctor'> = { likita: 'doctor', dokita: 'doctor', dokta: 'doctor' };

/** Names (folded, as tokens) by code; the other names a patient uses, and a few endonyms of English and Arabic. */
const names: [string[], LanguageCode][] = [
  ...consultationLanguages.map(([code, name]): [string[], LanguageCode] => [fold(name).split(' '), code]),
  ...(
    [
      ['pidgin', 'pcm'], ['pidgin english', 'pcm'], ['naija', 'pcm'], ['broken english', 'pcm'], ['fulani', 'ff'], ['fula', 'ff'],
      ['bini', 'bin'], ['izon', 'ijc'], ['sign language', 'nsi'], ['sign', 'nsi'],
      // English in Hausa (Turanci), Yoruba (Gẹ̀ẹ́sì, Òyìnbó) and Igbo (Bekee); Arabic in Hausa (Larabci); French in Hausa.
      ['turanci', 'en'], ['geesi', 'en'], ['oyinbo', 'en'], ['bekee', 'en'], ['larabci', 'ar'], ['faransanci', 'fr'],
    ] as const
  ).map(([n, code]): [string[], LanguageCode] => [n.split(' '), code]),
].sort((a, b) => b[0].length - a[0].length);

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A token as compared here: folded, a plural s dropped ("speaks"), so "Hausa" and "HAUSA" are one. */
const word = (t: Token): string => {
  const w = fold(t.text).replace(/['’]/g, '');
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
};

const startsWith = (words: readonly string[], at: number, phrase: readonly string[]): boolean =>
  phrase.every((p, k) => words[at + k] === p || (k === phrase.length - 1 && words[at + k] === `${p}s`));

/**
 * The words a phrase may begin with (its last word may take a plural s: startsWith). Most words of a query begin no
 * name and no connector: one look-up each, instead of a walk of every phrase (issue 47: this ran for every word of
 * every search's text, 2.6% of what the search mix allocated).
 */
const firstWords = (phrases: readonly (readonly string[])[]): Set<string> =>
  new Set(phrases.flatMap((p) => (p.length === 1 ? [p[0]!, `${p[0]}s`] : [p[0]!])));
const nameStarts = firstWords(names.map(([phrase]) => phrase));
const connectorStarts = firstWords(connectors);

function nameAt(words: readonly string[], at: number): { code: LanguageCode; length: number } | undefined {
  if (!nameStarts.has(words[at] ?? '')) return undefined;
  for (const [phrase, code] of names) if (startsWith(words, at, phrase)) return { code, length: phrase.length };
  return undefined;
}

export interface SpokenLanguage {
  code: LanguageCode;
  /** 'Speaks Hausa'. */
  label: string;
  /** The words that said it, as character ranges of the query, and the same words as typed (the chip's text). */
  from: number;
  to: number;
  text: string;
  /** A kind of professional said with it in another language ("likita"): its type, range and text. */
  kind?: { type: string; label: string; from: number; to: number; text: string };
}

/** The first language the query asks a professional to speak, or undefined. */
export function spokenLanguage(q: string): SpokenLanguage | undefined {
  const tokens = tokenize(q);
  const words = tokens.map(word);
  const found = (code: LanguageCode, first: number, last: number): SpokenLanguage => {
    const before = first > 0 ? professionalWords[words[first - 1]!] : undefined;
    const at = (i: number, j: number) => ({ from: tokens[i]!.start, to: tokens[j]!.end, text: q.slice(tokens[i]!.start, tokens[j]!.end) });
    return { code, label: `Speaks ${languageName(code)}`, ...at(first, last), ...(before ? { kind: { type: before, label: professionalTypeLabels[before], ...at(first - 1, first - 1) } } : {}) };
  };
  for (let i = 0; i < words.length; i++) {
    // "hausa-speaking": one token.
    const dashed = /^(.+)-(speaking|speaker)$/.exec(words[i]!);
    const own = dashed ? nameAt(dashed[1]!.split('-'), 0) : undefined;
    if (own) return found(own.code, i, i);
    // "hausa speaking", "nigerian pidgin speaker".
    const name = nameAt(words, i);
    if (name && speakingAfter.has(words[i + name.length] ?? '')) return found(name.code, i, i + name.length);
    // "who speaks hausa", "mai jin harshen hausa", "to n so ede yoruba": the longest connector first.
    if (!connectorStarts.has(words[i]!)) continue;
    const connector = connectors.filter((c) => startsWith(words, i, c)).sort((a, b) => b.length - a.length)[0];
    if (!connector) continue;
    let j = i + connector.length;
    if (languageNouns.has(words[j] ?? '')) j += 1;
    const spoken = nameAt(words, j);
    if (!spoken) continue;
    const last = j + spoken.length - 1 + (words[j + spoken.length] === 'language' ? 1 : 0);
    return found(spoken.code, i, last);
  }
  return undefined;
}

/** The query with the ranges replaced by spaces: every other word stays where it was (chips slice the query). */
export function blanked(q: string, ranges: readonly { from: number; to: number }[]): string {
  let out = q;
  for (const r of ranges) out = out.slice(0, r.from) + ' '.repeat(r.to - r.from) + out.slice(r.to);
  return out;
}

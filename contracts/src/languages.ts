// "Speaks my language" (issue 50, decision 047): the languages a professional consults in. The codes are
// ISO 639 (639-1 where there is one, else 639-3) and so BCP 47 primary subtags (FHIR's urn:ietf:bcp:47);
// they are stored (professionals.language_codes, migration 064), indexed and sent in the `language=`
// filter, and never change. The names are the English ones patients use. The order is the form's and
// the cards'. Kept to pairs: the search page carries this list within its weight budget.
export const consultationLanguages = [
  ['en', 'English'],
  ['ha', 'Hausa'],
  ['yo', 'Yoruba'],
  ['ig', 'Igbo'],
  ['pcm', 'Nigerian Pidgin'],
  ['ff', 'Fulfulde'],
  ['kr', 'Kanuri'],
  ['tiv', 'Tiv'],
  ['ibb', 'Ibibio'],
  ['efi', 'Efik'],
  ['ijc', 'Ijaw'],
  ['bin', 'Edo'],
  ['nup', 'Nupe'],
  ['urh', 'Urhobo'],
  ['igl', 'Igala'],
  ['idu', 'Idoma'],
  ['nsi', 'Nigerian Sign Language'],
  ['fr', 'French'],
  ['ar', 'Arabic'],
] as const;

export type LanguageCode = (typeof consultationLanguages)[number][0];
export const languageCodes = consultationLanguages.map(([code]) => code) as unknown as readonly [LanguageCode, ...LanguageCode[]];

export const isLanguageCode = (v: unknown): v is LanguageCode => typeof v === 'string' && (languageCodes as readonly string[]).includes(v);

/** The English name of a code ('ha' -> 'Hausa'); the code itself for one not in the list. */
export const languageName = (code: string): string => consultationLanguages.find(([c]) => c === code)?.[1] ?? code;

export const LANGUAGE_FROM_LIST_MESSAGE = 'Please choose languages from the list'; // ours

/** Other names a language is written under in free text (the profile's spec `languages` field, queries). */
const otherNames: Record<string, LanguageCode> = {
  pidgin: 'pcm',
  'pidgin english': 'pcm',
  naija: 'pcm',
  fulani: 'ff',
  fula: 'ff',
  fulfude: 'ff',
  bini: 'bin',
  izon: 'ijc',
  ijo: 'ijc',
  'sign language': 'nsi',
};

/**
 * A code from a language's name, code or other name, in any case ('hausa', 'HA', 'Pidgin' -> 'pcm');
 * undefined for anything else.
 */
function languageFromName(text: string): LanguageCode | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!t) return undefined;
  if (isLanguageCode(t)) return t;
  return consultationLanguages.find(([, name]) => name.toLowerCase() === t)?.[0] ?? otherNames[t];
}

/**
 * The codes of the languages named in the spec's free-text `languages` ("English, Igbo and Pidgin"), in the
 * list's order; names not in the list are left out (the text keeps them).
 */
export function languagesFromText(text: string | null | undefined): LanguageCode[] {
  const found = new Set<LanguageCode>();
  for (const part of (text ?? '').split(/,|;|\/|\band\b|&|\n/i)) {
    const code = languageFromName(part.replace(/\(.*?\)/g, ''));
    if (code) found.add(code);
  }
  return languageCodes.filter((c) => found.has(c));
}

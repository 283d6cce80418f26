import { describe, expect, it } from 'vitest';
import { languagesFromText } from '@ilera/contracts';
import { understand } from './query-understanding';

// Issue 50: "speaks my language" asked in words, in English, Hausa, Yoruba, Igbo and Pidgin.
const pro = (q: string, filtered?: string[]) => understand('professionals', q, new Set(filtered));
const chips = (u: ReturnType<typeof understand>) => u.understood.map((x) => `${x.field}=${x.value}`);

describe('a language the professional speaks, understood in a query', () => {
  it('"doctor who speaks hausa" is a doctor filtered on Hausa, with a chip naming it, and no text left', () => {
    const u = pro('doctor who speaks hausa');
    expect(u.q).toBe('');
    expect(u.understood).toEqual([
      { field: 'professionalType', value: 'doctor', label: 'Doctor', text: 'doctor' },
      { field: 'languages', value: 'ha', label: 'Speaks Hausa', text: 'who speaks hausa' },
    ]);
    expect(u.filters).toEqual(['professionalType:=[`doctor`]', 'languages:=[`ha`]']);
  });

  it.each([
    // Asked in Hausa: "a doctor who hears (understands) Hausa", "who speaks with Hausa", "who can ... the Hausa language".
    ['likita mai jin hausa', ['languages=ha', 'professionalType=doctor'], 'likita'],
    ['Likita mai magana da Hausa a Kano', ['state=Kano', 'languages=ha', 'professionalType=doctor'], 'Likita'],
    ['likita mai jin harshen hausa', ['languages=ha', 'professionalType=doctor'], 'likita'],
    // Yoruba, with and without tone marks; Igbo; Pidgin.
    ['dókítà tó ń sọ Yorùbá', ['languages=yo', 'professionalType=doctor'], 'dókítà'],
    ['dokita to n so yoruba', ['languages=yo', 'professionalType=doctor'], 'dokita'],
    ['dọkịta na-asụ Igbo', ['languages=ig', 'professionalType=doctor'], 'dọkịta'],
    ['doctor wey sabi pidgin', ['professionalType=doctor', 'languages=pcm'], 'doctor'],
    // English phrasings, with a specialty and a place around them.
    ['cardiologist in lagos who speaks yoruba', ['specialty=Cardiology', 'state=Lagos', 'languages=yo'], 'cardiologist'],
    ['hausa-speaking doctor in kano', ['professionalType=doctor', 'state=Kano', 'languages=ha'], 'doctor'],
    ['Hausa speaking pediatrician', ['specialty=Pediatrics', 'languages=ha'], 'pediatrician'],
    ['nurse who speaks nigerian pidgin', ['professionalType=nurse', 'languages=pcm'], 'nurse'],
    ['dentist that can speak Fulfulde', ['specialty=Dentistry', 'languages=ff'], 'dentist'],
    ['doctor fluent in French', ['professionalType=doctor', 'languages=fr'], 'doctor'],
  ])('%s', (q, expected, kindText) => {
    const u = pro(q);
    expect(chips(u)).toEqual(expected);
    expect(u.q).toBe('');
    // Every chip's text is the query's own words, as typed (the client removes them to drop the chip).
    for (const x of u.understood) expect(q).toContain(x.text);
    expect(u.understood.find((x) => x.field === 'professionalType' || x.field === 'specialty')!.text).toBe(kindText);
  });

  it('a language named without "speaks" stays text (a surname, a people), and institutions have no languages', () => {
    expect(chips(pro('Dr Hausa'))).not.toContain('languages=ha');
    expect(pro('yoruba').q).toBe('yoruba');
    expect(pro('doctor who speaks klingon').understood.some((x) => x.field === 'languages')).toBe(false);
    expect(understand('institutions', 'clinic who speaks hausa').understood.some((x) => x.field === 'languages')).toBe(false);
  });

  it('an explicit language filter wins: the words are dropped, not searched', () => {
    const u = pro('doctor who speaks hausa', ['languages']);
    expect(chips(u)).toEqual(['professionalType=doctor']);
    expect(u.q).toBe('');
  });
});

describe("the spec's free-text languages read as codes", () => {
  it.each([
    ['English, Yoruba, Nigerian Pidgin', ['en', 'yo', 'pcm']],
    ['Hausa and English', ['en', 'ha']],
    ['Igbo (native); pidgin / French', ['ig', 'pcm', 'fr']],
    ['Swahili, Brandish', []],
    ['', []],
  ])('%s', (text, codes) => {
    expect(languagesFromText(text)).toEqual(codes);
  });
});

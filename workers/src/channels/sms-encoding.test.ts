import { describe, expect, it } from 'vitest';
import { LOCALES } from '@ilera/contracts/locales';
import { textMessages } from '@ilera/contracts/text-messages';
import { careReconfirmText, patientText, providerRequestText, smsBody, smsEncoding, smsSegments, smsWhen, toGsm7 } from './texts';

/**
 * SMS encoding and length per language (issue 50, decision 049), against GSM 03.38 / 3GPP TS 23.038 as
 * written here, not against texts.ts's own tables: the default alphabet's 128 characters and the
 * extension table's (reached by ESC, two septets each) transcribed from the standard's table 6.2.1 by
 * code point; a message with any other character is sent in UCS-2. One segment holds 160 septets or 70
 * UCS-2 units; a concatenated one (6-octet user data header) 153 septets or 67 units, and an ESC pair or a
 * surrogate pair is never split between two (3GPP TS 23.040 9.2.3.24.1).
 */
const DEFAULT_ALPHABET = [
  // 0x00-0x0F: @ £ $ ¥ è é ù ì ò Ç LF Ø ø CR Å å
  0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5,
  // 0x10-0x1F: Δ _ Φ Γ Λ Ω Π Ψ Σ Θ Ξ (ESC) Æ æ ß É
  0x394, 0x5f, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, 0xc6, 0xe6, 0xdf, 0xc9,
  // 0x20-0x3F: space ! " # ¤ % & ' ( ) * + , - . / 0-9 : ; < = > ?
  0x20, 0x21, 0x22, 0x23, 0xa4, ...range(0x25, 0x3f),
  // 0x40: ¡, 0x41-0x5A: A-Z, Ä Ö Ñ Ü §
  0xa1, ...range(0x41, 0x5a), 0xc4, 0xd6, 0xd1, 0xdc, 0xa7,
  // 0x60: ¿, 0x61-0x7A: a-z, ä ö ñ ü à
  0xbf, ...range(0x61, 0x7a), 0xe4, 0xf6, 0xf1, 0xfc, 0xe0,
];
// The extension table: form feed ^ { } \ [ ~ ] | €
const EXTENSION = [0x0c, 0x5e, 0x7b, 0x7d, 0x5c, 0x5b, 0x7e, 0x5d, 0x7c, 0x20ac];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function reference(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  const chars = [...text];
  const gsm = chars.every((c) => DEFAULT_ALPHABET.includes(c.codePointAt(0)!) || EXTENSION.includes(c.codePointAt(0)!));
  const units = chars.map((c) => (gsm ? (EXTENSION.includes(c.codePointAt(0)!) ? 2 : 1) : c.length));
  const [single, part] = gsm ? [160, 153] : [70, 67];
  if (units.reduce((a, b) => a + b, 0) <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', segments: 1 };
  let segments = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > part) [segments, used] = [segments + 1, 0];
    used += u;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', segments };
}

describe('GSM 03.38 itself', () => {
  it('transcribes 127 characters of the default alphabet (ESC aside) and 10 of the extension table', () => {
    expect(new Set(DEFAULT_ALPHABET).size).toBe(127);
    expect(EXTENSION).toHaveLength(10);
  });

  it.each([
    ['160 plain letters', 'GSM-7', 1, 'a'.repeat(160)],
    ['161 plain letters', 'GSM-7', 2, 'a'.repeat(161)],
    ['306 plain letters (2 x 153)', 'GSM-7', 2, 'a'.repeat(306)],
    ['307 plain letters', 'GSM-7', 3, 'a'.repeat(307)],
    ['80 euro signs (2 septets each)', 'GSM-7', 1, '€'.repeat(80)],
    ['81 euro signs', 'GSM-7', 2, '€'.repeat(81)],
    // 152 + 2 + 152 = 306 septets, but the ESC pair cannot straddle the first segment's end.
    ['an ESC pair at a segment boundary', 'GSM-7', 3, `${'a'.repeat(152)}€${'a'.repeat(152)}`],
    // Yorùbá's low tones on a, e, i, o, u and é are in the default alphabet; á is not.
    ['Yorùbá grave accents', 'GSM-7', 1, 'àèìòù é'],
    ['an acute a', 'UCS-2', 1, 'á'],
    ['70 units with a Hausa ɗ', 'UCS-2', 1, `ɗ${'a'.repeat(69)}`],
    ['71 units with a Hausa ƙ', 'UCS-2', 2, `ƙ${'a'.repeat(70)}`],
    ['134 units with an Igbo ị', 'UCS-2', 2, `ị${'a'.repeat(133)}`],
    ['135 units with a Yorùbá ọ', 'UCS-2', 3, `ọ${'a'.repeat(134)}`],
    ['an emoji is two UCS-2 units', 'UCS-2', 2, `${'a'.repeat(69)}😀`],
  ] as const)('%s: %s, %s segment(s)', (_name, encoding, segments, text) => {
    expect(reference(text)).toEqual({ encoding, segments });
    expect(smsEncoding(text)).toBe(encoding);
    expect(smsSegments(text)).toBe(segments);
  });
});

const date = new Date('2099-03-12T10:00:00+01:00');
const link = 'https://ilera.ng/appointments';
const names = ['Dr. Ọlọ́runfẹ́mi Adébáyọ̀', 'Asibitin Ƙwararru na Ɗan Agundi', 'Federal Medical Centre Ebute-Metta Department of Obstetrics and Gynaecology'];
const patientKinds = ['booked', 'confirmed', 'cancelled', 'reminder-24h', 'reminder-2h'] as const;

function smsOf(locale: (typeof LOCALES)[number], name: string) {
  return [
    ...patientKinds.map((kind) => [kind, patientText({ kind, providerName: name, appointmentDate: date, link, locale }, '+2348031234567', 'sms').body] as const),
    ['provider-request', providerRequestText(date, false, '+2347012345678', link, locale).body] as const,
    ['provider-instant', providerRequestText(date, true, '+2347012345678', link, locale).body] as const,
    ['care-reconfirm', careReconfirmText(name, '+2347012345678', 'https://ilera.ng/profile-setup', locale).body] as const,
    // The answers to a texted reply (api/src/modules/notify/notify.service.ts).
    ['reply-help', smsBody(locale, 'sms.reply-help', { link })] as const,
    ['reply-none', smsBody(locale, 'sms.reply-none', { link })] as const,
    ['reply-pending', smsBody(locale, 'sms.reply-pending', { when: smsWhen(date, locale), link }, name)] as const,
    ['reply-attending', smsBody(locale, 'sms.reply-attending', { when: smsWhen(date, locale), link }, name)] as const,
  ];
}

/** Kinds whose text names no time, and those with no link. */
const timeless = new Set(['care-reconfirm', 'reply-help', 'reply-none', 'reply-stop', 'reply-start']);
const linkless = new Set(['reply-stop', 'reply-start']);
function stopStart(locale: (typeof LOCALES)[number]) {
  return [['reply-stop', smsBody(locale, 'sms.reply-stop', {})] as const, ['reply-start', smsBody(locale, 'sms.reply-start', {})] as const];
}

describe.each(LOCALES)('SMS in %s', (locale) => {
  it.each(names)('every kind is one GSM-7 segment with the time and the link whole (provider %s)', (name) => {
    for (const [kind, body] of [...smsOf(locale, name), ...stopStart(locale)]) {
      expect(reference(body), `${kind}: ${body}`).toEqual({ encoding: 'GSM-7', segments: 1 });
      expect(smsEncoding(body)).toBe('GSM-7');
      expect(smsSegments(body)).toBe(1);
      if (!linkless.has(kind)) expect(body).toContain(kind === 'care-reconfirm' ? 'https://ilera.ng/profile-setup' : link);
      if (!timeless.has(kind)) expect(body).toContain('10:00 WAT');
      // Never cut inside a word: a shortened name ends with '...' after a whole word of the name.
      const cut = /(\S+)\.\.\./.exec(body)?.[1];
      if (cut && kind !== 'care-reconfirm') expect(toGsm7(name).split(' ')).toContain(cut.replace(/[,.]$/, ''));
    }
  });
});

describe('what the marks would cost', () => {
  // The confirmation with its letters whole, as WhatsApp and e-mail carry it: its length in UTF-16 units
  // (all in the Basic Multilingual Plane), and what GSM 03.38 makes of it: UCS-2, 67 units a segment.
  it.each([
    ['ha', 132, 2],
    ['yo', 123, 2],
    ['ig', 127, 2],
  ] as const)('the %s confirmation with its marks is %s UCS-2 units in %s segments; stripped, one GSM-7 segment', (locale, units, segments) => {
    const marked = (textMessages[locale]!['sms.confirmed'] ?? '').replace('{provider}', 'Dr. Ada Obi').replace('{when}', 'Thu, 12 Mar, 10:00 WAT').replace('{link}', link);
    expect(marked.length, marked).toBe(units);
    expect(reference(marked)).toEqual({ encoding: 'UCS-2', segments });
    expect(smsEncoding(marked)).toBe('UCS-2');
    expect(smsSegments(marked)).toBe(segments);
    expect(reference(toGsm7(marked))).toEqual({ encoding: 'GSM-7', segments: 1 });
  });

  it('Hausa hooked letters become their plain letters, Yorùbá and Igbo letters lose their marks', () => {
    expect(toGsm7('Ɓ ɓ Ɗ ɗ Ƙ ƙ Ƴ ƴ Jummaʼa')).toBe("B b D d K k Y y Jumma'a");
    expect(toGsm7('Ọjọ́bọ ẹ ṣ Ṣ ị ụ ṅ Ị')).toBe('Ojobo e s S i u n I');
  });
});

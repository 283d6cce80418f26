// The account mails' catalogue (contracts/src/mail-messages.ts, issue 50): every language has every
// message, each compiles as ICU, and keeps English's placeholders (a lost {link} would send a mail
// without its link; a stray one would print an id).
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { mailMessages, type MailMessageId } from '@ilera/contracts/mail-messages';
import { mailMessage, mailWhen } from './mail-messages';

const locales = ['ha', 'yo', 'ig', 'pcm'] as const;

/** The argument names a message uses, from Lingui's compiled form (its ICU parser's). */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(part[0] as string);
      const cases = part[2] as Record<string, unknown> | undefined;
      if (cases) for (const c of Object.values(cases)) walk(c);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
}

describe('account mail messages', () => {
  it('every language has every message, with English placeholders', () => {
    for (const locale of locales) {
      const own = mailMessages[locale]!;
      for (const [id, english] of Object.entries(mailMessages.en)) {
        expect(own[id as MailMessageId], `${locale} ${id}`).toBeTruthy();
        const theirs = argumentsOf(own[id as MailMessageId]!);
        // Only the English renewal label ({pending}) may be left out: a language may say it in its own words.
        expect(theirs, `${locale} ${id}`).toEqual(argumentsOf(english).filter((name) => name !== 'pending' || theirs.includes('pending')));
      }
    }
  });

  it("plurals follow CLDR: Hausa and Pidgin one/other, Yorùbá and Igbo other only", () => {
    const values = (days: number) => ({ kind: 'professional', country: 'Nigeria', days });
    expect(mailMessage('en', 'licence.expires.subject', values(1))).toBe('Your Nigeria licence expires in 1 day');
    expect(mailMessage('ha', 'licence.expires.subject', values(1))).toBe('Lasisinku na Nigeria zai ƙare nan da kwana 1');
    expect(mailMessage('ha', 'licence.expires.subject', values(30))).toBe('Lasisinku na Nigeria zai ƙare nan da kwanaki 30');
    expect(mailMessage('ha', 'licence.expires.subject', { ...values(30), kind: 'institution' })).toBe('Rajistarku ta Nigeria za ta ƙare nan da kwanaki 30');
    expect(mailMessage('yo', 'licence.expires.subject', values(1))).toBe('Ìwé-àṣẹ Nigeria yín yóò parí ní ọjọ́ 1 sí i');
    expect(mailMessage('pcm', 'licence.expires.subject', { ...values(7), kind: 'institution' })).toBe('Your Nigeria registration go expire in 7 days');
  });

  it('writes an appointment time in WAT per language', () => {
    const at = new Date('2099-03-12T10:00:00+01:00');
    expect(mailWhen('en', at)).toBe('Thu, 12 Mar 2099 at 10:00 WAT');
    expect(mailWhen('pcm', at)).toBe('Thu, 12 Mar 2099 at 10:00 WAT');
    expect(mailWhen('ha', at)).toBe('Alhamis 12 Maris, 2099, ƙarfe 10:00 WAT');
    expect(mailWhen('ig', at)).toBe('Tọọzdee, 12 Maachị 2099, 10:00 WAT');
  });
});

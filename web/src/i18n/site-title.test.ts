import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@ilera/contracts/locales';
import { siteTitles } from '@ilera/contracts/page-head-messages';

// Issue 50: the site's title in a language is written twice: in contracts (the API draws it into a server-drawn
// page's <title>) and in the web's shared catalog (the app gives it to a page the browser draws, src/boot/app.tsx).
describe("the site's title", () => {
  it('is the same words in the web catalog as in the pages the API draws, in every language', () => {
    const english = siteTitles.en;
    expect(english).toBe(/<title>([^<]*)<\/title>/.exec(readFileSync(new URL('../../index.html', import.meta.url), 'utf8'))?.[1]);
    for (const locale of LOCALES) {
      const po = readFileSync(new URL(`../locales/${locale}/messages.po`, import.meta.url), 'utf8');
      const translated = new RegExp(`^msgid ${JSON.stringify(english)}\\nmsgstr (".*")$`, 'm').exec(po)?.[1];
      expect(translated && JSON.parse(translated), locale).toBe(siteTitles[locale]);
    }
  });
});

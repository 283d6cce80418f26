// Issue 50 (decision 046): the search page's texts that few visits show, or that come with an answer, in a language
// other than English: their messages are in search-later.po (web/lingui.config.ts), fetched when one is first drawn
// (SearchLater in later-messages.tsx). English says them as the spec does, in the code that draws them.
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { OpenStateView } from '../care/open-state';
import { openStateIn } from '../care/open-state-text';
import { listedIn, registerSourceIn } from '../profiles/register-texts';
import { tryAgainIn } from '../../lib/try-again-texts';

/** "Accepts NHIA" on a card (the plan's name as the directory holds it). */
export const acceptsIn = (i18n: I18n, name: string): string => i18n._(msg`Accepts ${name}`);

/** Which later text, and its values: what the search page's first load holds of them (SearchLater.tsx). */
export type LaterTextOf =
  | ['openState', OpenStateView]
  | ['accepts', string]
  | ['listed']
  | ['source', string, string | undefined]
  | ['pastLastTitle' | 'widerText']
  | ['pastLastText' | 'goToPage' | 'noneWithin' | 'searchWithin', number]
  | ['firstOnly', string, string]
  | ['tooManyTitle' | 'busyTitle']
  | ['tryAgain', string];

/** A later text in `i18n`'s language. */
export function laterTextIn(i18n: I18n, text: LaterTextOf): string {
  switch (text[0]) {
    case 'openState':
      return openStateIn(i18n, text[1]);
    case 'accepts':
      return acceptsIn(i18n, text[1]);
    case 'listed':
      return listedIn(i18n);
    case 'source':
      return registerSourceIn(i18n, text[1], text[2]);
    case 'pastLastTitle':
    case 'widerText':
      return i18n._(laterTexts[text[0]]);
    case 'pastLastText':
    case 'goToPage':
    case 'noneWithin':
    case 'searchWithin':
      return i18n._(laterTexts[text[0]](text[1]));
    case 'firstOnly':
      return i18n._(laterTexts.firstOnly(text[1], text[2]));
    case 'tooManyTitle':
    case 'busyTitle':
      return i18n._(laterTexts[text[0]]);
    case 'tryAgain':
      return tryAgainIn(i18n, text[1]);
  }
}

/** The rarer empty states, the 1,000-result note and the page list's labels. */
export const laterTexts = {
  pastLastTitle: msg`No results on this page`,
  pastLastText: (pages: number) => msg`This search has ${plural(pages, { one: '# page', other: '# pages' })} of results.`,
  goToPage: (page: number) => msg`Go to page ${page}`,
  noneWithin: (km: number) => msg`No results within ${km} km`,
  widerText: msg`Try a wider area, or other words.`,
  searchWithin: (km: number) => msg`Search within ${km} km`,
  firstOnly: (max: string, found: string) => msg`Showing the first ${max} of ${found} results. Add a filter or a place to narrow your search.`,
  page: (page: number) => msg`Page ${page}`,
  first: msg`First page`,
  last: msg`Last page`,
  next: msg`Next page`,
  previous: msg`Previous page`,
  lowestFee: msg`Lowest fee first`,
  tooManyTitle: msg`Too many searches`,
  busyTitle: msg`Search is busy`,
};

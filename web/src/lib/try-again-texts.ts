// Issue 50 (decision 046): what the API (or the page itself, src/lib/api.ts) says to a request refused by a limit (429) or a
// busy server (503), in the page's language. In search-later.po (a refused search) and profile-later.po (a refused profile).
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { BUSY_MESSAGE, RATE_LIMITED_MESSAGE } from './api';

/** A refused request's message in `i18n`'s language: the ones the API says (429, 503); any other as said. */
export function tryAgainIn(i18n: I18n, said: string): string {
  if (said === BUSY_MESSAGE) return i18n._(msg`The service is busy. Please try again in a few seconds.`);
  if (said === RATE_LIMITED_MESSAGE) return i18n._(msg`Too many requests. Please wait a minute and try again.`);
  const minutes = /^Too many requests\. Please wait (\d+) minutes? and try again\.$/.exec(said)?.[1];
  if (!minutes) return said;
  const n = Number(minutes);
  return i18n._(msg`Too many requests. Please wait ${plural(n, { one: '# minute', other: '# minutes' })} and try again.`);
}

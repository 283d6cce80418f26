// Issue 50 (decision 046): what a card or a profile says of a provider's hours (open-state.ts's openStateText) in a
// language other than English: its messages are in search-later.po (the search page's cards) and profile.po (a
// profile's Opening Hours), web/lingui.config.ts.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { careWeekdays, lagosDateTimeParts, watDayNumber, weekdayIndex, type CareWeekday } from '@ilera/contracts';
import type { OpenStateView } from './open-state';

const HOUR_MS = 3_600_000;

/**
 * careWeekdayLabels in the page's language (the availability list's and the Opening Hours card's words). Ours, not
 * CLDR's: browsers carry CLDR's names for few languages (Debian's Chromium, like Chrome on Android, has none for Hausa,
 * Yoruba or Igbo and answers in English), so a day the server named with Node's data was named again differently in
 * the browser (a hydration mismatch).
 */
export const weekdayText: Record<CareWeekday, MessageDescriptor> = {
  mon: msg`Monday`,
  tue: msg`Tuesday`,
  wed: msg`Wednesday`,
  thu: msg`Thursday`,
  fri: msg`Friday`,
  sat: msg`Saturday`,
  sun: msg`Sunday`,
};

/** The name of the Lagos day of `at` in `i18n`'s language. */
export const dayNameIn = (i18n: I18n, at: Date | number | string): string =>
  i18n._(weekdayText[careWeekdays[weekdayIndex(lagosDateTimeParts(new Date(at)).date)]!]);

/** '08:00' and, unless it is today in Lagos, the day's name in the page's language. */
function whenIn(i18n: I18n, t: string | number, now: number): string {
  const ms = typeof t === 'number' ? t * 1000 : new Date(t).getTime();
  const time = new Date(ms + HOUR_MS).toISOString().slice(11, 16);
  if (watDayNumber(ms) === watDayNumber(now)) return time;
  return `${time} ${dayNameIn(i18n, ms)}`;
}

/** A card's or a profile's "Open now · Closes 18:00" line (open-state.ts's openStateText) in the page's language. */
export function openStateIn(i18n: I18n, s: OpenStateView, now: number = Date.now()): string {
  if (s.openNow == null) return i18n._(msg`Hours unknown`);
  if (s.openNow) {
    if (s.open24Hours && !s.closesAt) return i18n._(msg`Open 24 hours`);
    if (!s.closesAt) return i18n._(msg`Open now`);
    const time = whenIn(i18n, s.closesAt, now);
    return i18n._(msg`Open now · Closes ${time}`);
  }
  if (!s.opensAt) return i18n._(msg`Closed`);
  const time = whenIn(i18n, s.opensAt, now);
  return i18n._(msg`Closed · Opens ${time}`);
}


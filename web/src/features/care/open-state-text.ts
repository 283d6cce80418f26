// Issue 50 (decision 046): what a card or a profile says of a provider's hours (open-state.ts's openStateText) in a
// language other than English: its messages are in search-later.po (the search page's cards) and profile.po (a
// profile's Opening Hours), web/lingui.config.ts.
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { watDayNumber } from '@ilera/contracts';
import type { OpenStateView } from './open-state';

const HOUR_MS = 3_600_000;

/** '08:00' and, unless it is today in Lagos, the day's short name in the page's language (CLDR). */
function whenIn(locale: string, t: string | number, now: number): string {
  const ms = typeof t === 'number' ? t * 1000 : new Date(t).getTime();
  const time = new Date(ms + HOUR_MS).toISOString().slice(11, 16);
  if (watDayNumber(ms) === watDayNumber(now)) return time;
  // Nigerian Pidgin keeps the English day names (decision 049: CLDR's Naijá names are a spelling few have seen).
  return `${time} ${new Intl.DateTimeFormat(locale === 'pcm' ? 'en' : locale, { weekday: 'short', timeZone: 'Africa/Lagos' }).format(ms)}`;
}

/** A card's or a profile's "Open now · Closes 18:00" line (open-state.ts's openStateText) in the page's language. */
export function openStateIn(i18n: I18n, s: OpenStateView, now: number = Date.now()): string {
  if (s.openNow == null) return i18n._(msg`Hours unknown`);
  if (s.openNow) {
    if (s.open24Hours && !s.closesAt) return i18n._(msg`Open 24 hours`);
    if (!s.closesAt) return i18n._(msg`Open now`);
    const time = whenIn(i18n.locale, s.closesAt, now);
    return i18n._(msg`Open now · Closes ${time}`);
  }
  if (!s.opensAt) return i18n._(msg`Closed`);
  const time = whenIn(i18n.locale, s.opensAt, now);
  return i18n._(msg`Closed · Opens ${time}`);
}


// "Open now", "Closes 18:00", "Opens 08:00 Mon", "Hours unknown" (issue 45): what a search card and a profile
// say of a provider's hours at the moment of the answer. WAT, whatever the phone's zone, so the server and the
// browser draw the same text. Apart from care-text.ts, which only profiles need (scripts/chunk-groups.ts).
import { watDayNumber } from '@ilera/contracts';

/** What a profile's `care` or a search hit says about "open now". Times: ISO in WAT, or epoch seconds (search documents). */
export interface OpenStateView {
  openNow?: boolean | null;
  open24Hours?: boolean | null;
  opensAt?: string | number | null;
  closesAt?: string | number | null;
}

const shortDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOUR_MS = 3_600_000;

const instant = (t: string | number): number => (typeof t === 'number' ? t * 1000 : new Date(t).getTime());

/** '08:00' and, unless it is today in Lagos, ' Mon'. */
function whenText(t: string | number, now: number): string {
  const ms = instant(t);
  const wat = new Date(ms + HOUR_MS);
  const time = wat.toISOString().slice(11, 16);
  const day = watDayNumber(ms);
  return day === watDayNumber(now) ? time : `${time} ${shortDays[(day + 3) % 7]}`;
}

/**
 * The line a card or a profile shows: "Open 24 hours", "Open now · Closes 18:00", "Closed · Opens 08:00 Mon",
 * "Hours unknown". `tone` colours it (open green, closed red, unknown grey).
 */
export function openStateText(s: OpenStateView, now: number = Date.now()): { text: string; tone: 'open' | 'closed' | 'unknown' } {
  if (s.openNow == null) return { text: 'Hours unknown', tone: 'unknown' };
  if (s.openNow) {
    if (s.open24Hours && !s.closesAt) return { text: 'Open 24 hours', tone: 'open' };
    return { text: s.closesAt ? `Open now · Closes ${whenText(s.closesAt, now)}` : 'Open now', tone: 'open' };
  }
  return { text: s.opensAt ? `Closed · Opens ${whenText(s.opensAt, now)}` : 'Closed', tone: 'closed' };
}

/** The colour of each tone (Mantine colours: dark enough on white for WCAG AA). */
export const toneColor = { open: 'teal.8', closed: 'red.8', unknown: 'dimmed' } as const;

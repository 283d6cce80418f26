// Issue 50 (decision 046): a date and time in the page's language, in Lagos time, for the signed-in pages (the admin's
// queues and activity log). English keeps contracts' formatLagos word for word; another language writes the date in
// numbers, day first, as dates.ts does (browsers lack CLDR's names for Hausa, Yoruba and Igbo). A module of its own, not
// in dates.ts: the public pages' first load carries dates.ts.
import { formatLagos, lagosDateTimeParts } from '@ilera/contracts';
import type { Locale } from '@ilera/contracts/locales';

/** "Mon, 30 Nov 2026, 09:00 WAT" in English, "30/11/2026, 09:00 WAT" in another language. */
export function dateTimeIn(locale: Locale, value: string | Date): string {
  if (locale === 'en') return formatLagos(value);
  const { date, time } = lagosDateTimeParts(value);
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}, ${time} WAT`;
}

// Issue 50 (decision 046): dates in the page's language, in Lagos time (D11). English keeps the spec's own formats
// (contracts' formatLagosDate, formatSlotShort), word for word as before. Another language writes the date in numbers,
// day first, as Nigerians write it (30/11/2026), not with CLDR's day and month names: browsers carry CLDR's data for
// few languages (Debian's Chromium, like Chrome on Android, has none for Hausa, Yoruba or Igbo and answers in
// American English), so a date the server drew with Node's data would be drawn again differently in the browser (a
// hydration mismatch), and a date the browser draws would be in English. Numbers read the same in every language.
import { formatLagosDate, formatSlotShort, lagosDateTimeParts } from '@ilera/contracts';
import type { Locale } from '@ilera/contracts/locales';

const dayFirst = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** "Mon, 30 Nov 2026" in English, "30/11/2026" in another language (a review's date, a care fact's confirmation). */
export function dateIn(locale: Locale, value: string | Date): string {
  return locale === 'en' ? formatLagosDate(value) : dayFirst(lagosDateTimeParts(value).date);
}

/** "Mon 30 Nov, 09:00" in English, "30/11, 09:00" in another language (a card's next free slot). */
export function slotIn(locale: Locale, value: number): string {
  if (locale === 'en') return formatSlotShort(value);
  const { date, time } = lagosDateTimeParts(new Date(value));
  return `${dayFirst(date).slice(0, 5)}, ${time}`;
}

// Care facts in a profile page's schema.org JSON-LD (issue 45): openingHoursSpecification from the
// published opening hours (closures as days closed), priceRange from the fees in naira, paymentAccepted
// from the health plans' payer names. Hours a register listing has not confirmed for 12 months are left
// out (they no longer count, and a search engine would show them as fact).
import { careWeekdayLabels, formatNaira, isCareStale, type CareFacts, type OpeningHours } from '@ilera/contracts';

type Spec = { '@type': 'OpeningHoursSpecification'; dayOfWeek?: string[]; opens: string; closes: string; validFrom?: string; validThrough?: string };

/**
 * The week as schema.org opening hours, days with the same period grouped. 24 hours is 00:00-23:59 every
 * day; a period past midnight keeps its closing time (opens 22:00, closes 02:00), as search engines read
 * it; a closure still to come (or under way) is 00:00-00:00 (closed) from its first to its last day.
 */
function openingHoursSpecification(hours: OpeningHours, today: string): Spec[] {
  const days = (list: readonly string[]) => list.map((d) => careWeekdayLabels[d as keyof typeof careWeekdayLabels]);
  const out: Spec[] = [];
  if (hours.open24Hours) {
    out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: days(Object.keys(careWeekdayLabels)), opens: '00:00', closes: '23:59' });
  } else {
    const groups = new Map<string, string[]>();
    for (const entry of hours.week) {
      for (const p of entry.periods) {
        const key = `${p.opens}-${p.closes}`;
        groups.set(key, [...(groups.get(key) ?? []), entry.day]);
      }
    }
    for (const [key, list] of groups) {
      const [opens, closes] = key.split('-') as [string, string];
      out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: days(list), opens, closes });
    }
  }
  for (const c of hours.closures) {
    if (c.to < today) continue;
    out.push({ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: c.from, validThrough: c.to });
  }
  return out;
}

/** '₦2,000-₦15,000' over the fees given, or 'Free at the point of care'. */
function priceRange(fees: CareFacts['fees']): string | undefined {
  if (!fees) return undefined;
  if (fees.freeAtPointOfCare) return 'Free at the point of care';
  const amounts = [fees.registrationNaira, fees.consultationNaira, fees.followUpNaira].filter((n): n is number => typeof n === 'number');
  if (!amounts.length) return undefined;
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  return low === high ? formatNaira(low) : `${formatNaira(low)}-${formatNaira(high)}`;
}

/**
 * The JSON-LD members of a provider's care facts. `payerNames` names the payers by slug; `listed` (a register
 * listing) drops hours past 12 months; `at` is the moment the page is drawn.
 */
export function careLd(care: CareFacts | undefined, payerNames: ReadonlyMap<string, string>, listed: boolean, at: Date, today: string) {
  if (!care) return {};
  const hours = care.openingHours && !(listed && isCareStale(care.sources.openingHours.confirmedAt, at)) ? care.openingHours : null;
  const specs = hours ? openingHoursSpecification(hours, today) : [];
  const price = priceRange(care.fees);
  const payers = [...new Set(care.plans.map((p) => payerNames.get(p.payer) ?? p.payer))];
  return {
    ...(specs.length ? { openingHoursSpecification: specs } : {}),
    ...(price ? { priceRange: price } : {}),
    ...(care.fees?.freeAtPointOfCare ? { isAccessibleForFree: true } : {}),
    ...(payers.length ? { paymentAccepted: payers.join(', ') } : {}),
  };
}

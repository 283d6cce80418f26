import { careReportSchema, type CareReportInput } from '@ilera/contracts';

export type YesNo = '' | 'yes' | 'no';

/** What the "How was your visit?" form holds: every answer may be left empty. */
export interface VisitAnswers {
  wasOpen: YesNo;
  payer: string;
  planAccepted: YesNo;
  paid: number | string;
}

const yesNo = (v: YesNo): boolean | null => (v === '' ? null : v === 'yes');

/**
 * The body of POST .../care-reports from the form, checked with the contracts' schema: the body, or the
 * messages by field. The plan goes only with its answer ("I used NHIA" alone says nothing about whether it
 * was accepted); an empty amount is no answer, 0 is "it was free".
 */
export function visitReportBody(
  a: VisitAnswers,
  visit: { appointmentId: number } | { visitedOn: string },
): { body: CareReportInput; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const planAccepted = a.payer ? yesNo(a.planAccepted) : null;
  const parsed = careReportSchema.safeParse({
    ...visit,
    wasOpen: yesNo(a.wasOpen),
    payer: planAccepted != null ? a.payer : null,
    planAccepted,
    paidNaira: typeof a.paid === 'number' ? a.paid : null,
  });
  if (parsed.success) return { body: parsed.data };
  return { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'wasOpen'), i.message])) };
}

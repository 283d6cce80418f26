// Patients confirm what they met (issue 45, PRODUCT.md D29; decision 039): after a completed appointment,
// or for a register listing after a visit they say they made, one optional question set (was it open? was
// your plan accepted? what did you pay for the consultation?). Reports are kept one by one and shown only in
// aggregate, from CARE_REPORTS_MIN reports of as many different patients up, so that no aggregate is ever one
// patient's answer. A published fee or plan the reports contradict is flagged to the owner and to admins.
import { isUniqueViolation, type Db, type Sql } from '@ilera/db';
import {
  CARE_FEE_TOLERANCE,
  CARE_PAYER_MESSAGE,
  CARE_REPORT_MONTHS,
  CARE_REPORT_REPEAT_DAYS,
  CARE_REPORTS_MIN,
  CARE_VISITED_ON_MESSAGE,
  formatNaira,
  lagosDateTimeParts,
  lagosToday,
  type CareFlag,
  type CareReports,
  type CareReportInput,
  type ProviderKind,
} from '@ilera/contracts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './care-reports.repo';

export const PROVIDER_NOT_FOUND: Record<ProviderKind, string> = { professional: 'Professional not found', institution: 'Institution not found' };
export const APPOINTMENT_NOT_FOUND = 'Appointment not found'; // ours
export const NOT_COMPLETED = 'You can report on a visit once the appointment is completed'; // ours
export const ALREADY_REPORTED = 'You have already reported on this appointment'; // ours
export const REPORTED_RECENTLY = `You reported on this place in the last ${CARE_REPORT_REPEAT_DAYS} days`; // ours
export const APPOINTMENT_REQUIRED = 'Please choose the completed appointment you are reporting on'; // ours

/** The first day (WAT) whose visits count for the aggregates at `at`: CARE_REPORT_MONTHS back. */
export function reportWindowStart(at: Date): string {
  const today = lagosToday(at);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - CARE_REPORT_MONTHS);
  return d.toISOString().slice(0, 10);
}

/** An approved provider, or 404 (pending, rejected and missing providers look the same). */
async function approvedProvider(db: Db, kind: ProviderKind, id: number): Promise<repo.ProviderRef> {
  const provider = await repo.findProvider(db, kind, id);
  if (!provider || provider.status !== 'approved') throw new NotFoundError(PROVIDER_NOT_FOUND[kind]);
  return provider;
}

/** The day of the visit a patient without an appointment gives: today or within the report window. */
function checkVisitedOn(visitedOn: string | null | undefined, now: Date): string {
  if (!visitedOn || visitedOn > lagosToday(now) || visitedOn < reportWindowStart(now)) {
    throw new BadRequestError(CARE_VISITED_ON_MESSAGE, { visitedOn: CARE_VISITED_ON_MESSAGE });
  }
  return visitedOn;
}

/**
 * POST /api/{professionals|institutions}/{id}/care-reports (patients only: the route's auth). With an
 * appointment: the patient's own, with this provider, completed, reported once. Without one: only for a
 * register listing (no owner, so no appointments), once per patient and listing in CARE_REPORT_REPEAT_DAYS.
 */
export async function submitReport(sql: Sql, user: SessionUser, kind: ProviderKind, providerId: number, input: CareReportInput, now = new Date()) {
  const provider = await approvedProvider(sql, kind, providerId);
  if (input.payer && !(await repo.payerExists(sql, input.payer))) throw new BadRequestError(CARE_PAYER_MESSAGE, { payer: CARE_PAYER_MESSAGE });
  try {
    return await sql.begin(async (tx) => {
      let visitedOn: string;
      if (input.appointmentId != null) {
        const appointment = await repo.findOwnAppointment(tx, kind, providerId, user.id, input.appointmentId);
        if (!appointment) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
        if (appointment.status !== 'completed') throw new ConflictError(NOT_COMPLETED);
        visitedOn = lagosDateTimeParts(appointment.appointmentDate).date;
      } else {
        if (provider.userId !== null) throw new BadRequestError(APPOINTMENT_REQUIRED, { appointmentId: APPOINTMENT_REQUIRED });
        visitedOn = checkVisitedOn(input.visitedOn, now);
        await repo.lockPatientProvider(tx, kind, providerId, user.id);
        const since = new Date(now.getTime() - CARE_REPORT_REPEAT_DAYS * 86400_000);
        if (await repo.reportedSince(tx, kind, providerId, user.id, since)) throw new ConflictError(REPORTED_RECENTLY);
      }
      const id = await repo.insertReport(tx, kind, providerId, user.id, { ...input, visitedOn });
      return { id, visitedOn };
    });
  } catch (err) {
    // care_reports.appointment_id is unique: a second report of one appointment (even two at once).
    if (isUniqueViolation(err)) throw new ConflictError(ALREADY_REPORTED);
    throw err;
  }
}

/**
 * What patients reported about one provider in the last CARE_REPORT_MONTHS months (reportWindowStart), in
 * aggregate: the range they paid, the payers whose plan they say was accepted, whether it was open. A part
 * with fewer than CARE_REPORTS_MIN reports, or fewer different patients, is left out (paid null, no payer,
 * wasOpen 0/0); null when every part is. The totals are read with the provider's care facts, in the same
 * statement (care.repo.ts careJsonColumn: the profile's own statement, or findCareRows; from care-reports.repo.ts's columns).
 */
export function careReportAggregates(totals: repo.ReportTotals, plans: readonly repo.PlanTotals[]): CareReports | null {
  const enough = (count: number, patients: number) => count >= CARE_REPORTS_MIN && patients >= CARE_REPORTS_MIN;
  const paid = enough(totals.paidCount, totals.paidPatients)
    ? { minNaira: totals.minNaira!, maxNaira: totals.maxNaira!, count: totals.paidCount, months: CARE_REPORT_MONTHS }
    : null;
  const planAccepted = plans.filter((p) => enough(p.accepted, p.acceptedPatients)).map((p) => ({ payer: p.payer, count: p.accepted }));
  const wasOpen = enough(totals.openCount, totals.openPatients) ? { yes: totals.yes, no: totals.no } : { yes: 0, no: 0 };
  if (!paid && !planAccepted.length && wasOpen.yes + wasOpen.no === 0) return null;
  return { paid, planAccepted, wasOpen };
}

// ---------------------------------------------------------------- contradictions

const feeFlag = (c: repo.FeeContradiction): CareFlag => ({
  kind: 'fee',
  message: `The published consultation fee ${formatNaira(c.publishedNaira)} is outside what ${c.reports} patients reported paying (${formatNaira(c.minNaira)}-${formatNaira(c.maxNaira)})`,
  reports: c.reports,
  publishedNaira: c.publishedNaira,
  minNaira: c.minNaira,
  maxNaira: c.maxNaira,
  payer: null,
});

const planFlag = (c: repo.PlanContradiction): CareFlag => ({
  kind: 'plan',
  message: `${c.reports} patients say their ${c.payer} plan was not accepted`,
  reports: c.reports,
  publishedNaira: null,
  minNaira: null,
  maxNaira: null,
  payer: c.payer,
});

async function contradictions(db: Db, kind: ProviderKind, at: Date, id?: number) {
  const since = reportWindowStart(at);
  const [fees, plans] = await Promise.all([
    repo.feeContradictions(db, kind, since, CARE_REPORTS_MIN, CARE_FEE_TOLERANCE, id),
    repo.planContradictions(db, kind, since, CARE_REPORTS_MIN, id),
  ]);
  return { fees, plans };
}

/** GET /api/{professionals|institutions}/{id}/care-flags: the owner's (or an admin's) view; the route checked who asks. */
export async function careFlagsOf(db: Db, kind: ProviderKind, id: number, at = new Date()): Promise<{ flags: CareFlag[] }> {
  const { fees, plans } = await contradictions(db, kind, at, id);
  return { flags: [...fees.map(feeFlag), ...plans.map(planFlag)] };
}

/** GET /api/admin/care-flags: every flagged provider, the most recently reported first. */
export async function allCareFlags(db: Db, at = new Date()) {
  const items: { kind: ProviderKind; id: number; name: string; flags: CareFlag[]; last: number }[] = [];
  for (const kind of ['professional', 'institution'] as const) {
    const { fees, plans } = await contradictions(db, kind, at);
    const byId = new Map<number, (typeof items)[number]>();
    const entry = (c: { id: number; name: string; lastReportAt: Date }) => {
      let e = byId.get(c.id);
      if (!e) byId.set(c.id, (e = { kind, id: c.id, name: c.name, flags: [], last: 0 }));
      e.last = Math.max(e.last, c.lastReportAt.getTime());
      return e;
    };
    for (const c of fees) entry(c).flags.push(feeFlag(c));
    for (const c of plans) entry(c).flags.push(planFlag(c));
    items.push(...byId.values());
  }
  items.sort((a, b) => b.last - a.last || a.id - b.id);
  return { items: items.map(({ last: _last, ...item }) => item) };
}

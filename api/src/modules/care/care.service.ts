// Care facts (issue 45, PRODUCT.md D29; decision 039): a provider's opening hours, services, accepted
// health plans and fees, each group with who set it and when it was last confirmed. Professionals and
// institutions (register listings included) share every rule; the kind picks the tables.
//
// loadCare() is what every reader uses (profile answers, FHIR, JSON-LD, the emergency page): "open now"
// and the next change are computed at the moment asked, in WAT, with the public holidays.
import { emit, type Db, type Sql } from '@ilera/db';
import {
  addDays,
  CARE_PAYER_MESSAGE,
  CARE_PLAN_MESSAGE,
  isCareStale,
  lagosToday,
  openState,
  type CareFacts,
  type CareFactsInput,
  type CareReports,
  type CareFees,
  type CareSetter,
  type ProviderKind,
} from '@ilera/contracts';
import { BadRequestError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { recordAdminAction } from '../admin/audit.service';
import { careReportAggregates, reportWindowStart } from '../care-reports/care-reports.service';
import * as repo from './care.repo';

/** openState looks 14 days ahead for the next change; holidays are read for that window and the day before. */
const HOLIDAY_WINDOW_DAYS = 15;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const newest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((best, d) => (d && (!best || d.getTime() > best.getTime()) ? d : best), null);

/** The WAT day of an instant as a number (WAT is UTC+1 all year): the key of what a day decides. */
const watDay = (at: Date) => Math.floor((at.getTime() + 3_600_000) / 86_400_000);

/** The public holidays openState needs at `at`: yesterday to two weeks on (WAT). Worked out once a WAT day. */
let windows: { day: number; holidays: { from: string; to: string }; reportsSince: string } | undefined;
function windowsOf(at: Date) {
  const day = watDay(at);
  if (windows?.day !== day) {
    const today = lagosToday(at);
    windows = { day, holidays: { from: addDays(today, -1), to: addDays(today, HOLIDAY_WINDOW_DAYS) }, reportsSince: reportWindowStart(at) };
  }
  return windows;
}

/** A stored fees group as the answer gives it: a professional's consultation fee is the profile's. */
function feesOf(kind: ProviderKind, row: repo.CareRow): CareFees | null {
  const stored = row.fees;
  const consultationNaira = kind === 'professional' ? row.consultationFee : (stored?.consultationNaira ?? null);
  if (!stored && consultationNaira == null) return null;
  return {
    registrationNaira: stored?.registrationNaira ?? null,
    consultationNaira,
    followUpNaira: stored?.followUpNaira ?? null,
    freeAtPointOfCare: stored?.freeAtPointOfCare ?? false,
  };
}

function careFactsOf(kind: ProviderKind, row: repo.CareRow, plans: readonly repo.CarePlanRow[], holidays: readonly string[], at: Date): CareFacts {
  const confirmedAt = newest([row.hoursConfirmedAt, row.servicesConfirmedAt, row.plansConfirmedAt, row.feesConfirmedAt]);
  // Register listings' facts stop counting after 12 months; an owner's stay theirs (they are reminded every 90 days).
  const stale = row.listed && confirmedAt !== null && isCareStale(confirmedAt, at);
  const hoursStale = row.listed && isCareStale(row.hoursConfirmedAt, at);
  return {
    openingHours: row.openingHours,
    services: row.services,
    plans: plans.map((p) => ({ payer: p.payer, plan: p.plan, primary: p.primary })),
    fees: feesOf(kind, row),
    confirmedAt: iso(confirmedAt),
    sources: {
      openingHours: { setBy: row.hoursSetBy, confirmedAt: iso(row.hoursConfirmedAt) },
      services: { setBy: row.servicesSetBy, confirmedAt: iso(row.servicesConfirmedAt) },
      plans: { setBy: row.plansSetBy, confirmedAt: iso(row.plansConfirmedAt) },
      fees: { setBy: row.feesSetBy, confirmedAt: iso(row.feesConfirmedAt) },
    },
    stale,
    ...openState(row.openingHours, holidays, at, hoursStale),
  };
}

/**
 * The care facts of these providers at `at` (default now), by id; ids of no provider are left out.
 * One statement for one id or many (FHIR bundles, the emergency list).
 */
export async function loadCare(db: Db, kind: ProviderKind, ids: readonly number[], at: Date = new Date()): Promise<Map<number, CareFacts>> {
  const out = new Map<number, CareFacts>();
  for (const row of await repo.findCareRows(db, kind, ids, { holidays: windowsOf(at).holidays })) out.set(row.id, careFactsOf(kind, row, row.plans, row.holidays, at));
  return out;
}

/**
 * What a profile's statement reads with its care facts at `at` (care.repo.ts profileCare): the WAT windows,
 * one object a WAT day (profileCare keeps its columns per windows object).
 */
export const profileCareWindows = (at: Date): repo.CareWindows => windowsOf(at);

/** One provider's care facts as its profile answers them, from what its statement read (profileCareWindows). */
export function profileCareOf(kind: ProviderKind, row: repo.CareRead, at: Date): CareFacts & { reports: CareReports | null } {
  return { ...careFactsOf(kind, row, row.plans, row.holidays, at), reports: careReportAggregates(row.reportTotals!, row.reportPlans!) };
}

/**
 * One provider's care facts as its profile answers them: with patients' reports in aggregate (null under
 * three), in one statement (the profile's own read takes them in its statement: profileCareOf).
 */
export async function careOf(db: Db, kind: ProviderKind, id: number, at: Date = new Date()): Promise<CareFacts & { reports: CareReports | null }> {
  const [row] = await repo.findCareRows(db, kind, [id], profileCareWindows(at));
  if (!row) throw new NotFoundError();
  return profileCareOf(kind, row, at);
}

/** The unknown payers (and plans a payer does not list) of a plans group, as 400 fields. */
async function checkPlans(db: Db, plans: NonNullable<CareFactsInput['plans']>) {
  const payers = new Map((await repo.findPayers(db, [...new Set(plans.map((p) => p.payer))])).map((p) => [p.slug, p.plans]));
  const fields: Record<string, string> = {};
  const rows = new Map<string, { payer: string; plan: string | null; tier: string | null; primary: boolean }>();
  plans.forEach((p, i) => {
    const offered = payers.get(p.payer);
    if (!offered) {
      fields[`plans.${i}.payer`] = CARE_PAYER_MESSAGE;
      return;
    }
    // A payer that lists its plans takes only those; one an import added without plans takes any name.
    const listed = p.plan === null ? undefined : offered.find((o) => o.name.toLowerCase() === p.plan!.toLowerCase());
    if (p.plan !== null && offered.length > 0 && !listed) {
      fields[`plans.${i}.plan`] = CARE_PLAN_MESSAGE;
      return;
    }
    const plan = listed?.name ?? p.plan;
    // The same payer and plan twice is one row (primary if either says so).
    const key = `${p.payer}\u0000${plan ?? ''}`;
    const seen = rows.get(key);
    rows.set(key, { payer: p.payer, plan, tier: listed?.tier ?? null, primary: p.primary || !!seen?.primary });
  });
  const first = Object.values(fields)[0];
  if (first) throw new BadRequestError(first, fields);
  return [...rows.values()];
}

/** What may edit a provider's care facts: the profile area's own check (404 no such profile, 403 not the owner or an admin). */
export interface CareTarget {
  kind: ProviderKind;
  assertMayEdit(db: Db, user: SessionUser, id: number): Promise<void>;
}

/**
 * PUT /api/{kind}s/{id}/care: the owner (a claimed listing's included) or an admin. In one transaction:
 * each group given is replaced and confirmed now with its setter; services and a professional's
 * consultation fee go to the profile's own columns; the provider's own plans are replaced; an admin's edit
 * is audited; the search event reindexes the provider. The profile's status never changes.
 */
export async function putCare(sql: Sql, user: SessionUser, target: CareTarget, id: number, input: CareFactsInput): Promise<CareFacts> {
  const { kind } = target;
  const setBy: CareSetter = user.userType === 'admin' ? 'admin' : 'provider';
  await sql.begin(async (tx) => {
    // Locked first, so the check and the edit see the same owner (a claim may be approved meanwhile).
    await repo.lockProvider(tx, kind, id);
    await target.assertMayEdit(tx, user, id);
    const plans = input.plans === undefined ? undefined : await checkPlans(tx, input.plans);
    let storedFees: Partial<CareFees> | null | undefined = input.fees;
    let consultationFee: number | null | undefined;
    if (kind === 'professional' && input.fees !== undefined) {
      // A professional's consultation fee is the profile form's field (professionals.consultation_fee).
      consultationFee = input.fees?.consultationNaira ?? null;
      if (input.fees) {
        const { consultationNaira: _profile, ...rest } = input.fees;
        storedFees = rest;
      }
    }
    await repo.upsertCareFacts(tx, kind, id, { openingHours: input.openingHours, fees: storedFees, services: input.services !== undefined, plans: plans !== undefined }, setBy);
    await repo.updateProviderColumns(tx, kind, id, { services: input.services && [...new Set(input.services)], consultationFee });
    if (plans) await repo.replaceOwnPlans(tx, kind, id, plans, setBy as 'provider' | 'admin');
    if (setBy === 'admin') {
      const groups = (['openingHours', 'services', 'plans', 'fees'] as const).filter((g) => input[g] !== undefined);
      await recordAdminAction(tx, { adminId: user.id, action: 'edit_care', targetType: kind, targetId: id, outcome: 'success', detail: { groups } });
    }
    await emit(tx, `search.${kind}`, { id });
  });
  return careOf(sql, kind, id);
}

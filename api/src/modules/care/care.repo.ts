// SQL of care facts (issue 45): care_facts, provider_plans, the providers' own services and fee
// columns, and the public holidays. Both kinds of provider share every statement; the kind picks the
// table and the column naming the provider. Each function takes the handle it must use.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import type { CareFees, CareSetter, OpeningHours, ProviderKind } from '@ilera/contracts';
import { planTotalsColumn, reportTotalsColumn, type PlanTotals, type ReportTotals } from '../care-reports/care-reports.repo';

const tables = { professional: 'professionals', institution: 'institutions' } as const;
const keyColumns = { professional: 'professional_id', institution: 'institution_id' } as const;

const providerTable = (db: Db, kind: ProviderKind) => db(tables[kind] as string);
const keyColumn = (db: Db, kind: ProviderKind) => db(keyColumns[kind] as string);

/** A provider's care facts as stored, with its services (and a professional's consultation fee). */
export interface CareRow {
  /** An institution without an owner: a register listing (its facts go stale after 12 months). */
  listed: boolean;
  services: string[];
  /** professionals.consultation_fee; null for institutions (theirs is in fees). */
  consultationFee: number | null;
  openingHours: OpeningHours | null;
  hoursSetBy: CareSetter | null;
  hoursConfirmedAt: Date | null;
  servicesSetBy: CareSetter | null;
  servicesConfirmedAt: Date | null;
  plansSetBy: CareSetter | null;
  plansConfirmedAt: Date | null;
  fees: Partial<CareFees> | null;
  feesSetBy: CareSetter | null;
  feesConfirmedAt: Date | null;
}

export interface CarePlanRow {
  payer: string;
  plan: string | null;
  primary: boolean;
}

/** What a care read asks the database for besides the provider: the WAT windows (care.service.ts windowsOf). */
export interface CareWindows {
  /** The public holidays from `from` to `to` (inclusive, 'YYYY-MM-DD'). */
  holidays: { from: string; to: string };
  /** With it (a profile's one provider), also the patients' report totals since that WAT day. */
  reportsSince?: string;
}

/** A care row as read: the stored facts with the provider's active plans, the holidays and the report totals. */
export type CareRead = CareRow & { plans: CarePlanRow[]; holidays: string[]; reportTotals?: ReportTotals; reportPlans?: PlanTotals[] };

/**
 * The provider's kept care facts (provider_care, migration 089: care_facts' groups and the active plans, kept by
 * triggers on every write), for careJsonColumn; none for a provider without facts or plans.
 */
const careJoin = (db: Db, kind: ProviderKind, provider: string) => db`LEFT JOIN provider_care pc ON pc.${keyColumn(db, kind)} = ${db(provider)}.id`;

/**
 * The care rows of these providers (one per existing provider, whether or not it has facts yet), in one
 * statement (careJsonColumn). A profile's own read takes the same column in its statement (profileCare).
 */
export async function findCareRows(db: Db, kind: ProviderKind, ids: readonly number[], windows: CareWindows): Promise<(CareRead & { id: number })[]> {
  if (ids.length === 0) return [];
  const rows = await db<{ id: number; careJson: string }[]>`
    SELECT p.id, ${careJsonColumn(db, kind, 'p', windows)}
    FROM ${providerTable(db, kind)} p ${careJoin(db, kind, 'p')}
    WHERE p.id = ANY(${ids as number[]}::int[])`;
  return rows.map((r) => Object.assign(careOf(r.careJson), { id: r.id }));
}

/** A profile's statement's row with its care facts: one json text (profileCare), read by splitCare. */
export interface WithCareColumns {
  careJson: string;
}

/**
 * The care facts of the provider aliased `provider` (its provider_care row aliased `pc`, joined by careJoin) as one
 * json text, `care_json` (issue 47): the driver reads one text column and JSON.parse builds the facts (careOf),
 * instead of seventeen columns each parsed, five of them json walked again for camelCase keys (decision 061). The
 * stored facts (care_facts' groups, the active plans) are read as kept on write (decision 065: one row, no
 * aggregate of the plans on every read); the provider's own columns (services, a professional's consultation fee,
 * whether it is a register listing), the public holidays of the window and, with `reportsSince` (a profile's one
 * provider), the patients' report totals are read as they are at the read.
 */
function careJsonColumn(db: Db, kind: ProviderKind, provider: string, { holidays, reportsSince }: CareWindows) {
  const p = db(provider);
  const fee = kind === 'professional' ? db`${p}.consultation_fee` : db`NULL::int`;
  const listed = kind === 'institution' ? db`${p}.user_id IS NULL` : db`false`;
  const reports =
    reportsSince === undefined
      ? db``
      : db`, 'reportTotals', ${reportTotalsColumn(db, kind, db`${p}.id`, reportsSince)},
           'reportPlans', ${planTotalsColumn(db, kind, db`${p}.id`, reportsSince)}`;
  return db`json_build_object(
    'listed', ${listed}, 'services', ${p}.services, 'consultationFee', ${fee}, 'facts', pc.facts,
    'holidays', (SELECT coalesce(array_agg(to_char(day, 'YYYY-MM-DD') ORDER BY day), '{}') FROM public_holidays
                 WHERE day BETWEEN ${holidays.from}::date AND ${holidays.to}::date)${reports})::text AS care_json`;
}

/**
 * The column and join of a profile's care facts, kept per kind, alias and windows (a WAT day's, the same
 * object all day: care.service.ts windowsOf): the statement's text and values are the same for every read.
 */
const profileCares = new Map<string, { windows: CareWindows; columns: postgres.PendingQuery<postgres.Row[]>; join: postgres.PendingQuery<postgres.Row[]> }>();

/**
 * A profile's care facts read in its own statement (issue 47: one round trip a profile answer, as before
 * issue 45): `columns` for its SELECT list and `join` after its FROM, for the provider aliased `provider`.
 * splitCare parts a row of that statement into the profile's own columns and its CareRead.
 */
export function profileCare(db: Db, kind: ProviderKind, provider: string, windows: CareWindows) {
  const key = `${kind} ${provider}`;
  let kept = profileCares.get(key);
  if (kept?.windows !== windows) {
    kept = { windows, columns: careJsonColumn(db, kind, provider, windows), join: careJoin(db, kind, provider) };
    profileCares.set(key, kept);
  }
  return kept;
}

const date = (iso: string | null | undefined) => (iso == null ? null : new Date(iso));

/** provider_care.facts as kept (migration 089): care_facts' groups (timestamps as ISO text) and the active plans. */
interface KeptFacts {
  openingHours: OpeningHours | null;
  hoursSetBy: CareSetter | null;
  hoursConfirmedAt: string | null;
  servicesSetBy: CareSetter | null;
  servicesConfirmedAt: string | null;
  plansSetBy: CareSetter | null;
  plansConfirmedAt: string | null;
  fees: Partial<CareFees> | null;
  feesSetBy: CareSetter | null;
  feesConfirmedAt: string | null;
  plans: CarePlanRow[];
}

/** careJsonColumn's text as parsed: the provider's own columns, its kept facts (null: none) and the read's windows. */
type CareText = Pick<CareRead, 'listed' | 'services' | 'consultationFee' | 'holidays' | 'reportTotals' | 'reportPlans'> & { facts: KeptFacts | null };

/** The CareRead of careJsonColumn's text: the kept facts' keys beside the provider's, their timestamps as dates. */
function careOf(json: string): CareRead {
  const read = JSON.parse(json) as CareText;
  const f = read.facts;
  // Every key written in one order whatever the provider has (one object shape for every read).
  const care: CareRead = {
    listed: read.listed,
    services: read.services,
    consultationFee: read.consultationFee,
    openingHours: f?.openingHours ?? null,
    hoursSetBy: f?.hoursSetBy ?? null,
    hoursConfirmedAt: date(f?.hoursConfirmedAt),
    servicesSetBy: f?.servicesSetBy ?? null,
    servicesConfirmedAt: date(f?.servicesConfirmedAt),
    plansSetBy: f?.plansSetBy ?? null,
    plansConfirmedAt: date(f?.plansConfirmedAt),
    fees: f?.fees ?? null,
    feesSetBy: f?.feesSetBy ?? null,
    feesConfirmedAt: date(f?.feesConfirmedAt),
    plans: f?.plans ?? [],
    holidays: read.holidays,
  };
  if (read.reportTotals !== undefined) {
    care.reportTotals = read.reportTotals;
    care.reportPlans = read.reportPlans;
  }
  return care;
}

/**
 * The profile's row and its CareRead. The row is the driver's own object, not a copy (issue 47): its care
 * text is set undefined, which neither the answer's serialiser (decision 017: declared fields only) nor
 * JSON.stringify writes.
 */
export function splitCare<Row extends object>(read: Row & WithCareColumns): { row: Row; care: CareRead } {
  const care = careOf(read.careJson);
  (read as { careJson?: string }).careJson = undefined;
  return { row: read, care };
}

/** Locks the provider for a care edit (two edits of one provider replace its plans one after the other). */
export async function lockProvider(db: Db, kind: ProviderKind, id: number): Promise<void> {
  await db`SELECT id FROM ${providerTable(db, kind)} WHERE id = ${id} FOR UPDATE`;
}

/** The payers among these slugs, with their plans. */
export async function findPayers(db: Db, slugs: readonly string[]): Promise<{ slug: string; plans: { name: string; tier: string | null }[] }[]> {
  if (slugs.length === 0) return [];
  return db`SELECT slug, plans FROM payers WHERE slug = ANY(${slugs as string[]}::text[])`;
}

/** The groups a care edit writes (a group left undefined stays as it is). */
export interface CareWrite {
  openingHours?: OpeningHours | null;
  /** care_facts.fees: for a professional without the consultation fee (it is the profile's column). */
  fees?: Partial<CareFees> | null;
  services?: boolean;
  plans?: boolean;
}

/** Upserts the provider's care_facts row: each group written gets its setter and is confirmed now. */
export async function upsertCareFacts(db: Db, kind: ProviderKind, id: number, write: CareWrite, setBy: CareSetter): Promise<void> {
  const hours = write.openingHours !== undefined;
  const fees = write.fees !== undefined;
  const json = (v: unknown) => (v == null ? null : db.json(v as never));
  await db`
    INSERT INTO care_facts (${keyColumn(db, kind)}, opening_hours, hours_set_by, hours_confirmed_at,
                            services_set_by, services_confirmed_at, plans_set_by, plans_confirmed_at,
                            fees, fees_set_by, fees_confirmed_at)
    VALUES (${id}, ${hours ? json(write.openingHours) : null}, ${hours ? setBy : null}, ${hours ? db`now()` : null},
            ${write.services ? setBy : null}, ${write.services ? db`now()` : null},
            ${write.plans ? setBy : null}, ${write.plans ? db`now()` : null},
            ${fees ? json(write.fees) : null}, ${fees ? setBy : null}, ${fees ? db`now()` : null})
    ON CONFLICT (${keyColumn(db, kind)}) DO UPDATE SET
      opening_hours = CASE WHEN ${hours} THEN excluded.opening_hours ELSE care_facts.opening_hours END,
      hours_set_by = CASE WHEN ${hours} THEN excluded.hours_set_by ELSE care_facts.hours_set_by END,
      hours_confirmed_at = CASE WHEN ${hours} THEN excluded.hours_confirmed_at ELSE care_facts.hours_confirmed_at END,
      services_set_by = CASE WHEN ${!!write.services} THEN excluded.services_set_by ELSE care_facts.services_set_by END,
      services_confirmed_at = CASE WHEN ${!!write.services} THEN excluded.services_confirmed_at ELSE care_facts.services_confirmed_at END,
      plans_set_by = CASE WHEN ${!!write.plans} THEN excluded.plans_set_by ELSE care_facts.plans_set_by END,
      plans_confirmed_at = CASE WHEN ${!!write.plans} THEN excluded.plans_confirmed_at ELSE care_facts.plans_confirmed_at END,
      fees = CASE WHEN ${fees} THEN excluded.fees ELSE care_facts.fees END,
      fees_set_by = CASE WHEN ${fees} THEN excluded.fees_set_by ELSE care_facts.fees_set_by END,
      fees_confirmed_at = CASE WHEN ${fees} THEN excluded.fees_confirmed_at ELSE care_facts.fees_confirmed_at END,
      updated_at = now()`;
}

/** The profile's own columns a care edit writes: services, and a professional's consultation fee. */
export async function updateProviderColumns(
  db: Db,
  kind: ProviderKind,
  id: number,
  columns: { services?: string[]; consultationFee?: number | null },
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (columns.services !== undefined) set.services = columns.services;
  if (kind === 'professional' && columns.consultationFee !== undefined) set.consultationFee = columns.consultationFee;
  if (Object.keys(set).length === 0) return;
  await db`UPDATE ${providerTable(db, kind)} SET ${db(set as never)}, updated_at = now() WHERE id = ${id}`;
}

/** Replaces the plans the provider or an admin set (an import's rows stay as the import left them). */
export async function replaceOwnPlans(
  db: Db,
  kind: ProviderKind,
  id: number,
  plans: readonly { payer: string; plan: string | null; tier: string | null; primary: boolean }[],
  source: 'provider' | 'admin',
): Promise<void> {
  await db`DELETE FROM provider_plans WHERE ${keyColumn(db, kind)} = ${id} AND source IN ('provider', 'admin')`;
  if (plans.length === 0) return;
  const rows = plans.map((p) => ({ [kind === 'professional' ? 'professionalId' : 'institutionId']: id, payerSlug: p.payer, plan: p.plan, tier: p.tier, isPrimary: p.primary, source }));
  await db`INSERT INTO provider_plans ${db(rows as never)}`;
}

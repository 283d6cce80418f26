// SQL of the lists admins keep for care facts (issue 45): payers and public holidays.
import type { Db } from '@ilera/db';
import type { AdminPayer, Holiday, PayerCreateInput, PayerUpdateInput } from '@ilera/contracts';
import type { Stored } from '../../types';

export type PayerRow = Stored<AdminPayer>;

const payerColumns = (db: Db) => db`
  p.slug, p.name, p.kind, p.accreditation_number, p.plans, p.needs_review, p.is_demo, p.created_at, p.updated_at,
  (SELECT count(DISTINCT coalesce(pp.professional_id, 0) || ':' || coalesce(pp.institution_id, 0))::int
   FROM provider_plans pp WHERE pp.payer_slug = p.slug AND pp.withdrawn_at IS NULL) AS provider_count`;

/** Every payer, NHIA first, then state schemes, then HMOs, each by name. */
export async function listPayers(db: Db): Promise<PayerRow[]> {
  return db<PayerRow[]>`
    SELECT ${payerColumns(db)} FROM payers p
    ORDER BY array_position(ARRAY['nhia', 'state_scheme', 'hmo'], p.kind), lower(p.name), p.slug`;
}

export async function findPayer(db: Db, slug: string, lock = false): Promise<PayerRow | null> {
  const [row] = await db<PayerRow[]>`SELECT ${payerColumns(db)} FROM payers p WHERE p.slug = ${slug} ${lock ? db`FOR UPDATE` : db``}`;
  return row ?? null;
}

export async function insertPayer(db: Db, input: PayerCreateInput): Promise<void> {
  await db`
    INSERT INTO payers (slug, name, kind, accreditation_number, plans)
    VALUES (${input.slug}, ${input.name}, ${input.kind}, ${input.accreditationNumber}, ${db.json(input.plans as never)})`;
}

/** An admin's save completes a payer an import added: needs_review is cleared. */
export async function updatePayer(db: Db, slug: string, input: PayerUpdateInput): Promise<void> {
  await db`
    UPDATE payers SET name = ${input.name}, kind = ${input.kind}, accreditation_number = ${input.accreditationNumber},
      plans = ${db.json(input.plans as never)}, needs_review = false, updated_at = now()
    WHERE slug = ${slug}`;
}

/** The providers with any plan row of the payer (their documents list it). */
export async function providersOfPayer(db: Db, slug: string): Promise<{ professionals: number[]; institutions: number[] }> {
  const [row] = await db<{ professionals: number[]; institutions: number[] }[]>`
    SELECT coalesce(array_agg(DISTINCT professional_id) FILTER (WHERE professional_id IS NOT NULL), '{}') AS professionals,
           coalesce(array_agg(DISTINCT institution_id) FILTER (WHERE institution_id IS NOT NULL), '{}') AS institutions
    FROM provider_plans WHERE payer_slug = ${slug}`;
  return row!;
}

/** Deletes the payer: its plan rows and imports go with it; users' "My plan" and patients' reports forget it. */
export async function deletePayer(db: Db, slug: string): Promise<void> {
  await db`DELETE FROM payers WHERE slug = ${slug}`;
}

export async function listHolidays(db: Db): Promise<Holiday[]> {
  return db<Holiday[]>`SELECT to_char(day, 'YYYY-MM-DD') AS date, name, movable FROM public_holidays ORDER BY day`;
}

/** Sets a holiday; whether the day was one before (a rename changes no one's hours). */
export async function upsertHoliday(db: Db, date: string, name: string, movable: boolean): Promise<{ created: boolean }> {
  const [row] = await db<{ created: boolean }[]>`
    INSERT INTO public_holidays (day, name, movable) VALUES (${date}::date, ${name}, ${movable})
    ON CONFLICT (day) DO UPDATE SET name = excluded.name, movable = excluded.movable, updated_at = now()
    RETURNING (xmax = 0) AS created`;
  return row!;
}

export async function deleteHoliday(db: Db, date: string): Promise<boolean> {
  const rows = await db`DELETE FROM public_holidays WHERE day = ${date}::date RETURNING day`;
  return rows.length > 0;
}

// Care facts of the demo directory (issue 45): opening hours, services and emergency readiness, accepted
// health plans and fees in naira, on a realistic share of the seeded providers, so that every filter of
// `npm start` finds something. The payers are invented (is_demo = true), so are their accreditation numbers.
// Register listings get nothing here: they start with what the register says (no invented hours).
//
// Written like the rest of the seed: the services go into the providers' own COPY (generate.ts draws them
// with professionalCareOf / institutionCareOf), then one read of the providers just seeded and COPY of
// care_facts and provider_plans, drawn again from the same streams. No UPDATE of the wide provider rows
// (34,000 professionals' services by UPDATE took 9.8 s at load).
import { careServices, emergencyReadinessServices, type CareWeekday, type OpeningHours } from '@ilera/contracts';
import type { Sql, Tx } from '../client';
import { names } from './data';
import { copyRows, line, type ProgressFactory } from './copy';
import { hash3, Rng } from './random';

const DAY = 86_400_000;

interface DemoPayer {
  slug: string;
  name: string;
  kind: 'nhia' | 'state_scheme' | 'hmo';
  accreditationNumber: string;
  plans: { name: string; tier: string | null }[];
  /** A state scheme covers providers of its state only. */
  state?: string;
}

/** Invented payers (marked is_demo): the national scheme, two state schemes and three HMOs. */
const DEMO_PAYERS: readonly DemoPayer[] = [
  {
    slug: 'nhia', name: 'NHIA (demo)', kind: 'nhia', accreditationNumber: 'NHIA/DEMO/0001',
    plans: [{ name: 'Formal Sector Programme', tier: null }, { name: 'Basic Health Care Provision Fund', tier: 'Basic' }],
  },
  {
    slug: 'lagos-state-health-scheme', name: 'Lagos State Health Scheme (demo)', kind: 'state_scheme', state: 'Lagos',
    accreditationNumber: 'LSHS/DEMO/0104', plans: [{ name: 'Individual', tier: 'Basic' }, { name: 'Family', tier: 'Standard' }],
  },
  {
    slug: 'fct-health-scheme', name: 'FCT Health Insurance Scheme (demo)', kind: 'state_scheme', state: 'FCT',
    accreditationNumber: 'FHIS/DEMO/0032', plans: [{ name: 'Equity', tier: 'Basic' }, { name: 'Formal', tier: 'Standard' }],
  },
  {
    slug: 'iroko-health-hmo', name: 'Iroko Health HMO (demo)', kind: 'hmo', accreditationNumber: 'NHIA/HMO/DEMO/0211',
    plans: [{ name: 'Bronze', tier: 'Bronze' }, { name: 'Silver', tier: 'Silver' }, { name: 'Gold', tier: 'Gold' }],
  },
  {
    slug: 'sahel-care-hmo', name: 'Sahel Care HMO (demo)', kind: 'hmo', accreditationNumber: 'NHIA/HMO/DEMO/0347',
    plans: [{ name: 'Essential', tier: 'Bronze' }, { name: 'Plus', tier: 'Silver' }],
  },
  {
    slug: 'delta-shield-hmo', name: 'Delta Shield HMO (demo)', kind: 'hmo', accreditationNumber: 'NHIA/HMO/DEMO/0590',
    plans: [{ name: 'Family', tier: 'Silver' }, { name: 'Executive', tier: 'Gold' }],
  },
];

/** The share of seeded providers with care facts: about a third of the directory (issue 45's bench). */
const CARE_SHARE = { professionals: 0.34, institutions: 0.6 };

const K_CARE = 31;
const WEEKDAYS: CareWeekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const MON_SAT: CareWeekday[] = [...WEEKDAYS, 'sat'];
const ALL_DAYS: CareWeekday[] = [...MON_SAT, 'sun'];

type Period = { opens: string; closes: string };
const days = (list: readonly CareWeekday[], ...periods: Period[]) => list.map((day) => ({ day, periods }));
const p = (opens: string, closes: string): Period => ({ opens, closes });
const hours = (week: OpeningHours['week'], open24Hours = false): OpeningHours => ({ open24Hours, week, closures: [] });

const HOSPITAL_TYPES = new Set(['hospital', 'private_hospital', 'specialist_hospital', 'general_hospital', 'teaching_hospital', 'medical_center']);
const LAB_TYPES = new Set(['diagnostic_lab', 'diagnostic_center', 'laboratory']);
const READINESS = emergencyReadinessServices.filter((s) => s !== '24-Hour Emergency' && s !== 'Emergency Care');
const PRIMARY_CARE = ['Antenatal Care', 'Immunizations', 'HIV Testing', 'Family Planning', 'Laboratory Services'];

const round = (n: number, step: number) => Math.round(n / step) * step;
const addServices = (base: readonly string[], extra: readonly string[]) =>
  [...new Set([...base, ...extra])].filter((s) => careServices.includes(s) || base.includes(s));

interface Care {
  hours: OpeningHours | null;
  services: string[] | null;
  fees: { registrationNaira: number | null; consultationNaira?: number | null; followUpNaira: number | null; freeAtPointOfCare: boolean } | null;
  plans: { payer: string; plan: string | null; tier: string | null; primary: boolean }[];
  /** Days before now at which each group was last confirmed (a few older than 12 months). */
  ageDays: number;
}

function confirmedAge(r: Rng): number {
  return r.chance(0.08) ? r.int(380, 700) : r.int(1, 300);
}

/** A closure now and then: one under way (renovation) or one coming (staff training), as WAT dates. */
function closures(r: Rng, now: number): OpeningHours['closures'] {
  const date = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
  if (r.chance(0.03)) return [{ from: date(now - 2 * DAY), to: date(now + 5 * DAY), reason: 'Closed for renovation' }];
  if (r.chance(0.04)) {
    const from = now + r.int(10, 60) * DAY;
    return [{ from: date(from), to: date(from + DAY), reason: 'Staff training' }];
  }
  return [];
}

function plansFor(r: Rng, state: string, primaryCare: boolean): Care['plans'] {
  const out: Care['plans'] = [];
  for (const payer of DEMO_PAYERS) {
    if (payer.state && payer.state !== state) continue;
    const share = payer.kind === 'hmo' ? 0.4 : 0.65;
    if (!r.chance(share)) continue;
    const plan = r.chance(0.5) ? null : r.pick(payer.plans);
    const primary = payer.kind !== 'hmo' && primaryCare && r.chance(0.35);
    out.push({ payer: payer.slug, plan: plan?.name ?? null, tier: plan?.tier ?? null, primary });
  }
  if (!out.length) out.push({ payer: 'nhia', plan: null, tier: null, primary: false });
  return out;
}

/** Each provider's facts come from its own stream (run seed, kind, id): the same whichever pass draws them. */
const careRng = (seed: number, kind: number, id: number) => new Rng(hash3(seed, K_CARE + kind, id));

/** Care facts of an owned institution, or null (none published). */
export function institutionCareOf(seed: number, id: number, type: string, services: readonly string[], state: string, now: number, demoHospital: boolean): Care | null {
  return institutionCare(careRng(seed, 1, id), type, services, state, now, demoHospital);
}

/** Care facts a claimed listing's new owner published (always some). */
function claimedListingCare(seed: number, id: number, type: string, services: readonly string[], state: string, now: number): Care {
  return institutionCare(careRng(seed, 2, id), type, services, state, now, false, true)!;
}

/** Care facts of an approved professional, or null (none published). */
export function professionalCareOf(seed: number, id: number, type: string, specialty: string, fee: number | null, state: string, now: number, demo: boolean): Care | null {
  return professionalCare(careRng(seed, 0, id), type, specialty, fee, state, now, demo);
}

function institutionCare(r: Rng, type: string, services: readonly string[], state: string, now: number, demoHospital: boolean, always = false): Care | null {
  if (demoHospital) {
    return {
      hours: hours([], true),
      services: addServices(services, ['24-Hour Emergency', 'Emergency Care', 'Caesarean Section', 'Blood Transfusion', 'Oxygen', 'Ambulance', 'Antenatal Care']),
      fees: { registrationNaira: 3000, consultationNaira: 15000, followUpNaira: 10000, freeAtPointOfCare: false },
      plans: [
        { payer: 'nhia', plan: null, tier: null, primary: true },
        { payer: 'lagos-state-health-scheme', plan: 'Family', tier: 'Standard', primary: false },
        { payer: 'iroko-health-hmo', plan: null, tier: null, primary: false },
        { payer: 'delta-shield-hmo', plan: 'Executive', tier: 'Gold', primary: false },
      ],
      ageDays: 20,
    };
  }
  if (!r.chance(CARE_SHARE.institutions) && !always) return null;
  const hospital = HOSPITAL_TYPES.has(type);
  let h: OpeningHours;
  let extra: string[] = [];
  if (type === 'pharmacy') {
    h = r.chance(0.12)
      ? hours([], true)
      : hours([...days(MON_SAT, p('07:30', '22:00')), ...days(['sun'], p('12:00', '20:00'))]);
  } else if (LAB_TYPES.has(type)) {
    h = hours([...days(WEEKDAYS, p('07:00', '19:00')), ...days(['sat'], p('08:00', '15:00'))]);
  } else if (type === 'urgent-care' || (type === 'maternity_home' && r.chance(0.6)) || (hospital && r.chance(type === 'general_hospital' || type === 'teaching_hospital' ? 0.7 : 0.35))) {
    h = hours([], true);
    extra = ['24-Hour Emergency', 'Emergency Care', ...r.sample(READINESS, r.int(2, 5))];
  } else if (hospital) {
    // Day hospitals: weekdays, Saturday mornings, and some an evening clinic or a night period past midnight.
    const evening = r.chance(0.2) ? [p('08:00', '16:00'), p('18:00', '02:00')] : [p('08:00', '18:00')];
    h = hours([...days(WEEKDAYS, ...evening), ...days(['sat'], p('09:00', '14:00'))]);
    extra = r.sample(READINESS, r.int(0, 3));
  } else if (type === 'maternity_home') {
    h = hours(days(ALL_DAYS, p('07:00', '22:00')));
    extra = ['Maternity Services', 'Antenatal Care', ...r.sample(['Blood Transfusion', 'Oxygen', 'Caesarean Section'], r.int(0, 2))];
  } else {
    // Clinics, practices and centres: weekdays 08:00-17:00 and Saturday mornings.
    h = hours([...days(WEEKDAYS, p('08:00', '17:00')), ...days(['sat'], p('09:00', '13:00'))]);
  }
  h.closures = closures(r, now);
  if (hospital || type === 'clinic' || type === 'medical_center') extra.push(...r.sample(PRIMARY_CARE, r.int(1, 3)));

  // Public general hospitals, many medical centres and some clinics and maternity homes: free at the point of care.
  const free = type === 'general_hospital' || r.chance(type === 'medical_center' ? 0.5 : type === 'clinic' || type === 'hospital' || type === 'maternity_home' ? 0.15 : 0);
  const consultation = type === 'pharmacy' || LAB_TYPES.has(type) ? null : round(r.int(3000, hospital ? 25000 : 15000), 500);
  const fees = free
    ? { registrationNaira: null, consultationNaira: null, followUpNaira: null, freeAtPointOfCare: true }
    : r.chance(0.85)
      ? {
        registrationNaira: type === 'pharmacy' ? null : round(r.int(500, 5000), 500),
        consultationNaira: consultation,
        followUpNaira: consultation === null ? null : round(consultation * 0.6, 500),
        freeAtPointOfCare: false,
      }
      : null;
  const primaryCare = type === 'clinic' || type === 'general_hospital' || type === 'medical_center' || type === 'practice' || type === 'hospital';
  return {
    hours: r.chance(0.97) || always ? h : null,
    services: extra.length ? addServices(services, extra) : null,
    fees,
    plans: r.chance(0.9) ? plansFor(r, state, primaryCare) : [],
    ageDays: confirmedAge(r),
  };
}

function professionalServices(type: string, specialty: string): string[] {
  if (type === 'pharmacist') return ['Prescription Filling', 'Medication Therapy Management', 'Health Consultations'];
  if (type === 'nurse') {
    if (specialty === 'Midwifery') return ['Antenatal Care', 'Maternity Services', 'Family Planning', 'Immunizations'];
    return ['Immunizations', 'HIV Testing', 'Health Screenings'];
  }
  const bySpecialty: Record<string, string[]> = {
    'Obstetrics & Gynecology': ['Antenatal Care', 'Maternity Services', 'Family Planning', 'Caesarean Section'],
    Pediatrics: ['Pediatric Care', 'Immunizations'],
    Cardiology: ['Cardiology', 'ECG/EKG'],
    Surgery: ['Surgery'],
    'Emergency Medicine': ['Emergency Care'],
    Ophthalmology: ['Ophthalmology'],
    Dentistry: ['Dentistry'],
    Radiology: ['X-Ray', 'Ultrasound'],
  };
  return bySpecialty[specialty] ?? ['Outpatient Care', 'Health Consultations'];
}

function professionalCare(r: Rng, type: string, specialty: string, fee: number | null, state: string, now: number, demo: boolean): Care | null {
  if (!demo && !r.chance(CARE_SHARE.professionals)) return null;
  let h: OpeningHours;
  if (demo) h = hours([...days(WEEKDAYS, p('09:00', '17:00')), ...days(['sat'], p('10:00', '13:00'))]);
  else if (type === 'pharmacist') h = hours([...days(MON_SAT, p('08:00', '21:00')), ...days(['sun'], p('13:00', '19:00'))]);
  else if (type === 'nurse' && r.chance(0.3)) h = hours(days(['mon', 'tue', 'wed', 'thu'], p('20:00', '06:00'))); // night shifts
  else if (type === 'nurse') h = hours(days(ALL_DAYS, p('08:00', '20:00')));
  else {
    const evening = r.chance(0.25) ? [p('09:00', '13:00'), p('16:00', '20:00')] : [p(r.chance(0.5) ? '08:00' : '09:00', '17:00')];
    h = hours([...days(WEEKDAYS, ...evening), ...(r.chance(0.5) ? days(['sat'], p('10:00', '14:00')) : [])]);
  }
  if (!demo) h.closures = closures(r, now);
  return {
    hours: demo || r.chance(0.97) ? h : null,
    services: professionalServices(type, specialty),
    fees: demo || r.chance(0.8)
      ? {
        registrationNaira: demo ? 2000 : r.chance(0.4) ? round(r.int(1000, 3000), 500) : null,
        followUpNaira: fee ? round(fee * 0.6, 500) : null,
        freeAtPointOfCare: false,
      }
      : null,
    plans: demo
      ? [{ payer: 'nhia', plan: null, tier: null, primary: false }, { payer: 'iroko-health-hmo', plan: 'Gold', tier: 'Gold', primary: false }]
      : r.chance(0.9) ? plansFor(r, state, type === 'doctor' && specialty === 'General Practice') : [],
    ageDays: demo ? 12 : confirmedAge(r),
  };
}

interface CareSeedOptions {
  seed: number;
  now: number;
  /** Only providers with ids above these (those this run added) get care facts. */
  professionalsAfter: number;
  institutionsAfter: number;
  /** The demo accounts' professional and hospital (the first of this run) get hand-made facts. */
  demoAccounts: boolean;
  progress?: ProgressFactory;
  log?: (msg: string) => void;
}

interface CareSeedSummary {
  payers: number;
  providers: number;
  plans: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

type CareRow = { kind: 'p' | 'i'; id: number; care: Care };

/**
 * COPY of the rows' care_facts and provider_plans: `rows` is drawn once per table (the draws are the same each
 * time), so no table's rows are held in memory. `total` is for the progress bars. The counts of both.
 */
async function copyCare(
  tx: Tx,
  rows: () => Iterable<CareRow>,
  total: number,
  now: number,
  progress?: ProgressFactory,
): Promise<{ providers: number; plans: number }> {
  const cols = ['professional_id', 'institution_id', 'opening_hours', 'hours_set_by', 'hours_confirmed_at', 'services_set_by',
    'services_confirmed_at', 'plans_set_by', 'plans_confirmed_at', 'fees', 'fees_set_by', 'fees_confirmed_at', 'updated_at'];
  const providers = await copyRows(tx, 'care_facts', cols, total, function* () {
    for (const { kind, id, care } of rows()) {
      const at = iso(now - care.ageDays * DAY);
      const set = (present: boolean) => (present ? ['provider', at] : [null, null]);
      yield line([
        kind === 'p' ? id : null, kind === 'i' ? id : null,
        care.hours ? JSON.stringify(care.hours) : null, ...set(care.hours !== null),
        ...set(care.services !== null), ...set(care.plans.length > 0),
        care.fees ? JSON.stringify(care.fees) : null, ...set(care.fees !== null), at,
      ]);
    }
  }, progress);
  const planCols = ['professional_id', 'institution_id', 'payer_slug', 'plan', 'tier', 'is_primary', 'source', 'created_at', 'updated_at'];
  const plans = await copyRows(tx, 'provider_plans', planCols, total, function* () {
    for (const { kind, id, care } of rows()) {
      const at = iso(now - care.ageDays * DAY);
      for (const pl of care.plans) yield line([kind === 'p' ? id : null, kind === 'i' ? id : null, pl.payer, pl.plan, pl.tier, pl.primary, 'provider', at, at]);
    }
  }, progress);
  return { providers, plans };
}

/** Adds the demo payers and the care facts of the owned providers this run added (never register listings). */
export async function seedCare(tx: Tx, o: CareSeedOptions): Promise<CareSeedSummary> {
  const started = Date.now();
  await tx`
    INSERT INTO payers ${tx(DEMO_PAYERS.map((d) => ({
      slug: d.slug, name: d.name, kind: d.kind, accreditationNumber: d.accreditationNumber, plans: tx.json(d.plans), isDemo: true,
    })), 'slug', 'name', 'kind', 'accreditationNumber', 'plans', 'isDemo')}
    ON CONFLICT (slug) DO NOTHING`;
  const [{ payers }] = await tx<{ payers: number }[]>`SELECT count(*)::int AS payers FROM payers`;

  const profs = await tx<{ id: number; type: string; specialty: string; fee: number | null; state: string }[]>`
    SELECT id, professional_type AS type, specialty, consultation_fee AS fee, state FROM professionals
    WHERE id > ${o.professionalsAfter} AND status = 'approved' ORDER BY id`;
  const insts = await tx<{ id: number; type: string; services: string[]; state: string }[]>`
    SELECT id, type, services, state FROM institutions
    WHERE id > ${o.institutionsAfter} AND status = 'approved' AND user_id IS NOT NULL ORDER BY id`;

  function* rows(): Generator<CareRow> {
    for (const pr of profs) {
      const care = professionalCareOf(o.seed, pr.id, pr.type, pr.specialty, pr.fee, pr.state, o.now, o.demoAccounts && pr.id === o.professionalsAfter + 1);
      if (care) yield { kind: 'p', id: pr.id, care };
    }
    for (const inst of insts) {
      const care = institutionCareOf(o.seed, inst.id, inst.type, inst.services, inst.state, o.now, o.demoAccounts && inst.id === o.institutionsAfter + 1);
      if (care) yield { kind: 'i', id: inst.id, care };
    }
  }
  const written = await copyCare(tx, rows, Math.round(profs.length * CARE_SHARE.professionals + insts.length * CARE_SHARE.institutions), o.now, o.progress);
  o.log?.(`care facts: ${written.providers} providers, ${written.plans} plan rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { payers, ...written };
}

/** The share of register listings the demo has claimed (half of them hospitals), each with its owner's care facts. */
const CLAIMED_SHARE = 0.02;

/**
 * A few register listings claimed, as an approved claim leaves them (issue 33: the listing's owner is the
 * claimant's account), each with the care facts its new owner published: the only listings with care facts
 * (the others start with what the register says). Half are secondary and tertiary facilities, so that the
 * emergency page and near-me searches (listings are the located facilities) show hours, 24-hour emergencies
 * and plans. Run after the register import; the seed rebuilds the search index after it.
 */
export async function claimListings(sql: Sql, o: { seed: number; now: number; passwordHash: string; log?: (msg: string) => void }): Promise<number> {
  return sql.begin(async (tx: Tx) => {
    const [{ total }] = await tx<{ total: number }[]>`
      SELECT count(*)::int AS total FROM institutions i JOIN register_listings rl ON rl.institution_id = i.id WHERE i.user_id IS NULL`;
    if (total === 0) return 0;
    const n = Math.max(3, Math.round(total * CLAIMED_SHARE));
    const listings = await tx<{ id: number; type: string; services: string[]; state: string; name: string; hospital: boolean }[]>`
      SELECT * FROM (
        SELECT i.id, i.type, i.services, i.state, i.name, i.facility_level IN ('Secondary', 'Tertiary') AS hospital,
               row_number() OVER (PARTITION BY i.facility_level IN ('Secondary', 'Tertiary') ORDER BY md5(i.id::text || ':' || ${o.seed})) AS k
        FROM institutions i JOIN register_listings rl ON rl.institution_id = i.id
        WHERE i.user_id IS NULL AND i.status = 'approved') x
      WHERE k <= CASE WHEN hospital THEN ${Math.ceil(n / 2)}::int ELSE ${Math.floor(n / 2)}::int END ORDER BY id`;
    const r = new Rng(hash3(o.seed, K_CARE + 3, total));
    const owners = await tx<{ id: string }[]>`
      INSERT INTO users ${tx(listings.map((l) => {
        const group = r.pick(Object.keys(names) as (keyof typeof names)[]);
        const female = r.chance(0.5);
        return {
          email: `manager.${l.id}@claimed-listing.example.com`,
          firstName: r.pick(female ? names[group].female : names[group].male),
          lastName: r.pick(names[group].surnames),
          userType: 'institution',
        };
      }))}
      RETURNING id`;
    await tx`INSERT INTO user_passwords ${tx(owners.map((u) => ({ userId: u.id, passwordHash: o.passwordHash })), 'userId', 'passwordHash')}`;
    const at = new Date(o.now - 30 * DAY);
    await tx`
      UPDATE institutions i SET user_id = x.user_id, updated_at = ${at}
      FROM unnest(${listings.map((l) => l.id)}::int[], ${owners.map((u) => u.id)}::text[]) AS x(id, user_id) WHERE i.id = x.id`;
    await tx`
      INSERT INTO institution_claims ${tx(listings.map((l, k) => ({
        institutionId: l.id, claimantUserId: owners[k]!.id, registration: tx.json({ number: `SMOH/DEMO/${l.id}`, issuer: 'State Ministry of Health' }),
        status: 'approved', decidedAt: at, createdAt: new Date(at.getTime() - 3 * DAY),
      })), 'institutionId', 'claimantUserId', 'registration', 'status', 'decidedAt', 'createdAt')}`;
    const rows: CareRow[] = listings.map((l) => ({ kind: 'i', id: l.id, care: claimedListingCare(o.seed, l.id, l.type, l.services, l.state, o.now) }));
    await copyCare(tx, () => rows, rows.length, o.now);
    const withServices = rows.filter((x) => x.care.services);
    if (withServices.length) {
      await tx`
        UPDATE institutions i SET services = x.services
        FROM jsonb_to_recordset(${tx.json(withServices.map((x) => ({ id: x.id, services: x.care.services })))}) AS x(id int, services text[])
        WHERE i.id = x.id`;
    }
    o.log?.(`claimed listings: ${listings.length} (${listings.filter((l) => l.hospital).length} hospitals), each with its owner's care facts`);
    return listings.length;
  });
}


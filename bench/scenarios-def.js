// The load scenarios of issue 8, written once. Plain ESM with no imports and no
// Node-only API: the k6 scripts (bench/k6/*.js) and the local runner
// (bench/run.ts, through bench/scenarios.ts) both read this file, so both send
// exactly the same requests. Every search scenario draws its requests from the
// query log (./query-log-def.js): a head of popular searches and a long tail,
// never one request repeated.
//
// A scenario's `request(fx, i)` answers the i-th request: { method, path, body?,
// auth? }. `fx` are the fixtures sampled from the seeded database
// (bench/fixtures.json, written by `npm run bench`); `auth: 'patient'` means "send
// the session cookie of signed-in patient number i % patients".

import { logRequest, mix } from './query-log-def.js';

export { clientAddress, CLIENTS, mix, typo } from './query-log-def.js';

export const PASSWORD = 'ilera-demo-2025';
export const CONNECTIONS = 32;
/** The open-loop scenario: searches a second, whatever the answers' speed, for this many seconds. */
export const OPEN_RATE = 100;
export const OPEN_SECONDS = 60;

/** Budgets of issue 8 (p95, milliseconds) and the share of raw-SQL throughput each read must reach. */
export const budgets = {
  searchP95: 50,
  profileP95: 20,
  availabilityP95: 10,
  bookingP95: 50,
  rawShare: 0.6,
  approvalVisibleP95: 2000,
  /** Issue 17: a booking's next-slot change searchable within 2 s (p95), in a burst of bookings. */
  nextSlotVisibleP95: 2000,
  /** The API process's memory: 300 MB, or 400 MB for a process that holds the near-me copy (decision 037, SEARCH_NEAR_MEMORY=1, the default). */
  rssMb: 300,
  rssNearMb: 400,
  /** Issue 37: FHIR directory searches at 500,000 professionals, at a constant 100 a second. */
  fhirP95: 20,
};

// ---------------------------------------------------------------- helpers

const pick = (list, i, salt) => list[mix(i, salt) % list.length];

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date, n) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The n-th Monday-to-Friday day from `date` (n = 0: date itself, or the Monday after a weekend):
 *  providers work Monday to Friday by default (issue 17), so bookings land on working days. */
export function addWeekdays(date, n) {
  let d = date;
  const weekend = (x) => [0, 6].includes(new Date(`${x}T00:00:00Z`).getUTCDay());
  while (weekend(d)) d = addDays(d, 1);
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (!weekend(d)) left--;
  }
  return d;
}

// ---------------------------------------------------------------- scenarios

/** Request i of the query log, of one kind (or of the whole traffic mix). */
const fromLog = (kind) => (fx, i) => logRequest(fx.vocabulary, i, kind);
const searchLog = (fx, i) => logRequest(fx.vocabulary, i);

/** Issue 17: the faceted searches of the log, filtered by availability (today, 3 days, a week), a third sorted soonest first. */
function searchAvailable(fx, i) {
  const r = logRequest(fx.vocabulary, i, 'search-faceted');
  const windows = ['today', '3days', 'week'];
  const extra = `availability=${windows[i % 3]}${mix(i, 17) % 3 === 0 ? '&sort=soonest' : ''}`;
  return { ...r, path: `${r.path.replace(/&sort=[a-z]+/, '')}${r.path.includes('?') ? '&' : '?'}${extra}` };
}

/**
 * Issue 45: searches with care filters, alone and with text, place and near-me: the log's faceted, free-text,
 * institution and near-me searches, each with one or two of openNow=true, plan= (the demo seed's payers,
 * primary=true for some), service=, maxFee=, open24h=true, and a fifth sorted by fee; one in six has no
 * other parameter (the care filter alone, over the whole collection).
 */
const carePayers = ['nhia', 'lagos-state-health-scheme', 'fct-health-scheme', 'iroko-health-hmo', 'sahel-care-hmo', 'delta-shield-hmo'];
const careServices = ['Pharmacy', 'Laboratory Services', 'Immunizations', 'Antenatal Care', 'Oxygen', 'Emergency Care', 'Family Planning'];
const careKinds = ['search-faceted', 'search-free-text', 'institutions-by-service', 'search-near'];
function searchCare(fx, i) {
  const filters = [
    () => 'openNow=true',
    () => `plan=${pick(carePayers, i, 41)}${mix(i, 42) % 4 === 0 ? '&primary=true' : ''}`,
    () => `service=${encodeURIComponent(pick(careServices, i, 43))}`,
    () => `maxFee=${[2000, 5000, 10000, 20000][mix(i, 44) % 4]}`,
    () => 'open24h=true',
  ];
  const extra = [pick(filters, i, 45)(), ...(mix(i, 46) % 3 === 0 ? [pick(filters, i, 47)()] : [])];
  if (mix(i, 48) % 5 === 0) extra.push('sort=fee');
  if (mix(i, 49) % 6 === 0) {
    const collection = mix(i, 50) % 2 ? 'professionals' : 'institutions';
    return { method: 'GET', path: `/api/${collection}/search?${[...new Set(extra)].join('&')}` };
  }
  const r = logRequest(fx.vocabulary, i, pick(careKinds, i, 51));
  // multi_search bodies are left as the log wrote them: the REST searches carry the care parameters.
  if (r.method !== 'GET') return r;
  // One order: a near-me search sorted by distance keeps it; any other order gives way to the fee's.
  const care = [...new Set(extra)].filter((e) => !(e === 'sort=fee' && r.path.includes('sort=distance')));
  const path = care.includes('sort=fee') ? r.path.replace(/([?&])sort=[a-z]+&?/, '$1').replace(/[?&]$/, '') : r.path;
  return { ...r, path: `${path}${path.includes('?') ? '&' : '?'}${care.join('&')}` };
}

/** The profile page: the profile, then its reviews. */
function profile(fx, i) {
  const p = pick(fx.professionals, Math.floor(i / 2), 13);
  return i % 2 === 0
    ? { method: 'GET', path: `/api/professionals/${p.id}` }
    : { method: 'GET', path: `/api/reviews/professional/${p.id}` };
}

function availability(fx, i) {
  const p = pick(fx.professionals, i, 14);
  return { method: 'GET', path: `/api/professionals/${p.id}/availability?date=${addDays(fx.today, mix(i, 15) % 28)}` };
}

/**
 * Distinct free slots: request i books professional i % T at slot (i / T) % S on
 * day (i / (T * S)), counted from fx.bookingFromDay (after the seeded appointments)
 * plus `run` (each run books its own days).
 */
function booking(fx, i, run = 0) {
  const t = fx.bookingTargets.length;
  const s = fx.timeSlots.length;
  const id = fx.bookingTargets[i % t];
  const slot = fx.timeSlots[Math.floor(i / t) % s];
  const date = addWeekdays(fx.bookingFromDay, run * 5 + Math.floor(i / (t * s)));
  const patient = fx.patients[i % fx.patients.length];
  return {
    method: 'POST',
    path: '/api/appointments',
    auth: 'patient',
    body: {
      appointmentType: 'consultation',
      patientName: patient.name,
      patientEmail: patient.email,
      patientPhone: '0803 123 4567',
      reasonForVisit: 'Load test booking',
      appointmentDate: `${date}T${slot}:00+01:00`,
      professionalId: id,
      institutionId: null,
    },
  };
}

function signIn(fx, i) {
  const patient = fx.patients[i % fx.patients.length];
  return { method: 'POST', path: '/api/auth/login', body: { email: patient.email, password: PASSWORD } };
}

/**
 * Issue 37: a FHIR client's directory searches. Most take the specialty and state of a sampled
 * professional (so popular pairs, General Practice in Lagos, come often, as a population asks),
 * one in four a specialty and a state drawn uniformly (rare pairs: few matches, long filters);
 * the case varies, some ask 50 a page, and one in five is a following page (the cursor of a next
 * link: after a professional of that specialty).
 */
const fhirValues = new WeakMap();
function fhirPair(fx, i, salt) {
  const p = pick(fx.professionals, i, salt);
  if (mix(i, salt + 1) % 4 !== 0) return { p, specialty: p.specialty, state: p.state };
  if (!fhirValues.has(fx)) {
    const distinct = (f) => [...new Set(fx.professionals.map(f))].sort();
    fhirValues.set(fx, { specialties: distinct((x) => x.specialty), states: distinct((x) => x.state) });
  }
  const { specialties, states } = fhirValues.get(fx);
  return { p, specialty: pick(specialties, i, salt + 2), state: pick(states, i, salt + 3) };
}
function fhirShape(fx, i, salt, pair, path) {
  const r = mix(i, salt + 4);
  // A comma inside a value is escaped, as FHIR clients do ("ENT (Ear\, Nose & Throat)"); a bare one means OR.
  const word = (w) => (r % 3 === 0 ? w.toLowerCase() : w).replace(/[\\,$]/g, (c) => `\\${c}`);
  const count = r % 7 === 0 ? '&_count=50' : '';
  const cursor = r % 5 === 1 ? `&_cursor=a${pair.p.id}.0` : '';
  return { method: 'GET', path: path(word) + count + cursor };
}
function fhirPractitioner(fx, i) {
  const pair = fhirPair(fx, i, 37);
  return fhirShape(fx, i, 37, pair, (w) => `/fhir/R4/Practitioner?specialty=${encodeURIComponent(w(pair.specialty))}&address-state=${encodeURIComponent(w(pair.state))}`);
}
function fhirPractitionerRole(fx, i) {
  const pair = fhirPair(fx, i, 38);
  return fhirShape(fx, i, 38, pair, (w) => `/fhir/R4/PractitionerRole?specialty=${encodeURIComponent(w(pair.specialty))}&_include=PractitionerRole:practitioner`);
}

/** Mostly search, some profile views, few bookings. Weights out of 100. */
const mixedWeights = [
  ['search-free-text', 25],
  ['search-typo', 10],
  ['search-faceted', 15],
  ['institutions-by-service', 10],
  ['multi-search', 15],
  ['profile', 15],
  ['availability', 7],
  ['booking', 3],
];

function mixed(fx, i, run = 0) {
  let r = mix(i, 16) % 100;
  for (const [name, w] of mixedWeights) {
    if (r < w) return { ...scenarios[name].request(fx, i, run + 100), scenario: name };
    r -= w;
  }
  return scenarios['search-free-text'].request(fx, i, run);
}

/**
 * kind: 'read' scenarios are compared with the same SQL run directly; 'sign-in'
 * with the argon2 verification alone; writes have no raw counterpart; 'open'
 * runs at a constant arrival rate (`rate` a second for `seconds`), not a fixed
 * number of connections.
 * budget: the p95 budget in ms (budgets above).
 */
export const scenarios = {
  'search-free-text': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('search-free-text'), title: 'Free-text search (query log)' },
  'search-typo': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('search-typo'), title: 'Typo search (query log)' },
  'search-faceted': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('search-faceted'), title: 'Faceted search (query log: type, specialty, state, location)' },
  'search-available': { kind: 'read', budgetP95: budgets.searchP95, request: searchAvailable, title: 'Faceted search filtered by availability (query log + today / 3 days / week, some soonest first)' },
  'institutions-by-service': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('institutions-by-service'), title: 'Institution search (query log: names, kinds, services)' },
  'multi-search': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('multi-search'), title: 'InstantSearch multi_search (query log)' },
  'search-log': { kind: 'read', budgetP95: budgets.searchP95, request: searchLog, title: 'Search traffic mix (query log, every kind)' },
  'search-open-loop': {
    kind: 'open',
    budgetP95: budgets.searchP95,
    rate: OPEN_RATE,
    seconds: OPEN_SECONDS,
    request: searchLog,
    title: `Search traffic mix at a constant ${OPEN_RATE} searches/s (open loop)`,
  },
  // Issue 33: near-me searches (random points in five cities, 5-50 km, with and without text and filters).
  'search-near': { kind: 'read', budgetP95: budgets.searchP95, request: fromLog('search-near'), title: 'Near-me search (points in Lagos, Kano, Abuja, Port Harcourt, Ibadan; 5-50 km)' },
  // Issue 45: care filters (open now, plan, service, highest fee, 24 hours; some sorted by fee), alone and with text, place and near-me.
  'search-care': { kind: 'read', budgetP95: budgets.searchP95, request: searchCare, title: 'Care filters: open now, plan, service, max fee, 24 hours (alone, with text, place, near-me)' },
  'search-near-open-loop': {
    kind: 'open',
    budgetP95: budgets.searchP95,
    rate: OPEN_RATE,
    seconds: OPEN_SECONDS,
    request: fromLog('search-near'),
    title: `Near-me searches at a constant ${OPEN_RATE} searches/s (open loop)`,
  },
  // Issue 37: the FHIR directory's two searches, closed loop (with the raw SQL beside) and at a constant 100 a second.
  'fhir-practitioner': { kind: 'read', budgetP95: budgets.fhirP95, request: fhirPractitioner, title: 'FHIR Practitioner?specialty&address-state' },
  'fhir-practitioner-role': { kind: 'read', budgetP95: budgets.fhirP95, request: fhirPractitionerRole, title: 'FHIR PractitionerRole?specialty&_include=PractitionerRole:practitioner' },
  'fhir-practitioner-open-loop': {
    kind: 'open',
    budgetP95: budgets.fhirP95,
    rate: OPEN_RATE,
    seconds: OPEN_SECONDS,
    request: fhirPractitioner,
    rawAtRate: true,
    title: `FHIR Practitioner?specialty&address-state at a constant ${OPEN_RATE}/s (open loop)`,
  },
  'fhir-practitioner-role-open-loop': {
    kind: 'open',
    budgetP95: budgets.fhirP95,
    rate: OPEN_RATE,
    seconds: OPEN_SECONDS,
    request: fhirPractitionerRole,
    rawAtRate: true,
    title: `FHIR PractitionerRole?specialty&_include at a constant ${OPEN_RATE}/s (open loop)`,
  },
  profile: { kind: 'read', budgetP95: budgets.profileP95, request: profile, title: 'Professional profile + reviews' },
  availability: { kind: 'read', budgetP95: budgets.availabilityP95, request: availability, title: "A day's availability" },
  booking: { kind: 'write', budgetP95: budgets.bookingP95, request: booking, title: 'Booking distinct slots' },
  'sign-in': { kind: 'sign-in', request: signIn, title: 'Sign-in' },
  mixed: { kind: 'mixed', request: mixed, title: 'Mixed (mostly search, some profiles, few bookings)' },
};

export const scenarioNames = Object.keys(scenarios);

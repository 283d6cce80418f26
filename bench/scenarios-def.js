// The load scenarios of issue 8, written once. Plain ESM with no imports and no
// Node-only API: the k6 scripts (bench/k6/*.js) and the local runner
// (bench/run.ts, through bench/scenarios.ts) both read this file, so both send
// exactly the same requests.
//
// A scenario's `request(fx, i)` answers the i-th request: { method, path, body?,
// auth? }. `fx` are the fixtures sampled from the seeded database
// (bench/fixtures.json, written by `npm run bench`); `auth: 'patient'` means "send
// the session cookie of signed-in patient number i % patients".

export const PASSWORD = 'ilera-demo-2025';
export const CONNECTIONS = 32;

/** Budgets of issue 8 (p95, milliseconds) and the share of raw-SQL throughput each read must reach. */
export const budgets = {
  searchP95: 50,
  profileP95: 20,
  availabilityP95: 10,
  bookingP95: 50,
  rawShare: 0.6,
  approvalVisibleP95: 2000,
  rssMb: 300,
};

// ---------------------------------------------------------------- helpers

/** A small deterministic hash: request i of a scenario is the same everywhere. */
export function mix(i, salt) {
  let h = (i * 2654435761 + salt * 40503) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}
const pick = (list, i, salt) => list[mix(i, salt) % list.length];

function qs(params) {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k])}`)
    .join('&');
}

/** A typo a person makes: two neighbouring letters swapped, or one dropped, in a word of 5+ letters. */
export function typo(word, i) {
  if (word.length < 5) return word;
  const at = 1 + (mix(i, 7) % (word.length - 3));
  if (mix(i, 8) % 2 === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return word.slice(0, at) + word.slice(at + 1);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date, n) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const filterValue = (v) => `\`${v}\``;

// ---------------------------------------------------------------- scenarios

function freeText(fx, i) {
  const p = pick(fx.professionals, i, 1);
  const forms = [p.lastName, `${p.firstName} ${p.lastName}`, p.specialty, `${p.specialty} ${p.city}`];
  return { method: 'GET', path: `/api/professionals/search?${qs({ query: forms[mix(i, 2) % forms.length] })}` };
}

function typoSearch(fx, i) {
  const p = pick(fx.professionals, i, 3);
  const word = mix(i, 4) % 2 ? p.lastName : p.specialty.split(' ')[0];
  return { method: 'GET', path: `/api/professionals/search?${qs({ query: typo(word, i) })}` };
}

function faceted(fx, i) {
  // Type, specialty and state of a real professional: the answer is never empty.
  const p = pick(fx.professionals, i, 5);
  return {
    method: 'GET',
    path: `/api/professionals/search?${qs({ professionalType: p.professionalType, specialty: p.specialty, state: p.state })}`,
  };
}

function institutionsByService(fx, i) {
  const inst = pick(fx.institutions, i, 6);
  const service = pick(inst.services, i, 9);
  const withState = mix(i, 10) % 2 === 0;
  return { method: 'GET', path: `/api/institutions/search?${qs({ service, state: withState ? inst.state : undefined })}` };
}

/** What the search page's InstantSearch adapter posts: the hits with every facet, and one facet-only search per refined facet. */
function multiSearch(fx, i) {
  const p = pick(fx.professionals, i, 11);
  const q = mix(i, 12) % 3 === 0 ? '*' : p.specialty;
  const queryBy = 'name,specialty,institution,city,state,bio';
  const type = `professionalType:=[${filterValue(p.professionalType)}]`;
  const state = `state:=[${filterValue(p.state)}]`;
  const base = { collection: 'professionals', q, query_by: queryBy, max_facet_values: 10, page: 1 };
  return {
    method: 'POST',
    path: '/api/search/multi_search?x-typesense-api-key=public',
    contentType: 'text/plain',
    body: {
      searches: [
        { ...base, facet_by: 'professionalType,specialty,state,city', filter_by: `${type} && ${state}`, per_page: 12 },
        { ...base, facet_by: 'professionalType', filter_by: state, per_page: 0 },
        { ...base, facet_by: 'state', filter_by: type, per_page: 0 },
      ],
    },
  };
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
  const date = addDays(fx.bookingFromDay, run * 7 + Math.floor(i / (t * s)));
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
 * with the argon2 verification alone; writes have no raw counterpart.
 * budget: the p95 budget in ms (budgets above).
 */
export const scenarios = {
  'search-free-text': { kind: 'read', budgetP95: budgets.searchP95, request: freeText, title: 'Free-text search' },
  'search-typo': { kind: 'read', budgetP95: budgets.searchP95, request: typoSearch, title: 'Typo search' },
  'search-faceted': { kind: 'read', budgetP95: budgets.searchP95, request: faceted, title: 'Faceted search (type + specialty + state, with facets)' },
  'institutions-by-service': { kind: 'read', budgetP95: budgets.searchP95, request: institutionsByService, title: 'Institution search by service' },
  'multi-search': { kind: 'read', budgetP95: budgets.searchP95, request: multiSearch, title: 'InstantSearch multi_search' },
  profile: { kind: 'read', budgetP95: budgets.profileP95, request: profile, title: 'Professional profile + reviews' },
  availability: { kind: 'read', budgetP95: budgets.availabilityP95, request: availability, title: "A day's availability" },
  booking: { kind: 'write', budgetP95: budgets.bookingP95, request: booking, title: 'Booking distinct slots' },
  'sign-in': { kind: 'sign-in', request: signIn, title: 'Sign-in' },
  mixed: { kind: 'mixed', request: mixed, title: 'Mixed (mostly search, some profiles, few bookings)' },
};

export const scenarioNames = Object.keys(scenarios);

// Shared by every k6 script: runs one scenario of ../scenarios-def.js (the same
// definitions `npm run bench` runs) against BASE_URL.
//   k6 run -e BASE_URL=http://127.0.0.1:5000 bench/k6/search-free-text.js
// Fixtures: bench/fixtures.json, written by `npm run bench` from the seeded database
// (with the query log's vocabulary: the search scenarios draw from the log).
// Requests come from CLIENTS simulated addresses (X-Forwarded-For): run the API
// with TRUST_PROXY set to the address k6 runs from, or the per-address limits
// see one client.
import http from 'k6/http';
import { check } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { scenarios, CONNECTIONS, clientAddress } from '../scenarios-def.js';

const fx = JSON.parse(open('../fixtures.json'));
const BASE = __ENV.BASE_URL || 'http://127.0.0.1:5000';

// The API's search answer cache says per response whether it answered from the
// cache (x-search-cache: hit|miss): its hit ratio, and the misses' latency apart.
const cacheHit = new Rate('search_cache_hit');
const missDuration = new Trend('search_cache_miss_duration', true);
const hitDuration = new Trend('search_cache_hit_duration', true);

export function options(name) {
  const s = scenarios[name];
  const thresholds = s.budgetP95
    ? { http_req_duration: [`p(95)<${s.budgetP95}`], checks: ['rate>0.99'] }
    : { checks: ['rate>0.99'] };
  if (s.kind === 'open') {
    // A constant arrival rate: requests start on schedule however slow the answers are.
    const rate = Number(__ENV.RATE || s.rate);
    return {
      scenarios: {
        [name]: {
          executor: 'constant-arrival-rate',
          rate,
          timeUnit: '1s',
          duration: __ENV.DURATION || `${s.seconds}s`,
          preAllocatedVUs: Math.max(10, Math.ceil(rate / 4)),
          maxVUs: Math.max(50, rate * 2),
        },
      },
      thresholds: { ...thresholds, dropped_iterations: ['count<1'] },
    };
  }
  return { vus: Number(__ENV.VUS || CONNECTIONS), duration: __ENV.DURATION || '30s', thresholds };
}

/** setup(): signs in the fixture patients when the scenario books (cookie per patient). */
export function signInPatients(name) {
  if (name !== 'booking' && name !== 'mixed') return { cookies: [] };
  const cookies = fx.patients.map((p, n) => {
    const res = http.post(`${BASE}/api/auth/login`, JSON.stringify({ email: p.email, password: 'ilera-demo-2025' }), {
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(n) },
    });
    const c = res.cookies.ilera_session;
    return c && c[0] ? `ilera_session=${c[0].value}` : '';
  });
  return { cookies };
}

export function step(name, data) {
  // A distinct request number per VU and iteration (bookings must not collide; the log goes on).
  const i = (__VU - 1) * 1000000 + __ITER;
  const r = scenarios[name].request(fx, i, Number(__ENV.RUN || 0));
  const headers = { 'x-forwarded-for': clientAddress(i) };
  if (r.body !== undefined) headers['content-type'] = r.contentType || 'application/json';
  if (r.auth === 'patient') headers.cookie = data.cookies[i % data.cookies.length];
  const res = http.request(r.method, BASE + r.path, r.body === undefined ? null : JSON.stringify(r.body), {
    headers,
    tags: { scenario: r.scenario || name },
  });
  check(res, { 'status is 2xx': (x) => x.status >= 200 && x.status < 300 });
  const cache = res.headers['X-Search-Cache'];
  if (cache) {
    cacheHit.add(cache === 'hit');
    (cache === 'hit' ? hitDuration : missDuration).add(res.timings.duration);
  }
}

// Shared by every k6 script: runs one scenario of ../scenarios-def.js (the same
// definitions `npm run bench` runs with autocannon) against BASE_URL.
//   k6 run -e BASE_URL=http://127.0.0.1:5000 bench/k6/search-free-text.js
// Fixtures: bench/fixtures.json, written by `npm run bench` from the seeded database.
import http from 'k6/http';
import { check } from 'k6';
import { scenarios, CONNECTIONS } from '../scenarios-def.js';

const fx = JSON.parse(open('../fixtures.json'));
const BASE = __ENV.BASE_URL || 'http://127.0.0.1:5000';

export function options(name) {
  const s = scenarios[name];
  return {
    vus: Number(__ENV.VUS || CONNECTIONS),
    duration: __ENV.DURATION || '30s',
    thresholds: s.budgetP95 ? { http_req_duration: [`p(95)<${s.budgetP95}`], checks: ['rate>0.99'] } : { checks: ['rate>0.99'] },
  };
}

/** setup(): signs in the fixture patients when the scenario books (cookie per patient). */
export function signInPatients(name) {
  if (name !== 'booking' && name !== 'mixed') return { cookies: [] };
  const cookies = fx.patients.map((p) => {
    const res = http.post(`${BASE}/api/auth/login`, JSON.stringify({ email: p.email, password: 'ilera-demo-2025' }), {
      headers: { 'content-type': 'application/json' },
    });
    const c = res.cookies.ilera_session;
    return c && c[0] ? `ilera_session=${c[0].value}` : '';
  });
  return { cookies };
}

export function step(name, data) {
  // A distinct request number per VU and iteration (bookings must not collide).
  const i = (__VU - 1) * 1000000 + __ITER;
  const r = scenarios[name].request(fx, i, Number(__ENV.RUN || 0));
  const headers = {};
  if (r.body !== undefined) headers['content-type'] = r.contentType || 'application/json';
  if (r.auth === 'patient') headers.cookie = data.cookies[i % data.cookies.length];
  const res = http.request(r.method, BASE + r.path, r.body === undefined ? null : JSON.stringify(r.body), {
    headers,
    tags: { scenario: r.scenario || name },
  });
  check(res, { 'status is 2xx': (x) => x.status >= 200 && x.status < 300 });
}
